/**
 * The market selected in this browser (localStorage 'market'), shared by every screen using it and
 * every tab (spec §4, rules in ./market.ts).
 */
import { useSyncExternalStore } from 'react';
import { browserStorage } from '../../app/runtime/app-runtime';
import type { TStorageLike } from '../../client/types';
import { MARKET_STORAGE_KEY, normalizeMarket } from './market';

const listeners = new Set<() => void>();
let storage: TStorageLike | null | undefined;

function localStore(): TStorageLike | null {
  if (storage === undefined) storage = typeof window === 'undefined' ? null : browserStorage('localStorage');
  return storage;
}

/** The market selected in this browser, read once (outside React: a screen's prefetch). */
export function readSelectedMarket(): string | null {
  return normalizeMarket(localStore()?.getItem(MARKET_STORAGE_KEY) ?? null);
}

function subscribeSelected(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent): void => {
    if (event.key === null || event.key === MARKET_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function storeSelectedMarket(code: string): void {
  localStore()?.setItem(MARKET_STORAGE_KEY, code);
  listeners.forEach((listener) => listener());
}

export function useSelectedMarket(): string | null {
  return useSyncExternalStore(subscribeSelected, readSelectedMarket, () => null);
}
