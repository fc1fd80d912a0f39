/**
 * Session flags of spec §3 in one framework-free store, plus applying a session stored by the
 * mobile app (after STORED_MOBILE_SESSION_DELAY_MS).
 */
import { isBoolean, isString, isStringArray, nullable, readPartialRecord, type TFieldCheck } from './stored-shape';
import { STORED_MOBILE_SESSION_DELAY_MS } from '../../server/contracts/constants';
import { createObservable } from './observable';
import type { TListener, TSchedule, TStorageLike } from './types';

export interface TSessionState {
  exchangeIds: string[];
  themeIds: string[];
  showPriceDrop: boolean;
  showReferAFriend: boolean;
  showTermsModal: boolean;
  searchTerm: string;
  /** ISO dates (yyyy-mm-dd) or null. */
  minBirthDate: string | null;
  maxBirthDate: string | null;
  totalWishes: number;
}

export function initialSessionState(): TSessionState {
  return {
    exchangeIds: [],
    themeIds: [],
    showPriceDrop: false,
    showReferAFriend: false,
    showTermsModal: false,
    searchTerm: '',
    minBirthDate: null,
    maxBirthDate: null,
    totalWishes: 0,
  };
}

export interface TSessionStore {
  getState(): TSessionState;
  subscribe(listener: TListener<TSessionState>): () => void;
  set(patch: Partial<TSessionState>): void;
  setExchangeIds(ids: string[]): void;
  addExchangeId(id: string): void;
  setThemeIds(ids: string[]): void;
  setShowPriceDrop(value: boolean): void;
  setShowReferAFriend(value: boolean): void;
  setShowTermsModal(value: boolean): void;
  setSearchTerm(value: string): void;
  setBirthDateRange(min: string | null, max: string | null): void;
  setTotalWishes(value: number): void;
  reset(): void;
}

export function createSessionStore(initial: Partial<TSessionState> = {}): TSessionStore {
  const store = createObservable<TSessionState>({ ...initialSessionState(), ...initial });
  const set = (patch: Partial<TSessionState>): void => store.setState((s) => ({ ...s, ...patch }));
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    set,
    setExchangeIds: (ids) => set({ exchangeIds: [...ids] }),
    addExchangeId: (id) =>
      store.setState((s) => (s.exchangeIds.includes(id) ? s : { ...s, exchangeIds: [...s.exchangeIds, id] })),
    setThemeIds: (ids) => set({ themeIds: [...ids] }),
    setShowPriceDrop: (value) => set({ showPriceDrop: value }),
    setShowReferAFriend: (value) => set({ showReferAFriend: value }),
    setShowTermsModal: (value) => set({ showTermsModal: value }),
    setSearchTerm: (value) => set({ searchTerm: value }),
    setBirthDateRange: (min, max) => set({ minBirthDate: min, maxBirthDate: max }),
    setTotalWishes: (value) => set({ totalWishes: Math.max(0, Math.trunc(value)) }),
    reset: () => store.setState(initialSessionState()),
  };
}

/** Storage key where the mobile app leaves a session for the web view. */
export const MOBILE_SESSION_STORAGE_KEY = 'mobileSession';

const isCount: TFieldCheck = (value) => Number.isInteger(value) && (value as number) >= 0;

const STORED_SESSION_FIELDS: Readonly<Record<keyof TSessionState, TFieldCheck>> = {
  exchangeIds: isStringArray,
  themeIds: isStringArray,
  showPriceDrop: isBoolean,
  showReferAFriend: isBoolean,
  showTermsModal: isBoolean,
  searchTerm: (value) => isString(value) && (value as string).length <= 500,
  minBirthDate: nullable(isString),
  maxBirthDate: nullable(isString),
  totalWishes: isCount,
};

/** Reads and validates a stored mobile session; unknown fields are ignored, bad ones reject it. */
export function readStoredMobileSession(
  storage: TStorageLike,
  key = MOBILE_SESSION_STORAGE_KEY,
): Partial<TSessionState> | null {
  const raw = storage.getItem(key);
  if (!raw) return null;
  try {
    return readPartialRecord<TSessionState>(JSON.parse(raw), STORED_SESSION_FIELDS);
  } catch {
    return null;
  }
}

/**
 * Applies a session stored by the mobile app after 200 ms. Answers a cancel function.
 */
export function applyStoredMobileSession(
  storage: TStorageLike,
  store: Pick<TSessionStore, 'set'>,
  schedule: TSchedule,
  key = MOBILE_SESSION_STORAGE_KEY,
): () => void {
  return schedule(() => {
    const patch = readStoredMobileSession(storage, key);
    if (patch && Object.keys(patch).length > 0) store.set(patch);
  }, STORED_MOBILE_SESSION_DELAY_MS);
}
