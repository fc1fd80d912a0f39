/**
 * Identity fetch failures are logged as routing errors (spec §8): whenever the identity store
 * enters its `error` request state, the error it recorded goes to the client logger once.
 */
import type { TLogger } from '../client/logger';
import type { TIdentityStore } from '../client/identity-store';

export function logIdentityFailures(
  store: Pick<TIdentityStore, 'getState' | 'subscribe'>,
  logger: Pick<TLogger, 'logError'>,
): () => void {
  let previous = store.getState();
  const report = (state: ReturnType<typeof store.getState>): void => {
    if (state.requestState === 'error' && state.error)
      logger.logError('routing', state.error, { kind: 'identity-fetch' });
  };
  // A failure that happened before the logger existed (the first refresh at start) still counts.
  report(previous);
  return store.subscribe((state) => {
    if (state.requestState === 'error' && (previous.requestState !== 'error' || previous.error !== state.error))
      report(state);
    previous = state;
  });
}
