import type { TAppDeps } from '../../deps';
import { getMarketData, listMarkets, type TMarket, type TMarketData } from '../shop/get-market-data';
import { listTopLevel, type TGiftGuide } from '../shop/guides';

export interface TLandingSummary {
  memberCount: number;
  marketData: TMarketData;
  markets: TMarket[];
  giftGuides: TGiftGuide[];
}

/** What the landing page and /home/ show: live counts, the market and its top-level gift guides. */
export async function getLandingSummary(
  deps: Pick<TAppDeps, 'db' | 'cache'>,
  { market }: { market?: string | null },
): Promise<TLandingSummary> {
  const [memberCount, marketData, markets] = await Promise.all([
    deps.db.user.count({ where: { deletedAt: null } }),
    getMarketData(deps, { market }),
    listMarkets(deps),
  ]);
  const giftGuides = await listTopLevel(deps, marketData.market);
  return { memberCount, marketData, markets, giftGuides };
}
