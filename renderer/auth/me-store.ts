/**
 * The signed-in person's `auth.me` summary for the shell (the account button, the child-account
 * banner), which renders without the query cache: me-sync.tsx, mounted for a signed-in person,
 * reads the query and writes it here. A visitor's page loads neither.
 */
import { useSyncExternalStore } from 'react';
import type { TRouterOutputs } from '../trpc';

export type TMe = NonNullable<TRouterOutputs['auth']['me']>;

let current: TMe | null | undefined;
const listeners = new Set<() => void>();

export function setMeData(me: TMe | null | undefined): void {
  if (me === current) return;
  current = me;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The `auth.me` answer as the shell knows it (undefined while loading or signed out). */
export function useMeData(): TMe | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}

/** A name to show for the person: their name, else their e-mail, else a neutral word. */
export function meLabel(me: Pick<TMe, 'name' | 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  const full = [me?.firstName, me?.lastName].filter(Boolean).join(' ').trim();
  return full || me?.name?.trim() || me?.email || 'Account';
}
