/**
 * Paged collections in React (spec §4): one `createPagedStore` per key, its state through
 * useSyncExternalStore, and the first page loaded on mount (and again when the key changes).
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { createPagedStore, type TPageLoader, type TPagedStore } from '../../client/paging';

export interface TPagedCollectionOptions<T> {
  /** A new key starts a new collection (e.g. the user id and filters). */
  key: string;
  load: TPageLoader<T>;
  limit?: number;
  enabled?: boolean;
}

export function usePagedCollection<T>(options: TPagedCollectionOptions<T>) {
  const { key, load, limit, enabled = true } = options;
  const store: TPagedStore<T> = useMemo(
    () => createPagedStore<T>({ load, ...(limit !== undefined ? { limit } : {}) }),
    // One store per key: the loader of a key is the one given when the key first appeared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, limit],
  );
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  useEffect(() => {
    if (enabled) void store.loadInitial();
    return () => store.reset();
  }, [store, enabled]);
  return { ...state, loadNext: store.loadNext, loadPrevious: store.loadPrevious, reload: () => store.loadInitial() };
}
