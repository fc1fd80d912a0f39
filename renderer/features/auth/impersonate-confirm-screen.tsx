/**
 * /auth/impersonate/ (v2.impersonateConfirm, guard 'signedIn'): where GET /auth/v2/impersonate/
 * lands. Support staff see whom they are about to act as, give a reason (at least 5 characters)
 * and confirm; the member's tokens are stored and the safe returnUrl follows. The server refuses
 * staff, oneself and deleted members; its message shows in an alert.
 */
import { Alert, Button, Code, Group, Stack, Text, Textarea } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useAppNavigate } from '../../routes/app-navigate';
import { safeReturnUrl } from '../../../server/contracts/return-url';
import { isUuid } from '../../../server/contracts/validation-values';
import { returnUrlFrom } from '../../auth/guard-decision';
import { useIdentity } from '../../auth/identity-provider';
import { href } from '../../routes/route-table';
import { AuthPage } from './auth-page';
import { ZImpersonationForm } from './form-errors';
import { useSchemaForm } from '../../kit/forms';

export default function ImpersonateConfirmScreen() {
  const [search] = useSearchParams();
  const { api, setTokens, flags } = useIdentity();
  const navigate = useAppNavigate();
  const uid = search.get('uid') ?? '';
  const returnUrl = returnUrlFrom(search);
  const validUid = isUuid(uid);
  const form = useSchemaForm(ZImpersonationForm, { reason: '' }, async (values) => {
    const answer = await api.impersonate({ uid, reason: values.reason.trim(), returnurl: returnUrl });
    setTokens(answer.accessToken, answer.auditToken);
    await navigate(safeReturnUrl(answer.returnUrl), { replace: true });
  });

  return (
    <AuthPage
      title="Start a support session"
      subtitle="You will see the app as this member sees it. Every action is audited with your reason."
      testId="impersonate-screen"
      width={500}
    >
      {!validUid ? (
        <Alert color="red" variant="light" role="alert" data-testid="impersonate-error">
          This link does not name a member.
        </Alert>
      ) : (
        <form noValidate onSubmit={form.onSubmit} data-testid="impersonate-form">
          <Stack gap="md">
            {form.failure ? (
              <Alert
                color="red"
                variant="light"
                role="alert"
                title="Could not start the session"
                data-testid="impersonate-error"
              >
                {form.failure}
              </Alert>
            ) : null}
            {flags.isImpersonated ? (
              <Alert color="yellow" variant="light" data-testid="impersonate-already">
                A support session is already running. Stop it first.
              </Alert>
            ) : null}
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Member id
              </Text>
              <Code block data-testid="impersonate-uid">
                {uid}
              </Code>
            </Stack>
            <Textarea
              label="Reason"
              description="Why you need to act as this member (e.g. the support ticket)."
              placeholder="Ticket #1234: cannot see the draw"
              autosize
              minRows={3}
              size="md"
              {...form.field('reason')}
              data-testid="impersonate-reason"
            />
            <Group grow>
              <Button
                variant="default"
                size="md"
                onClick={() => void navigate(href('v2.home'))}
                data-testid="impersonate-cancel"
              >
                Cancel
              </Button>
              <Button type="submit" color="orange" size="md" loading={form.busy} data-testid="impersonate-confirm">
                Confirm
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AuthPage>
  );
}
