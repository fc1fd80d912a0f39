import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../server/contracts/messages';
import {
  fillPath,
  findRoute,
  href,
  isRendererPath,
  isUuidParam,
  matchRoutes,
  notFoundRoute,
  pathParamNames,
  ROUTE_NAME_ALIASES,
  routeTable,
  type TRouteDefinition,
} from '../../../renderer/routes/route-table';
import { listRenderedRoutes, SCREENS, screenOf } from '../../../renderer/routes/screens';

const routes: readonly TRouteDefinition[] = routeTable;
const paths = routes.map((route) => route.path);
const EXCHANGE_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const USER_ID = '9b2d3c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

describe('route table shape', () => {
  it('has every path ending with a slash and starting with one', () => {
    const bad = paths.filter((path) => !path.startsWith('/') || !path.endsWith('/'));
    expect(bad).toEqual([]);
  });

  it('has unique names, each prefixed with legacy. or v2.', () => {
    const names = routes.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => !/^(legacy|v2)\.[A-Za-z]/.test(name))).toEqual([]);
  });

  it('has unique paths (one route per address)', () => {
    const duplicates = paths.filter((path, index) => paths.indexOf(path) !== index);
    expect(duplicates).toEqual([]);
  });

  it('writes parameters in react-router syntax, never {name}', () => {
    expect(paths.filter((path) => /[{}]/.test(path))).toEqual([]);
    for (const path of paths) {
      for (const name of pathParamNames(path)) expect(name).toMatch(/^[a-z][A-Za-z]*$/);
    }
  });

  it('gives screens to the built routes, and keeps the rest in the table without one', () => {
    const withScreens = routes.filter((route) => screenOf(route.name)).map((route) => route.name);
    expect(withScreens).toEqual(
      expect.arrayContaining(['v2.home', 'v2.landing', 'v2.authLogin', 'v2.authSignUp', 'v2.switchIdentity']),
    );
    expect(routes.filter((route) => !screenOf(route.name)).length).toBeGreaterThan(0);
    expect(findRoute('v2.landing').path).toBe('/');
    expect(findRoute('v2.home').path).toBe('/home/');
    expect(typeof screenOf(notFoundRoute.name)).toBe('function');
    // Every binding names a route of the table.
    for (const name of Object.keys(SCREENS)) expect(findRoute(name as Parameters<typeof findRoute>[0])).toBeDefined();
  });

  it('only uses known guards and flags', () => {
    const guards = new Set(['signedIn', 'known', 'admin', 'changesIdentity']);
    const flags = new Set(['hideMobileHeader', 'hideHeader', 'hideMobileFooter', 'hideBackground']);
    for (const route of routes) {
      if (route.guard !== undefined) expect(guards).toContain(route.guard);
      for (const flag of Object.keys(route.flags ?? {})) expect(flags).toContain(flag);
    }
  });
});

describe('redirects', () => {
  it('redirects /gift-exchanges/:exchangeId/view-draw/ to the legacy view-draw, which exists', () => {
    const viewDraw = routes.find((route) => route.path === '/gift-exchanges/:exchangeId/view-draw/');
    expect(viewDraw?.redirectTo).toBe('legacy.giftExchanges.viewDraw');
    const target = findRoute('legacy.giftExchanges.viewDraw');
    expect(target.path).toBe('/gift-exchanges/legacy/:exchangeId/view-draw/');
  });

  it('names an existing route in every redirectTo, never itself, with the params the target needs', () => {
    const redirecting = routes.filter((route) => route.redirectTo !== undefined);
    expect(redirecting.length).toBeGreaterThan(0);
    for (const route of redirecting) {
      const target = findRoute(route.redirectTo ?? '');
      expect(target, `${route.name} → ${route.redirectTo}`).toBeDefined();
      expect(target?.name).not.toBe(route.name);
      const available = new Set(pathParamNames(route.path));
      for (const param of pathParamNames(target?.path ?? '')) expect(available).toContain(param);
    }
  });

  it('sends other admin pages to the old admin', () => {
    expect(findRoute('legacy.admin.otherPage').redirectTo).toBe('legacy.oldAdmin.page');
    expect(findRoute('legacy.oldAdmin.page').path).toBe('/old-admin/:pageName/');
  });
});

describe('href', () => {
  it('builds paths without params', () => {
    expect(href('v2.landing')).toBe('/');
    expect(href('v2.home')).toBe('/home/');
    expect(href('v2.admin.findUser')).toBe('/admin/finduser/');
  });

  it('fills every param', () => {
    expect(href('v2.giftExchanges.drawRestriction', { exchangeId: EXCHANGE_ID, userId: USER_ID })).toBe(
      `/gift-exchanges/${EXCHANGE_ID}/draw-restrictions/${USER_ID}/`,
    );
    expect(href('legacy.giftExchanges.viewDraw', { exchangeId: EXCHANGE_ID })).toBe(
      `/gift-exchanges/legacy/${EXCHANGE_ID}/view-draw/`,
    );
    expect(href('legacy.oldAdmin.resource', { pageName: 'users', resourceId: 42 })).toBe('/old-admin/users/42/');
  });

  it('URI-encodes params', () => {
    expect(href('v2.profile.main', { userId: 'a b/c?d#e&f' })).toBe('/profile/a%20b%2Fc%3Fd%23e%26f/');
    expect(href('v2.giftGuide', { giftGuideId: 'café' })).toBe('/shop/gift-guides/caf%C3%A9/');
  });

  it('appends a query, skipping null and undefined values', () => {
    expect(href('v2.auth.endpoints.impersonate', null, { uid: USER_ID, returnurl: '/home/', skip: undefined })).toBe(
      `/auth/v2/impersonate/?uid=${USER_ID}&returnurl=%2Fhome%2F`,
    );
    expect(href('v2.home', {}, {})).toBe('/home/');
  });

  it("throws 'Url is missing params' when a param is missing", () => {
    expect(ERROR_MESSAGES.urlMissingParams).toBe('Url is missing params');
    // @ts-expect-error the params are required by the type as well
    expect(() => href('v2.giftExchanges.main')).toThrow('Url is missing params');
    expect(() =>
      // @ts-expect-error userId is missing
      href('v2.giftExchanges.drawRestriction', { exchangeId: EXCHANGE_ID }),
    ).toThrow(new Error('Url is missing params'));
  });

  it("throws 'Url is missing params' when a param is empty, blank or null", () => {
    expect(() => href('v2.giftExchanges.main', { exchangeId: '' })).toThrow('Url is missing params');
    expect(() => href('v2.giftExchanges.main', { exchangeId: '   ' })).toThrow('Url is missing params');
    // @ts-expect-error null is not a valid param value
    expect(() => href('v2.giftExchanges.main', { exchangeId: null })).toThrow('Url is missing params');
    expect(() => fillPath('/groups/:groupId/', undefined)).toThrow('Url is missing params');
  });

  it('rejects unknown names', () => {
    // @ts-expect-error not a route name
    expect(() => href('v2.doesNotExist')).toThrow(/Unknown route/);
    expect(findRoute('v2.doesNotExist')).toBeUndefined();
  });

  it('accepts the dotted aliases of the spec auth names', () => {
    expect(href('v2.auth.signUp')).toBe('/a/sign-up/');
    expect(href('v2.auth.login')).toBe('/a/log-in/');
    for (const target of Object.values(ROUTE_NAME_ALIASES)) expect(findRoute(target)).toBeDefined();
  });
});

describe('spec §2 coverage', () => {
  const areas: Record<string, string[]> = {
    auth: [
      '/a/sign-up/',
      '/a/log-in/',
      '/a/sign-in/',
      '/a/code-confirm/',
      '/a/email-confirmed/',
      '/auth/merge-accounts/',
      '/auth/related-accounts/',
      '/auth/reset-password/',
      '/auth/v2/confirm-email/',
      '/switch-identity/',
      '/auth/v2/login/',
      '/auth/v2/logout/',
      '/auth/v2/impersonate/',
      '/auth/v2/switch/',
      '/auth/v2/refresh-token/',
    ],
    familyManager: [
      '/family-manager/',
      '/family-manager/members/select/',
      '/family-manager/members/register/',
      '/family-manager/members/add/',
      '/family-manager/members/:userId/add-to-exchanges/',
      '/family-manager/members/:userId/created/',
      '/family-manager/legacy/members/register/',
      '/family-manager/legacy/members/add/',
      '/family-manager/legacy/members/:userId/created/',
      '/family-manager/legacy/members/:userId/add-to-my-groups/',
    ],
    shop: ['/shop/', '/shop/search/', '/shop/new-arrivals/', '/shop/gift-guides/:giftGuideId/'],
    wishListsAndProfiles: [
      '/wish-lists/',
      '/wish-lists/create/',
      '/add-wish/',
      '/wish-it/',
      '/profile/:userId/',
      '/profile/:userId/favorite-guides/',
      '/profile/:userId/wish-lists/create/',
      '/profile/:userId/wish-lists/:wishlistId/edit/',
      '/profile/:userId/purchases/',
      '/profile/:userId/gift-recived/',
      '/profile/:userId/friends/search/',
      '/profile/:userId/child-accounts/',
      '/profile/legacy/:userId/wishes/:wishId/edit/',
      '/profile/legacy/:userId/friends/suggestions/',
      '/profile/legacy/:userId/child-accounts/',
    ],
    generator: [
      '/secret-santa-generator/',
      '/secret-santa-generator/names/',
      '/secret-santa-generator/event-type/',
      '/secret-santa-generator/wishlist/:exchangeId/',
      '/secret-santa-generator/invite/:exchangeId/group-members/',
      '/secret-santa-generator/invite/:exchangeId/theme/',
      '/secret-santa-generator/light/exclusions-prompt/',
      '/secret-santa-generator/light/confirm-code/',
      '/secret-santa-generator/light/:exchangeId/invite-email/',
      '/secret-santa-generator/light/:exchangeId/created/',
      '/gift-exchange-generator/',
      '/gift-exchange-generator/:themeId/',
    ],
    giftExchanges: [
      '/gift-exchanges/',
      '/gift-exchanges/:exchangeId/',
      '/gift-exchanges/:exchangeId/rsvp-acknowledge/confirm/',
      '/gift-exchanges/:exchangeId/rsvp-acknowledge/wishlist/',
      '/gift-exchanges/:exchangeId/rsvp/',
      '/gift-exchanges/:exchangeId/participants/:userId/',
      '/gift-exchanges/:exchangeId/privacy-settings/',
      '/gift-exchanges/:exchangeId/ice-breaker-questions/',
      '/gift-exchanges/:exchangeId/draw-restrictions/:userId/',
      '/gift-exchanges/:exchangeId/disqualified/',
      '/gift-exchanges/:exchangeId/view-draw/',
      '/gift-exchanges/:exchangeId/thank-yous/',
      '/gift-exchanges/:exchangeId/invite/address-book/',
      '/gift-exchanges/:exchangeId/invite/contacts/',
      '/gift-exchanges/legacy/:exchangeId/activity/',
      '/gift-exchanges/legacy/:exchangeId/manage-participants/',
      '/gift-exchanges/legacy/:exchangeId/view-draw/',
      '/gift-exchanges/legacy/:exchangeId/invite/bulk/',
    ],
    social: [
      '/friends/',
      '/friends/suggestions/',
      '/friends/legacy/',
      '/messages/',
      '/messages/chats/',
      '/messages/reminders/',
      '/messages/legacy/',
      '/home/',
      '/',
      '/contact-us/',
      '/terms/',
      '/browser-buttons/',
      '/welcome/',
      '/splash/',
      '/activity/',
      '/activity/legacy/',
    ],
    groups: [
      '/groups/',
      '/groups/:groupId/',
      '/groups/:groupId/invite/',
      '/groups/:groupId/invite-friends/',
      '/groups/:groupId/settings/',
      '/groups/:groupId/activity/',
      '/groups/:groupId/members/pending/',
      '/groups/:groupId/members/removed/',
      '/groups/:groupId/assistants/',
    ],
    emailActions: [
      '/actions/flag-qa/:questionAnswerId/',
      '/actions/follow/:userId/',
      '/actions/unfollow/:userId/',
      '/actions/topic-unsubscribe/:topicId/',
      '/actions/redirect/',
      '/actions/show-price-drop/',
      '/external-redirect/',
    ],
    settings: [
      '/settings/',
      '/settings/profile/',
      '/settings/notifications/',
      '/settings/privacy/',
      '/settings/account/',
      '/settings/blocked/',
      '/settings/legacy/profile/',
      '/settings/legacy/notifications/',
      '/settings/legacy/account/',
      '/settings/legacy/following/',
      '/settings/legacy/followers/',
      '/email/notifications/',
    ],
    admin: [
      '/admin/',
      '/admin/finduser/',
      '/admin/mergeaccounts/',
      '/admin/UserMessages/',
      '/admin/viewexchangedetails/',
      '/admin/viewexchangedetails/:exchangeId/restrictions/',
      '/admin/viewexchangedetails/:exchangeId/notes/',
      '/admin/viewgroupdetails/',
      '/admin/viewgroupdetails/:groupId/members/removed/',
      '/admin/viewgroupdetails/:groupId/invitations/',
      '/admin/replaceexchangeperson/',
      '/admin/clonewishlists/',
      '/admin/:pageName/',
      '/admin/:pageName/:resourceId/',
    ],
  };

  it.each(Object.entries(areas))('has the %s routes', (_area, expected) => {
    expect(expected.filter((path) => !paths.includes(path))).toEqual([]);
  });

  it('uses the spec names for the named auth routes', () => {
    expect(findRoute('v2.authSignUp').path).toBe('/a/sign-up/');
    expect(findRoute('v2.authLogin').path).toBe('/a/log-in/');
    expect(findRoute('v2.authUserSetup').path).toBe('/a/email-confirmed/');
    expect(findRoute('v2.mergeAccounts').path).toBe('/auth/merge-accounts/');
    expect(findRoute('v2.relatedAccounts').path).toBe('/auth/related-accounts/');
  });

  it('has a legacy twin for the areas the spec gives one', () => {
    for (const prefix of [
      '/family-manager/legacy/',
      '/profile/legacy/',
      '/gift-exchanges/legacy/',
      '/friends/legacy/',
      '/messages/legacy/',
      '/activity/legacy/',
      '/settings/legacy/',
    ]) {
      const twins = routes.filter((route) => route.path.startsWith(prefix));
      expect(twins.length, prefix).toBeGreaterThan(0);
      for (const twin of twins) expect(twin.name.startsWith('legacy.'), twin.name).toBe(true);
    }
  });

  it('applies the spec guards', () => {
    expect(findRoute('v2.switchIdentity').guard).toBe('changesIdentity');
    const admin = routes.filter((route) => route.path.startsWith('/admin/'));
    expect(admin.filter((route) => route.guard !== 'admin').map((route) => route.name)).toEqual([]);
  });
});

describe('helpers', () => {
  it('treats :xxxId params as UUIDs, except the old admin resource id', () => {
    expect(isUuidParam('exchangeId')).toBe(true);
    expect(isUuidParam('userId')).toBe(true);
    expect(isUuidParam('questionAnswerId')).toBe(true);
    expect(isUuidParam('resourceId')).toBe(false);
    expect(isUuidParam('pageName')).toBe(false);
  });

  it('matches pathnames to routes and tells app pages from server endpoints', () => {
    expect(matchRoutes(`/gift-exchanges/${EXCHANGE_ID}/draw-restrictions/${USER_ID}/`).map((r) => r.name)).toContain(
      'v2.giftExchanges.drawRestriction',
    );
    expect(isRendererPath('/auth/merge-accounts/')).toBe(true);
    expect(isRendererPath('/auth/v2/login/')).toBe(false);
    expect(isRendererPath('/no/such/page/')).toBe(false);
  });

  it('lists every route for the CLI, with the catch-all last', () => {
    const listed = listRenderedRoutes();
    expect(listed).toHaveLength(routeTable.length + 1);
    expect(listed.at(-1)).toEqual({ name: 'v2.notFound', path: '*', hasScreen: true, guard: null, redirectTo: null });
    expect(listed.find((row) => row.name === 'v2.giftExchanges.viewDraw')).toEqual({
      name: 'v2.giftExchanges.viewDraw',
      path: '/gift-exchanges/:exchangeId/view-draw/',
      hasScreen: false,
      guard: 'known',
      redirectTo: 'legacy.giftExchanges.viewDraw',
    });
    for (const row of listed.slice(0, -1)) {
      expect(row.hasScreen, row.name).toBe(screenOf(row.name) !== undefined);
    }
  });
});
