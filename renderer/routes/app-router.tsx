/**
 * Renders what the app router (./router.tsx) decided for the current location, with react-router's
 * declarative pieces (<Router>, useRoutes), so Link, useNavigate, useLocation, useParams,
 * useSearchParams, Navigate and Outlet work as before:
 * - the route tree handed to react-router is the app shell plus the ONE route being shown, so it
 *   never ranks the whole table;
 * - the router hands over a view once its screen's code and data are loaded (until then the
 *   previous screen stays up, with the progress bar after a moment; on the first load, the app
 *   loader), so rendering it does not suspend; it is rendered in a transition all the same;
 * - the navigation under way (navigation-state.ts) and the route being shown (route-handle.ts) are
 *   provided to the shell; a content screen gets its data through route-data.ts;
 * - errors: the screen's error boundary inside the shell, and one around the shell itself.
 */
import {
  startTransition,
  Suspense,
  use,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Router, useRoutes, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../app/app-shell';
import { AppLoader } from '../app/app-loader';
import { IDLE_NAVIGATION, NavigationStateContext, type TNavigationState } from '../app/navigation-state';
import { RouteDataContext } from '../app/route-data';
import { RouteErrorBoundary, RouteErrorView, RouteStatusError } from '../app/route-error-boundary';
import { CurrentRouteContext } from '../app/route-handle';
import { AppRouterContext } from './app-navigate';
import { relativePath } from './match';
import { notFoundRoute } from './route-table';
import { CONTENT_SCREENS, handleOf, type TAppRouter, type TContentResult, type TView } from './router';

/** A content screen, once its data is loaded (it suspends until then). */
function ContentData({ promise, children }: { promise: Promise<TContentResult>; children: ReactNode }) {
  const result = use(promise);
  // Only on the first load (later ones reload the page): 404 shows not-found, another status the error.
  if (result.kind === 'error') return <RouteErrorView error={new RouteStatusError(result.status)} />;
  // The navigation was left (the router never shows such a view): nothing to render.
  if (result.kind === 'abandoned') return null;
  return <RouteDataContext value={result.data}>{children}</RouteDataContext>;
}

/** The view's screen (`screen`: its lazy component, created once per route by the router). */
function RouteScreen({ router, view, screen: Screen }: { router: TAppRouter; view: TView; screen: ComponentType }) {
  if (!view.notFound && CONTENT_SCREENS[view.route.name] !== undefined) {
    return (
      <ContentData promise={router.content(view)}>
        <Screen />
      </ContentData>
    );
  }
  return <Screen />;
}

/** Tells the router its view is on screen (it commits with the screen, inside the same Suspense). */
function ShownMarker({ router, viewKey }: { router: TAppRouter; viewKey: string }) {
  useLayoutEffect(() => router.shown(viewKey), [router, viewKey]);
  return null;
}

/** The view's screen in its error boundary; its code is asked for only when this renders. */
function ViewScreen({ router, view }: { router: TAppRouter; view: TView }) {
  return (
    <RouteErrorBoundary resetKey={view.location.key}>
      <RouteScreen router={router} view={view} screen={router.screen(view.notFound ? notFoundRoute : view.route)} />
    </RouteErrorBoundary>
  );
}

/** The route tree handed to react-router: the app shell, the view's route and a not-found fallback. */
export function viewRoutes(router: TAppRouter, view: TView, layout: ReactNode = <AppLayout />): RouteObject[] {
  const element = <ViewScreen router={router} view={view} />;
  const path = view.route === notFoundRoute ? '*' : relativePath(view.route.path);
  const screen: RouteObject = path === '' ? { index: true, element } : { path, element };
  // react-router agrees with our matcher (a unit test checks it); should it ever not: not-found
  // (whose code loads only then, not on every page).
  const fallback: RouteObject = {
    path: '*',
    element: <ViewScreen router={router} view={{ ...view, notFound: true }} />,
  };
  return [{ path: '/', element: layout, children: path === '*' ? [screen] : [screen, fallback] }];
}

function ViewRoutes({ router, view }: { router: TAppRouter; view: TView }) {
  const routes = useMemo(() => viewRoutes(router, view), [router, view]);
  const rendered = useRoutes(routes);
  return (
    <>
      {rendered}
      <ShownMarker router={router} viewKey={view.location.key} />
    </>
  );
}

export function AppRouter({ router }: { router: TAppRouter }) {
  const [view, setView] = useState(() => router.getSnapshot().view);
  const [pending, setPending] = useState(() => router.getSnapshot().pending);

  useLayoutEffect(() => {
    const apply = (snapshot: ReturnType<TAppRouter['getSnapshot']>): void => {
      // Where we are going shows at once (progress bar, navigation store); the screen in a
      // transition, the first one too: React renders it in slices, not in one task that blocks
      // input (Lighthouse mobile on /home/ signed in, 9 runs each: total blocking time 250–370 →
      // 140–370 ms, score median 86 → 89; the same LCP; the shell's first paint can come up to
      // 140 ms later).
      setPending(snapshot.pending);
      startTransition(() => setView(snapshot.view));
    };
    apply(router.getSnapshot());
    return router.subscribe(apply);
  }, [router]);

  const navigation = useMemo(
    (): TNavigationState =>
      pending && pending.key !== view?.location.key ? { state: 'loading', location: pending } : IDLE_NAVIGATION,
    [pending, view],
  );

  const tree = useMemo(
    () =>
      view ? (
        <RouteErrorBoundary resetKey={view.location.key}>
          <Suspense fallback={<AppLoader />}>
            <ViewRoutes router={router} view={view} />
          </Suspense>
        </RouteErrorBoundary>
      ) : null,
    [router, view],
  );

  // The first load is leaving for a full page load: nothing to show meanwhile.
  if (!view) return <AppLoader />;

  return (
    <Router location={view.location} navigationType={view.action} navigator={router.navigator}>
      <AppRouterContext value={router}>
        <NavigationStateContext value={navigation}>
          <CurrentRouteContext value={handleOf(view.route)}>{tree}</CurrentRouteContext>
        </NavigationStateContext>
      </AppRouterContext>
    </Router>
  );
}
