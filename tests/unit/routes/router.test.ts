import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { TRouteHandle } from '../../../renderer/app/route-handle';
import { buildRouteObjects, isMounted, routeServing } from '../../../renderer/routes/router';
import { findRoute, notFoundRoute, routeTable, type TRouteDefinition } from '../../../renderer/routes/route-table';

const routes: readonly TRouteDefinition[] = routeTable;
const EXCHANGE_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

const tree = buildRouteObjects();
const screens: RouteObject[] = tree[0]?.children?.[0]?.children ?? [];
const byId = (id: string): RouteObject | undefined => screens.find((route) => route.id === id);
const handleOf = (id: string): TRouteHandle | undefined => byId(id)?.handle as TRouteHandle | undefined;

/** The id of the deepest route object a path renders. */
function matchedId(pathname: string): string | undefined {
  return matchRoutes(tree, pathname)?.at(-1)?.route.id;
}

async function loadComponent(id: string): Promise<{ displayName?: string; name: string }> {
  const lazy = byId(id)?.lazy;
  if (typeof lazy !== 'function') throw new Error(`${id} has no lazy screen`);
  const loaded = (await lazy()) as { Component?: { displayName?: string; name: string } };
  if (!loaded.Component) throw new Error(`${id} loaded no component`);
  return loaded.Component;
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

  it('mounts every table route except the full-page-load ones', () => {
    const mounted = routes.filter(isMounted).map((route) => route.name);
    expect(screens.map((route) => route.id)).toEqual([...mounted, notFoundRoute.name]);
    const fullPage = routes.filter((route) => route.fullPageLoad);
    expect(fullPage.length).toBeGreaterThan(0);
    for (const route of fullPage) expect(byId(route.name), route.name).toBeUndefined();
  });

  it('gives screen routes a lazy screen and redirect routes none', () => {
    for (const route of routes.filter(isMounted)) {
      const object = byId(route.name);
      if (route.redirectTo) expect(object?.lazy, route.name).toBeUndefined();
      else expect(typeof object?.lazy, route.name).toBe('function');
      expect(handleOf(route.name), route.name).toEqual({
        routeName: route.name,
        flags: route.flags ?? {},
        guard: route.guard ?? null,
      });
    }
  });

  it('matches the primary navigation to its table routes, and unknown paths to the catch-all', () => {
    expect(matchedId('/gift-exchanges/')).toBe('v2.giftExchanges.list');
    expect(matchedId('/wish-lists/')).toBe('v2.wishLists.own');
    expect(matchedId('/shop/')).toBe('v2.shop.root');
    expect(matchedId('/groups/')).toBe('v2.groups.list');
    expect(matchedId('/definitely-not-a-route/')).toBe(notFoundRoute.name);
    // Server endpoints are not app routes: the catch-all (and its one full page load) takes them.
    expect(matchedId('/auth/v2/login/')).toBe(notFoundRoute.name);
  });

  it('wraps a guarded route’s screen in its guard', async () => {
    const guarded = await loadComponent('v2.admin.findUser');
    expect(guarded.displayName).toBe('Guarded(FindUserScreen)');
  });

  it('keeps the UUID check: a malformed id is a 404, a UUID renders the screen', async () => {
    const loader = byId('v2.giftExchanges.main')?.loader;
    if (typeof loader !== 'function') throw new Error('v2.giftExchanges.main has no loader');
    const call = (exchangeId: string) => {
      const url = `http://app.test/gift-exchanges/${exchangeId}/`;
      return loader({
        request: new Request(url),
        url: new URL(url),
        pattern: '/gift-exchanges/:exchangeId/',
        params: { exchangeId },
        context: {},
      } as unknown as Parameters<typeof loader>[0]);
    };

    let thrown: unknown;
    try {
      await call('not-a-uuid');
    } catch (error) {
      thrown = error;
    }
    // react-router's data(null, { status: 404 }): the error boundary shows the not-found screen.
    expect(thrown).toMatchObject({ type: 'DataWithResponseInit', init: { status: 404 } });
    await expect(call(EXCHANGE_ID)).resolves.toBeNull();
  });
});
