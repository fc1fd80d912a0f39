import { queryRows } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { Prisma } from '../../generated/prisma/client';
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
    // Read on every landing and home page: straight to the driver (db/client.ts queryRows).
    queryRows<{ n: bigint | number }>(
      deps.db,
      Prisma.sql`SELECT COUNT(*) AS n FROM users WHERE deleted_at IS NULL`,
    ).then((rows) => Number(rows[0]?.n ?? 0)),
    getMarketData(deps, { market }),
    listMarkets(deps),
  ]);
  const giftGuides = await listTopLevel(deps, marketData.market);
  return { memberCount, marketData, markets, giftGuides };
}
