/**
 * The market rules in React, shared by the member's hook (use-market.ts, with the query cache) and
 * the visitor's (use-visitor-market.ts, with plain GETs): the address's `?market=`, then the market
 * selected in this browser, then the signed-in member's saved 'wishing' market, then US.
 */
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { DEFAULT_MARKETS } from '../../../server/contracts/enums';
import { useIdentity } from '../../auth/identity-provider';
import { useAppNavigate } from '../../routes/app-navigate';
import {
  MARKET_QUERY_PARAM,
  chooseMarket,
  needsSavedMarket,
  normalizeMarket,
  resolveMarket,
  type TMarketChoice,
  type TMarketSource,
} from './market';
import { storeSelectedMarket, useSelectedMarket } from './selected-market';

export const SHOP_CACHE_MS = 300_000;
const DEFAULT_CODES: readonly string[] = DEFAULT_MARKETS.map((market) => market.countryCode);

export interface TMarketInfo {
  countryCode: string;
  country: string;
  currency: string;
}

export interface TUseMarket {
  /** The market to use (upper case). Meaningful once `isReady`. */
  market: string;
  source: TMarketSource;
  /** False while the markets, the identity or the saved preference could still change the answer. */
  isReady: boolean;
  /** The market's country and currency (from the markets list; the code itself while loading). */
  info: TMarketInfo;
  /** The shop's markets (null while loading or when they failed). */
  markets: TMarketInfo[] | null;
  /**
   * Chooses a market. `inAddress` (the landing page) puts it in the address as `?market=` (a new
   * history entry: shareable, and Back goes to the previous one) instead of clearing the override;
   * either way it is the browser's selected market from then on, on every screen.
   */
  choose: (code: string, options?: { inAddress?: boolean }) => void;
  /** True while the preference is being saved. */
  saving: boolean;
}

/** The markets list as either hook reads it. */
export interface TMarketsQuery {
  data: TMarketInfo[] | undefined;
  isPending: boolean;
}

/** What the market depends on besides the saved preference. */
export function useMarketInputs(markets: TMarketsQuery) {
  const location = useLocation();
  const { identity, isReady: identityReady } = useIdentity();
  const selected = useSelectedMarket();
  const override = normalizeMarket(new URLSearchParams(location.search).get(MARKET_QUERY_PARAM));
  const known = markets.data ? markets.data.map((item) => item.countryCode) : null;
  return {
    location,
    identityReady,
    signedIn: identity !== null,
    userId: identity?.userId ?? null,
    selected,
    override,
    known,
    wantsSaved: needsSavedMarket({ override, selected, known }),
  };
}

export type TMarketInputs = ReturnType<typeof useMarketInputs>;

export interface TMarketEffects {
  /** After a choice is stored (and the address changed): reload what depends on it, save it. */
  afterChoose: (choice: TMarketChoice, userId: string | null) => void;
  saving: boolean;
}

/** The market, from the inputs and the saved preference (`saved` null for a visitor). */
export function useMarketResult(
  inputs: TMarketInputs,
  markets: TMarketsQuery,
  preference: { saved: string | null; isPending: boolean },
  effects: TMarketEffects,
): TUseMarket {
  const navigate = useAppNavigate();
  const { location, override, selected, known, wantsSaved, identityReady, signedIn, userId } = inputs;
  const resolved = resolveMarket({ override, selected, saved: signedIn ? preference.saved : null, known });

  // Ready when nothing still loading could change the answer: the markets list (unless the code
  // is one of the built-in markets the server always serves), and the identity and its saved
  // preference when nothing above them chose a market.
  const marketsSettled = !markets.isPending || DEFAULT_CODES.includes(resolved.market);
  const savedSettled = !wantsSaved || (identityReady && (!signedIn || !preference.isPending));
  const isReady = marketsSettled && savedSettled;

  const { search, pathname, hash } = location;
  const choose = (code: string, options: { inAddress?: boolean } = {}): void => {
    const choice = chooseMarket(code, search, userId !== null);
    if (!choice) return;
    storeSelectedMarket(choice.selected);
    if (options.inAddress) {
      const params = new URLSearchParams(choice.search);
      params.set(MARKET_QUERY_PARAM, choice.selected);
      void navigate({ pathname, search: `?${params.toString()}`, hash }, { preventScrollReset: true });
    } else if (choice.clearsOverride) {
      void navigate({ pathname, search: choice.search, hash }, { replace: true, preventScrollReset: true });
    }
    effects.afterChoose(choice, userId);
  };

  const info = useMemo<TMarketInfo>(() => {
    const found = markets.data?.find((item) => item.countryCode === resolved.market);
    const fallback = DEFAULT_MARKETS.find((item) => item.countryCode === resolved.market);
    return (
      found ?? (fallback ? { ...fallback } : { countryCode: resolved.market, country: resolved.market, currency: '' })
    );
  }, [markets.data, resolved.market]);

  return {
    market: resolved.market,
    source: resolved.source,
    isReady,
    info,
    markets: markets.data ?? null,
    choose,
    saving: effects.saving,
  };
}

/** The shop queries that follow the market (the menu, featured shops, merchants): exactly these. */
export const MARKET_QUERIES = ['topLevelGuides', 'trendingGuide', 'featuredShops', 'merchants'] as const;
