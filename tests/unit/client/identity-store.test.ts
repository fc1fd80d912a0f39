import { describe, expect, it, vi } from 'vitest';
import {
  AuthApiFailError,
  AuthApiTimeoutError,
  IdentityChangedExternallyError,
  IdentityFetchError,
  IdentityLoggedOut,
} from '../../../renderer/client/errors';
import { authFlagsOf, effectiveRoles } from '../../../renderer/client/flags';
import {
  createIdentityStore,
  decodeIdentity,
  loadStoredIdentity,
  parseStoredIdentity,
  refreshDueAt,
  rootIdentityOf,
  serializeStoredIdentity,
  type TIdentityStoreDeps,
  type TRefreshAnswer,
} from '../../../renderer/client/identity-store';
import { createMemoryStorage, timerSchedule, type TStorageLike } from '../../../renderer/client/types';

const USER_A = 'AAAAAAAA-1111-4111-8111-111111111111';
const USER_B = 'bbbbbbbb-2222-4222-8222-222222222222';
const ADMIN = 'cccccccc-3333-4333-8333-333333333333';
const T0 = 1_700_000_000; // seconds

function jwt(claims: Record<string, unknown>): string {
  const enc = (v: unknown): string => Buffer.from(JSON.stringify(v), 'utf8').toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}.signature`;
}

function tokenFor(sub: string, extra: Record<string, unknown> = {}): string {
  return jwt({ sub, role: ['ElfFullAuth', 'ElfRegisteredUser'], created: T0, expires: T0 + 3600, ...extra });
}

describe('decodeIdentity', () => {
  it('decodes the claims without verifying', () => {
    const identity = decodeIdentity(
      jwt({
        sub: USER_A,
        role: 'ElfSemiAuth',
        created: T0,
        expires: T0 + 600,
        locale: 'en_GB',
        testGroup: 3,
        isNoShow: 'true',
        facebookId: 12345,
        hasOnlyFacebookLogin: true,
        identityProvider: 'google',
        name: 'Zoë – “quoted”',
      }),
      null,
    );
    expect(identity).toMatchObject({
      userId: USER_A.toLowerCase(),
      roles: ['ElfSemiAuth'],
      created: T0,
      expires: T0 + 600,
      locale: 'en_GB',
      testGroup: 3,
      isNoShow: true,
      facebookId: '12345',
      hasOnlyFacebookLogin: true,
      identityProvider: 'google',
      impersonatorUserId: null,
      impersonatorRoles: [],
      rootIdentity: USER_A.toLowerCase(),
      auditToken: null,
    });
  });

  it('accepts userId, a role array, impersonation claims and iat/exp fallbacks', () => {
    const token = jwt({
      userId: USER_B.toUpperCase(),
      role: ['ElfFullAuth', 'ElfVip'],
      iat: T0,
      exp: T0 + 60,
      impersonatorUserId: ADMIN.toUpperCase(),
      impersonatorRoles: 'ElfSupportAdmin',
    });
    const identity = decodeIdentity(token, 'audit-token');
    expect(identity?.userId).toBe(USER_B);
    expect(identity?.roles).toEqual(['ElfFullAuth', 'ElfVip']);
    expect(identity?.created).toBe(T0);
    expect(identity?.expires).toBe(T0 + 60);
    expect(identity?.impersonatorUserId).toBe(ADMIN);
    expect(identity?.impersonatorRoles).toEqual(['ElfSupportAdmin']);
    expect(identity?.token).toBe(token);
    expect(identity?.auditToken).toBe('audit-token');
  });

  it('answers null for malformed tokens or tokens without a user', () => {
    expect(decodeIdentity('not-a-jwt', null)).toBeNull();
    expect(decodeIdentity('a.!!!.c', null)).toBeNull();
    expect(decodeIdentity(jwt({ role: 'ElfFullAuth' }), null)).toBeNull();
  });

  it('decodes the root identity from the audit token while impersonating', () => {
    const audit = tokenFor(ADMIN, { role: ['ElfFullAuth', 'ElfSupportLead'] });
    const identity = decodeIdentity(
      tokenFor(USER_B, { impersonatorUserId: ADMIN, impersonatorRoles: ['ElfSupportLead'] }),
      audit,
    );
    expect(rootIdentityOf(identity)?.userId).toBe(ADMIN);
    expect(rootIdentityOf(decodeIdentity(tokenFor(USER_B), null))).toBeNull();
  });
});

describe('refreshDueAt', () => {
  it('is halfway between creation and expiry, in ms', () => {
    expect(refreshDueAt({ created: 1000, expires: 3000 })).toBe(2_000_000);
    expect(refreshDueAt({ created: T0, expires: T0 + 3600 })).toBe((T0 + 1800) * 1000);
  });
});

describe('identity storage', () => {
  it('keeps the identity under key identity, version 7', () => {
    const identity = decodeIdentity(tokenFor(USER_B), null);
    const raw = serializeStoredIdentity(identity);
    expect(JSON.parse(raw)).toMatchObject({ version: 7, identity: { userId: USER_B } });
    expect(parseStoredIdentity(raw)).toEqual(identity);
  });

  it('discards a stored value of another version', () => {
    const identity = decodeIdentity(tokenFor(USER_B), null);
    const storage = createMemoryStorage({ identity: JSON.stringify({ version: 6, identity }) });
    expect(loadStoredIdentity(storage)).toBeNull();
    expect(storage.getItem('identity')).toBeNull();
    const garbage = createMemoryStorage({ identity: '{"version":7,"identity":{"userId":1}}' });
    expect(loadStoredIdentity(garbage)).toBeNull();
    expect(garbage.getItem('identity')).toBeNull();
  });
});

function makeStore(
  fetchRefresh: TIdentityStoreDeps['fetchRefresh'],
  options: { storage?: TStorageLike; now?: number; autoRefresh?: boolean } = {},
) {
  const storage = options.storage ?? createMemoryStorage();
  const store = createIdentityStore({
    storage,
    fetchRefresh,
    now: () => options.now ?? T0 * 1000,
    schedule: timerSchedule,
    autoRefresh: options.autoRefresh ?? false,
  });
  return { store, storage };
}

describe('createIdentityStore refresh rules', () => {
  it('ok: records the refreshed identity and answers the token', async () => {
    const token = tokenFor(USER_B);
    const { store, storage } = makeStore(async () => ({ accessToken: token, auditToken: null }));
    expect(await store.refresh()).toBe(token);
    expect(store.getState()).toMatchObject({ requestState: 'ok', change: 'new', error: null });
    expect(store.token()).toBe(token);
    expect(parseStoredIdentity(storage.getItem('identity'))?.userId).toBe(USER_B);
    expect(authFlagsOf(store).isAuthenticated).toBe(true);
  });

  it('no token and not logged in: failed, resolves null', async () => {
    const { store } = makeStore(async () => ({ accessToken: null }));
    expect(await store.refresh()).toBeNull();
    expect(store.getState().requestState).toBe('failed');
    expect(store.getState().error).toBeNull();
  });

  it('no token while logged in: treated as logged out (IdentityLoggedOut, warn)', async () => {
    const { store, storage } = makeStore(async () => ({ accessToken: null }));
    store.setTokens(tokenFor(USER_B));
    const error = await store.refresh().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityLoggedOut);
    expect((error as IdentityLoggedOut).level).toBe('warn');
    expect(store.getIdentity()).toBeNull();
    expect(storage.getItem('identity')).toBeNull();
    expect(store.getState().requestState).toBe('failed');
  });

  it('a different account: records it and raises IdentityChangedExternallyError (warn)', async () => {
    const other = tokenFor(USER_A);
    const { store } = makeStore(async () => ({ accessToken: other }));
    store.setTokens(tokenFor(USER_B));
    const error = await store.refresh().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityChangedExternallyError);
    expect((error as IdentityChangedExternallyError).level).toBe('warn');
    expect(store.getIdentity()?.userId).toBe(USER_A.toLowerCase());
    expect(store.getState()).toMatchObject({ change: 'changedExternally' });
  });

  it('the same account with a new token is a plain update', async () => {
    const renewed = tokenFor(USER_B, { created: T0 + 100, expires: T0 + 3700 });
    const { store } = makeStore(async () => ({ accessToken: renewed }));
    store.setTokens(tokenFor(USER_B));
    expect(await store.refresh()).toBe(renewed);
    expect(store.getState()).toMatchObject({ requestState: 'ok', change: 'updatedExternally', error: null });
  });

  it('any other failure: error', async () => {
    const { store } = makeStore(async () => Promise.reject(new Error('502')));
    const error = await store.refresh().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthApiFailError);
    expect(store.getState().requestState).toBe('error');

    const { store: bad } = makeStore(async () => ({ accessToken: 'garbage' }));
    await expect(bad.refresh()).rejects.toBeInstanceOf(IdentityFetchError);
    expect(bad.getState().requestState).toBe('error');
  });

  it('times out after 30 s with AuthApiTimeoutError and aborts the call', async () => {
    vi.useFakeTimers();
    try {
      let signal: AbortSignal | undefined;
      const { store } = makeStore((s) => {
        signal = s;
        return new Promise<TRefreshAnswer>(() => undefined);
      });
      const pending = store.refresh().catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(29_999);
      expect(signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toBeInstanceOf(AuthApiTimeoutError);
      expect(signal?.aborted).toBe(true);
      expect(store.getState().requestState).toBe('error');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares one refresh in flight', async () => {
    const fetchRefresh = vi.fn(async () => ({ accessToken: tokenFor(USER_B) }));
    const { store } = makeStore(fetchRefresh);
    const [a, b] = await Promise.all([store.refresh(), store.refresh()]);
    expect(a).toBe(b);
    expect(fetchRefresh).toHaveBeenCalledTimes(1);
    await store.refresh();
    expect(fetchRefresh).toHaveBeenCalledTimes(2);
  });

  it('clear() removes the identity: cleared', () => {
    const { store, storage } = makeStore(async () => ({ accessToken: null }));
    store.setTokens(tokenFor(USER_B));
    store.clear();
    expect(store.getState().requestState).toBe('cleared');
    expect(store.token()).toBeNull();
    expect(storage.getItem('identity')).toBeNull();
  });

  it('refreshes automatically halfway between creation and expiry', async () => {
    vi.useFakeTimers();
    try {
      const fetchRefresh = vi.fn(async () => ({
        accessToken: tokenFor(USER_B, { created: T0 + 1800, expires: T0 + 5400 }),
      }));
      const storage = createMemoryStorage({
        identity: serializeStoredIdentity(decodeIdentity(tokenFor(USER_B), null)),
      });
      // Now is 10 minutes after creation; halfway is at 30 minutes.
      const store = createIdentityStore({
        storage,
        fetchRefresh,
        now: () => (T0 + 600) * 1000,
        schedule: timerSchedule,
      });
      expect(store.getIdentity()?.userId).toBe(USER_B);
      await vi.advanceTimersByTimeAsync(1_200_000 - 1);
      expect(fetchRefresh).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchRefresh).toHaveBeenCalledTimes(1);
      expect(store.getIdentity()?.created).toBe(T0 + 1800);
      store.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('impersonation: API token is the access token; the audit token is exposed', () => {
    const { store } = makeStore(async () => ({ accessToken: null }));
    const access = tokenFor(USER_B, { impersonatorUserId: ADMIN, impersonatorRoles: ['ElfSupportAdmin'] });
    store.setTokens(access, 'audit-xyz');
    expect(store.token()).toBe(access);
    expect(store.auditToken()).toBe('audit-xyz');
    const flags = authFlagsOf(store);
    expect(flags.isImpersonated).toBe(true);
    expect(flags.isImpersonatorAdmin).toBe(true);
    expect(effectiveRoles(store.getIdentity())).toEqual(['ElfFullAuth', 'ElfRegisteredUser', 'ElfSupportAdmin']);
  });
});

describe('onStorageChange (another tab)', () => {
  const stored = (token: string, audit: string | null = null): string =>
    serializeStoredIdentity(decodeIdentity(token, audit));

  it('none → new → same → updated → changed → removed', () => {
    const { store } = makeStore(async () => ({ accessToken: null }));
    const states: (string | null)[] = [];
    store.subscribe((s) => states.push(s.change));

    expect(store.onStorageChange(null)).toBe('none');
    const first = tokenFor(USER_B);
    expect(store.onStorageChange(stored(first))).toBe('new');
    expect(store.token()).toBe(first);
    expect(store.onStorageChange(stored(first))).toBe('same');
    const renewed = tokenFor(USER_B, { expires: T0 + 7200 });
    expect(store.onStorageChange(stored(renewed))).toBe('updatedExternally');
    expect(store.token()).toBe(renewed);
    expect(store.onStorageChange(stored(tokenFor(USER_A)))).toBe('changedExternally');
    expect(store.getIdentity()?.userId).toBe(USER_A.toLowerCase());
    expect(store.onStorageChange(null)).toBe('removedExternally');
    expect(store.getIdentity()).toBeNull();
    expect(states).toEqual(['none', 'new', 'same', 'updatedExternally', 'changedExternally', 'removedExternally']);
  });

  it('impersonatedExternally when this user starts impersonating as a support admin', () => {
    const { store } = makeStore(async () => ({ accessToken: null }));
    store.setTokens(tokenFor(ADMIN, { role: ['ElfFullAuth', 'ElfSupportAdmin'] }));
    const impersonating = tokenFor(USER_B, { impersonatorUserId: ADMIN, impersonatorRoles: ['ElfSupportAdmin'] });
    expect(store.onStorageChange(stored(impersonating, 'audit'))).toBe('impersonatedExternally');
    expect(store.getIdentity()?.impersonatorUserId).toBe(ADMIN);
  });

  it('a value of another version counts as removed', () => {
    const { store } = makeStore(async () => ({ accessToken: null }));
    store.setTokens(tokenFor(USER_B));
    const other = JSON.stringify({ version: 8, identity: decodeIdentity(tokenFor(USER_B), null) });
    expect(store.onStorageChange(other)).toBe('removedExternally');
  });
});

describe('identity store wired into the requester', () => {
  it('a 401 refreshes through the store and retries with the new access token', async () => {
    const { createRequester } = await import('../../../renderer/client/request');
    const renewed = tokenFor(USER_B, { created: T0 + 10, expires: T0 + 3610 });
    const fetchRefresh = vi.fn(async () => ({ accessToken: renewed, auditToken: null }));
    const { store } = makeStore(fetchRefresh);
    store.setTokens(tokenFor(USER_B));
    const seenAuth: (string | null)[] = [];
    const requester = createRequester({
      fetch: async (_input, init) => {
        const auth = new Headers(init?.headers).get('authorization');
        seenAuth.push(auth);
        return auth === `Bearer ${renewed}`
          ? new Response(JSON.stringify({ id: 1 }), { status: 200, headers: { 'content-type': 'application/json' } })
          : new Response(JSON.stringify({ error: 'expired' }), {
              status: 401,
              headers: { 'content-type': 'application/json' },
            });
      },
      baseUrl: 'https://api.example',
      getToken: () => store.token(),
      pageRequestId: 'p',
      refreshIdentity: () => store.refresh(),
    });
    expect(await requester.request({ method: 'GET', url: '/v1/users/me' })).toEqual({ id: 1 });
    expect(fetchRefresh).toHaveBeenCalledTimes(1);
    expect(seenAuth).toHaveLength(2);
    expect(seenAuth[1]).toBe(`Bearer ${renewed}`);
  });
});
