/**
 * The terms check of a signed-in member (terms-dialog.tsx mounts it): asks whether they accepted
 * the terms, and shows the dialog until they do. Accepting is a local edit: the dialog closes at
 * once and comes back if the POST fails. Loaded with the query data (a visitor never needs it).
 */
import { useEffect } from 'react';
import { lazyDialog } from './lazy-modal';
import { statusOf } from './runtime/app-runtime';
import { shouldShowTermsDialog, type TTermsVisibilityInput } from './runtime/visibility';
import { useOptimisticMutation } from './hooks/use-optimistic-mutation';
import { useAppRuntime } from './runtime-context';
import { termsQueryKey, useTermsQuery } from './terms-query';

/** The dialog's contents load with it: most members accepted the terms long ago. */
const TermsModal = lazyDialog(() => import('./terms-modal'));

export interface TTermsCheckProps {
  userId: string;
  base: Omit<TTermsVisibilityInput, 'accepted'>;
}

export default function TermsCheck({ userId, base }: TTermsCheckProps) {
  const { requester, session, notifications } = useAppRuntime();
  const terms = useTermsQuery(requester, userId, true);

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

  const open = shouldShowTermsDialog({ ...base, accepted: terms.data ?? null });
  const state =
    terms.data === undefined ? (terms.isError ? 'unknown' : 'checking') : terms.data ? 'accepted' : 'required';

  useEffect(() => {
    session.setShowTermsModal(open);
  }, [open, session]);
  useEffect(() => {
    document.documentElement.dataset.terms = state;
  }, [state]);

  return <TermsModal opened={open} accepting={accept.isPending} onAccept={() => accept.mutate()} />;
}
