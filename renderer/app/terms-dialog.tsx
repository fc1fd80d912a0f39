/**
 * The terms-of-service dialog (spec §2, §6): signed-in members who have not accepted the terms see
 * it on every screen outside the auth routes; it cannot be closed without accepting. Accepting is a
 * local edit: the dialog closes at once and comes back if the POST fails.
 */
import { Anchor, Button, List, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useIdentity } from '../auth/identity-provider';
import { statusOf } from './runtime/app-runtime';
import { shouldCheckTerms, shouldShowTermsDialog } from './runtime/visibility';
import { useOptimisticMutation } from './hooks/use-optimistic-mutation';
import { useAppRuntime } from './runtime-context';

export const termsQueryKey = (userId: string) => ['terms-of-service', userId] as const;

function parseAccepted(value: unknown): boolean {
  return value === true || value === 'true';
}

export function TermsDialog() {
  const { identity, flags, isReady } = useIdentity();
  const { pathname } = useLocation();
  const { requester, session, notifications } = useAppRuntime();
  const userId = identity?.userId ?? '';
  const base = { pathname, isReady, isAuthenticated: flags.isAuthenticated, isImpersonated: flags.isImpersonated };
  const enabled = shouldCheckTerms(base) && userId !== '';

  const terms = useQuery({
    queryKey: termsQueryKey(userId),
    enabled,
    staleTime: Infinity,
    queryFn: async () =>
      parseAccepted(await requester.request({ method: 'GET', url: `/v1/users/${userId}/terms-of-service` })),
  });

  const accept = useOptimisticMutation<boolean>({
    queryKey: termsQueryKey(userId),
    mutationFn: () => requester.request({ method: 'POST', url: `/v1/users/${userId}/terms-of-service` }),
    optimistic: () => true,
    refetch: false,
    onError: (error) => {
      // A 403 already shows the forbidden alert (global handler); anything else gets its own word.
      if (statusOf(error) !== 403)
        notifications.show({ message: 'Your acceptance could not be saved, please try again' });
    },
  });

  const open = shouldShowTermsDialog({ ...base, accepted: enabled ? (terms.data ?? null) : null });
  const state = !enabled
    ? 'none'
    : terms.data === undefined
      ? terms.isError
        ? 'unknown'
        : 'checking'
      : terms.data
        ? 'accepted'
        : 'required';

  useEffect(() => {
    session.setShowTermsModal(open);
  }, [open, session]);
  useEffect(() => {
    // For tests and support: whether the terms check is done ('none', 'checking', 'required', 'accepted', 'unknown').
    document.documentElement.dataset.terms = state;
  }, [state]);

  return (
    <Modal
      opened={open}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
      title="Our terms of service"
      aria-describedby="terms-dialog-body"
    >
      <Stack gap="md" data-testid="terms-dialog">
        <Text id="terms-dialog-body">
          Before you continue, please read and accept our terms of service. They explain how wish lists, gift exchanges
          and groups work, and how we look after your data.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Your wish lists are shown to the people you share them with.</List.Item>
          <List.Item>Gift exchange draws are secret: organisers cannot see who drew whom.</List.Item>
          <List.Item>You can delete your account and data at any time from your settings.</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Questions? <Anchor href="/contact-us/">Contact us</Anchor>.
        </Text>
        <Button onClick={() => accept.mutate()} loading={accept.isPending} data-testid="terms-accept" fullWidth>
          Accept the terms
        </Button>
      </Stack>
    </Modal>
  );
}
