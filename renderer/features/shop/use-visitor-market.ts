/**
 * The market of a visitor's landing page (the same rules as use-market.ts) without the query
 * cache: the markets list is a plain GET (renderer/data/visitor-queries.ts) and a visitor has no
 * saved preference. Choosing one reloads the market's shop queries if the cache is loaded.
 */
import { loadedData } from '../../data/data-loader';
import { useVisitorQuery } from '../../data/visitor-queries';
import { MARKET_QUERIES, SHOP_CACHE_MS, useMarketInputs, useMarketResult, type TUseMarket } from './market-state';

export function useVisitorMarket(): TUseMarket {
  const markets = useVisitorQuery('shop.markets', undefined, { staleTime: SHOP_CACHE_MS });
  const inputs = useMarketInputs(markets);
  return useMarketResult(
    inputs,
    markets,
    // Signed in, this hook is on its way out (the member's landing replaces it): not settled yet.
    { saved: null, isPending: inputs.signedIn },
    {
      saving: false,
      afterChoose: () => {
        const queryClient = loadedData()?.queryClient;
        if (!queryClient) return;
        void Promise.all(MARKET_QUERIES.map((name) => queryClient.invalidateQueries({ queryKey: [['shop', name]] })));
      },
    },
  );
}
