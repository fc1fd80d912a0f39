/**
 * The one auth runtime of the app: the identity store (localStorage, key `identity` v7, refreshed
 * from GET /auth/v2/refresh-token/ with the cookie), the requesters built on it (bearer token,
 * page request id, tracking header, one refresh and retry on 401) and the /auth/v2 helpers.
 *
 * Created once in main.tsx, before React renders; framework-free so it can be reasoned about alone.
 */
import { IDENTITY_STORAGE_KEY, TOKEN_TIMESTAMP_MULTIPLIER } from '../../server/contracts/constants';
import { createIdentityStore, type TIdentityStore } from '../client/identity-store';
import { createPageRequestId, createRequester, type TRequester } from '../client/request';
import { createMemoryStorage, timerSchedule, type TStorageLike } from '../client/types';
import { browserTrackingHeader, createAuthApi, fetchRefreshToken, readRefreshAnswer, type TAuthApi } from './api';
import { takeEarlyRefresh } from './early-refresh';

export interface TAppAuth {
  store: TIdentityStore;
  /** Requests with the bearer token (tRPC, REST helpers). */
  requester: TRequester;
  /** Requests without a bearer token (auth POSTs that rely on the cookie or on credentials). */
  anonymous: TRequester;
  api: TAuthApi;
  /** False until the first identity is known (a stored live one, or the answer of the first refresh). */
  isReady(): boolean;
  subscribeReady(listener: () => void): () => void;
  /** Resolves once the first identity is known (at once when it already is). */
  whenReady(): Promise<void>;
  /** Follows another tab's change of the `identity` key (the window's storage event). */
  listenToOtherTabs(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void;
  dispose(): void;
}

function browserStorage(): TStorageLike {
  try {
    const storage = window.localStorage;
    const probe = '__identity_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return createMemoryStorage();
  }
}

export interface TAppAuthOptions {
  storage?: TStorageLike;
  fetch?: typeof fetch;
  now?: () => number;
  /**
   * The server saw no refresh cookie on this page's request (its initial state): with nothing
   * stored either, nobody is signed in and the app is ready at once, without asking the server.
   */
  noSessionCookie?: boolean;
  /**
   * The refresh the page's HTML started (renderer/auth/early-refresh.ts), taken by the first
   * refresh instead of asking again; null when there is none.
   */
  takeEarlyRefresh?: () => Promise<Response> | null;
}

export function createAppAuth(options: TAppAuthOptions = {}): TAppAuth {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => window.fetch(input, init));
  const now = options.now ?? Date.now;
  const takeEarly = options.takeEarlyRefresh ?? (() => takeEarlyRefresh());
  const store = createIdentityStore({
    storage: options.storage ?? browserStorage(),
    fetchRefresh: (signal) => {
      const early = takeEarly();
      return early ? early.then(readRefreshAnswer) : fetchRefreshToken(fetchImpl, signal);
    },
    now,
    schedule: timerSchedule,
  });
  const pageRequestId = createPageRequestId();
  const common = {
    fetch: fetchImpl,
    pageRequestId,
    getTrackingHeader: browserTrackingHeader,
    credentials: 'same-origin' as const,
    // The page's own origin is the API's: absolute addresses of it carry the bearer token like
    // relative ones.
    trustedOrigins: typeof window === 'undefined' ? [] : [window.location.origin],
  };
  const requester = createRequester({
    ...common,
    getToken: () => store.token(),
    refreshIdentity: () => store.refresh(),
  });
  const anonymous = createRequester({ ...common, getToken: () => null });
  const api = createAuthApi({ requester, anonymous });

  // Ready at once with a live stored identity, or with none and no cookie to sign in with;
  // otherwise after one refresh that picks up a cookie sign-in (or finds none). A stored identity
  // that expired still asks: its answer signs the tab out properly (IdentityLoggedOut).
  const stored = store.getIdentity();
  let ready = stored === null ? options.noSessionCookie === true : stored.expires * TOKEN_TIMESTAMP_MULTIPLIER > now();
  const readyListeners = new Set<() => void>();
  let whenReady = Promise.resolve();
  if (!ready) {
    let resolveReady: () => void = () => undefined;
    whenReady = new Promise((resolve) => (resolveReady = resolve));
    const markReady = (): void => {
      ready = true;
      resolveReady();
      readyListeners.forEach((listener) => listener());
    };
    store.refresh().then(markReady, markReady);
  }

  return {
    store,
    requester,
    anonymous,
    api,
    isReady: () => ready,
    subscribeReady(listener) {
      readyListeners.add(listener);
      return () => readyListeners.delete(listener);
    },
    whenReady: () => whenReady,
    listenToOtherTabs(target) {
      const onStorage = (event: Event): void => {
        const storageEvent = event as StorageEvent;
        // key null: the whole storage was cleared.
        if (storageEvent.key !== null && storageEvent.key !== IDENTITY_STORAGE_KEY) return;
        store.onStorageChange(storageEvent.key === null ? null : storageEvent.newValue);
      };
      target.addEventListener('storage', onStorage);
      return () => target.removeEventListener('storage', onStorage);
    },
    dispose() {
      readyListeners.clear();
      store.dispose();
    },
  };
}
