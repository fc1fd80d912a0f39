/**
 * A screen's prefetch outside React (issue 27): the data module starts it once the identity is
 * known, for a signed-in person only, and its answers land under the keys the screens' hooks read;
 * the page's first refresh naming the person keeps them (it is no change of person). The market a
 * prefetch asks the gift guides for follows the same rules as the shop's hook. The tRPC client
 * sends through a stand-in fetch answering as the server's batch link does.
 */
import { getQueryKey } from '@trpc/react-query';
import { createElement, Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TIdentity } from '../../../server/contracts/identity';
import { answersOf, createData, trpc, type TDataDeps, type TQueryUtils } from '../../../renderer/data/data-module';
import { prefetchMarket } from '../../../renderer/features/shop/market-prefetch';
import { lazyPart } from '../../../renderer/kit/lazy-part';
import { lazyWithData } from '../../../renderer/data/data-loader';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function identityOf(userId: string): TIdentity {
  return { userId, impersonatorUserId: null, token: `token-${userId}` } as unknown as TIdentity;
}

/** The auth runtime as the data module sees it: an identity store, readiness, a fetch answering tRPC. */
function fakeAuth(options: { ready: boolean; identity: TIdentity | null; answers?: Record<string, unknown> }) {
  let identity = options.identity;
  let markReady: () => void = () => undefined;
  const ready = options.ready ? Promise.resolve() : new Promise<void>((resolve) => (markReady = resolve));
  const storeListeners = new Set<(state: { identity: TIdentity | null }) => void>();
  const requested: string[] = [];
  const fetch = (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://app.test');
    const paths = url.pathname.replace('/trpc/', '').split(',');
    requested.push(...paths);
    const body = paths.map((path) => ({ result: { data: options.answers?.[path] ?? null } }));
    return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
  };
  const deps = {
    store: {
      getIdentity: () => identity,
      subscribe: (listener: (state: { identity: TIdentity | null }) => void) => {
        storeListeners.add(listener);
        return () => storeListeners.delete(listener);
      },
    },
    requester: { fetch, streamToken: async () => null },
    whenReady: () => ready,
  } as unknown as TDataDeps['auth'];
  return {
    deps,
    requested,
    /** The store takes a new identity (as a refresh answering does), listeners told. */
    setIdentity(next: TIdentity | null) {
      identity = next;
      storeListeners.forEach((listener) => listener({ identity: next }));
    },
    markReady: () => markReady(),
  };
}

describe('a screen’s prefetch in the data module', () => {
  it('starts once the first refresh named the member, with their id and the address’s query', async () => {
    const auth = fakeAuth({ ready: false, identity: null });
    const data = createData({ auth: auth.deps, reportForbidden: () => undefined });
    const started: Array<{ userId: string; search: string }> = [];
    const done = data.prefetch(({ userId, search }) => void started.push({ userId, search }), { search: '?market=DE' });
    await tick();
    expect(started).toEqual([]);
    auth.setIdentity(identityOf('member-1'));
    auth.markReady();
    await done;
    expect(started).toEqual([{ userId: 'member-1', search: '?market=DE' }]);
  });

  it('starts nothing for a visitor, and settles whatever the screen’s own answers', async () => {
    const visitor = fakeAuth({ ready: true, identity: null });
    const visitorData = createData({ auth: visitor.deps, reportForbidden: () => undefined });
    let calls = 0;
    await visitorData.prefetch(() => void (calls += 1), { search: '' });
    expect(calls).toBe(0);

    const member = fakeAuth({ ready: true, identity: identityOf('member-1') });
    const memberData = createData({ auth: member.deps, reportForbidden: () => undefined });
    await expect(memberData.prefetch(() => Promise.reject(new Error('offline')), { search: '' })).resolves.toBe(
      undefined,
    );
  });

  it('puts its answers where the hooks read them, and the first refresh naming the member keeps them', async () => {
    const landing = { memberCount: 5 };
    const auth = fakeAuth({ ready: false, identity: null, answers: { 'home.landing': landing } });
    const data = createData({ auth: auth.deps, reportForbidden: () => undefined });
    const done = data.prefetch(({ utils }) => utils.home.landing.prefetch({ market: 'US' }), { search: '' });
    // The refresh answers: the store names the member, then the auth runtime is ready.
    auth.setIdentity(identityOf('member-1'));
    auth.markReady();
    await done;
    await tick();
    const key = getQueryKey(trpc.home.landing, { market: 'US' }, 'query');
    expect(auth.requested).toEqual(['home.landing']);
    expect(data.queryClient.getQueryData(key)).toEqual(landing);

    // Another person afterwards: what was cached is the previous person's, and goes.
    auth.setIdentity(identityOf('member-2'));
    await tick();
    expect(data.queryClient.getQueryData(key)).toBeUndefined();
  });
});

describe('the query cache of a page the server rendered', () => {
  const landing = { memberCount: 7 };
  const key = getQueryKey(trpc.home.landing, { market: 'US' }, 'query');
  /** What the server's render answers (member-render.tsx): its cache after the screen's prefetch. */
  async function serverState(userId: string): Promise<unknown> {
    const server = fakeAuth({ ready: true, identity: identityOf(userId), answers: { 'home.landing': landing } });
    const rendered = createData({ auth: server.deps, reportForbidden: () => undefined });
    await rendered.prefetch(({ utils }) => utils.home.landing.prefetch({ market: 'US' }), { search: '' });
    return JSON.parse(JSON.stringify(answersOf(rendered.queryClient)));
  }
  /** The browser's data module on a page rendered for `userId`, before its first refresh answers. */
  function pageRenderedFor(userId: string, state: unknown) {
    const auth = fakeAuth({ ready: false, identity: null });
    const data = createData({ auth: auth.deps, reportForbidden: () => undefined, initialData: { state, userId } });
    return { auth, data };
  }

  it('starts with what the page was rendered with, and asks for none of it again', async () => {
    const state = await serverState('member-1');
    const { auth, data } = pageRenderedFor('member-1', state);
    expect(data.queryClient.getQueryData(key)).toEqual(landing);
    const done = data.prefetch(({ utils }) => utils.home.landing.prefetch({ market: 'US' }), { search: '' });
    // The page's first refresh names the member it was rendered for: the data stays, fresh.
    auth.setIdentity(identityOf('member-1'));
    auth.markReady();
    await done;
    await tick();
    expect(auth.requested).toEqual([]);
    expect(data.queryClient.getQueryData(key)).toEqual(landing);
  });

  it("drops it when the first refresh names someone else, and never takes another person's", async () => {
    const state = await serverState('member-1');
    const { auth, data } = pageRenderedFor('member-1', state);
    auth.setIdentity(identityOf('member-2'));
    await tick();
    expect(data.queryClient.getQueryData(key)).toBeUndefined();

    // Someone else is signed in on this device already: the page's data is not taken at all.
    const signedIn = fakeAuth({ ready: true, identity: identityOf('member-3') });
    const other = createData({
      auth: signedIn.deps,
      reportForbidden: () => undefined,
      initialData: { state, userId: 'member-1' },
    });
    expect(other.queryClient.getQueryData(key)).toBeUndefined();

    // Anything not shaped like the server's answers is left out.
    for (const garbage of ['a string', null, { queries: [] }, [{ data: 1 }], [null]]) {
      const { data: taken } = pageRenderedFor('member-1', garbage);
      expect(taken.queryClient.getQueryCache().getAll()).toEqual([]);
    }
  });
});

describe('the market a prefetch asks for', () => {
  function utilsAnswering(saved: string | null) {
    const asked: string[] = [];
    const utils = {
      shop: {
        markets: {
          fetch: () => (asked.push('markets'), Promise.resolve([{ countryCode: 'US' }, { countryCode: 'GB' }])),
        },
      },
      people: {
        marketPreferences: { fetch: () => (asked.push('saved'), Promise.resolve({ saved, effective: saved ?? 'US' })) },
      },
    } as unknown as TQueryUtils;
    return { utils, asked };
  }

  it('the member’s saved market, asked beside the markets when nothing above it chose', async () => {
    const { utils, asked } = utilsAnswering('GB');
    await expect(prefetchMarket(utils, '')).resolves.toBe('GB');
    expect(asked.sort()).toEqual(['markets', 'saved']);
  });

  it('the address’s market when the shop serves it, without asking for the saved one', async () => {
    const { utils, asked } = utilsAnswering('GB');
    await expect(prefetchMarket(utils, '?market=us')).resolves.toBe('US');
    expect(asked).toEqual(['markets']);
  });

  it('an address’s market the shop does not serve: the saved one after all, else US', async () => {
    const saved = utilsAnswering('GB');
    await expect(prefetchMarket(saved.utils, '?market=FR')).resolves.toBe('GB');
    expect(saved.asked).toEqual(['markets', 'saved']);
    const none = utilsAnswering(null);
    await expect(prefetchMarket(none.utils, '')).resolves.toBe('US');
  });
});

describe('a lazy part loaded ahead', () => {
  it('suspends until its code is here; once preloaded it renders at once, without its fallback', async () => {
    let loads = 0;
    const part = lazyPart(() => {
      loads += 1;
      return Promise.resolve({ default: () => createElement('p', null, 'the member’s sections') });
    });
    const render = () =>
      renderToStaticMarkup(
        createElement(Suspense, { fallback: createElement('span', null, 'loading') }, createElement(part.Part)),
      );
    expect(render()).toBe('<span>loading</span>');
    await part.preload();
    expect(render()).toBe('<p>the member’s sections</p>');
    await part.preload();
    expect(loads).toBe(1);
  });
});

describe('a lazy part that queries, on the server', () => {
  it('renders nothing and loads nothing: the browser adds it once it has taken the page over', () => {
    let loads = 0;
    const Part = lazyWithData(() => {
      loads += 1;
      return Promise.resolve({ default: () => createElement('p', null, 'loaded') });
    });
    const html = renderToStaticMarkup(
      createElement(Suspense, { fallback: createElement('i', null, 'loading') }, createElement(Part)),
    );
    expect(html).toBe('');
    expect(loads).toBe(0);
  });
});
