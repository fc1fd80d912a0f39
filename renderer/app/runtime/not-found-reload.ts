/**
 * Unknown paths (spec §2): the not-found screen is shown, reported, and the address is reloaded as
 * a full page load ONCE (the server or a newer build may know it). A sessionStorage marker remembers
 * the reload so the second load just shows not-found: no reload loop.
 */
import type { TStorageLike } from '../../client/types';

export const NOT_FOUND_RELOAD_KEY = 'notFoundReload';
/** A marker older than this no longer counts (the next visit may reload once again). */
export const NOT_FOUND_RELOAD_WINDOW_MS = 60_000;

export interface TNotFoundMarker {
  path: string;
  at: number;
}

export function readNotFoundMarker(storage: Pick<TStorageLike, 'getItem'>): TNotFoundMarker | null {
  try {
    const raw = storage.getItem(NOT_FOUND_RELOAD_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<TNotFoundMarker> | null;
    if (!parsed || typeof parsed.path !== 'string' || typeof parsed.at !== 'number') return null;
    return { path: parsed.path, at: parsed.at };
  } catch {
    return null;
  }
}

/** Whether an unknown `path` (pathname + query) should be reloaded as a full page load now. */
export function shouldReloadNotFound(path: string, marker: TNotFoundMarker | null, now: number): boolean {
  if (!marker) return true;
  if (marker.path !== path) return true;
  return now - marker.at > NOT_FOUND_RELOAD_WINDOW_MS || now < marker.at;
}

/**
 * Decides for one unknown path and records the reload when there is one. Answers true when the
 * caller must reload the page now.
 */
export function takeNotFoundReload(storage: TStorageLike, path: string, now: number): boolean {
  if (!shouldReloadNotFound(path, readNotFoundMarker(storage), now)) return false;
  try {
    storage.setItem(NOT_FOUND_RELOAD_KEY, JSON.stringify({ path, at: now } satisfies TNotFoundMarker));
  } catch {
    // Without storage there is no way to remember the reload: never reload rather than loop.
    return false;
  }
  return readNotFoundMarker(storage)?.path === path;
}
