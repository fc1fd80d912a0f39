/**
 * The app's whole tree over its runtimes, the same in the browser (main.tsx, rendered or hydrated)
 * and in the build's prerender of the landing page (prerender.tsx): both must render the same markup.
 */
import { MantineProvider } from '@mantine/core';
import { StrictMode, Suspense, use, type ReactNode } from 'react';
import type { TAppAuth } from '../auth/app-auth';
import { IdentityProvider } from '../auth/identity-provider';
import { AppRouter } from '../routes/app-router';
import type { TAppRouter } from '../routes/router';
import { AppLoader } from './app-loader';
import type { TAppRuntime } from './runtime/app-runtime';
import { AppRuntimeProvider } from './runtime-context';
import { cssVariablesResolver, theme } from './theme';

/** A promise React's use() reads at once when it has settled (the status fields React itself sets). */
type TTracked = Promise<void> & { status?: 'pending' | 'fulfilled'; value?: undefined };

const firstViews = new WeakMap<Pick<TAppRouter, 'getSnapshot'>, TTracked>();

/**
 * Resolves once the router has decided and loaded its first view (one promise per router). The
 * prerender waits for it before it renders; the browser renders (or hydrates) at once and the app
 * suspends on it, so a prerendered page stays on screen, React's event handlers already listening
 * (a click meanwhile is replayed once the page is hydrated).
 */
export function firstView(router: Pick<TAppRouter, 'getSnapshot' | 'subscribe'>): Promise<void> {
  let promise = firstViews.get(router);
  if (!promise) {
    const tracked: TTracked = new Promise<void>((resolve) => {
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
    tracked.status = 'pending';
    void tracked.then(() => Object.assign(tracked, { status: 'fulfilled', value: undefined }));
    firstViews.set(router, tracked);
    promise = tracked;
  }
  return promise;
}

function AfterFirstView({ router, children }: { router: TAppRouter; children: ReactNode }) {
  use(firstView(router));
  return children;
}

export function AppRoot({ runtime, auth, router }: { runtime: TAppRuntime; auth: TAppAuth; router: TAppRouter }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <AppRuntimeProvider runtime={runtime}>
          <IdentityProvider auth={auth}>
            {/* The first load leaving for a full page load never has a view: the loader stays. */}
            <Suspense fallback={<AppLoader />}>
              <AfterFirstView router={router}>
                <AppRouter router={router} />
              </AfterFirstView>
            </Suspense>
          </IdentityProvider>
        </AppRuntimeProvider>
      </MantineProvider>
    </StrictMode>
  );
}
