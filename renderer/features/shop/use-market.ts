/**
 * The shop's market in React (spec §4, rules in ./market.ts and ./market-state.ts), with the query
 * cache: the address's `?market=`, then the market selected in this browser (localStorage
 * 'market'), then the signed-in member's saved 'wishing' market (people.marketPreferences), then US.
 *
 * `choose(code)` clears the override from the address, stores the code as selected (every screen
 * using the hook follows, other tabs too), reloads the menu (top-level and trending guides),
 * featured shops and merchants, and saves the preference when signed in.
 * A visitor's landing page uses use-visitor-market.ts instead (no query cache).
 */
import { errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { trpc } from '../../trpc';
import { SHOP_CACHE_MS, useMarketInputs, useMarketResult, type TUseMarket } from './market-state';

export type { TMarketInfo, TUseMarket } from './market-state';

export function useMarket(): TUseMarket {
  const utils = trpc.useUtils();
  const toast = useToast();
  const markets = trpc.shop.markets.useQuery(undefined, { staleTime: SHOP_CACHE_MS });
  const inputs = useMarketInputs(markets);
  const preferences = trpc.people.marketPreferences.useQuery(undefined, {
    enabled: inputs.identityReady && inputs.signedIn && inputs.wantsSaved,
    staleTime: SHOP_CACHE_MS,
  });
  const setPreference = trpc.people.setPreference.useMutation();

  return useMarketResult(
    inputs,
    markets,
    { saved: preferences.data?.saved ?? null, isPending: preferences.isPending },
    {
      saving: setPreference.isPending,
      afterChoose: (choice, userId) => {
        // The menu and the merchants of the new market (exactly these queries).
        void Promise.all([
          utils.shop.topLevelGuides.invalidate(),
          utils.shop.trendingGuide.invalidate(),
          utils.shop.featuredShops.invalidate(),
          utils.shop.merchants.invalidate(),
        ]);
        if (choice.save && userId) {
          setPreference.mutate(
            { userId, preferenceSet: 'wishing', market: choice.selected },
            {
              onSuccess: () =>
                utils.people.marketPreferences.setData(undefined, {
                  saved: choice.selected,
                  effective: choice.selected,
                }),
              onError: (error) => toast.error(errorText(error), 'Could not save your market'),
            },
          );
        }
      },
    },
  );
}
