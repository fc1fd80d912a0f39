/**
 * The signed e-mail action links (spec §2 e-mail actions: follow, unfollow, topic-unsubscribe)
 * carry `u` (the addressee), `e` (expiry) and `s` (the signature). When a link has them, the screen
 * asks the server once (`notifications.emailAction`): a good link is done at once; anything else
 * ('confirm') changed nothing, and the screen offers one button instead. A link without them is a
 * plain link: nothing is called until the member clicks.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TEmailAction, TEmailActionResult } from '../../../server/contracts/social';
import { trpc } from '../../trpc';

export type TEmailActionState =
  | { phase: 'plain' }
  | { phase: 'running' }
  | { phase: 'answered'; result: TEmailActionResult }
  | { phase: 'failed'; error: unknown };

export function emailLinkParams(search: URLSearchParams): { u?: string; e?: string; s?: string } | null {
  const params: { u?: string; e?: string; s?: string } = {};
  for (const key of ['u', 'e', 's'] as const) {
    const value = search.get(key);
    if (value) params[key] = value;
  }
  return Object.keys(params).length > 0 ? params : null;
}

/** Runs the link's action once per subject (StrictMode's second effect run does nothing). */
export function useEmailActionOnce(action: TEmailAction, subjectId: string): TEmailActionState {
  const [search] = useSearchParams();
  const link = emailLinkParams(search);
  const hasLink = link !== null && subjectId !== '';
  const emailAction = trpc.notifications.emailAction.useMutation();
  const startedRef = useRef<string | null>(null);
  const [state, setState] = useState<TEmailActionState>(hasLink ? { phase: 'running' } : { phase: 'plain' });

  const key = hasLink ? `${action}:${subjectId}:${search.toString()}` : null;
  useEffect(() => {
    if (!key || !link || startedRef.current === key) return;
    startedRef.current = key;
    setState({ phase: 'running' });
    emailAction
      .mutateAsync({ action, subjectId, ...link })
      .then((result) => setState({ phase: 'answered', result }))
      .catch((error: unknown) => setState({ phase: 'failed', error }));
    // Once per link: `link` and the mutation follow from `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return hasLink ? state : { phase: 'plain' };
}

/** Why a link was not acted on, in words. */
export function confirmReasonText(reason: 'invalid' | 'expired' | 'other-user'): string {
  switch (reason) {
    case 'expired':
      return 'This link has expired.';
    case 'other-user':
      return 'This link was sent to someone else.';
    case 'invalid':
    default:
      return 'This link is not valid.';
  }
}
