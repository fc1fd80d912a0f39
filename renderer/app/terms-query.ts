/**
 * The signed-in member's terms-of-service answer, as a query (the dialog's and the first RSVP's).
 * Imports react-query only: the build puts it in the vendor-data chunk (vite.config.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { TRequester } from '../client/request';

export const termsQueryKey = (userId: string) => ['terms-of-service', userId] as const;

function parseAccepted(value: unknown): boolean {
  return value === true || value === 'true';
}

/** The terms query of a member: whether they accepted the terms. */
export function useTermsQuery(requester: TRequester, userId: string, enabled: boolean) {
  return useQuery({
    queryKey: termsQueryKey(userId),
    enabled,
    staleTime: Infinity,
    queryFn: async () =>
      parseAccepted(await requester.request({ method: 'GET', url: `/v1/users/${userId}/terms-of-service` })),
  });
}
