/**
 * React side of the identity: one app auth runtime (see app-auth.ts) in a context, and
 * `useIdentity()` → { identity, flags, isReady, setTokens, logout }.
 *
 * Also keeps the visitor's plain GETs (renderer/data/visitor-queries.ts) honest when another user
 * signs in or out; the query cache does the same for itself (renderer/data/data-module.tsx).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { deriveAuthFlags, type TAuthFlags, type TIdentity } from '../../server/contracts/identity';
import { resetVisitorQueries } from '../data/visitor-queries';
import type { TAuthApi } from './api';
import type { TAppAuth } from './app-auth';

export interface TIdentityContext {
  identity: TIdentity | null;
  flags: TAuthFlags;
  /** False until the first identity is known (stored, or the first refresh answered). */
  isReady: boolean;
  /** Records tokens from a sign-in answer; returns the decoded identity. */
  setTokens: (accessToken: string, auditToken?: string | null) => TIdentity;
  /** Ends the sign-in on the server (best effort) and forgets the identity here. */
  logout: () => Promise<void>;
  api: TAuthApi;
}

const IdentityContext = createContext<{ auth: TAppAuth } | null>(null);

function useAppAuth(): TAppAuth {
  const value = useContext(IdentityContext);
  if (!value) throw new Error('useIdentity() needs an <IdentityProvider> above it');
  return value.auth;
}

/** Identity changes that make every cached answer stale (another person, or acting as one). */
export function isAnotherUser(
  previous: Pick<TIdentity, 'userId' | 'impersonatorUserId'> | null,
  next: Pick<TIdentity, 'userId' | 'impersonatorUserId'> | null,
): boolean {
  return (
    (previous?.userId ?? null) !== (next?.userId ?? null) ||
    (previous?.impersonatorUserId ?? null) !== (next?.impersonatorUserId ?? null)
  );
}

export function IdentityProvider({ auth, children }: { auth: TAppAuth; children: ReactNode }) {
  useEffect(() => auth.listenToOtherTabs(window), [auth]);

  useEffect(() => {
    let previous = auth.store.getIdentity();
    return auth.store.subscribe(({ identity }) => {
      // After React has rendered with the new identity, as the query cache does.
      if (isAnotherUser(previous, identity)) setTimeout(resetVisitorQueries, 0);
      previous = identity;
    });
  }, [auth]);

  const value = useMemo(() => ({ auth }), [auth]);
  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}

export function useIdentity(): TIdentityContext {
  const auth = useAppAuth();
  const state = useSyncExternalStore(auth.store.subscribe, auth.store.getState, auth.store.getState);
  const isReady = useSyncExternalStore(auth.subscribeReady, auth.isReady, auth.isReady);
  const identity = state.identity;
  const flags = useMemo(() => deriveAuthFlags(identity), [identity]);

  const setTokens = useCallback(
    (accessToken: string, auditToken?: string | null) => auth.store.setTokens(accessToken, auditToken ?? null),
    [auth],
  );
  const logout = useCallback(async () => {
    try {
      await auth.api.logout();
    } catch {
      // The server may be unreachable; this tab forgets the sign-in all the same.
    }
    auth.store.clear();
  }, [auth]);

  return { identity, flags, isReady, setTokens, logout, api: auth.api };
}

/** The /auth/v2 helpers of this app. */
export function useAuthApi(): TAuthApi {
  return useAppAuth().api;
}
