/**
 * The app's whole tree over its runtimes, the same in the browser (main.tsx, rendered or hydrated)
 * and in the build's prerender of the landing page (prerender.tsx): both must render the same markup.
 */
import { useEffect } from 'react';
import type { TAppAuth } from '../auth/app-auth';
import { IdentityProvider } from '../auth/identity-provider';
import { AppRouter } from '../routes/app-router';
import { createAppRouter, type TAppRouter, type TRouterDeps } from '../routes/router';
import type { TAppRuntime } from './runtime/app-runtime';
import { AppRuntimeProvider } from './runtime-context';
import { AppTheme } from './app-theme';

export function AppRoot({
  runtime,
  auth,
  router,
  onShown,
}: {
  runtime: TAppRuntime;
  auth: TAppAuth;
  router: TAppRouter;
  /** Once the tree is on screen and live (rendered, or a page the server sent taken over). */
  onShown?: () => void;
}) {
  useEffect(() => onShown?.(), [onShown]);
  return (
    <AppTheme>
      <AppRuntimeProvider runtime={runtime}>
        <IdentityProvider auth={auth}>
          <AppRouter router={router} />
        </IdentityProvider>
      </AppRuntimeProvider>
    </AppTheme>
  );
}

/** The app's router over its runtimes (the browser adds the query data; the prerender, its window). */
export function createRouterFor(
  runtime: TAppRuntime,
  auth: Pick<TAppAuth, 'requester'>,
  deps: Pick<TRouterDeps, 'window' | 'data' | 'prefetchWaitMs'> = {},
): TAppRouter {
  return createAppRouter({
    logger: runtime.logger,
    navigation: runtime.navigation,
    requester: auth.requester,
    sessionStorage: runtime.sessionStorage,
    ...deps,
  });
}

/**
 * Resolves once the router has decided and loaded its first view: until then the app shows its
 * loader, so the prerender renders after it, and the browser hydrates a prerendered page after it
 * (its first render is then the prerendered one). Waiting inside the tree instead (a Suspense
 * boundary around the app, suspended on this) made every other page's first paint wait too: React
 * holds back content that replaces a fallback until 300 ms after the fallback showed.
 */
export function firstView(router: Pick<TAppRouter, 'getSnapshot' | 'subscribe'>): Promise<void> {
  return new Promise((resolve) => {
    if (router.getSnapshot().view) {
      resolve();
      return;
    }
    const stop = router.subscribe((snapshot) => {
      if (!snapshot.view) return;
      stop();
      resolve();
    });
  });
}
