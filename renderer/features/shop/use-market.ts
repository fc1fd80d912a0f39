/**
 * The shop's market in React (spec §4, rules in ./market.ts): the address's `?market=`, then the
 * market selected in this browser (localStorage 'market'), then the signed-in member's saved
 * 'wishing' market (people.marketPreferences), then US.
 *
 * `choose(code)` clears the override from the address, stores the code as selected (every screen
 * using the hook follows, other tabs too), reloads the menu (top-level and trending guides),
 * featured shops and merchants, and saves the preference when signed in.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppNavigate } from '../../routes/app-navigate';
import { DEFAULT_MARKETS } from '../../../server/contracts/enums';
import { browserStorage } from '../../app/runtime/app-runtime';
import type { TStorageLike } from '../../client/types';
import { useIdentity } from '../../auth/identity-provider';
import { errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { trpc } from '../../trpc';
import {
  MARKET_QUERY_PARAM,
  MARKET_STORAGE_KEY,
  chooseMarket,
  needsSavedMarket,
  normalizeMarket,
  resolveMarket,
  type TMarketSource,
} from './market';

const SHOP_CACHE_MS = 300_000;
const DEFAULT_CODES: readonly string[] = DEFAULT_MARKETS.map((market) => market.countryCode);

// ---- The selected market: localStorage, shared by every hook instance and every tab ----

const listeners = new Set<() => void>();
let storage: TStorageLike | null | undefined;

function localStore(): TStorageLike | null {
  if (storage === undefined) storage = typeof window === 'undefined' ? null : browserStorage('localStorage');
  return storage;
}

function readSelected(): string | null {
  return normalizeMarket(localStore()?.getItem(MARKET_STORAGE_KEY) ?? null);
}

function subscribeSelected(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent): void => {
    if (event.key === null || event.key === MARKET_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function storeSelectedMarket(code: string): void {
  localStore()?.setItem(MARKET_STORAGE_KEY, code);
  listeners.forEach((listener) => listener());
}

export function useSelectedMarket(): string | null {
  return useSyncExternalStore(subscribeSelected, readSelected, () => null);
}

// ---- The hook ----

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

export function useMarket(): TUseMarket {
  const location = useLocation();
  const navigate = useAppNavigate();
  const utils = trpc.useUtils();
  const toast = useToast();
  const { identity, isReady: identityReady } = useIdentity();
  const signedIn = identity !== null;
  const selected = useSelectedMarket();
  const override = normalizeMarket(new URLSearchParams(location.search).get(MARKET_QUERY_PARAM));

  const markets = trpc.shop.markets.useQuery(undefined, { staleTime: SHOP_CACHE_MS });
  const known = markets.data ? markets.data.map((item) => item.countryCode) : null;
  const wantsSaved = needsSavedMarket({ override, selected, known });
  const preferences = trpc.people.marketPreferences.useQuery(undefined, {
    enabled: identityReady && signedIn && wantsSaved,
    staleTime: SHOP_CACHE_MS,
  });
  const saved = signedIn ? (preferences.data?.saved ?? null) : null;
  const resolved = resolveMarket({ override, selected, saved, known });

  // Ready when nothing still loading could change the answer: the markets list (unless the code
  // is one of the built-in markets the server always serves), and the identity and its saved
  // preference when nothing above them chose a market.
  const marketsSettled = !markets.isPending || DEFAULT_CODES.includes(resolved.market);
  const savedSettled = !wantsSaved || (identityReady && (!signedIn || !preferences.isPending));
  const isReady = marketsSettled && savedSettled;

  const setPreference = trpc.people.setPreference.useMutation();
  const search = location.search;
  const pathname = location.pathname;
  const hash = location.hash;
  const userId = identity?.userId ?? null;

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
            utils.people.marketPreferences.setData(undefined, { saved: choice.selected, effective: choice.selected }),
          onError: (error) => toast.error(errorText(error), 'Could not save your market'),
        },
      );
    }
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
    saving: setPreference.isPending,
  };
}
