/**
 * The app router's decisions on a stand-in browser window (history entries, location, popstate):
 * what the first load and later navigations show, where they redirect, when the page is left for
 * a document load. Rendering is covered by the browser tests (runtime.spec.ts and the others).
 */
import { describe, expect, it, vi } from 'vitest';
import type { TRequester } from '../../../renderer/client/request';
import { createMemoryStorage, type TStorageLike } from '../../../renderer/client/types';
import { prefetch as homePrefetch } from '../../../renderer/features/home/home-screen';
import {
  createAppRouter,
  type TAppRouter,
  type TRouterDeps,
  type TScreenData,
  type TView,
} from '../../../renderer/routes/router';
import { findRoute, routeTable, type TRouteDefinition } from '../../../renderer/routes/route-table';

const ORIGIN = 'http://app.test';
const EXCHANGE_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

interface TFakeWindow {
  window: Window;
  /** Addresses the page was left for (location.replace; `assign <to>`; `reload <href>`). */
  documentLoads: string[];
  path(): string;
  /** The history's entries (path, search, hash), oldest first. */
  entries(): string[];
}

function fakeWindow(start: string): TFakeWindow {
  const entries: Array<{ url: URL; state: unknown }> = [{ url: new URL(start, ORIGIN), state: null }];
  let index = 0;
  const documentLoads: string[] = [];
  const current = () => entries[index] ?? { url: new URL('/', ORIGIN), state: null };
  const popListeners = new Set<() => void>();
  const history = {
    get state() {
      return current().state;
    },
    get length() {
      return entries.length;
    },
    pushState(state: unknown, _title: string, url: string) {
      entries.splice(index + 1);
      entries.push({ url: new URL(url, current().url), state });
      index += 1;
    },
    replaceState(state: unknown, _title: string, url?: string) {
      entries[index] = { url: url ? new URL(url, current().url) : current().url, state };
    },
    go(delta: number) {
      index += delta;
      for (const listener of popListeners) listener();
    },
  };
  const location = {
    get pathname() {
      return current().url.pathname;
    },
    get search() {
      return current().url.search;
    },
    get hash() {
      return current().url.hash;
    },
    get href() {
      return current().url.href;
    },
    origin: ORIGIN,
    replace: (to: string) => documentLoads.push(to),
    assign: (to: string) => documentLoads.push(`assign ${to}`),
    reload: () => documentLoads.push(`reload ${current().url.pathname}${current().url.search}${current().url.hash}`),
  };
  const win = {
    history,
    location,
    addEventListener: (type: string, listener: () => void) => type === 'popstate' && popListeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => popListeners.delete(listener),
  };
  return {
    window: win as unknown as Window,
    documentLoads,
    path: () => `${location.pathname}${location.search}${location.hash}`,
    entries: () => entries.map(({ url }) => `${url.pathname}${url.search}${url.hash}`),
  };
}

function contentRequester(answers: Array<{ status: number; location?: string; data?: unknown }>) {
  const urls: string[] = [];
  const requester = {
    requestWithMeta: (options: { url: string }) => {
      urls.push(options.url);
      const answer = answers.shift() ?? { status: 200, data: null };
      return Promise.resolve({
        status: answer.status,
        headers: new Headers(answer.location ? { location: answer.location } : {}),
        data: answer.data,
      });
    },
  } as unknown as Pick<TRequester, 'requestWithMeta'>;
  return { requester, urls };
}

function start(path: string, deps: TRouterDeps & { storage?: TStorageLike } = {}) {
  const fake = fakeWindow(path);
  const warnings: string[] = [];
  const router = createAppRouter({
    sessionStorage: deps.storage ?? createMemoryStorage(),
    logger: { warn: (_category, message) => (warnings.push(message), null), logError: () => null },
    ...deps,
    window: fake.window,
  });
  return { fake, router, warnings };
}

/** The view the router shows for the current entry, once ready (its screen's code and data loaded). */
function shown(router: TAppRouter): Promise<TView> {
  return vi.waitFor(
    () => {
      const { view, pending } = router.getSnapshot();
      if (!view || view.location.key !== pending?.key) throw new Error('not shown yet');
      expect(router.navigator.location.key).toBe(view.location.key);
      return view;
    },
    { timeout: 10_000, interval: 5 },
  );
}

const routes: readonly TRouteDefinition[] = routeTable;
const inAppRedirect = routes.find(
  (route) => route.redirectTo && !route.path.includes(':') && !findRoute(route.redirectTo)?.fullPageLoad,
);

describe('app router', () => {
  it('shows a screen route once its code is loaded, nothing before', async () => {
    const { router, fake } = start('/home/');
    expect(router.getSnapshot()).toMatchObject({ view: null, pending: { pathname: '/home/' } });
    const view = await shown(router);
    expect(view.route.name).toBe('v2.home');
    expect(view.notFound).toBe(false);
    expect(router.screen(view.route)).not.toHaveProperty('$$typeof', Symbol.for('react.lazy'));
    expect(fake.documentLoads).toEqual([]);
  });

  it('follows an in-app redirect before anything shows, keeping search and hash', async () => {
    if (!inAppRedirect?.redirectTo) throw new Error('no in-app redirect without params in the table');
    const target = findRoute(inAppRedirect.redirectTo);
    const { router, fake } = start(`${inAppRedirect.path}?a=1#part`);
    expect(fake.path()).toBe(`${target?.path}?a=1#part`);
    expect((await shown(router)).route.name).toBe(target?.name);
    expect(fake.documentLoads).toEqual([]);
  });

  it('leaves for a document load when the redirect target is a full page load', () => {
    const { router, fake } = start('/admin/somepage/?q=2#h');
    expect(fake.documentLoads).toEqual(['/old-admin/somepage/?q=2#h']);
    expect(router.getSnapshot().view).toBeNull();
  });

  it('shows not-found for a malformed id (no redirect, no request)', async () => {
    const { router } = start('/gift-exchanges/not-a-uuid/');
    expect(await shown(router)).toMatchObject({ notFound: true, route: { name: 'v2.giftExchanges.main' } });
    const good = start(`/gift-exchanges/${EXCHANGE_ID}/`);
    expect((await shown(good.router)).notFound).toBe(false);
  });

  it('reloads an unknown path once, then shows not-found with a warning', async () => {
    const storage = createMemoryStorage();
    const first = start('/no-such-page/?a=1', { storage });
    expect(first.fake.documentLoads).toEqual(['reload /no-such-page/?a=1']);
    expect(first.router.getSnapshot().view).toBeNull();
    const second = start('/no-such-page/?a=1', { storage });
    expect(second.fake.documentLoads).toEqual([]);
    expect(await shown(second.router)).toMatchObject({ notFound: true, route: { name: 'v2.notFound' } });
    expect(second.warnings).toEqual(['Route not found: /no-such-page/?a=1']);
  });

  it('loads a content screen’s data before showing it; on the first load a 404 is the route’s error', async () => {
    const ok = contentRequester([{ status: 200, data: { title: 'Hi' } }]);
    const first = start('/welcome/', { requester: ok.requester });
    const view = await shown(first.router);
    await expect(first.router.content(view)).resolves.toEqual({ kind: 'data', data: { title: 'Hi' } });
    expect(ok.urls).toEqual(['/v1/content/screens/welcome']);

    const missing = contentRequester([{ status: 404 }]);
    const second = start('/welcome/', { requester: missing.requester });
    const failing = await shown(second.router);
    await expect(second.router.content(failing)).resolves.toEqual({ kind: 'error', status: 404 });
    expect(second.fake.documentLoads).toEqual([]);
  });

  it('after the first load, a failing content answer is a full page load of the target and a warning', async () => {
    const answers = contentRequester([{ status: 503 }]);
    const { router, fake, warnings } = start('/home/', { requester: answers.requester });
    const home = await shown(router);
    router.shown(home.location.key);
    const seen: Array<string | undefined> = [];
    router.subscribe((snapshot) => seen.push(snapshot.pending?.pathname));
    router.navigator.push('/welcome/?x=1');
    // Where we go is known at once; the home screen (and address) stays while the welcome screen loads.
    expect(seen).toEqual(['/welcome/']);
    expect(router.getSnapshot().view).toBe(home);
    expect(fake.entries()).toEqual(['/home/']);
    // Its entry is added by the document load (as the data router's location.assign).
    await vi.waitFor(() => expect(fake.documentLoads).toEqual(['assign /welcome/?x=1']), { timeout: 10_000 });
    // The page is left: the welcome screen never shows.
    expect(router.getSnapshot().view).toBe(home);
    expect(warnings.join('\n')).toContain('503');
  });

  it('follows a content redirect in the app, replacing the entry', async () => {
    const answers = contentRequester([{ status: 302, location: `${ORIGIN}/home/?from=welcome` }]);
    const { router, fake } = start('/welcome/', { requester: answers.requester });
    const view = await shown(router);
    expect(fake.path()).toBe('/home/?from=welcome');
    expect(view.route.name).toBe('v2.home');
    expect(fake.documentLoads).toEqual([]);
  });

  it('keeps the page’s data and decision when only the hash changes', async () => {
    const answers = contentRequester([{ status: 200, data: { title: 'Terms' } }]);
    const { router, warnings } = start('/welcome/', { requester: answers.requester });
    const first = await shown(router);
    router.shown(first.location.key);
    router.navigator.push('/welcome/#section-2');
    // Nothing to wait for: it shows at once.
    const second = router.getSnapshot().view;
    if (!second) throw new Error('no view');
    expect(second.location.key).not.toBe(first.location.key);
    await expect(router.content(second)).resolves.toEqual({ kind: 'data', data: { title: 'Terms' } });
    expect(answers.urls).toEqual(['/v1/content/screens/welcome']);

    const storage = createMemoryStorage();
    start('/nowhere/', { storage });
    const unknown = start('/nowhere/', { storage });
    await shown(unknown.router);
    unknown.router.navigator.push('/nowhere/#x');
    expect(unknown.warnings).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
});

/** A content requester whose answers come when the test says (one per request, in order). */
function heldRequester() {
  const held: Array<(answer: { status: number; location?: string; data?: unknown }) => void> = [];
  const requester = {
    requestWithMeta: (options: { signal?: AbortSignal }) =>
      new Promise((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        held.push((answer) =>
          resolve({
            status: answer.status,
            headers: new Headers(answer.location ? { location: answer.location } : {}),
            data: answer.data,
          }),
        );
      }),
  } as unknown as Pick<TRequester, 'requestWithMeta'>;
  return { requester, held };
}

/** Shows the router's first view and tells it it is on screen (as the app router's marker does). */
async function startShown(path: string, deps: TRouterDeps = {}) {
  const started = start(path, deps);
  const view = await shown(started.router);
  started.router.shown(view.location.key);
  return { ...started, view };
}

function settledFlag(promise: Promise<unknown>): () => boolean {
  let done = false;
  void promise.then(() => (done = true));
  return () => done;
}

describe('app router navigations', () => {
  it('navigate() resolves once the target view is on screen, not before', async () => {
    const answers = heldRequester();
    const { router } = await startShown('/home/', { requester: answers.requester });
    const done = settledFlag(router.navigate('/welcome/'));
    await vi.waitFor(() => expect(answers.held).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done()).toBe(false);
    answers.held[0]?.({ status: 200, data: { title: 'Hi' } });
    const view = await shown(router);
    expect(view.route.name).toBe('v2.welcome');
    // Published, not yet rendered: still waiting.
    await Promise.resolve();
    expect(done()).toBe(false);
    router.shown(view.location.key);
    await vi.waitFor(() => expect(done()).toBe(true));
  });

  it('navigate() resolves when a later navigation takes over, or the page is left', async () => {
    const answers = heldRequester();
    const { router } = await startShown('/home/', { requester: answers.requester });
    const first = router.navigate('/welcome/');
    const second = router.navigate('/terms/');
    await expect(first).resolves.toBeUndefined();
    await vi.waitFor(() => expect(answers.held).toHaveLength(2));
    answers.held[1]?.({ status: 503 });
    await expect(second).resolves.toBeUndefined();
  });

  it('a navigation is written to the history when its view shows, so one taken over leaves no entry', async () => {
    const answers = heldRequester();
    const { router, fake } = await startShown('/home/', { requester: answers.requester });
    void router.navigate('/welcome/');
    void router.navigate('/terms/');
    // The address stays with the screen on show.
    expect(fake.entries()).toEqual(['/home/']);
    await vi.waitFor(() => expect(answers.held).toHaveLength(2));
    answers.held[1]?.({ status: 200, data: null });
    expect((await shown(router)).route.name).toBe('v2.terms');
    expect(fake.entries()).toEqual(['/home/', '/terms/']);
    // Once shown, the next push is a new entry again.
    router.shown(router.navigator.location.key);
    void router.navigate('/home/');
    expect(fake.entries()).toEqual(['/home/', '/terms/', '/home/']);
  });

  it('reloads (not an anchor jump) when the page to leave for is the current address with a hash', async () => {
    const answers = contentRequester([{ status: 503 }]);
    const { router, fake } = await startShown('/home/', { requester: answers.requester });
    // Forward to an entry whose content answer fails: the browser is there already.
    fake.window.history.pushState(null, '', '/welcome/#part');
    fake.window.history.go(-1);
    const left = router.navigate(1);
    await vi.waitFor(() => expect(fake.documentLoads).toEqual(['reload /welcome/#part']), { timeout: 10_000 });
    await expect(left).resolves.toBeUndefined();

    const storage = createMemoryStorage();
    const unknown = start('/no-such-page/#frag', { storage });
    expect(unknown.fake.documentLoads).toEqual(['reload /no-such-page/#frag']);
  });

  it('navigate() follows a content redirect: it resolves once the redirect’s target is on screen', async () => {
    const answers = contentRequester([{ status: 302, location: `${ORIGIN}/home/?from=welcome` }]);
    const { router, fake } = await startShown('/home/', { requester: answers.requester });
    const done = settledFlag(router.navigate('/welcome/'));
    const view = await vi.waitFor(() => {
      const current = router.getSnapshot().view;
      if (current?.location.search !== '?from=welcome') throw new Error('not yet');
      return current;
    });
    expect(fake.entries()).toEqual(['/home/', '/home/?from=welcome']);
    await Promise.resolve();
    expect(done()).toBe(false);
    router.shown(view.location.key);
    await vi.waitFor(() => expect(done()).toBe(true));
  });

  it('Back while a navigation loads shows the previous screen and ends that navigation', async () => {
    const answers = heldRequester();
    const { router, fake, view: start } = await startShown('/home/', { requester: answers.requester });
    void router.navigate('/terms/');
    answers.held[0]?.({ status: 200, data: null });
    router.shown((await shown(router)).location.key);
    const going = settledFlag(router.navigate('/welcome/'));
    const back = router.navigate(-1);
    expect(fake.path()).toBe('/home/');
    const home = { location: { key: start.location.key } };
    const view = await shown(router);
    expect(view.route.name).toBe('v2.home');
    expect(view.location.key).toBe(home.location.key);
    await vi.waitFor(() => expect(going()).toBe(true));
    router.shown(view.location.key);
    await expect(back).resolves.toBeUndefined();
    // The welcome answer coming late changes nothing.
    answers.held[1]?.({ status: 200, data: null });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(router.getSnapshot().view).toBe(view);
  });

  it('a replace from the shown screen while another navigation loads replaces the shown entry, not a pending one', async () => {
    const answers = heldRequester();
    const { router, fake } = await startShown('/home/', { requester: answers.requester });
    void router.navigate('/welcome/');
    // The home screen updates its search params meanwhile (it takes over, as with the data router).
    void router.navigate('/home/?tab=2', { replace: true });
    const view = await shown(router);
    expect(view.location.search).toBe('?tab=2');
    expect(fake.entries()).toEqual(['/home/?tab=2']);
  });

  it('keeps the content data on the view; reading it never starts a request', async () => {
    const answers = contentRequester([{ status: 200, data: { title: 'Hi' } }]);
    const { router, view } = await startShown('/welcome/', { requester: answers.requester });
    expect(view.content).toBeDefined();
    await router.content(view);
    await router.content({ ...view, location: { ...view.location, key: 'dropped' } });
    expect(answers.urls).toEqual(['/v1/content/screens/welcome']);
  });
});

describe('app router: a screen’s prefetch', () => {
  /** The query data as the router sees it, recording what screens ask it to prefetch. */
  function prefetchingData(answer: () => Promise<void>) {
    const calls: Array<{ data: unknown; start: unknown; at: string }> = [];
    const data: TScreenData = {
      load: () => Promise.resolve('the loaded data'),
      wrap: (Component) => Component,
      prefetch: (loaded, start, location) => {
        calls.push({ data: loaded, start, at: `${location.pathname}${location.search}` });
        return answer();
      },
    };
    return { data, calls };
  }

  it('shows a screen that prefetches once its data is here, started for the location it shows', async () => {
    let release: () => void = () => undefined;
    const { data, calls } = prefetchingData(() => new Promise<void>((resolve) => (release = resolve)));
    const { router } = start('/home/?market=DE', { data, prefetchWaitMs: 60_000 });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // The home screen's own export, with the data module's answer and the address it shows.
    expect(calls[0]).toEqual({ data: 'the loaded data', start: homePrefetch, at: '/home/?market=DE' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.getSnapshot().view).toBeNull();
    release();
    const view = await shown(router);
    expect(view.route.name).toBe('v2.home');
  });

  it('shows it anyway once the wait is over when the data does not come', async () => {
    const { data, calls } = prefetchingData(() => new Promise<void>(() => undefined));
    const { router } = start('/home/', { data, prefetchWaitMs: 30 });
    const view = await shown(router);
    expect(view.route.name).toBe('v2.home');
    expect(calls).toHaveLength(1);
  });

  it('a screen without a prefetch shows without asking for one', async () => {
    const { data, calls } = prefetchingData(() => Promise.resolve());
    const shop = findRoute('v2.shop.root');
    if (!shop) throw new Error('no shop route');
    const { router } = start(shop.path, { data, prefetchWaitMs: 60_000 });
    const view = await shown(router);
    expect(view.route.name).toBe('v2.shop.root');
    expect(calls).toEqual([]);
  });

  it('asks again on a later navigation to the screen, for the new address', async () => {
    const { data, calls } = prefetchingData(() => Promise.resolve());
    const { router } = start('/home/', { data });
    await shown(router);
    void router.navigate('/home/?market=GB');
    const view = await shown(router);
    expect(view.location.search).toBe('?market=GB');
    expect(calls.map((call) => call.at)).toEqual(['/home/', '/home/?market=GB']);
  });
});
