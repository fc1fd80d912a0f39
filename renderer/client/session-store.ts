/**
 * Session flags of spec §3 in one framework-free store, plus applying a session stored by the
 * mobile app (after STORED_MOBILE_SESSION_DELAY_MS).
 */
import { z } from 'zod';
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

const ZStoredSession = z
  .object({
    exchangeIds: z.array(z.string()),
    themeIds: z.array(z.string()),
    showPriceDrop: z.boolean(),
    showReferAFriend: z.boolean(),
    showTermsModal: z.boolean(),
    searchTerm: z.string().max(500),
    minBirthDate: z.string().nullable(),
    maxBirthDate: z.string().nullable(),
    totalWishes: z.number().int().min(0),
  })
  .partial();

/** Reads and validates a stored mobile session; unknown fields are ignored, bad ones reject it. */
export function readStoredMobileSession(
  storage: TStorageLike,
  key = MOBILE_SESSION_STORAGE_KEY,
): Partial<TSessionState> | null {
  const raw = storage.getItem(key);
  if (!raw) return null;
  try {
    const parsed = ZStoredSession.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const patch: Partial<TSessionState> = {};
    for (const [name, value] of Object.entries(parsed.data)) {
      if (value !== undefined) (patch as Record<string, unknown>)[name] = value;
    }
    return patch;
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
