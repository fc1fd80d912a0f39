/**
 * The browser router built from the route table: one root layout route (the app shell), a pathless
 * error-boundary route inside it, every route of the table that the app serves (its screen, lazy;
 * or its redirect), and the not-found catch-all for paths that are not in the table at all.
 * `fullPageLoad` routes live outside the app and are never mounted; any other route without a
 * screen or a redirect is a mistake the router refuses at start (and a unit test catches first).
 * Every screen of a guarded route is wrapped in the route guard (renderer/auth/guards.tsx), which
 * also sends a 401 from any query or mutation of that screen to the log-in screen.
 *
 * Runtime wiring (spec §2, §4): a lazy chunk that fails to load sets the navigation store's
 * load-error flag and is logged as a routing error; an unknown path is reported and reloaded as a
 * full page load once (runtime/not-found-reload.ts); content screens load their data through the
 * navigation-data helper (redirects, and a full page load plus a warning on a status ≥ 400).
 */
import {
  createBrowserRouter,
  data,
  redirect,
  redirectDocument,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { HTTP_STATUS } from '../../server/contracts/constants';
import type { TLogger } from '../client/logger';
import type { TRequester } from '../client/request';
import { createMemoryStorage, type TStorageLike } from '../client/types';
import { AppLayout } from '../app/app-shell';
import { withGuard } from '../auth/guards';
import { AppLoader } from '../app/app-loader';
import type { TRouteHandle } from '../app/route-handle';
import { RouteErrorBoundary } from '../app/route-error-boundary';
import { loadNavigationData } from '../app/runtime/navigation-data';
import type { TNavigationStore } from '../app/runtime/navigation-store';
import { takeNotFoundReload } from '../app/runtime/not-found-reload';
import {
  fillPath,
  findRoute,
  isUuidParam,
  matchRoutes,
  notFoundRoute,
  pathParamNames,
  routeTable,
  type TRouteDefinition,
} from './route-table';
// The UUID check from the zod-free half of the contract: the full one would bring zod to every page.
import { isUuid } from '../../server/contracts/validation-values';
import { setPagePreloader } from './preload';
import { notFoundScreen, screenOf, type TScreenLoader } from './screens';

export type TAppRouter = ReturnType<typeof createBrowserRouter>;

type TParams = LoaderFunctionArgs['params'];

/** What the routes need from the app runtime (all optional: tests build routes without one). */
export interface TRouterDeps {
  logger?: Pick<TLogger, 'warn' | 'logError'> & Partial<Pick<TLogger, 'flush'>>;
  navigation?: Pick<TNavigationStore, 'dispatch'>;
  requester?: Pick<TRequester, 'requestWithMeta'>;
  /** Where the not-found reload marker lives (sessionStorage in the browser). */
  sessionStorage?: TStorageLike;
  now?: () => number;
}

/** Content-managed screens (GET /v1/content/screens/<componentName>) by route name. */
export const CONTENT_SCREENS: Readonly<Record<string, string>> = {
  'v2.contactUs': 'contact-us',
  'v2.terms': 'terms',
  'v2.browserButtons': 'browser-buttons',
  'v2.welcome': 'welcome',
  'v2.splash': 'splash',
};

/** How a table route is served: its screen, its redirect, or a full page load (outside the app). */
export function routeServing(route: TRouteDefinition): 'screen' | 'redirect' | 'full-page-load' | null {
  if (route.fullPageLoad) return 'full-page-load';
  if (route.redirectTo !== undefined) return 'redirect';
  return screenOf(route.name) !== undefined ? 'screen' : null;
}

function handleOf(route: TRouteDefinition): TRouteHandle {
  return { routeName: route.name, flags: route.flags ?? {}, guard: route.guard ?? null };
}

function screenFor(route: TRouteDefinition): TScreenLoader {
  const screen = screenOf(route.name);
  if (!screen) throw new Error(`Route ${route.name} has no screen, redirect or full page load`);
  return screen;
}

/** Path params that must be UUIDs and are not: the route renders not-found (spec §5). */
export function hasMalformedIds(path: string, params: TParams, isUuid: (value: string) => boolean): boolean {
  return pathParamNames(path).some((name) => isUuidParam(name) && !isUuid(params[name] ?? ''));
}

/** Redirect routes never render (their loader always redirects); this keeps react-router quiet. */
function RedirectingScreen() {
  return null;
}

function notFound(): never {
  throw data(null, { status: HTTP_STATUS.notFound, statusText: 'Not Found' });
}

/**
 * The lazy screen, wrapped in its route's guard (spec §2: signedIn, known, admin; none for
 * changesIdentity). A chunk that fails to load sets the load-error flag and is logged.
 */
function lazyScreen(
  route: Pick<TRouteDefinition, 'name' | 'guard'>,
  screen: TScreenLoader,
  deps: TRouterDeps,
): RouteObject['lazy'] {
  return async () => {
    try {
      const module = await screen();
      return { Component: withGuard(module.default, route.guard) };
    } catch (error) {
      deps.navigation?.dispatch({ type: 'loadError' });
      deps.logger?.logError('routing', error, { route: route.name, kind: 'chunk-load' });
      throw error;
    }
  };
}

/** `/home/` → `home`; the landing `/` becomes the index route. */
function childLocation(path: string): { index: true } | { path: string } {
  const relative = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return relative === '' ? { index: true } : { path: relative };
}

/** Every route of the table except the server's own addresses (`fullPageLoad`). */
export function isMounted(route: TRouteDefinition): boolean {
  return !route.fullPageLoad;
}

function localPath(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

function contentLoader(componentName: string, deps: TRouterDeps, isInitialized: () => boolean) {
  return async ({ request }: LoaderFunctionArgs) => {
    const requester = deps.requester;
    if (!requester) return null;
    const url = new URL(request.url);
    return loadNavigationData(
      async () => {
        const answer = await requester.requestWithMeta<unknown>({
          method: 'GET',
          url: `/v1/content/screens/${encodeURIComponent(componentName)}`,
          signal: request.signal,
        });
        return { status: answer.status, location: answer.headers.get('location'), data: answer.data };
      },
      { target: url.href, origin: url.origin, isInitialLoad: !isInitialized() },
      deps.logger,
    );
  };
}

function routeObject(route: TRouteDefinition, deps: TRouterDeps, isInitialized: () => boolean): RouteObject {
  const needsIdCheck = pathParamNames(route.path).some(isUuidParam);
  const target = route.redirectTo ? findRoute(route.redirectTo) : undefined;
  if (route.redirectTo && !target)
    throw new Error(`Route ${route.name} redirects to unknown route ${route.redirectTo}`);
  const content = CONTENT_SCREENS[route.name];
  const loadContent = content && !target ? contentLoader(content, deps, isInitialized) : undefined;

  const loader =
    needsIdCheck || target || loadContent
      ? async (args: LoaderFunctionArgs) => {
          const { params, request } = args;
          if (needsIdCheck && hasMalformedIds(route.path, params, isUuid)) notFound();
          if (target) {
            const { search, hash } = new URL(request.url);
            const location = `${fillPath(target.path, params)}${search}${hash}`;
            throw target.fullPageLoad ? redirectDocument(location) : redirect(location);
          }
          return loadContent ? loadContent(args) : null;
        }
      : undefined;

  const base = {
    id: route.name,
    handle: handleOf(route),
    ...(loader ? { loader } : {}),
    ...(target ? { Component: RedirectingScreen } : { lazy: lazyScreen(route, screenFor(route), deps) }),
  };
  const location = childLocation(route.path);
  return 'index' in location ? { ...base, index: true } : { ...base, path: location.path };
}

/**
 * The catch-all's loader: an unknown path is reported and reloaded as a full page load once (the
 * server or a newer build may know it); the load after that shows the not-found screen.
 */
export function notFoundLoader(deps: TRouterDeps) {
  const storage = deps.sessionStorage ?? createMemoryStorage();
  const now = deps.now ?? Date.now;
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const location = localPath(url);
    const path = `${url.pathname}${url.search}`;
    if (takeNotFoundReload(storage, path, now())) {
      deps.navigation?.dispatch({ type: 'leave', target: location });
      throw redirectDocument(location);
    }
    deps.logger?.warn('routing', `Route not found: ${path}`, { path, status: HTTP_STATUS.notFound });
    return null;
  };
}

/**
 * Route objects for `createBrowserRouter`. `isInitialized` tells loaders whether the router has
 * finished its first load (a status ≥ 400 on navigation data reloads the page only after it).
 */
export function buildRouteObjects(isInitialized: () => boolean = () => false, deps: TRouterDeps = {}): RouteObject[] {
  const screens = routeTable.filter(isMounted).map((route) => routeObject(route, deps, isInitialized));

  const catchAll: RouteObject = {
    id: notFoundRoute.name,
    path: '*',
    handle: handleOf(notFoundRoute),
    loader: notFoundLoader(deps),
    // A revalidation (e.g. after a fetcher) must not count as a second visit.
    shouldRevalidate: ({ currentUrl, nextUrl }) =>
      currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search,
    lazy: lazyScreen(notFoundRoute, notFoundScreen, deps),
  };

  return [
    {
      id: 'root',
      path: '/',
      Component: AppLayout,
      HydrateFallback: AppLoader,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        {
          id: 'screens',
          ErrorBoundary: RouteErrorBoundary,
          children: [...screens, catchAll],
        },
      ],
    },
  ];
}

export function createAppRouter(deps: TRouterDeps = {}): TAppRouter {
  // Loaders need the router they belong to; the holder is filled right after creation.
  const holder: { router?: TAppRouter } = {};
  holder.router = createBrowserRouter(buildRouteObjects(() => holder.router?.state.initialized === true, deps));
  // The same import() the route's lazy() makes: the browser keeps the module, so the navigation
  // that follows finds it loaded (or loading).
  setPagePreloader((pathname) => {
    for (const route of matchRoutes(pathname).filter(isMounted)) void screenOf(route.name)?.().catch(() => undefined);
  });
  return holder.router;
}
