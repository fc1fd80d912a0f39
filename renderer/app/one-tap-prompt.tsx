/**
 * The one-tap social sign-in prompt (spec §2): visitors outside the generator and auth routes get a
 * small card offering "Continue with <provider>" when sign-in providers are configured. Choosing one
 * is a full page navigation to /auth/v2/login/?idp=&returnurl=; dismissing it lasts for the session.
 * (The browser-mediated credential prompt of the spec is not wired: no provider script is configured.)
 */
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useIdentity } from '../auth/identity-provider';
import { useVisitorQuery } from '../data/visitor-queries';
import { ONE_TAP_DISMISSED_KEY, shouldShowOneTap } from './runtime/visibility';
import { useAppRuntime } from './runtime-context';

/** The card itself loads only when it shows (no provider configured: never). */
const OneTapCard = lazy(() => import('./one-tap-card'));

export function OneTapPrompt() {
  const { flags, isReady } = useIdentity();
  const { pathname, search } = useLocation();
  const { sessionStorage } = useAppRuntime();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(ONE_TAP_DISMISSED_KEY) === '1');
  const visitor = isReady && !flags.isAuthenticated;
  // A plain GET (visitor-queries.ts): a visitor's page does without the query cache.
  const providers = useVisitorQuery('auth.providers', undefined, {
    enabled: visitor && !dismissed,
    staleTime: Infinity,
  });
  const list = providers.data ?? [];

  const show = shouldShowOneTap({
    pathname,
    isReady,
    isAuthenticated: flags.isAuthenticated,
    providerCount: list.length,
    dismissed,
  });
  if (!show) return null;

  const dismiss = (): void => {
    try {
      sessionStorage.setItem(ONE_TAP_DISMISSED_KEY, '1');
    } catch {
      // remembered for this page only
    }
    setDismissed(true);
  };

  return (
    <Suspense fallback={null}>
      <OneTapCard providers={list} returnTo={`${pathname}${search}`} onDismiss={dismiss} />
    </Suspense>
  );
}
