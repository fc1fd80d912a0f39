/**
 * The app's side of the page's early refresh (server/contracts/early-refresh.ts): the first
 * refresh the auth runtime makes takes the answer the page's HTML already asked for, instead of
 * sending the same request again once the scripts have run.
 */
import { EARLY_REFRESH_GLOBAL } from '../../server/contracts/early-refresh';

/**
 * Older than this, the page's answer is not taken (its cookie is in the jar; the app asks anew):
 * room for a slow phone's scripts to arrive and run, while a token taken is never much older than
 * one the app would have asked for itself.
 */
export const EARLY_REFRESH_FRESH_MS = 60_000;

interface TEarlyRefresh {
  at: number;
  answer: Promise<Response>;
}

function isEarlyRefresh(value: unknown): value is TEarlyRefresh {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.at === 'number' && record.answer instanceof Promise;
}

/**
 * The page's pending refresh, once: later calls (and a page without one, or one older than
 * EARLY_REFRESH_FRESH_MS) answer null, and the caller sends its own request.
 */
export function takeEarlyRefresh(
  // The page's window (in Node, for the prerender and tests, a global that never holds one).
  holder: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
  now: () => number = Date.now,
): Promise<Response> | null {
  const early = holder[EARLY_REFRESH_GLOBAL];
  if (early === undefined) return null;
  delete holder[EARLY_REFRESH_GLOBAL];
  if (!isEarlyRefresh(early) || now() - early.at > EARLY_REFRESH_FRESH_MS) return null;
  return early.answer;
}
