/**
 * React side of the identity: one app auth runtime (see app-auth.ts) in a context, and
 * `useIdentity()` → { identity, flags, isReady, setTokens, logout }.
 *
 * Also keeps cached data honest when the identity changes: another user (sign-in, sign-out,
 * switch, impersonation) resets every query, since none of the cached answers belong to the new
 * user; a new token for the same user (e-mail confirmed, refresh) refetches only the auth queries.
 */
import { useQueryClient } from '@tanstack/react-query';
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
import { trpc } from '../trpc';
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
export function isAnotherUser(previous: TIdentity | null, next: TIdentity | null): boolean {
  return (
    (previous?.userId ?? null) !== (next?.userId ?? null) ||
    (previous?.impersonatorUserId ?? null) !== (next?.impersonatorUserId ?? null)
  );
}

export function IdentityProvider({ auth, children }: { auth: TAppAuth; children: ReactNode }) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();

  useEffect(() => auth.listenToOtherTabs(window), [auth]);

  useEffect(() => {
    let previous = auth.store.getIdentity();
    return auth.store.subscribe(({ identity }) => {
      if (isAnotherUser(previous, identity)) {
        // After React has rendered with the new identity: resetting at once would refetch the
        // mounted queries under the previous person's keys (their ids) with the new person's
        // token, and answer 403s (e.g. the terms check right after switching into a child).
        setTimeout(() => void queryClient.resetQueries(), 0);
      } else if ((previous?.token ?? null) !== (identity?.token ?? null)) {
        void utils.auth.invalidate();
      }
      previous = identity;
    });
  }, [auth, queryClient, utils]);

  const value = useMemo(() => ({ auth }), [auth]);
  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}

export function useIdentity(): TIdentityContext {
  const auth = useAppAuth();
  const state = useSyncExternalStore(auth.store.subscribe, auth.store.getState);
  const isReady = useSyncExternalStore(auth.subscribeReady, auth.isReady);
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
