/** A minimal framework-free observable store: `getState()`, `subscribe(listener)`. */
import type { TListener } from './types';

export interface TObservable<S> {
  getState(): S;
  subscribe(listener: TListener<S>): () => void;
}

export interface TWritableObservable<S> extends TObservable<S> {
  setState(next: S | ((previous: S) => S)): void;
}

export function createObservable<S>(initial: S): TWritableObservable<S> {
  let state = initial;
  const listeners = new Set<TListener<S>>();
  return {
    getState: (): S => state,
    setState(next: S | ((previous: S) => S)): void {
      state = typeof next === 'function' ? (next as (previous: S) => S)(state) : next;
      // Copy first: a listener may unsubscribe (or subscribe) while we iterate.
      for (const listener of [...listeners]) listener(state);
    },
    subscribe(listener: TListener<S>): () => void {
      listeners.add(listener);
      return (): void => {
        listeners.delete(listener);
      };
    },
  };
}
