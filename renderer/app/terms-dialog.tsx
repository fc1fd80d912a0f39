/**
 * The terms-of-service dialog (spec §2, §6): signed-in members who have not accepted the terms see
 * it on every screen outside the auth routes; it cannot be closed without accepting. Accepting is a
 * local edit: the dialog closes at once and comes back if the POST fails.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
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

/**
 * For screens where accepting the terms is part of the person's action (the first RSVP): whether
 * this member still has to accept them, and a way to accept them with the action. Shares the
 * dialog's query, so accepting here also keeps the dialog away.
 */
export function useTermsToAccept(): { required: boolean; acceptNow: () => Promise<void> } {
  const { identity, flags, isReady } = useIdentity();
  const { requester } = useAppRuntime();
  const queryClient = useQueryClient();
  const userId = identity?.userId ?? '';
  const enabled = isReady && flags.isAuthenticated && !flags.isImpersonated && userId !== '';
  const terms = useQuery({
    queryKey: termsQueryKey(userId),
    enabled,
    staleTime: Infinity,
    queryFn: async () =>
      parseAccepted(await requester.request({ method: 'GET', url: `/v1/users/${userId}/terms-of-service` })),
  });
  return {
    required: enabled && terms.data === false,
    acceptNow: async () => {
      await requester.request({ method: 'POST', url: `/v1/users/${userId}/terms-of-service` });
      queryClient.setQueryData(termsQueryKey(userId), true);
    },
  };
}

/** The dialog's contents load with it: most members accepted the terms long ago. */
const TermsModalContent = lazy(() => import('./terms-modal'));

function TermsModal(props: { opened: boolean; accepting: boolean; onAccept: () => void }) {
  const [everOpened, setEverOpened] = useState(props.opened);
  if (props.opened && !everOpened) setEverOpened(true);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <TermsModalContent {...props} />
    </Suspense>
  );
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
  // 'waiting' until the identity is known: a page still signing in is not yet "no terms to check".
  const state = !isReady
    ? 'waiting'
    : !enabled
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
    // For tests and support: whether the terms check is done ('waiting', 'none', 'checking', 'required', 'accepted', 'unknown').
    document.documentElement.dataset.terms = state;
  }, [state]);

  return <TermsModal opened={open} accepting={accept.isPending} onAccept={() => accept.mutate()} />;
}
