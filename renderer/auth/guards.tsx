/**
 * The route guard wrapper the router puts around every screen of a guarded route (see
 * guard-decision.ts for the rules). While the first identity is still unknown it shows the app
 * loader; on a guarded screen, a 401 from any query or mutation (after the requester's one refresh
 * and retry) sends the visitor to the log-in screen with the current address to come back to.
 */
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppNavigate } from '../routes/app-navigate';
import { AppLoader } from '../app/app-loader';
import { useAppRuntime } from '../app/runtime-context';
import { loadedData } from '../data/data-loader';
import type { TRouteGuard } from '../routes/route-table';
import { guardDecision, isUnauthorizedError, logInAddress } from './guard-decision';
import { useIdentity } from './identity-provider';

export { guardDecision, isUnauthorizedError, logInAddress, returnUrlFrom } from './guard-decision';

/** Sends to log-in when a query or mutation of this screen answers 401. */
function useUnauthorizedRedirect(enabled: boolean): void {
  // The one query cache: a guarded screen renders only once it is loaded (router.tsx loads it
  // with the screen's code), so the guard itself does not bring react-query to every page.
  const queryClient = loadedData()?.queryClient ?? null;
  const navigate = useAppNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (!enabled || !queryClient) return undefined;
    const target = logInAddress({ pathname, search });
    const onError = (error: unknown): void => {
      if (isUnauthorizedError(error)) void navigate(target, { replace: true });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [enabled, queryClient, navigate, pathname, search]);
}

export function RouteGuard({ guard, children }: { guard: TRouteGuard | null | undefined; children: ReactNode }) {
  const { flags, isReady } = useIdentity();
  const location = useLocation();
  const checks = guard !== null && guard !== undefined && guard !== 'changesIdentity';
  useUnauthorizedRedirect(checks && isReady);

  if (!checks) return children;
  if (!isReady) return <AppLoader />;
  const decision = guardDecision(guard, flags, location);
  if ('redirect' in decision)
    return decision.notice ? (
      <RedirectWithNotice to={decision.redirect} notice={decision.notice} />
    ) : (
      <Navigate to={decision.redirect} replace />
    );
  return children;
}

/** Goes where the guard sends the person and says why, in a toast (the same message shows once). */
function RedirectWithNotice({ to, notice }: { to: string; notice: { title: string; message: string } }) {
  const { notifications } = useAppRuntime();
  useEffect(() => {
    notifications.show({ title: notice.title, message: notice.message, color: 'yellow' });
  }, [notifications, notice]);
  return <Navigate to={to} replace />;
}

/** The screen component wrapped in its route's guard (used by router.tsx). */
export function withGuard(Screen: ComponentType, guard: TRouteGuard | null | undefined): ComponentType {
  if (!guard || guard === 'changesIdentity') return Screen;
  function GuardedScreen() {
    return (
      <RouteGuard guard={guard}>
        <Screen />
      </RouteGuard>
    );
  }
  GuardedScreen.displayName = `Guarded(${Screen.displayName ?? Screen.name ?? 'Screen'})`;
  return GuardedScreen;
}
