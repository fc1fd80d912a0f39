/**
 * For screens where accepting the terms is part of the person's action (the first RSVP): whether
 * this member still has to accept them, and a way to accept them with the action. Shares the terms
 * dialog's query (renderer/app/terms-query.ts), so accepting here also keeps the dialog away.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useAppRuntime } from '../../../app/runtime-context';
import { termsQueryKey, useTermsQuery } from '../../../app/terms-query';
import { useIdentity } from '../../../auth/identity-provider';

export function useTermsToAccept(): { required: boolean; acceptNow: () => Promise<void> } {
  const { identity, flags, isReady } = useIdentity();
  const { requester } = useAppRuntime();
  const queryClient = useQueryClient();
  const userId = identity?.userId ?? '';
  const enabled = isReady && flags.isAuthenticated && !flags.isImpersonated && userId !== '';
  const terms = useTermsQuery(requester, userId, enabled);
  return {
    required: enabled && terms.data === false,
    acceptNow: async () => {
      await requester.request({ method: 'POST', url: `/v1/users/${userId}/terms-of-service` });
      queryClient.setQueryData(termsQueryKey(userId), true);
    },
  };
}
