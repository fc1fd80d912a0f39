/**
 * Navigation scroll (spec §2): restore the saved position on back/forward, keep the position when
 * the path stays the same (only the query or hash changed), scroll to a hash target, otherwise go to
 * the top. Smooth scrolling takes SMOOTH_SCROLL_MS (468 ms) with our own easing: the browser's
 * `behavior: 'smooth'` duration cannot be chosen.
 */
import { SMOOTH_SCROLL_MS } from '../../../server/contracts/constants';

export type TNavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface TScrollInput {
  navigationType: TNavigationType;
  previousPathname: string | null;
  pathname: string;
  /** `#section` or '' */
  hash: string;
  /** The position saved for this history entry, if any. */
  saved: number | null | undefined;
}

export type TScrollDecision =
  | { kind: 'restore'; y: number }
  | { kind: 'hash'; id: string; fallback: 'keep' | 'top' }
  | { kind: 'keep' }
  | { kind: 'top' };

export function scrollDecision(input: TScrollInput): TScrollDecision {
  const samePath = input.previousPathname !== null && input.previousPathname === input.pathname;
  if (input.navigationType === 'POP' && typeof input.saved === 'number' && Number.isFinite(input.saved)) {
    return { kind: 'restore', y: Math.max(0, input.saved) };
  }
  const id = decodeHash(input.hash);
  if (id && input.navigationType !== 'POP') return { kind: 'hash', id, fallback: samePath ? 'keep' : 'top' };
  if (samePath) return { kind: 'keep' };
  // The first render of the page: the browser's own position (e.g. after a reload) is kept.
  if (input.previousPathname === null) return { kind: 'keep' };
  return { kind: 'top' };
}

function decodeHash(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** easeInOutCubic on [0, 1]. */
export function easeInOutCubic(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** The position `elapsed` ms into a smooth scroll from `from` to `to`. */
export function smoothScrollPosition(from: number, to: number, elapsed: number, duration = SMOOTH_SCROLL_MS): number {
  if (duration <= 0 || elapsed >= duration) return to;
  return from + (to - from) * easeInOutCubic(elapsed / duration);
}

export interface TScrollDeps {
  getY: () => number;
  setY: (y: number) => void;
  now: () => number;
  requestFrame: (callback: () => void) => number;
  cancelFrame: (handle: number) => void;
}

/** Scrolls to `to` over `duration` ms; answers a cancel function. `onDone` runs at the end. */
export function smoothScrollTo(
  to: number,
  deps: TScrollDeps,
  options: { duration?: number; onDone?: () => void } = {},
): () => void {
  const duration = options.duration ?? SMOOTH_SCROLL_MS;
  const from = deps.getY();
  const start = deps.now();
  let handle = 0;
  let cancelled = false;
  const step = (): void => {
    if (cancelled) return;
    const elapsed = deps.now() - start;
    deps.setY(smoothScrollPosition(from, to, elapsed, duration));
    if (elapsed >= duration) {
      options.onDone?.();
      return;
    }
    handle = deps.requestFrame(step);
  };
  if (from === to) {
    options.onDone?.();
    return () => undefined;
  }
  handle = deps.requestFrame(step);
  return () => {
    cancelled = true;
    deps.cancelFrame(handle);
  };
}

/** The browser's scroll dependencies. */
export function windowScrollDeps(): TScrollDeps {
  return {
    getY: () => window.scrollY,
    setY: (y) => window.scrollTo(0, y),
    now: () => performance.now(),
    requestFrame: (callback) => window.requestAnimationFrame(callback),
    cancelFrame: (handle) => window.cancelAnimationFrame(handle),
  };
}

/** Smoothly scrolls the window to the top (the "back to top" action). */
export function smoothScrollToTop(): () => void {
  return smoothScrollTo(0, windowScrollDeps());
}

/** Smoothly scrolls to the element with this id, leaving room for the fixed header; false when absent. */
export function smoothScrollToElement(id: string, offset = 0): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const y = Math.max(0, element.getBoundingClientRect().top + window.scrollY - offset);
  smoothScrollTo(y, windowScrollDeps());
  return true;
}

/** Saved positions by history entry key, kept in sessionStorage so they survive a reload. */
export const SCROLL_POSITIONS_KEY = 'scrollPositions';
const MAX_SAVED_POSITIONS = 100;

export function readScrollPositions(raw: string | null): Map<string, number> {
  const map = new Map<string, number>();
  if (!raw) return map;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return map;
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'number' && Number.isFinite(value)) map.set(key, value);
    }
  } catch {
    // unreadable: start afresh
  }
  return map;
}

export function writeScrollPositions(map: ReadonlyMap<string, number>): string {
  const entries = [...map.entries()].slice(-MAX_SAVED_POSITIONS);
  return JSON.stringify(Object.fromEntries(entries));
}
