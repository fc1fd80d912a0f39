import { describe, expect, it, vi } from 'vitest';
import { logIdentityFailures } from '../../../renderer/auth/identity-failures';
import { AuthApiFailError } from '../../../renderer/client/errors';
import type { TIdentityStore } from '../../../renderer/client/identity-store';

type TState = ReturnType<TIdentityStore['getState']>;

function fakeStore(initial: Partial<TState>) {
  let state = {
    identity: null,
    requestState: null,
    change: null,
    error: null,
    refreshing: false,
    ...initial,
  } as TState;
  const listeners = new Set<(state: TState) => void>();
  return {
    getState: () => state,
    subscribe: (listener: (state: TState) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: Partial<TState>) {
      state = { ...state, ...next };
      listeners.forEach((listener) => listener(state));
    },
  };
}

describe('identity fetch failures are routing errors (spec §8)', () => {
  it('logs each failure once, including one that happened before the logger existed', () => {
    const early = new AuthApiFailError();
    const store = fakeStore({ requestState: 'error', error: early });
    const logger = { logError: vi.fn() };
    logIdentityFailures(store, logger);
    expect(logger.logError).toHaveBeenCalledWith('routing', early, { kind: 'identity-fetch' });

    store.set({ refreshing: true }); // same failure, nothing new
    expect(logger.logError).toHaveBeenCalledTimes(1);
    const later = new AuthApiFailError();
    store.set({ requestState: 'error', error: later });
    expect(logger.logError).toHaveBeenCalledTimes(2);
    store.set({ requestState: 'ok', error: null });
    store.set({ requestState: 'failed', error: null }); // no token while logged out: not a failure
    expect(logger.logError).toHaveBeenCalledTimes(2);
  });
});
