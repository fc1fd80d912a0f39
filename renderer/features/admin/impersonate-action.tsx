/**
 * Starting a support session from the admin area (spec §6: impersonation with a reason). In the
 * browser the tab becomes the member until the banner's Stop (the server's /auth/v2/impersonate/,
 * the same call as the confirmation screen); in the desktop console the member opens in a support
 * window of their own (own storage partition, asking the reason there), so the staff member's main
 * window keeps its own sign-in.
 */
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useAppNavigate } from '../../routes/app-navigate';
import { z } from 'zod';
import type { TAdminUser } from '../../../server/contracts/admin';
import { ZStaffReason } from '../../../server/contracts/admin';
import { safeReturnUrl } from '../../../server/contracts/return-url';
import { EyeIcon } from '../../app/icons';
import { LazyModal } from '../../app/lazy-modal';
import { useIdentity } from '../../auth/identity-provider';
import { FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';
import { useToast } from '../../kit/toast';
import { currentPlatform } from '../../platform/browser';
import { preloadPage } from '../../routes/preload';
import { href } from '../../routes/route-table';
import { ReasonField } from './admin-parts';

const ZImpersonateForm = z.object({ reason: ZStaffReason });

function whyNot(user: TAdminUser, impersonating: boolean): string | null {
  if (user.deletedAt) return 'This account is closed';
  if (user.isStaff) return 'Staff cannot be impersonated';
  if (impersonating) return 'Stop the current support session first';
  return null;
}

export function ImpersonateAction({ user }: { user: TAdminUser }) {
  const { api, setTokens, flags } = useIdentity();
  const navigate = useAppNavigate();
  const toast = useToast();
  const platform = currentPlatform();
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(ZImpersonateForm, { reason: '' }, async (values) => {
    // The member's home loads while the session starts, not after it.
    preloadPage(href('v2.home'));
    const answer = await api.impersonate({
      uid: user.userId,
      reason: values.reason.trim(),
      returnurl: href('v2.home'),
    });
    setTokens(answer.accessToken, answer.auditToken);
    setOpen(false);
    await navigate(safeReturnUrl(answer.returnUrl), { replace: true });
  });
  const refused = whyNot(user, flags.isImpersonated);

  async function openWindow(): Promise<void> {
    try {
      await platform.openIdentityWindow({ userId: user.userId, label: user.displayName });
      toast.info(`A support window for ${user.displayName} is open: give the reason there.`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The support window did not open');
    }
  }

  return (
    <>
      <Button
        size="xs"
        leftSection={<EyeIcon size={14} />}
        disabled={refused !== null}
        title={refused ?? undefined}
        onClick={() => (platform.supportsIdentityWindows ? void openWindow() : setOpen(true))}
        data-testid="impersonate-start"
      >
        {platform.supportsIdentityWindows ? 'Open a support window' : 'Impersonate'}
      </Button>
      <LazyModal
        opened={open}
        onClose={() => setOpen(false)}
        title={`Act as ${user.displayName}`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <form noValidate onSubmit={form.onSubmit} data-testid="impersonate-dialog">
          <Stack gap="md">
            <Text size="sm">
              You will see the app as {user.displayName} sees it, for at most an hour. Every change you make is audited
              with your reason; Stop in the banner ends the session.
            </Text>
            <FormFailure message={form.failure} testId="impersonate-dialog-failure" />
            <ReasonField field={form.field('reason')} testId="impersonate-dialog-reason" />
            <Button type="submit" loading={form.busy} data-testid="impersonate-dialog-confirm">
              Start the support session
            </Button>
          </Stack>
        </form>
      </LazyModal>
    </>
  );
}
