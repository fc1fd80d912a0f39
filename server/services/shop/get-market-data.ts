import { DEFAULT_CURRENCY, DEFAULT_LOCALE, DEFAULT_MARKET, SHOP_CACHE_TTL_MS } from '../../contracts/constants';
import { DEFAULT_MARKETS } from '../../contracts/enums';
import type { TAppDeps } from '../../deps';

export interface TMarket {
  countryCode: string;
  country: string;
  currency: string;
}

export interface TMarketData {
  market: string;
  currency: string;
  locale: string;
}

/** Markets offered by the shop, in display order; the built-in defaults when the table is empty. */
export async function listMarkets({ db, cache }: Pick<TAppDeps, 'db' | 'cache'>): Promise<TMarket[]> {
  return cache.getOrLoad('shop:markets', SHOP_CACHE_TTL_MS, async () => {
    const rows = await db.market.findMany({ orderBy: [{ sortOrder: 'asc' }, { countryCode: 'asc' }] });
    if (rows.length === 0) return DEFAULT_MARKETS.map((market) => ({ ...market }));
    return rows.map((row) => ({ countryCode: row.countryCode, country: row.country, currency: row.currency }));
  });
}

/** Market data (spec §3): the market's currency (default USD) and locale en-{countryCode} (default en-US). */
export async function getMarketData(
  deps: Pick<TAppDeps, 'db' | 'cache'>,
  { market }: { market?: string | null },
): Promise<TMarketData> {
  const code = (market ?? DEFAULT_MARKET).toUpperCase();
  const markets = await listMarkets(deps);
  const found = markets.find((candidate) => candidate.countryCode === code);
  if (!found) return { market: DEFAULT_MARKET, currency: DEFAULT_CURRENCY, locale: DEFAULT_LOCALE };
  return { market: found.countryCode, currency: found.currency || DEFAULT_CURRENCY, locale: `en-${found.countryCode}` };
}
