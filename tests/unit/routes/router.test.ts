import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { matchLocation, relativePath, routeScore } from '../../../renderer/routes/match';
import {
  handleOf,
  hasMalformedIds,
  isMounted,
  loadScreen,
  redirectTarget,
  routeServing,
} from '../../../renderer/routes/router';
import {
  findRoute,
  isUuidParam,
  pathParamNames,
  routeTable,
  type TRouteDefinition,
} from '../../../renderer/routes/route-table';
import { screenOf } from '../../../renderer/routes/screens';

const routes: readonly TRouteDefinition[] = routeTable;
const mounted = routes.filter(isMounted);
const EXCHANGE_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

/** A route's own address, its params filled (UUIDs where the route checks them). */
function sampleAddress(route: TRouteDefinition): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => (isUuidParam(name) ? EXCHANGE_ID : 'x7'));
}

const segmentCount = (path: string): number => path.split('/').filter(Boolean).length;

/**
 * The data router's own tree for the same table (as the app had it): react-router's matchRoutes on
 * it is the reference our matcher must agree with. Only the routes with as many segments as the
 * address are given (no route has optional or splat segments, so no other could match; table order
 * kept): ranking all 200 on each call took seconds.
 */
function referenceTree(pathname: string): RouteObject[] {
  const candidates = mounted.filter((route) => segmentCount(route.path) === segmentCount(pathname));
  return [
    {
      id: 'root',
      path: '/',
      children: [
        {
          id: 'screens',
          children: [
            ...candidates.map((route): RouteObject => {
              const path = relativePath(route.path);
              return path === '' ? { id: route.name, index: true } : { id: route.name, path };
            }),
            { id: 'v2.notFound', path: '*' },
          ],
        },
      ],
    },
  ];
}

function referenceMatch(pathname: string): { name: string; params: Record<string, string | undefined> } {
  const last = matchRoutes(referenceTree(pathname), pathname)?.at(-1);
  const name = last?.route.id ?? 'none';
  // The catch-all's splat param is not used by the app.
  return { name, params: name === 'v2.notFound' ? {} : { ...last?.params } };
}

function ourMatch(pathname: string): { name: string; params: Record<string, string | undefined> } {
  const match = matchLocation(pathname);
  return match ? { name: match.route.name, params: match.params } : { name: 'v2.notFound', params: {} };
}

describe('router: every table route has a screen, a redirect or is a full page load', () => {
  it('serves every route of the table one of those ways (no placeholder screens any more)', () => {
    const unserved = routes.filter((route) => routeServing(route) === null).map((route) => route.name);
    expect(unserved).toEqual([]);
    // Each way is used: screens, redirects (legacy twins, other admin pages) and server pages.
    const ways = new Set(routes.map(routeServing));
    expect(ways).toEqual(new Set(['screen', 'redirect', 'full-page-load']));
    expect(routeServing(findRoute('v2.admin.findUser'))).toBe('screen');
    expect(routeServing(findRoute('legacy.admin.otherPage'))).toBe('redirect');
    expect(routeServing(findRoute('legacy.oldAdmin.page'))).toBe('full-page-load');
    expect(routeServing(findRoute('v2.auth.endpoints.login'))).toBe('full-page-load');
  });

  it('gives every redirect a known target and every other mounted route a screen', () => {
    for (const route of mounted) {
      if (route.redirectTo) expect(findRoute(route.redirectTo), route.name).toBeDefined();
      else expect(screenOf(route.name), route.name).toBeDefined();
    }
  });

  it('shows every mounted route at its own address, and never a full-page-load one', () => {
    for (const route of mounted) {
      const shown = matchLocation(sampleAddress(route))?.route;
      // Two routes may share a pattern (the first in the table wins, as in react-router).
      expect(shown?.path, route.name).toBe(route.path);
    }
    const fullPage = routes.filter((route) => route.fullPageLoad);
    expect(fullPage.length).toBeGreaterThan(0);
    for (const route of fullPage)
      expect(matchLocation(sampleAddress(route))?.route.fullPageLoad, route.name).not.toBe(true);
  });

  // About 900 addresses through react-router's matchRoutes: a second alone, more beside other files.
  it('chooses the route react-router would choose, with the same params', { timeout: 20_000 }, () => {
    const addresses = mounted.flatMap((route) => {
      const address = sampleAddress(route);
      return [address, address.slice(0, -1) || '/', `${address}/`, address.toUpperCase()];
    });
    addresses.push(
      '/',
      '/definitely-not-a-route/',
      '/auth/v2/login/',
      '/gift-exchanges/new/',
      '/gift-exchanges/not-a-uuid/',
      '/shop/a%20b/',
      '/shop/a%2Fb/',
      '/wish-lists/x/y/z/w/v/',
    );
    for (const address of addresses) expect(ourMatch(address), address).toEqual(referenceMatch(address));
  });

  it('ranks static segments above dynamic ones, as react-router does', () => {
    expect(routeScore('/')).toBe(6);
    expect(routeScore('/gift-exchanges/:exchangeId/')).toBe(17);
    expect(routeScore('/gift-exchanges/new/')).toBeGreaterThan(routeScore('/gift-exchanges/:exchangeId/'));
  });

  it('matches the primary navigation to its table routes, and unknown paths to the catch-all', () => {
    expect(matchLocation('/gift-exchanges/')?.route.name).toBe('v2.giftExchanges.list');
    expect(matchLocation('/wish-lists/')?.route.name).toBe('v2.wishLists.own');
    expect(matchLocation('/shop/')?.route.name).toBe('v2.shop.root');
    expect(matchLocation('/groups/')?.route.name).toBe('v2.groups.list');
    expect(matchLocation('/definitely-not-a-route/')).toBeNull();
    // Server endpoints are not app routes: the catch-all (and its one full page load) takes them.
    expect(matchLocation('/auth/v2/login/')).toBeNull();
  });

  it('hands each route its name, flags and guard', () => {
    for (const route of mounted) {
      expect(handleOf(route), route.name).toEqual({
        routeName: route.name,
        flags: route.flags ?? {},
        guard: route.guard ?? null,
      });
      expect(handleOf(route)).toBe(handleOf(route));
    }
  });

  it('wraps a guarded route’s screen in its guard', async () => {
    const route = findRoute('v2.admin.findUser');
    const screen = screenOf(route.name);
    if (!screen) throw new Error('v2.admin.findUser has no screen');
    const guarded = (await loadScreen(route, screen, {})).default;
    expect(guarded.displayName).toBe('Guarded(FindUserScreen)');
  });

  it('loads the query data with a screen and renders the screen in its providers, except the landing page', async () => {
    const loads: string[] = [];
    const data = {
      load: () => {
        loads.push('data');
        return Promise.resolve('clients');
      },
      wrap: (Component: ComponentType, clients: never) => {
        function Wrapped() {
          return null;
        }
        Wrapped.displayName = `Data(${String(clients)}, ${Component.displayName ?? Component.name})`;
        return Wrapped;
      },
    };
    const route = findRoute('v2.admin.findUser');
    const screen = screenOf(route.name);
    if (!screen) throw new Error('v2.admin.findUser has no screen');
    const wrapped = (await loadScreen(route, screen, { data })).default;
    expect(wrapped.displayName).toBe('Data(clients, Guarded(FindUserScreen))');
    expect(loads).toEqual(['data']);

    // A visitor's landing page does without react-query: its screen handles the member's case itself.
    const landing = findRoute('v2.landing');
    const landingScreen = () =>
      Promise.resolve({
        default: function LandingScreen() {
          return null;
        },
      });
    expect((await loadScreen(landing, landingScreen, { data })).default.name).toBe('LandingScreen');
    expect(loads).toEqual(['data']);
  });

  it('reports a screen whose code fails to load: load-error flag and a routing error', async () => {
    const events: string[] = [];
    const logged: unknown[] = [];
    const failure = new Error('Failed to fetch dynamically imported module');
    await expect(
      loadScreen({ name: 'v2.home' }, () => Promise.reject(failure), {
        navigation: { dispatch: (event) => events.push(event.type) },
        logger: { warn: () => null, logError: (...args: unknown[]) => (logged.push(args), null) },
      }),
    ).rejects.toBe(failure);
    expect(events).toEqual(['loadError']);
    expect(logged).toEqual([['routing', failure, { route: 'v2.home', kind: 'chunk-load' }]]);
  });

  it('keeps the UUID check: a malformed id shows not-found, a UUID the screen', () => {
    const route = findRoute('v2.giftExchanges.main');
    const malformed = matchLocation('/gift-exchanges/not-a-uuid/');
    expect(malformed?.route.name).toBe(route.name);
    expect(hasMalformedIds(route.path, malformed?.params ?? {})).toBe(true);
    expect(hasMalformedIds(route.path, matchLocation(`/gift-exchanges/${EXCHANGE_ID}/`)?.params ?? {})).toBe(false);
    // Theme names and the old admin's resource ids are not UUIDs.
    expect(hasMalformedIds('/x/:themeId/:resourceId/', { themeId: 'winter', resourceId: '12' })).toBe(false);
  });

  it('redirects with the same params, keeping search and hash; to a full page load when the target is one', () => {
    const redirects = mounted.filter((route) => route.redirectTo);
    expect(redirects.length).toBeGreaterThan(0);
    for (const route of redirects) {
      const address = sampleAddress(route);
      const match = matchLocation(address);
      expect(match?.route.path, route.name).toBe(route.path);
      const target = findRoute(route.redirectTo ?? '');
      if (!target || !match) throw new Error(`${route.name}: no target`);
      const params = Object.fromEntries(pathParamNames(route.path).map((name) => [name, match.params[name]]));
      expect(
        Object.values(params).every((value) => value !== undefined),
        route.name,
      ).toBe(true);
      const to = redirectTarget(route, match.params, { search: '?a=1&b=2', hash: '#part' });
      expect(to, route.name).toEqual({
        to: `${sampleAddress(target)}?a=1&b=2#part`,
        document: target.fullPageLoad === true,
      });
    }
    expect(redirects.some((route) => findRoute(route.redirectTo ?? '')?.fullPageLoad)).toBe(true);
    expect(redirectTarget(findRoute('v2.home'), {}, { search: '', hash: '' })).toBeNull();
  });
});
