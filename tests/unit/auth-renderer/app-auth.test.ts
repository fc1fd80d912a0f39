import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppAuth, type TAppAuth } from '../../../renderer/auth/app-auth';
import { serializeStoredIdentity, decodeIdentity } from '../../../renderer/client/identity-store';
import { createMemoryStorage } from '../../../renderer/client/types';

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const NOW = 1_700_000_000_000;
const USER = '6f1f8a52-5b4e-4f55-9d55-08d1c1d3b0a1';
const token = (expiresInSeconds: number) =>
  jwt({
    sub: USER,
    role: ['ElfFullAuth', 'ElfRegisteredUser'],
    created: NOW / 1000 - 60,
    expires: NOW / 1000 + expiresInSeconds,
  });

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

let auth: TAppAuth | null = null;
afterEach(() => auth?.dispose());

describe('createAppAuth', () => {
  it('with no stored identity, refreshes once from the cookie and becomes ready', async () => {
    const access = token(3600);
    const fetch = vi.fn(async () => json({ accessToken: access, auditToken: null }));
    auth = createAppAuth({ storage: createMemoryStorage(), fetch, now: () => NOW });
    expect(auth.isReady()).toBe(false);
    const ready = new Promise<void>((resolve) => auth?.subscribeReady(resolve));
    await ready;
    expect(auth.isReady()).toBe(true);
    // The same moment as a promise, for code outside React (a screen's prefetch).
    await expect(auth.whenReady()).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(auth.store.getIdentity()?.userId).toBe(USER);
  });

  it('becomes ready without a sign-in when the cookie has none', async () => {
    const fetch = vi.fn(async () => json({ accessToken: null, auditToken: null }));
    auth = createAppAuth({ storage: createMemoryStorage(), fetch, now: () => NOW });
    await new Promise<void>((resolve) => auth?.subscribeReady(resolve));
    expect(auth.store.getIdentity()).toBeNull();
  });

  it('is ready at once with a live stored identity and does not call the server', async () => {
    const identity = decodeIdentity(token(3600), null);
    const storage = createMemoryStorage({ identity: serializeStoredIdentity(identity) });
    const fetch = vi.fn(async () => json({ accessToken: null }));
    auth = createAppAuth({ storage, fetch, now: () => NOW });
    expect(auth.isReady()).toBe(true);
    await expect(auth.whenReady()).resolves.toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is ready at once without asking when the page came without a refresh cookie and nothing is stored', () => {
    const fetch = vi.fn(async () => json({ accessToken: token(3600) }));
    auth = createAppAuth({ storage: createMemoryStorage(), fetch, now: () => NOW, noSessionCookie: true });
    expect(auth.isReady()).toBe(true);
    expect(auth.store.getIdentity()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('still asks without a refresh cookie when an expired identity is stored, and signs it out', async () => {
    const expired = decodeIdentity(token(-60), null);
    const storage = createMemoryStorage({ identity: serializeStoredIdentity(expired) });
    const fetch = vi.fn(async () => json({ accessToken: null, auditToken: null }));
    auth = createAppAuth({ storage, fetch, now: () => NOW, noSessionCookie: true });
    expect(auth.isReady()).toBe(false);
    await new Promise<void>((resolve) => auth?.subscribeReady(resolve));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(auth.store.getIdentity()).toBeNull();
    expect(storage.getItem('identity')).toBeNull();
  });

  it('follows another tab signing out (storage event)', () => {
    const identity = decodeIdentity(token(3600), null);
    const storage = createMemoryStorage({ identity: serializeStoredIdentity(identity) });
    auth = createAppAuth({ storage, fetch: vi.fn(), now: () => NOW });
    const target = new EventTarget();
    const stop = auth.listenToOtherTabs(target as unknown as Window);
    const event = Object.assign(new Event('storage'), { key: 'identity', newValue: null });
    target.dispatchEvent(event);
    expect(auth.store.getIdentity()).toBeNull();
    stop();
  });
});
