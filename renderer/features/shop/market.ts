/**
 * The shop's market (spec §4 "Market preference priority"), the pure part: the override (the
 * address's `?market=`), then the selected market (kept in this browser), then the remote saved
 * one (the member's 'wishing' preference), then US. Choosing a market clears the override and
 * becomes the selected market. No React and no storage here, so the rules are unit-tested alone
 * (tests/unit/shop/market-priority.test.ts); use-market.ts wires them to the app.
 */
import { DEFAULT_MARKET } from '../../../server/contracts/constants';

/** localStorage key of the selected market. */
export const MARKET_STORAGE_KEY = 'market';
/** The address's override parameter. */
export const MARKET_QUERY_PARAM = 'market';

export type TMarketSource = 'override' | 'selected' | 'saved' | 'default';

export interface TMarketCandidates {
  /** `?market=` of the address (any case), or null. */
  override?: string | null;
  /** The market chosen earlier in this browser, or null. */
  selected?: string | null;
  /** The signed-in member's saved 'wishing' market, or null. */
  saved?: string | null;
  /**
   * The markets the shop serves (country codes). A candidate that is not one of them is skipped
   * (the shop answers 400 for unknown markets); null while unknown: every well-formed code counts.
   */
  known?: readonly string[] | null;
}

export interface TResolvedMarket {
  market: string;
  source: TMarketSource;
}

/** A two-letter country code in upper case, or null for anything else. */
export function normalizeMarket(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim();
  return /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null;
}

/** The market to use and where it came from: override, then selected, then saved, then US. */
export function resolveMarket(candidates: TMarketCandidates): TResolvedMarket {
  const known = candidates.known ? new Set(candidates.known.map((code) => code.toUpperCase())) : null;
  const order: [TMarketSource, unknown][] = [
    ['override', candidates.override],
    ['selected', candidates.selected],
    ['saved', candidates.saved],
  ];
  for (const [source, value] of order) {
    const code = normalizeMarket(value);
    if (code && (!known || known.has(code))) return { market: code, source };
  }
  return { market: DEFAULT_MARKET, source: 'default' };
}

/** The query string without the market override (with its `?`, or '' when nothing is left). */
export function withoutMarketOverride(search: string | URLSearchParams): string {
  const params = new URLSearchParams(
    typeof search === 'string' ? (search.startsWith('?') ? search.slice(1) : search) : search,
  );
  params.delete(MARKET_QUERY_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface TMarketChoice {
  /** The market to store as selected. */
  selected: string;
  /** The address's new query string: the override is cleared. */
  search: string;
  /** Whether the address changes (it held an override). */
  clearsOverride: boolean;
  /** Whether to save the 'wishing' preference (only when signed in). */
  save: boolean;
}

/**
 * What choosing a market does (spec §4): the override is cleared, the choice is stored as the
 * selected market, and it is saved as the member's preference when they are signed in. Null for
 * a code that is not a market code.
 */
export function chooseMarket(code: string, search: string | URLSearchParams, signedIn: boolean): TMarketChoice | null {
  const selected = normalizeMarket(code);
  if (!selected) return null;
  const params = new URLSearchParams(
    typeof search === 'string' ? (search.startsWith('?') ? search.slice(1) : search) : search,
  );
  return {
    selected,
    search: withoutMarketOverride(params),
    clearsOverride: params.has(MARKET_QUERY_PARAM),
    save: signedIn,
  };
}

/** Whether the remote saved market can still change the answer (nothing above it chose one). */
export function needsSavedMarket(candidates: Pick<TMarketCandidates, 'override' | 'selected' | 'known'>): boolean {
  const source = resolveMarket({ ...candidates, saved: null }).source;
  return source === 'default';
}
