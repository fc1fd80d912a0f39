/**
 * The terms-of-service dialog (spec §2, §6): signed-in members who have not accepted the terms see
 * it on every screen outside the auth routes; it cannot be closed without accepting. The check and
 * the dialog (terms-check.tsx) load for signed-in members only, with the query data.
 */
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useIdentity } from '../auth/identity-provider';
import { lazyWithData } from '../data/data-loader';
import { shouldCheckTerms } from './runtime/visibility';
import { useAppRuntime } from './runtime-context';
import type { TTermsCheckProps } from './terms-check';

// In the data module's chunk: a member's page loads it anyway.
const TermsCheck = lazyWithData<TTermsCheckProps>(() =>
  import('../data/data-module').then((module) => ({ default: module.TermsCheck })),
);

/** For tests and support: whether the terms check is done (see TermsCheck for the other states). */
function setTermsState(state: 'waiting' | 'none' | 'checking'): void {
  document.documentElement.dataset.terms = state;
}

/** While the check's code loads: still checking, no dialog. */
function TermsPending() {
  const { session } = useAppRuntime();
  useEffect(() => {
    session.setShowTermsModal(false);
    setTermsState('checking');
  }, [session]);
  return null;
}

export function TermsDialog() {
  const { identity, flags, isReady } = useIdentity();
  const { pathname } = useLocation();
  const { session } = useAppRuntime();
  const userId = identity?.userId ?? '';
  const base = { pathname, isReady, isAuthenticated: flags.isAuthenticated, isImpersonated: flags.isImpersonated };
  const enabled = shouldCheckTerms(base) && userId !== '';

  useEffect(() => {
    if (enabled) return;
    session.setShowTermsModal(false);
    // 'waiting' until the identity is known: a page still signing in is not yet "no terms to check".
    setTermsState(isReady ? 'none' : 'waiting');
  }, [enabled, isReady, session]);

  if (!enabled) return null;
  return (
    <Suspense fallback={<TermsPending />}>
      <TermsCheck userId={userId} base={base} />
    </Suspense>
  );
}
