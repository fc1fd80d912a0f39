/**
 * The identity store (spec §3, §4): decodes the access token (without verifying it: the server
 * does that), keeps the identity in storage under key `identity`, version 7, refreshes it halfway
 * between creation and expiry, and follows changes made by other tabs.
 */
import {
  AUTH_REQUEST_TIMEOUT_MS,
  DEFAULT_LANGUAGE,
  IDENTITY_STORAGE_KEY,
  IDENTITY_STORAGE_VERSION,
  TOKEN_TIMESTAMP_MULTIPLIER,
} from '../../server/contracts/constants';
import { identityChangeState, type TIdentity, type TIdentityChangeState } from '../../server/contracts/identity';
import {
  isBoolean,
  isNonEmptyString,
  isNumber,
  isString,
  isStringArray,
  nullable,
  readRecord,
  type TFieldCheck,
} from './stored-shape';
import {
  AppClientError,
  AuthApiFailError,
  AuthApiTimeoutError,
  IdentityChangedExternallyError,
  IdentityFetchError,
  IdentityLoggedOut,
} from './errors';
import { createObservable } from './observable';
import { decodeBase64Utf8 } from './tracking';
import { MAX_TIMER_DELAY_MS, type TListener, type TNow, type TSchedule, type TStorageLike } from './types';

export type TRequestState = 'failed' | 'error' | 'cleared' | 'ok';

// ---------------------------------------------------------------------------------------------
// Decoding

/** Decodes a base64url segment to text (UTF-8). */
export function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return decodeBase64Utf8(padded);
}

/** The JWT payload as a record, without verifying the signature; null when malformed. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length < 2 || !payload) return null;
  try {
    const parsed: unknown = JSON.parse(decodeBase64Url(payload));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function stringList(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.length > 0);
  return [];
}

function optionalString(value: unknown): string | null {
  if (typeof value === 'string' && value.length > 0) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function booleanOf(value: unknown): boolean {
  return value === true || value === 'true' || value === 'True' || value === 1 || value === '1';
}

/**
 * The identity carried by an access token: `sub` (or `userId`) lower-cased, `role` (string or
 * string[]), `created`/`expires` in seconds (falling back to `iat`/`exp`), and the other fields of
 * TIdentity. Null when the token cannot be decoded or names no user.
 */
export function decodeIdentity(accessToken: string, auditToken: string | null | undefined): TIdentity | null {
  const claims = decodeJwtPayload(accessToken);
  if (!claims) return null;
  const rawUserId = optionalString(claims.sub) ?? optionalString(claims.userId);
  if (!rawUserId) return null;
  const userId = rawUserId.toLowerCase();
  const roleClaim = claims.role ?? claims.roles;
  const impersonator = optionalString(claims.impersonatorUserId);
  const root = optionalString(claims.rootIdentity);
  return {
    userId,
    roles: stringList(roleClaim),
    created: numberOf(claims.created) ?? numberOf(claims.iat) ?? 0,
    expires: numberOf(claims.expires) ?? numberOf(claims.exp) ?? 0,
    locale: optionalString(claims.locale) ?? DEFAULT_LANGUAGE,
    testGroup: numberOf(claims.testGroup) ?? 0,
    isNoShow: booleanOf(claims.isNoShow),
    facebookId: optionalString(claims.facebookId),
    hasOnlyFacebookLogin: booleanOf(claims.hasOnlyFacebookLogin),
    identityProvider: optionalString(claims.identityProvider) ?? optionalString(claims.idp),
    impersonatorUserId: impersonator ? impersonator.toLowerCase() : null,
    impersonatorRoles: stringList(claims.impersonatorRoles ?? claims.impersonatorRole),
    rootIdentity: root ? root.toLowerCase() : userId,
    token: accessToken,
    auditToken: auditToken ?? null,
  };
}

/** When the identity should be refreshed: halfway between creation and expiry, in ms. */
export function refreshDueAt(identity: Pick<TIdentity, 'created' | 'expires'>): number {
  return ((identity.created + identity.expires) / 2) * TOKEN_TIMESTAMP_MULTIPLIER;
}

/** The identity standing for the root (impersonating) user: the audit token replaces the token (spec §6). */
export function rootIdentityOf(identity: TIdentity | null): TIdentity | null {
  if (!identity?.impersonatorUserId || !identity.auditToken) return null;
  return decodeIdentity(identity.auditToken, identity.auditToken);
}

// ---------------------------------------------------------------------------------------------
// Storage

const IDENTITY_FIELDS: Readonly<Record<keyof TIdentity, TFieldCheck>> = {
  userId: isNonEmptyString,
  roles: isStringArray,
  created: isNumber,
  expires: isNumber,
  locale: isString,
  testGroup: isNumber,
  isNoShow: isBoolean,
  facebookId: nullable(isString),
  hasOnlyFacebookLogin: isBoolean,
  identityProvider: nullable(isString),
  impersonatorUserId: nullable(isString),
  impersonatorRoles: isStringArray,
  rootIdentity: nullable(isString),
  token: isNonEmptyString,
  auditToken: nullable(isString),
};

export interface TStoredIdentity {
  version: number;
  identity: TIdentity | null;
}

export function serializeStoredIdentity(identity: TIdentity | null): string {
  const stored: TStoredIdentity = { version: IDENTITY_STORAGE_VERSION, identity };
  return JSON.stringify(stored);
}

/** Parses a stored value: null for nothing, garbage, or a value of another version. */
export function parseStoredIdentity(raw: string | null | undefined): TIdentity | null {
  if (!raw) return null;
  try {
    const stored = readRecord<{ version: number; identity: unknown }>(JSON.parse(raw), {
      version: isNumber,
      identity: () => true,
    });
    if (!stored || stored.version !== IDENTITY_STORAGE_VERSION) return null;
    if (stored.identity === null) return null;
    return readRecord<TIdentity>(stored.identity, IDENTITY_FIELDS);
  } catch {
    return null;
  }
}

/** Reads the stored identity; a value of another version (or unreadable) is discarded from storage. */
export function loadStoredIdentity(storage: TStorageLike): TIdentity | null {
  let raw: string | null;
  try {
    raw = storage.getItem(IDENTITY_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  const identity = parseStoredIdentity(raw);
  if (!identity) {
    try {
      storage.removeItem(IDENTITY_STORAGE_KEY);
    } catch {
      // storage unavailable: nothing to discard
    }
  }
  return identity;
}

// ---------------------------------------------------------------------------------------------
// Store

export interface TRefreshAnswer {
  accessToken: string | null;
  auditToken?: string | null;
}

export interface TIdentityStoreDeps {
  storage: TStorageLike;
  /** GET /auth/v2/refresh-token/ → { accessToken, auditToken } or { accessToken: null }. */
  fetchRefresh: (signal: AbortSignal) => Promise<TRefreshAnswer>;
  now: TNow;
  schedule: TSchedule;
  /** AUTH_REQUEST_TIMEOUT_MS (30 s) by default. */
  timeoutMs?: number;
  /** Schedule the halfway refresh automatically (default true). */
  autoRefresh?: boolean;
}

export interface TIdentityState {
  identity: TIdentity | null;
  /** Outcome of the latest refresh or clear; null before any. */
  requestState: TRequestState | null;
  /** The latest identity change seen (refresh or another tab); null before any. */
  change: TIdentityChangeState | null;
  /** The error of the latest refresh, if it raised one. */
  error: AppClientError | null;
  refreshing: boolean;
}

export interface TIdentityStore {
  getState(): TIdentityState;
  subscribe(listener: TListener<TIdentityState>): () => void;
  getIdentity(): TIdentity | null;
  /** The token for API calls: the access token (also while impersonating). */
  token(): string | null;
  /** While impersonating: the audit token standing for the root identity. */
  auditToken(): string | null;
  /** Records tokens obtained elsewhere (log-in); throws IdentityFetchError if undecodable. */
  setTokens(accessToken: string, auditToken?: string | null): TIdentity;
  /**
   * Refreshes the identity (shared while in flight). Resolves the new access token, or null when
   * no token came back and nobody was logged in ('failed'). Throws IdentityChangedExternallyError,
   * IdentityLoggedOut, IdentityFetchError, AuthApiTimeoutError or AuthApiFailError.
   */
  refresh(): Promise<string | null>;
  clear(): void;
  /** Applies a change made by another tab (the storage event's newValue for key `identity`). */
  onStorageChange(newValue: string | null): TIdentityChangeState;
  dispose(): void;
}

export function createIdentityStore(deps: TIdentityStoreDeps): TIdentityStore {
  const timeoutMs = deps.timeoutMs ?? AUTH_REQUEST_TIMEOUT_MS;
  const autoRefresh = deps.autoRefresh ?? true;
  const store = createObservable<TIdentityState>({
    identity: loadStoredIdentity(deps.storage),
    requestState: null,
    change: null,
    error: null,
    refreshing: false,
  });
  let cancelRefreshTimer: (() => void) | null = null;
  let inFlight: Promise<string | null> | null = null;
  let disposed = false;

  const patch = (next: Partial<TIdentityState>): void => store.setState((s) => ({ ...s, ...next }));

  function persist(identity: TIdentity | null): void {
    try {
      if (identity) deps.storage.setItem(IDENTITY_STORAGE_KEY, serializeStoredIdentity(identity));
      else deps.storage.removeItem(IDENTITY_STORAGE_KEY);
    } catch {
      // storage full or unavailable: the in-memory identity still works for this tab
    }
  }

  function scheduleRefresh(identity: TIdentity | null): void {
    cancelRefreshTimer?.();
    cancelRefreshTimer = null;
    if (!autoRefresh || disposed || !identity || identity.expires <= identity.created) return;
    const delay = Math.max(0, refreshDueAt(identity) - deps.now());
    if (delay > MAX_TIMER_DELAY_MS) {
      cancelRefreshTimer = deps.schedule(() => scheduleRefresh(store.getState().identity), MAX_TIMER_DELAY_MS);
      return;
    }
    cancelRefreshTimer = deps.schedule(() => {
      cancelRefreshTimer = null;
      refresh().catch(() => {
        // The outcome is in the state; listeners react to it.
      });
    }, delay);
  }

  function fetchWithTimeout(): Promise<TRefreshAnswer> {
    const controller = new AbortController();
    return new Promise<TRefreshAnswer>((resolve, reject) => {
      let settled = false;
      const cancel = deps.schedule(() => {
        if (settled) return;
        settled = true;
        controller.abort();
        reject(new AuthApiTimeoutError(undefined, { info: { timeoutMs } }));
      }, timeoutMs);
      let pending: Promise<TRefreshAnswer>;
      try {
        pending = deps.fetchRefresh(controller.signal);
      } catch (error) {
        pending = Promise.reject(error);
      }
      pending.then(
        (answer) => {
          if (settled) return;
          settled = true;
          cancel();
          resolve(answer);
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          cancel();
          reject(error instanceof AuthApiTimeoutError ? error : new AuthApiFailError(undefined, { cause: error }));
        },
      );
    });
  }

  async function doRefresh(): Promise<string | null> {
    const before = store.getState().identity;
    patch({ refreshing: true });
    let answer: TRefreshAnswer;
    try {
      answer = await fetchWithTimeout();
    } catch (error) {
      const failure = error instanceof AppClientError ? error : new AuthApiFailError(undefined, { cause: error });
      patch({ refreshing: false, requestState: 'error', error: failure });
      throw failure;
    }
    const accessToken = answer?.accessToken ?? null;
    if (!accessToken) {
      if (before) {
        // Logged in, but the auth host has no token for us any more: treated as logged out.
        const loggedOut = new IdentityLoggedOut({ info: { userId: before.userId } });
        persist(null);
        scheduleRefresh(null);
        patch({
          identity: null,
          refreshing: false,
          requestState: 'failed',
          change: 'removedExternally',
          error: loggedOut,
        });
        throw loggedOut;
      }
      patch({ refreshing: false, requestState: 'failed', change: 'none', error: null });
      return null;
    }
    const next = decodeIdentity(accessToken, answer.auditToken ?? null);
    if (!next) {
      const failure = new IdentityFetchError({ info: { reason: 'undecodable access token' } });
      patch({ refreshing: false, requestState: 'error', error: failure });
      throw failure;
    }
    const change = identityChangeState(before, next);
    persist(next);
    scheduleRefresh(next);
    if (change === 'changedExternally' || change === 'impersonatedExternally') {
      const changed = new IdentityChangedExternallyError(undefined, {
        info: { previousUserId: before?.userId ?? null, userId: next.userId, change },
      });
      patch({ identity: next, refreshing: false, requestState: 'ok', change, error: changed });
      throw changed;
    }
    patch({ identity: next, refreshing: false, requestState: 'ok', change, error: null });
    return accessToken;
  }

  function refresh(): Promise<string | null> {
    if (!inFlight) {
      const pending = doRefresh();
      inFlight = pending;
      const release = (): void => {
        if (inFlight === pending) inFlight = null;
      };
      pending.then(release, release);
    }
    return inFlight;
  }

  scheduleRefresh(store.getState().identity);

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    getIdentity: (): TIdentity | null => store.getState().identity,
    token: (): string | null => store.getState().identity?.token ?? null,
    auditToken: (): string | null => store.getState().identity?.auditToken ?? null,
    setTokens(accessToken: string, auditToken?: string | null): TIdentity {
      const identity = decodeIdentity(accessToken, auditToken ?? null);
      if (!identity) throw new IdentityFetchError({ info: { reason: 'undecodable access token' } });
      const change = identityChangeState(store.getState().identity, identity);
      persist(identity);
      scheduleRefresh(identity);
      patch({ identity, requestState: 'ok', change, error: null });
      return identity;
    },
    refresh,
    clear(): void {
      persist(null);
      scheduleRefresh(null);
      patch({ identity: null, requestState: 'cleared', change: null, error: null });
    },
    onStorageChange(newValue: string | null): TIdentityChangeState {
      const current = store.getState().identity;
      const found = parseStoredIdentity(newValue);
      const change = identityChangeState(current, found, Math.floor(deps.now() / TOKEN_TIMESTAMP_MULTIPLIER));
      let identity = current;
      switch (change) {
        case 'new':
        case 'updatedExternally':
        case 'changedExternally':
        case 'impersonatedExternally':
          identity = found;
          break;
        case 'removedExternally':
          identity = null;
          break;
        default:
          break;
      }
      if (identity !== current) scheduleRefresh(identity);
      // One notification carrying both the identity and the change.
      patch({ identity, change });
      return change;
    },
    dispose(): void {
      disposed = true;
      cancelRefreshTimer?.();
      cancelRefreshTimer = null;
    },
  };
}
