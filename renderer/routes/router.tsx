/**
 * The browser router built from the route table: one root layout route (the app shell), a pathless
 * error-boundary route inside it, every route that has a screen (lazy) or a redirect, and the
 * not-found catch-all. Routes of the table without a screen are not mounted, so they show not-found.
 * Every screen of a guarded route is wrapped in the route guard (renderer/auth/guards.tsx), which
 * also sends a 401 from any query or mutation of that screen to the log-in screen.
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
import { AppLayout } from '../app/app-shell';
import { withGuard } from '../auth/guards';
import { AppLoader } from '../app/app-loader';
import type { TRouteHandle } from '../app/route-handle';
import { RouteErrorBoundary } from '../app/route-error-boundary';
import {
  fillPath,
  findRoute,
  isUuidParam,
  notFoundRoute,
  pathParamNames,
  routeTable,
  type TRouteDefinition,
  type TRouteGuard,
} from './route-table';

export type TAppRouter = ReturnType<typeof createBrowserRouter>;

type TParams = LoaderFunctionArgs['params'];

function handleOf(route: TRouteDefinition): TRouteHandle {
  return { routeName: route.name, flags: route.flags ?? {}, guard: route.guard ?? null };
}

/** Path params that must be UUIDs and are not: the route renders not-found (spec §5). */
export function hasMalformedIds(path: string, params: TParams, isUuid: (value: string) => boolean): boolean {
  return pathParamNames(path).some((name) => isUuidParam(name) && !isUuid(params[name] ?? ''));
}

/** The shared contract's UUID check, loaded on first use so zod stays out of the entry chunk. */
async function loadIsUuid(): Promise<(value: string) => boolean> {
  const { isUuid } = await import('../../server/contracts/validation');
  return isUuid;
}

/** Redirect routes never render (their loader always redirects); this keeps react-router quiet. */
function RedirectingScreen() {
  return null;
}

function notFound(): never {
  throw data(null, { status: HTTP_STATUS.notFound, statusText: 'Not Found' });
}

/** The lazy screen, wrapped in its route's guard (spec §2: signedIn, known, admin; none for changesIdentity). */
function lazyScreen(screen: NonNullable<TRouteDefinition['screen']>, guard?: TRouteGuard): RouteObject['lazy'] {
  return async () => {
    const module = await screen();
    return { Component: withGuard(module.default, guard) };
  };
}

/** `/home/` → `home`; the landing `/` becomes the index route. */
function childLocation(path: string): { index: true } | { path: string } {
  const relative = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return relative === '' ? { index: true } : { path: relative };
}

export function isMounted(route: TRouteDefinition): boolean {
  return !route.fullPageLoad && (route.screen !== undefined || route.redirectTo !== undefined);
}

function routeObject(route: TRouteDefinition): RouteObject {
  const needsIdCheck = pathParamNames(route.path).some(isUuidParam);
  const target = route.redirectTo ? findRoute(route.redirectTo) : undefined;
  if (route.redirectTo && !target)
    throw new Error(`Route ${route.name} redirects to unknown route ${route.redirectTo}`);

  const loader =
    needsIdCheck || target
      ? async ({ params, request }: LoaderFunctionArgs) => {
          if (needsIdCheck && hasMalformedIds(route.path, params, await loadIsUuid())) notFound();
          if (target) {
            const { search, hash } = new URL(request.url);
            const location = `${fillPath(target.path, params)}${search}${hash}`;
            throw target.fullPageLoad ? redirectDocument(location) : redirect(location);
          }
          return null;
        }
      : undefined;

  const base = {
    id: route.name,
    handle: handleOf(route),
    ...(loader ? { loader } : {}),
    ...(target
      ? { Component: RedirectingScreen }
      : route.screen
        ? { lazy: lazyScreen(route.screen, route.guard) }
        : {}),
  };
  const location = childLocation(route.path);
  return 'index' in location ? { ...base, index: true } : { ...base, path: location.path };
}

/**
 * Route objects for `createBrowserRouter`. `isInitialized` tells the catch-all whether the router has
 * finished its first load: an unknown path reached by an in-app navigation is reported and reloaded
 * as a full page load (the server may own it), while a first load just shows not-found.
 */
export function buildRouteObjects(isInitialized: () => boolean = () => false): RouteObject[] {
  const screens = routeTable.filter(isMounted).map(routeObject);

  const catchAll: RouteObject = {
    id: notFoundRoute.name,
    path: '*',
    handle: handleOf(notFoundRoute),
    loader: ({ request }: LoaderFunctionArgs) => {
      if (isInitialized()) {
        const url = new URL(request.url);
        const location = `${url.pathname}${url.search}${url.hash}`;
        // TODO: report through the client logger once renderer/client is wired in.
        console.warn(`Route not found, reloading as a full page load: ${location}`);
        throw redirectDocument(location);
      }
      return null;
    },
    lazy: lazyScreen(notFoundRoute.screen),
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

export function createAppRouter(): TAppRouter {
  // The catch-all needs the router it belongs to; the holder is filled right after creation.
  const holder: { router?: TAppRouter } = {};
  holder.router = createBrowserRouter(buildRouteObjects(() => holder.router?.state.initialized === true));
  return holder.router;
}
