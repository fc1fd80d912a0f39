import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { TRouteHandle } from '../../../renderer/app/route-handle';
import { buildRouteObjects, isComingSoon, isMounted } from '../../../renderer/routes/router';
import { findRoute, notFoundRoute, routeTable, type TRouteDefinition } from '../../../renderer/routes/route-table';
import { humanizeName, routeArea, routeAreaTitle } from '../../../renderer/routes/route-title';

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

describe('route titles', () => {
  it('derives a friendly area title from the route name', () => {
    expect(routeAreaTitle('v2.giftExchanges.list')).toBe('Gift exchanges');
    expect(routeAreaTitle('v2.giftExchanges.main')).toBe('Gift exchanges');
    expect(routeAreaTitle('v2.wishLists.own')).toBe('Wish lists');
    expect(routeAreaTitle('v2.shop.root')).toBe('Shop');
    expect(routeAreaTitle('v2.groups.list')).toBe('Groups');
    expect(routeAreaTitle('legacy.settings.following')).toBe('Settings');
    expect(routeAreaTitle('v2.emailNotifications')).toBe('Email notifications');
    expect(routeAreaTitle('v2.generator.root')).toBe('Secret Santa generator');
    expect(routeArea('legacy.giftExchanges.activity')).toBe('giftExchanges');
    expect(humanizeName('familyManager')).toBe('Family manager');
    expect(routeAreaTitle('')).toBe('Gifting');
  });
});

describe('router: table routes without a screen show coming-soon', () => {
  it('mounts every table route except the full-page-load ones', () => {
    const mounted = routes.filter(isMounted).map((route) => route.name);
    expect(screens.map((route) => route.id)).toEqual([...mounted, notFoundRoute.name]);
    const fullPage = routes.filter((route) => route.fullPageLoad);
    expect(fullPage.length).toBeGreaterThan(0);
    for (const route of fullPage) expect(byId(route.name), route.name).toBeUndefined();
  });

  it('gives coming-soon routes a lazy screen and their area title, and only them', () => {
    const comingSoon = routes.filter(isComingSoon);
    expect(comingSoon.map((route) => route.name)).toEqual(
      expect.arrayContaining(['v2.admin.findUser', 'v2.admin.mergeAccounts']),
    );
    for (const route of comingSoon) {
      expect(typeof byId(route.name)?.lazy, route.name).toBe('function');
      expect(handleOf(route.name)?.comingSoon, route.name).toEqual({ title: routeAreaTitle(route.name) });
    }
    expect(handleOf('v2.admin.findUser')?.comingSoon?.title).toBe('Admin');
    expect(handleOf('v2.groups.list')?.comingSoon).toBeUndefined();
    expect(handleOf('v2.giftExchanges.list')?.comingSoon).toBeUndefined();
    expect(handleOf('v2.home')?.comingSoon).toBeUndefined();
    expect(handleOf('v2.shop.root')?.comingSoon).toBeUndefined();
    expect(handleOf('v2.giftExchanges.viewDraw')?.comingSoon).toBeUndefined();
    expect(isComingSoon(findRoute('v2.auth.endpoints.login'))).toBe(false);
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

  it('keeps the guard around the coming-soon screen', async () => {
    const guarded = await loadComponent('v2.admin.findUser');
    expect(guarded.displayName).toBe('Guarded(ComingSoonScreen)');
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
