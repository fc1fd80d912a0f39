import { describe, expect, it } from 'vitest';
import {
  hydratesPrerendered,
  parseInitialState,
  readInitialState,
  readMemberRendered,
} from '../../../renderer/app/runtime/initial-state';
import { shouldRegisterServiceWorker } from '../../../renderer/app/runtime/service-worker';
import {
  isAuthRoute,
  isGeneratorRoute,
  shouldCheckTerms,
  shouldShowOneTap,
  shouldShowTermsDialog,
  socialLoginAddress,
} from '../../../renderer/app/runtime/visibility';

describe('initial state', () => {
  const state = (errorType: string | null, sessionCookie: boolean | null = null) => ({ errorType, sessionCookie });

  it('reads the error type of the server', () => {
    expect(parseInitialState('{"errorType":null}')).toEqual(state(null));
    expect(parseInitialState('{"errorType":"maintenance"}')).toEqual(state('maintenance'));
    expect(parseInitialState('{"errorType":"unavailable"}')).toEqual(state('unavailable'));
    expect(parseInitialState('{"errorType":"meltdown"}')).toEqual(state('unavailable'));
  });

  it('reads whether the page was asked for with the refresh cookie, unknown unless a boolean', () => {
    expect(parseInitialState('{"errorType":null,"sessionCookie":false}')).toEqual(state(null, false));
    expect(parseInitialState('{"errorType":null,"sessionCookie":true}')).toEqual(state(null, true));
    expect(parseInitialState('{"errorType":"maintenance","sessionCookie":false}')).toEqual(state('maintenance', false));
    expect(parseInitialState('{"errorType":null,"sessionCookie":"false"}')).toEqual(state(null));
    expect(parseInitialState('{"errorType":null,"sessionCookie":0}')).toEqual(state(null));
  });

  it('treats a missing or unreadable state as no error and an unknown session', () => {
    expect(parseInitialState(null)).toEqual(state(null));
    expect(parseInitialState('')).toEqual(state(null));
    expect(parseInitialState('<oops>')).toEqual(state(null));
    expect(parseInitialState('[]')).toEqual(state(null));
    expect(parseInitialState('[false]')).toEqual(state(null));
    expect(readInitialState({ getElementById: () => null })).toEqual(state(null));
    expect(
      readInitialState({
        getElementById: () => ({ textContent: '{"errorType":"maintenance"}' }) as unknown as HTMLElement,
      }),
    ).toEqual(state('maintenance'));
  });
});

describe('a prerendered page', () => {
  const visitorAt = (pathname: string, search = '') => ({
    prerenderedPath: '/',
    location: { pathname, search },
    storedIdentity: false,
    sessionCookie: false as boolean | null,
  });

  it('is hydrated for a visitor at the address it was prerendered for', () => {
    expect(hydratesPrerendered(visitorAt('/'))).toBe(true);
  });

  it('is rendered afresh anywhere else, for anyone else, or when nothing was prerendered', () => {
    // The service worker's offline copy of the landing page, served for another page.
    expect(hydratesPrerendered(visitorAt('/shop/'))).toBe(false);
    expect(hydratesPrerendered(visitorAt('/', '?market=GB'))).toBe(false);
    expect(hydratesPrerendered({ ...visitorAt('/'), storedIdentity: true })).toBe(false);
    expect(hydratesPrerendered({ ...visitorAt('/'), sessionCookie: true })).toBe(false);
    expect(hydratesPrerendered({ ...visitorAt('/'), sessionCookie: null })).toBe(false);
    expect(hydratesPrerendered({ ...visitorAt('/'), prerenderedPath: undefined })).toBe(false);
  });
});

describe("a member's page the server rendered", () => {
  const USER = '0d9f1c1e-6d2a-4f55-9a43-2d6b8f1e9a10';
  const page = (dataset: Record<string, string>, stateText: string | null = '{"queries":[],"mutations":[]}') => ({
    doc: {
      getElementById: (id: string) => (id === 'member-state' && stateText !== null ? { textContent: stateText } : null),
    },
    root: { dataset },
  });
  const at = (pathname: string, search = '') => ({ pathname, search });

  it('is read with whose it is and its data, at the address it was rendered for', () => {
    const { doc, root } = page({ memberRendered: '/home/', member: USER });
    expect(readMemberRendered(doc as never, root as never, at('/home/'))).toEqual({
      userId: USER,
      state: { queries: [], mutations: [] },
    });
  });

  it('is not read anywhere else, without its owner, or without readable data', () => {
    const { doc, root } = page({ memberRendered: '/home/', member: USER });
    expect(readMemberRendered(doc as never, root as never, at('/shop/'))).toBeNull();
    expect(readMemberRendered(doc as never, root as never, at('/home/', '?from=mail'))).toBeNull();
    const ownerless = page({ memberRendered: '/home/' });
    expect(readMemberRendered(ownerless.doc as never, ownerless.root as never, at('/home/'))).toBeNull();
    for (const text of [null, '{not json']) {
      const broken = page({ memberRendered: '/home/', member: USER }, text);
      expect(readMemberRendered(broken.doc as never, broken.root as never, at('/home/'))).toBeNull();
    }
    const visitor = page({ prerendered: '/' });
    expect(readMemberRendered(visitor.doc as never, visitor.root as never, at('/'))).toBeNull();
  });
});

describe('service worker', () => {
  it('registers on https only', () => {
    expect(shouldRegisterServiceWorker({ protocol: 'https:' }, { supported: true })).toBe(true);
    expect(shouldRegisterServiceWorker({ protocol: 'http:' }, { supported: true })).toBe(false);
    expect(shouldRegisterServiceWorker({ protocol: 'file:' }, { supported: true })).toBe(false);
  });

  it('never registers without support or in development', () => {
    expect(shouldRegisterServiceWorker({ protocol: 'https:' }, { supported: false })).toBe(false);
    expect(shouldRegisterServiceWorker({ protocol: 'https:' }, { supported: true, isDev: true })).toBe(false);
  });
});

describe('route-based visibility', () => {
  it('knows auth and generator routes', () => {
    for (const path of [
      '/a/log-in/',
      '/a/sign-up/',
      '/auth/merge-accounts/',
      '/switch-identity/',
      '/switch-identity',
    ]) {
      expect(isAuthRoute(path), path).toBe(true);
    }
    for (const path of ['/', '/home/', '/authors/', '/a-list/']) expect(isAuthRoute(path), path).toBe(false);
    expect(isGeneratorRoute('/secret-santa-generator/')).toBe(true);
    expect(isGeneratorRoute('/secret-santa-generator/light/invite/')).toBe(true);
    expect(isGeneratorRoute('/gift-exchange-generator')).toBe(true);
    expect(isGeneratorRoute('/gift-exchanges/')).toBe(false);
  });

  const member = { pathname: '/home/', isReady: true, isAuthenticated: true, isImpersonated: false };

  it('shows the terms dialog to signed-in members who have not accepted, outside auth routes', () => {
    expect(shouldShowTermsDialog({ ...member, accepted: false })).toBe(true);
    expect(shouldShowTermsDialog({ ...member, accepted: true })).toBe(false);
    expect(shouldShowTermsDialog({ ...member, accepted: null })).toBe(false);
    expect(shouldShowTermsDialog({ ...member, accepted: undefined })).toBe(false);
    expect(shouldShowTermsDialog({ ...member, pathname: '/a/email-confirmed/', accepted: false })).toBe(false);
    expect(shouldShowTermsDialog({ ...member, pathname: '/auth/related-accounts/', accepted: false })).toBe(false);
    // Never over the terms page itself, nor over an invitation's answer (accepting it accepts them).
    expect(shouldShowTermsDialog({ ...member, pathname: '/terms/', accepted: false })).toBe(false);
    expect(shouldShowTermsDialog({ ...member, pathname: '/gift-exchanges/abc/rsvp/', accepted: false })).toBe(false);
    expect(shouldShowTermsDialog({ ...member, pathname: '/gift-exchanges/abc/', accepted: false })).toBe(true);
    expect(shouldShowTermsDialog({ ...member, isAuthenticated: false, accepted: false })).toBe(false);
    expect(shouldShowTermsDialog({ ...member, isImpersonated: true, accepted: false })).toBe(false);
    expect(shouldShowTermsDialog({ ...member, isReady: false, accepted: false })).toBe(false);
    // The question is asked on auth routes too, so the answer is ready when the member leaves them.
    expect(shouldCheckTerms({ ...member, pathname: '/a/log-in/' })).toBe(true);
    expect(shouldCheckTerms({ ...member, isAuthenticated: false })).toBe(false);
  });

  const visitor = { pathname: '/home/', isReady: true, isAuthenticated: false, providerCount: 1, dismissed: false };

  it('offers one-tap sign-in to visitors outside generator and auth routes', () => {
    expect(shouldShowOneTap(visitor)).toBe(true);
    expect(shouldShowOneTap({ ...visitor, pathname: '/' })).toBe(true);
    expect(shouldShowOneTap({ ...visitor, isAuthenticated: true })).toBe(false);
    expect(shouldShowOneTap({ ...visitor, providerCount: 0 })).toBe(false);
    expect(shouldShowOneTap({ ...visitor, dismissed: true })).toBe(false);
    expect(shouldShowOneTap({ ...visitor, isReady: false })).toBe(false);
    expect(shouldShowOneTap({ ...visitor, pathname: '/secret-santa-generator/budget/' })).toBe(false);
    expect(shouldShowOneTap({ ...visitor, pathname: '/gift-exchange-generator/' })).toBe(false);
    expect(shouldShowOneTap({ ...visitor, pathname: '/a/log-in/' })).toBe(false);
    expect(shouldShowOneTap({ ...visitor, pathname: '/auth/reset-password/' })).toBe(false);
  });

  it('builds the social log-in address with the current path and query', () => {
    expect(socialLoginAddress('google', '/shop/?q=socks')).toBe(
      '/auth/v2/login/?idp=google&returnurl=%2Fshop%2F%3Fq%3Dsocks',
    );
    expect(socialLoginAddress('google', '/', 'a@b.test')).toBe(
      '/auth/v2/login/?idp=google&returnurl=%2F&lh=a%40b.test',
    );
  });
});
