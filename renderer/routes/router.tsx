/**
 * The app's router, on react-router's declarative API (no data router: about 17 KiB gzip less on
 * every page). It owns the browser history and decides, from the route table and our own matcher
 * (./match.ts), what each location shows, before React renders it:
 * - a redirect route goes to its target with the same params, search and hash: in-app by replacing
 *   the history entry, to a `fullPageLoad` target by a document load;
 * - an unknown path is reported and reloaded as a full page load once (the server or a newer build
 *   may know it; runtime/not-found-reload.ts); the load after that shows the not-found screen;
 * - a content screen's data (GET /v1/content/screens/<name>) starts loading, with the rules of
 *   runtime/navigation-data.ts: a redirect is followed, a status ≥ 400 reloads the page (warning
 *   logged) except on the first load, where 404 shows not-found and another status the error screen;
 * - any other route shows its screen, lazy, wrapped in its guard (renderer/auth/guards.tsx, which
 *   also sends a 401 from any query or mutation of that screen to the log-in screen). A `:…Id` param
 *   that is not a UUID shows the not-found screen instead (spec §5).
 * A decided route is shown only once its screen's code (started at once) and its data are loaded:
 * meanwhile the previous screen stays up and `pending` names where we are going (the progress bar,
 * the navigation store); the first load shows the app loader. A push or replace is written to the
 * history only then, with its screen (as the data router committed it): until then the address and
 * Back stay the shown screen's, and a later navigation takes over without leaving an entry behind.
 * Back/Forward move the entry at once (the browser does); their screen shows when loaded. A chunk that fails to load sets the
 * navigation store's load-error flag and is logged as a routing error (spec §2, §4); its route
 * shows the error screen.
 * `fullPageLoad` routes live outside the app and are never mounted; any other route without a
 * screen or a redirect is a mistake the router refuses at start (and a unit test catches first).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  parsePath,
  UNSAFE_createBrowserHistory,
  type Location,
  type Navigator,
  NavigationType,
  type To,
} from 'react-router-dom';
import { HTTP_STATUS } from '../../server/contracts/constants';
import type { TLogger } from '../client/logger';
import type { TRequester } from '../client/request';
import { createMemoryStorage, type TStorageLike } from '../client/types';
import { withGuard } from '../auth/guards';
import type { TRouteHandle } from '../app/route-handle';
import { loadNavigationData, type TNavigationOutcome } from '../app/runtime/navigation-data';
import type { TNavigationStore } from '../app/runtime/navigation-store';
import { takeNotFoundReload } from '../app/runtime/not-found-reload';
import { isMounted, matchLocation } from './match';
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
import { notFoundScreen, screenOf, type TScreenLoader, type TScreenPrefetch } from './screens';

export { isMounted } from './match';

/** What the router needs from the app runtime (all optional: tests build one without). */
export interface TRouterDeps {
  logger?: Pick<TLogger, 'warn' | 'logError'> & Partial<Pick<TLogger, 'flush'>>;
  navigation?: Pick<TNavigationStore, 'dispatch'>;
  requester?: Pick<TRequester, 'requestWithMeta'>;
  /** Where the not-found reload marker lives (sessionStorage in the browser). */
  sessionStorage?: TStorageLike;
  now?: () => number;
  /** The browser window whose history and location the router drives (tests pass a stand-in). */
  window?: Window;
  /**
   * The query data (renderer/data/data-loader.ts): loaded with each screen's code, and the screen
   * rendered inside its providers; not for the landing page, which does without it for visitors.
   */
  data?: TScreenData;
  /** How long a view waits for its screen's prefetch (PREFETCH_WAIT_MS; tests shorten it). */
  prefetchWaitMs?: number;
}

export interface TScreenData {
  load(): Promise<unknown>;
  /** `data` is what load() answered. */
  wrap(Component: ComponentType, data: never): ComponentType;
  /**
   * Runs a screen's `prefetch` export once the person is known (`data` as for wrap); settles when
   * what it started has (never rejects).
   */
  prefetch?(data: never, start: TScreenPrefetch, location: Location): Promise<void>;
}

/** A loaded screen: its component and, when the screen prefetches, what starts its data for a location. */
export interface TLoadedScreen {
  default: ComponentType;
  prefetch?: (location: Location) => Promise<void> | undefined;
}

/**
 * How long a view waits for its screen's prefetched data before it shows anyway (its screen then
 * shows its loading states), as the data router waited for a route's loader. Rendered with its data,
 * a screen renders once, complete: /home/ signed in painted its skeletons, then rendered again
 * with its answers after first paint (Lighthouse mobile against the bench server, 4 runs each:
 * total blocking time 400–710 → 130–240 ms, performance 74–84 → 88–91). Bounded, so a slow answer
 * never holds a page blank.
 */
export const PREFETCH_WAIT_MS = 1_000;

/** Routes whose screen manages the query data itself (a visitor's landing page does without it). */
const SCREENS_WITHOUT_DATA: ReadonlySet<string> = new Set(['v2.landing']);

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

const handles = new Map<string, TRouteHandle>();

/** The route's handle (name, flags, guard), one object per route. */
export function handleOf(route: TRouteDefinition): TRouteHandle {
  let handle = handles.get(route.name);
  if (!handle) {
    handle = { routeName: route.name, flags: route.flags ?? {}, guard: route.guard ?? null };
    handles.set(route.name, handle);
  }
  return handle;
}

/** Path params that must be UUIDs and are not: the route renders not-found (spec §5). */
export function hasMalformedIds(
  path: string,
  params: Readonly<Record<string, string | undefined>>,
  isUuidValue: (value: string) => boolean = isUuid,
): boolean {
  return pathParamNames(path).some((name) => isUuidParam(name) && !isUuidValue(params[name] ?? ''));
}

/** Where a redirect route sends a location: its target's path with the same params, search and hash. */
export function redirectTarget(
  route: TRouteDefinition,
  params: Readonly<Record<string, string>>,
  location: Pick<Location, 'search' | 'hash'>,
): { to: string; document: boolean } | null {
  if (route.redirectTo === undefined) return null;
  const target = findRoute(route.redirectTo);
  if (!target) throw new Error(`Route ${route.name} redirects to unknown route ${route.redirectTo}`);
  return {
    to: `${fillPath(target.path, params)}${location.search}${location.hash}`,
    document: target.fullPageLoad === true,
  };
}

function screenFor(route: TRouteDefinition): TScreenLoader {
  if (route.name === notFoundRoute.name) return notFoundScreen;
  const screen = screenOf(route.name);
  if (!screen) throw new Error(`Route ${route.name} has no screen, redirect or full page load`);
  return screen;
}

/**
 * The route's screen module, its component wrapped in the route's guard (spec §2: signedIn, known,
 * admin; none for changesIdentity). A chunk that fails to load sets the load-error flag and is logged.
 */
export async function loadScreen(
  route: Pick<TRouteDefinition, 'name' | 'guard'>,
  screen: TScreenLoader,
  deps: TRouterDeps,
): Promise<TLoadedScreen> {
  try {
    const data = SCREENS_WITHOUT_DATA.has(route.name) ? undefined : deps.data;
    const [module, loaded] = await Promise.all([screen(), data?.load()]);
    const guarded = withGuard(module.default, route.guard);
    if (!data) return { default: guarded };
    const start = module.prefetch;
    return {
      default: data.wrap(guarded, loaded as never),
      ...(start && data.prefetch
        ? { prefetch: (location: Location) => data.prefetch?.(loaded as never, start, location) }
        : {}),
    };
  } catch (error) {
    deps.navigation?.dispatch({ type: 'loadError' });
    deps.logger?.logError('routing', error, { route: route.name, kind: 'chunk-load' });
    throw error;
  }
}

/** What the catch-all does for an unknown location: reload it once as a full page load, else show not-found. */
export type TNotFoundDecision = { kind: 'reload'; to: string } | { kind: 'show' };

/**
 * The catch-all's rule: an unknown path is reported and reloaded as a full page load once (the
 * server or a newer build may know it); the load after that shows the not-found screen, with a warning.
 */
export function notFoundDecider(deps: TRouterDeps) {
  const storage = deps.sessionStorage ?? createMemoryStorage();
  const now = deps.now ?? Date.now;
  return (location: Pick<Location, 'pathname' | 'search' | 'hash'>): TNotFoundDecision => {
    const target = `${location.pathname}${location.search}${location.hash}`;
    const path = `${location.pathname}${location.search}`;
    if (takeNotFoundReload(storage, path, now())) {
      deps.navigation?.dispatch({ type: 'leave', target });
      return { kind: 'reload', to: target };
    }
    deps.logger?.warn('routing', `Route not found: ${path}`, { path, status: HTTP_STATUS.notFound });
    return { kind: 'show' };
  };
}

/** What a location shows once the router has decided (the component renders it). */
export interface TView {
  location: Location;
  action: NavigationType;
  route: TRouteDefinition;
  params: Record<string, string>;
  /** A `:…Id` param is not a UUID, or the path is unknown: the not-found screen. */
  notFound: boolean;
  /** A content screen's data, started when the route was decided (never from a render). */
  content?: TTrackedPromise<TContentResult>;
  /** The screen's prefetched data (settles when it is here, or after PREFETCH_WAIT_MS; never rejects). */
  data?: TTrackedPromise<unknown>;
}

/** A content screen's data as the screen gets it, or the status its first load failed with. */
export type TContentResult =
  | { kind: 'data'; data: unknown }
  | { kind: 'error'; status: number }
  /** The navigation was left (aborted, redirected, or the page reloads): its screen never shows. */
  | { kind: 'abandoned' };

const ABANDONED: TContentResult = { kind: 'abandoned' };

interface TContentLoad {
  promise: TTrackedPromise<TContentResult>;
  controller: AbortController;
}

export interface TRouterSnapshot {
  /** What to show; null while the page is being left on its first load (nothing to show). */
  view: TView | null;
  /** The location being navigated to, until its view is shown (or for good while the page is left). */
  pending: Location | null;
}

export interface TAppRouter {
  getSnapshot(): TRouterSnapshot;
  subscribe(listener: (snapshot: TRouterSnapshot) => void): () => void;
  /**
   * push / replace / go, for react-router's <Router navigator>. A push or replace is written to the
   * history when its view shows, as the data router did (a later one takes over from it, unwritten);
   * `location` is the history's, the last one shown or moved to with Back/Forward.
   */
  readonly navigator: Navigator & { readonly location: Location };
  /**
   * Navigates and resolves once the view of that navigation is on screen, or a later navigation
   * took over, or the page is left for a document load (as the data router's navigate promise).
   */
  navigate(to: To | number, options?: { replace?: boolean; state?: unknown }): Promise<void>;
  /** Runs `start` (a navigation, e.g. react-router's navigate) and resolves as `navigate` does. */
  track(start: () => unknown): Promise<void>;
  /** The screen of a route: the loaded component, or a lazy one while it loads (created once per route). */
  screen(route: TRouteDefinition): ComponentType;
  /** The content data of a view (loaded when the navigation started). */
  content(view: TView): Promise<TContentResult>;
  /** The view of `key` is on screen: the first load is over, older loads are dropped. */
  shown(key: string): void;
}

/** A route's screen: its load (started when a navigation there starts) and the lazy component over it. */
interface TScreenEntry {
  promise: Promise<TLoadedScreen>;
  component: LazyExoticComponent<ComponentType>;
  /** The component once loaded: rendered as is, it never suspends (a lazy one suspends once). */
  loaded: ComponentType | null;
  /** Once loaded: what starts the screen's data for a location, if the screen prefetches. */
  prefetch?: TLoadedScreen['prefetch'];
  failed: boolean;
}

/** A promise whose outcome React's use() can read at once (the status fields React itself sets). */
type TTrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const settled = (promise: TTrackedPromise<unknown>): boolean =>
  promise.status === 'fulfilled' || promise.status === 'rejected';

/** A content screen's view without data (a constant, so React's use() reads it at once). */
const NO_CONTENT: TTrackedPromise<TContentResult> = Object.assign(
  Promise.resolve<TContentResult>({ kind: 'data', data: null }),
  { status: 'fulfilled' as const, value: { kind: 'data', data: null } as TContentResult },
);

function tracked<T>(promise: Promise<T>): TTrackedPromise<T> {
  const result: TTrackedPromise<T> = promise;
  promise.then(
    (value) => Object.assign(result, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(result, { status: 'rejected', reason }),
  );
  return result;
}

/** react-router's test: only the hash changes (a new hash, or the same one again). */
export function isHashChangeOnly(
  from: Pick<Location, 'pathname' | 'search' | 'hash'>,
  to: Pick<Location, 'pathname' | 'search' | 'hash'>,
): boolean {
  if (from.pathname !== to.pathname || from.search !== to.search) return false;
  if (from.hash === '') return to.hash !== '';
  return to.hash !== '' || from.hash === to.hash;
}

/** Every mounted table route has a screen or a redirect to a known route (checked at start). */
function checkTable(): void {
  const routes: readonly TRouteDefinition[] = routeTable;
  for (const route of routes.filter(isMounted)) {
    if (route.redirectTo !== undefined) {
      if (!findRoute(route.redirectTo))
        throw new Error(`Route ${route.name} redirects to unknown route ${route.redirectTo}`);
    } else screenFor(route);
  }
}

export function createAppRouter(deps: TRouterDeps = {}): TAppRouter {
  checkTable();
  const win = deps.window ?? window;
  const history = UNSAFE_createBrowserHistory({ window: win, v5Compat: true });
  /**
   * Leaves the app for a document load of `to`: a push not yet in the history adds its entry
   * (location.assign, as the data router did), else the entry is replaced; the current address
   * (whatever its hash) reloads: replacing it by itself plus a hash would only jump to the anchor.
   */
  const documentLoad = (to: string, action: NavigationType): void => {
    const target = new URL(to, win.location.href);
    const current = new URL(win.location.href);
    target.hash = '';
    current.hash = '';
    if (action === 'PUSH') win.location.assign(to);
    else if (target.href === current.href) win.location.reload();
    else win.location.replace(to);
    settleWaiters(() => true);
  };
  /** navigate() promises: the history key whose view they wait for (null: the next navigation's). */
  const waiters = new Set<{ key: string | null; resolve: () => void }>();
  const settleWaiters = (done: (key: string | null) => boolean): void => {
    for (const waiter of waiters) {
      if (!done(waiter.key)) continue;
      waiters.delete(waiter);
      waiter.resolve();
    }
  };
  /** The push or replace under way, written to the history when its view shows (a Back/Forward is there already). */
  let target: { location: Location; action: NavigationType } | null = null;
  /** The key of the location being navigated to, or shown. */
  const currentKey = (): string => target?.location.key ?? history.location.key;
  /** Set while the router writes a shown navigation's entry (the history's listener then does nothing). */
  let committing = false;
  const locationOf = (to: To, state: unknown): Location => {
    const partial = typeof to === 'string' ? parsePath(to) : to;
    return {
      pathname: partial.pathname ?? history.location.pathname,
      search: partial.search ?? '',
      hash: partial.hash ?? '',
      state: state ?? null,
      key: Math.random().toString(36).slice(2, 10),
    };
  };
  const decideNotFound = notFoundDecider(deps);
  const screens = new Map<string, TScreenEntry>();
  const contents = new Map<string, TContentLoad>();
  const listeners = new Set<(snapshot: TRouterSnapshot) => void>();
  let snapshot: TRouterSnapshot = { view: null, pending: null };
  let initialized = false;
  let shownKey: string | null = null;

  /**
   * The route's screen entry; its code starts loading at once. `retry`: a navigation starts, so a
   * load that failed before is tried again (a render never retries: the error screen stays).
   */
  const screenEntry = (route: TRouteDefinition, retry: boolean): TScreenEntry => {
    let entry = screens.get(route.name);
    if (!entry || (retry && entry.failed)) {
      const promise = loadScreen(route, screenFor(route), deps);
      const created: TScreenEntry = { promise, component: lazy(() => promise), loaded: null, failed: false };
      promise.then(
        (module) => {
          created.loaded = module.default;
          created.prefetch = module.prefetch;
        },
        () => {
          created.failed = true;
        },
      );
      screens.set(route.name, created);
      entry = created;
    }
    return entry;
  };

  const publish = (next: TRouterSnapshot): void => {
    snapshot = next;
    for (const listener of listeners) listener(next);
  };

  /** Drops (and aborts) the content loads no view needs: neither the one shown nor the latest. */
  const dropContents = (): void => {
    const keep = (key: string): boolean =>
      key === shownKey || key === snapshot.view?.location.key || key === currentKey();
    const kept = new Set([...contents].filter(([key]) => keep(key)).map(([, load]) => load));
    for (const [key, load] of contents) {
      if (keep(key)) continue;
      // A hash change shares its page's load.
      if (!kept.has(load)) load.controller.abort();
      contents.delete(key);
    }
  };

  function startContent(location: Location, action: NavigationType, componentName: string): TContentLoad {
    contents.get(location.key)?.controller.abort();
    const controller = new AbortController();
    const requester = deps.requester;
    const key = location.key;
    const target = new URL(`${location.pathname}${location.search}${location.hash}`, win.location.origin);
    const run = async (): Promise<TContentResult> => {
      if (!requester) return { kind: 'data', data: null };
      const outcome: TNavigationOutcome<unknown> = await loadNavigationData(
        async () => {
          try {
            const answer = await requester.requestWithMeta<unknown>({
              method: 'GET',
              url: `/v1/content/screens/${encodeURIComponent(componentName)}`,
              signal: controller.signal,
            });
            return { status: answer.status, location: answer.headers.get('location'), data: answer.data };
          } catch (error) {
            // Aborted because the navigation was left: no outcome (and no warning) at all.
            // A fresh promise that never settles (nothing keeps it once the load is dropped).
            if (controller.signal.aborted) return new Promise<never>(() => undefined);
            throw error;
          }
        },
        { target: target.href, origin: target.origin, isInitialLoad: !initialized },
        deps.logger,
      );
      // A navigation that was left meanwhile does nothing more (its screen is never shown).
      if (controller.signal.aborted) return ABANDONED;
      switch (outcome.kind) {
        case 'data':
          return { kind: 'data', data: outcome.data };
        case 'error':
          return { kind: 'error', status: outcome.status };
        case 'redirect':
          if (currentKey() === key) {
            if (outcome.document) documentLoad(outcome.to, action);
            else follow(location, action, outcome.to);
          }
          return ABANDONED;
        case 'reload':
        default:
          if (currentKey() === key) documentLoad(outcome.to, action);
          return ABANDONED;
      }
    };
    const load: TContentLoad = { promise: tracked(run()), controller };
    contents.set(key, load);
    return load;
  }

  /**
   * A view is decided: its screen's code starts loading now, beside its data (as route.lazy did),
   * and a screen that prefetches starts its queries once both are here.
   */
  const shows = (view: TView): TView => {
    const entry = screenEntry(view.notFound ? notFoundRoute : view.route, true);
    // A screen known not to prefetch shows as before (at once when its code is here).
    if (view.notFound || !deps.data?.prefetch || (entry.loaded && !entry.prefetch)) return view;
    const prefetched = entry.promise.then((screen) => screen.prefetch?.(view.location)).catch(() => undefined);
    const waited = new Promise<void>((resolve) => setTimeout(resolve, deps.prefetchWaitMs ?? PREFETCH_WAIT_MS));
    return { ...view, data: tracked(Promise.race([prefetched, waited])) };
  };

  /**
   * Decides what a location shows: a view, or a redirect to follow (in-app: the caller replaces the
   * entry), or null when the page is being left for a document load.
   */
  function decide(location: Location, action: NavigationType): TView | { redirect: string } | null {
    // Only the hash changes: the same decision and data (as the data router skipped its loaders).
    const previous = snapshot.view;
    if (previous && isHashChangeOnly(previous.location, location)) {
      const load = contents.get(previous.location.key);
      if (load) contents.set(location.key, load);
      return { ...previous, location, action };
    }
    const match = matchLocation(location.pathname);
    if (!match) {
      const decision = decideNotFound(location);
      if (decision.kind === 'reload') {
        documentLoad(decision.to, action);
        return null;
      }
      return shows({ location, action, route: notFoundRoute, params: {}, notFound: true });
    }
    const { route, params } = match;
    // A malformed id is not found, whatever the route does with it (redirect included).
    const notFound = hasMalformedIds(route.path, params);
    const redirect = notFound ? null : redirectTarget(route, params, location);
    if (redirect) {
      if (!redirect.document) return { redirect: redirect.to };
      documentLoad(redirect.to, action);
      return null;
    }
    const content = CONTENT_SCREENS[route.name];
    const load = content && !notFound ? startContent(location, action, content) : undefined;
    return shows({ location, action, route, params, notFound, ...(load ? { content: load.promise } : {}) });
  }

  /**
   * What a view waits for before it shows: its screen's code and its content data (a redirect or
   * reload answer never settles: the page goes elsewhere). null when it can show at once.
   */
  const readiness = (view: TView): Promise<unknown> | null => {
    const waits: Promise<unknown>[] = [];
    const screen = screenEntry(view.notFound ? notFoundRoute : view.route, false);
    // A failed load shows at once: its error screen.
    if (!screen.loaded && !screen.failed) waits.push(screen.promise.catch(() => undefined));
    const content = view.notFound ? undefined : view.content;
    if (content && !settled(content)) waits.push(content);
    if (view.data && !settled(view.data)) waits.push(view.data);
    return waits.length > 0 ? Promise.all(waits) : null;
  };

  /**
   * Shows a decided view once it is ready, so nothing suspends while rendering it (as the data
   * router rendered a route only once its lazy() and loader were done): meanwhile the previous
   * screen stays (the first load: the app loader), and `pending` says where we are going.
   */
  const showWhenReady = (view: TView): void => {
    const show = (): void => {
      // A later navigation took over meanwhile.
      if (currentKey() !== view.location.key) return;
      // Its data load was abandoned: the page goes elsewhere.
      if (!view.notFound && view.content?.value?.kind === 'abandoned') return;
      // The history entry is written now, with the screen (as the data router committed it).
      if (target) {
        const { location, action } = target;
        target = null;
        committing = true;
        try {
          if (action === 'PUSH') history.push(location);
          else history.replace(location);
        } finally {
          committing = false;
        }
      }
      publish({ view, pending: view.location });
      dropContents();
    };
    const ready = readiness(view);
    // A load that failed unexpectedly shows too: rendering it throws to the error boundary.
    if (ready) void ready.then(show, show);
    else show();
  };

  // The first location, before anything renders (redirects followed in place).
  for (let hops = 0; hops < 10; hops += 1) {
    const decided = decide(history.location, history.action);
    if (decided && 'redirect' in decided) {
      history.replace(decided.redirect);
      continue;
    }
    snapshot = { view: null, pending: history.location };
    if (decided) showWhenReady(decided);
    break;
  }

  /**
   * A navigation starts: a push or replace (not in the history until its view shows), or a
   * Back/Forward (the browser has moved already). It takes over from the one under way.
   */
  function begin(location: Location, action: NavigationType): void {
    // The navigate() promises of this navigation wait on; older ones are over (taken over).
    settleWaiters((key) => key !== null && key !== location.key);
    for (const waiter of waiters) if (waiter.key === null) waiter.key = location.key;
    target = action === 'POP' ? null : { location, action };
    const decided = decide(location, action);
    if (decided && 'redirect' in decided) {
      follow(location, action, decided.redirect);
      return;
    }
    publish({ view: snapshot.view, pending: location });
    if (decided) showWhenReady(decided);
    dropContents();
  }

  /**
   * Follows an in-app redirect of a navigation: the same navigation goes on to `to` (its promises
   * wait on); a Back/Forward's entry is replaced.
   */
  function follow(from: Location, action: NavigationType, to: string): void {
    const next = locationOf(to, from.state);
    for (const waiter of waiters) if (waiter.key === from.key) waiter.key = next.key;
    begin(next, action === NavigationType.Pop ? NavigationType.Replace : action);
  }

  history.listen(({ location, action }) => {
    if (!committing) begin(location, action);
  });

  // The same import() the route's lazy screen makes: the browser keeps the module, so the
  // navigation that follows finds it loaded (or loading).
  setPagePreloader((pathname) => {
    for (const route of matchRoutes(pathname).filter(isMounted)) void screenOf(route.name)?.().catch(() => undefined);
  });

  const navigator: TAppRouter['navigator'] = {
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state) => begin(locationOf(to, state), NavigationType.Push),
    replace: (to, state) => begin(locationOf(to, state), NavigationType.Replace),
  };

  const track = (start: () => unknown): Promise<void> =>
    new Promise<void>((resolve) => {
      const before = currentKey();
      const waiter: { key: string | null; resolve: () => void } = { key: null, resolve };
      waiters.add(waiter);
      try {
        start();
      } catch (error) {
        waiters.delete(waiter);
        throw error;
      }
      // A push or replace has run its navigation's listener already: wait for the entry it made
      // (a `go` moves the entry later, on popstate).
      if (waiter.key === null && currentKey() !== before) waiter.key = currentKey();
      if (waiter.key !== null && waiter.key === snapshot.view?.location.key && waiter.key === shownKey) {
        waiters.delete(waiter);
        resolve();
      }
    });

  return {
    navigator,
    track,
    navigate: (to, options = {}) =>
      track(() => {
        if (typeof to === 'number') navigator.go(to);
        else if (options.replace) navigator.replace(to, options.state);
        else navigator.push(to, options.state);
      }),
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    screen(route) {
      const entry = screenEntry(route, false);
      return entry.loaded ?? entry.component;
    },
    content: (view) => view.content ?? NO_CONTENT,
    shown(key) {
      initialized = true;
      shownKey = key;
      dropContents();
      settleWaiters((waiting) => waiting === key);
    },
  };
}
