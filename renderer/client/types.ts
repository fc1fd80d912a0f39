/**
 * Small injected interfaces shared by the client runtime modules. Everything that touches the
 * browser (storage, timers, cookies, fetch) is passed in through these so the modules run in Node.
 */

/** The subset of the Web Storage API the client uses (localStorage in the browser). */
export interface TStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Runs `fn` after `delayMs`; returns a function that cancels it. */
export type TSchedule = (fn: () => void, delayMs: number) => () => void;

/** Milliseconds since the epoch. */
export type TNow = () => number;

/** A `fetch`-compatible function (the global fetch, or a test double). */
export type TFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export type TListener<S> = (state: S) => void;

/** Longest delay a browser timer accepts (2^31 - 1 ms); longer delays fire immediately. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** A TSchedule built on the global setTimeout, for the app shell to pass in. */
export function timerSchedule(fn: () => void, delayMs: number): () => void {
  const handle = setTimeout(fn, Math.min(Math.max(0, delayMs), MAX_TIMER_DELAY_MS));
  return (): void => clearTimeout(handle);
}

/** An in-memory TStorageLike (tests, or a fallback when localStorage is unavailable). */
export function createMemoryStorage(initial: Record<string, string> = {}): TStorageLike {
  const map = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (key: string): string | null => map.get(key) ?? null,
    setItem: (key: string, value: string): void => {
      map.set(key, String(value));
    },
    removeItem: (key: string): void => {
      map.delete(key);
    },
  };
}
