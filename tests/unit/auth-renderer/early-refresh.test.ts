/**
 * The page's early refresh (issue 27): the script the server inlines in a signed-in browser's page
 * starts the same request the app's first refresh would, only when the app would make it, and the
 * app takes that answer once instead of asking again.
 */
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_REFRESH_GLOBAL,
  EARLY_REFRESH_SCRIPT,
  REFRESH_TOKEN_PATH,
} from '../../../server/contracts/early-refresh';
import { AUTH_PATHS, fetchRefreshToken } from '../../../renderer/auth/api';
import { createAppAuth, type TAppAuth } from '../../../renderer/auth/app-auth';
import { EARLY_REFRESH_FRESH_MS, takeEarlyRefresh } from '../../../renderer/auth/early-refresh';
import { decodeIdentity, serializeStoredIdentity } from '../../../renderer/client/identity-store';
import { createMemoryStorage } from '../../../renderer/client/types';

const NOW = 1_700_000_000_000;
const USER = '6f1f8a52-5b4e-4f55-9d55-08d1c1d3b0a1';

function jwt(expiresInSeconds: number): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    sub: USER,
    role: ['ElfRegisteredUser'],
    created: NOW / 1000 - 60,
    expires: NOW / 1000 + expiresInSeconds,
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const json = (body: unknown): Response =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Runs the inlined script as a browser would, with this storage content; answers what it did. */
function runScript(stored: string | null, answer: Promise<Response> = Promise.resolve(json({}))) {
  const fetch = vi.fn((_url: string, _init: RequestInit) => answer);
  const window: Record<string, unknown> = {};
  // Tasks the script queues, run by the test; the formatters it creates.
  const tasks: Array<() => void> = [];
  const formatters: string[] = [];
  const formatter = (kind: string) =>
    function Formatter() {
      formatters.push(kind);
      return { format: () => '0' };
    };
  runInNewContext(EARLY_REFRESH_SCRIPT, {
    window,
    fetch,
    localStorage: { getItem: (key: string) => (key === 'identity' ? stored : null) },
    Date: { now: () => NOW },
    JSON,
    setTimeout: (task: () => void, ms: number) => {
      expect(ms).toBe(0);
      tasks.push(task);
    },
    Intl: { NumberFormat: formatter('number'), DateTimeFormat: formatter('date') },
  });
  return {
    fetch,
    early: window[EARLY_REFRESH_GLOBAL] as { at: number; answer: Promise<Response> } | undefined,
    tasks,
    formatters,
  };
}

describe("the page's early refresh script", () => {
  it('with nothing stored, sends the request the app would send and leaves it for the app', async () => {
    const { fetch, early } = runScript(null);
    expect(fetch).toHaveBeenCalledTimes(1);
    const appFetch = vi.fn(async (_url: string, _init: RequestInit) => json({ accessToken: null }));
    await fetchRefreshToken(appFetch as unknown as typeof globalThis.fetch, new AbortController().signal);
    const { signal, ...appInit } = appFetch.mock.calls[0]![1];
    expect(signal).toBeDefined();
    expect(fetch.mock.calls[0]).toEqual([AUTH_PATHS.refreshToken, appInit]);
    expect(REFRESH_TOKEN_PATH).toBe(AUTH_PATHS.refreshToken);
    expect(early?.at).toBe(NOW);
    expect(early?.answer).toBe(fetch.mock.results[0]!.value);
  });

  it('does nothing when a live identity is stored: the app starts without a refresh then', () => {
    const { fetch, early } = runScript(serializeStoredIdentity(decodeIdentity(jwt(3600), null)!));
    expect(fetch).not.toHaveBeenCalled();
    expect(early).toBeUndefined();
  });

  it('refreshes when the stored identity expired, is of another version, or is unreadable', () => {
    const expired = serializeStoredIdentity(decodeIdentity(jwt(-10), null)!);
    const otherVersion = JSON.stringify({
      ...JSON.parse(expired),
      version: 6,
      identity: { expires: NOW / 1000 + 3600 },
    });
    for (const stored of [expired, otherVersion, '{not json']) {
      expect(runScript(stored).fetch).toHaveBeenCalledTimes(1);
    }
  });

  it('loads the locale data in a task of its own, signed in with a live identity or not', () => {
    for (const stored of [null, serializeStoredIdentity(decodeIdentity(jwt(3600), null)!)]) {
      const { tasks, formatters } = runScript(stored);
      // Not while the head is parsed: in the next task, before the stylesheet and scripts arrive.
      expect(formatters).toEqual([]);
      expect(tasks).toHaveLength(1);
      tasks[0]!();
      expect(formatters).toEqual(['number', 'date']);
    }
  });

  it('handles a failed request itself, so an answer the app never takes is no unhandled rejection', async () => {
    const failed = Promise.reject(new TypeError('offline'));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      runScript(null, failed);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('takeEarlyRefresh', () => {
  it('gives the pending answer once', () => {
    const answer = Promise.resolve(json({}));
    const holder: Record<string, unknown> = { [EARLY_REFRESH_GLOBAL]: { at: NOW, answer } };
    expect(takeEarlyRefresh(holder, () => NOW + 50)).toBe(answer);
    expect(takeEarlyRefresh(holder, () => NOW + 60)).toBeNull();
  });

  it('leaves an old or malformed one (and a page without one) to a request of its own', () => {
    const answer = Promise.resolve(json({}));
    const old = { [EARLY_REFRESH_GLOBAL]: { at: NOW, answer } };
    expect(takeEarlyRefresh(old, () => NOW + EARLY_REFRESH_FRESH_MS + 1)).toBeNull();
    expect(takeEarlyRefresh({ [EARLY_REFRESH_GLOBAL]: { at: 'soon' } }, () => NOW)).toBeNull();
    expect(takeEarlyRefresh({}, () => NOW)).toBeNull();
    // The default holder is the global object: outside a page (the prerender, Node) it holds none.
    expect(takeEarlyRefresh()).toBeNull();
  });
});

describe('the auth runtime with an early refresh', () => {
  let auth: TAppAuth | null = null;
  afterEach(() => auth?.dispose());

  it('takes the page’s answer for its first refresh, then asks the server itself', async () => {
    const early = vi.fn<() => Promise<Response> | null>();
    early
      .mockReturnValueOnce(Promise.resolve(json({ accessToken: jwt(3600), auditToken: null })))
      .mockReturnValue(null);
    const fetch = vi.fn(async () => json({ accessToken: jwt(3600), auditToken: null }));
    auth = createAppAuth({ storage: createMemoryStorage(), fetch, now: () => NOW, takeEarlyRefresh: early });
    await auth.whenReady();
    expect(auth.store.getIdentity()?.userId).toBe(USER);
    expect(fetch).not.toHaveBeenCalled();
    await auth.store.refresh();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reads a failed early answer as a failed refresh: the app is ready, signed out', async () => {
    const early = () => Promise.resolve(new Response('{}', { status: 500 }));
    const fetch = vi.fn(async () => json({ accessToken: null }));
    auth = createAppAuth({ storage: createMemoryStorage(), fetch, now: () => NOW, takeEarlyRefresh: early });
    await auth.whenReady();
    expect(auth.isReady()).toBe(true);
    expect(auth.store.getIdentity()).toBeNull();
    expect(auth.store.getState().requestState).toBe('error');
    expect(fetch).not.toHaveBeenCalled();
  });
});
