/**
 * The market a screen will use, resolved outside React for the screen's prefetch (the router starts
 * it before the screen renders): the same rules (./market.ts) and the same queries as use-market.ts,
 * so the screen finds them cached and asks nothing more. The hook stays the authority: whatever
 * this guesses wrong (a market list that changed meanwhile), the screen asks for itself.
 */
import type { TQueryUtils } from '../../trpc';
import { MARKET_QUERY_PARAM, needsSavedMarket, normalizeMarket, resolveMarket } from './market';
import { SHOP_CACHE_MS } from './market-state';
import { readSelectedMarket } from './selected-market';

/** Fetches (or finds cached) the markets and, when nothing above it chose, the saved market; answers the code. */
export async function prefetchMarket(utils: TQueryUtils, search: string): Promise<string> {
  const override = normalizeMarket(new URLSearchParams(search).get(MARKET_QUERY_PARAM));
  const selected = readSelectedMarket();
  const savedMarket = () =>
    utils.people.marketPreferences.fetch(undefined, { staleTime: SHOP_CACHE_MS }).then((answer) => answer.saved);
  // Both at once when nothing above the saved market chose one (the usual case).
  const asked = needsSavedMarket({ override, selected, known: null });
  const [markets, first] = await Promise.all([
    utils.shop.markets.fetch(undefined, { staleTime: SHOP_CACHE_MS }),
    asked ? savedMarket() : null,
  ]);
  const known = markets.map((item) => item.countryCode);
  // The address's or this browser's market is not one the shop serves: the saved one decides after all.
  const saved = asked || !needsSavedMarket({ override, selected, known }) ? first : await savedMarket();
  return resolveMarket({ override, selected, saved, known }).market;
}
