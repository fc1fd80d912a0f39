import { DEFAULT_MARKET, SHOP_CACHE_TTL_MS } from '../../contracts/constants';
import type { TAppDeps } from '../../deps';

export interface TGiftGuide {
  giftGuideId: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  parentGiftGuideId: string | null;
  childGiftGuidesCount: number;
  isTrending: boolean;
}

/** Top-level gift guides of a market, in display order (cached 5 minutes, spec §9). */
export async function listTopLevelGuides(
  { db, cache }: Pick<TAppDeps, 'db' | 'cache'>,
  { market }: { market?: string | null },
): Promise<TGiftGuide[]> {
  const code = (market ?? DEFAULT_MARKET).toUpperCase();
  return cache.getOrLoad(`shop:top-level-guides:${code}`, SHOP_CACHE_TTL_MS, async () => {
    const rows = await db.giftGuide.findMany({
      where: { marketCode: code, parentGiftGuideId: null },
      orderBy: [{ sortOrder: 'asc' }, { title: 'asc' }],
      include: { _count: { select: { children: true } } },
    });
    return rows.map((row) => ({
      giftGuideId: row.id,
      title: row.title,
      description: row.description,
      imageUrl: row.imageUrl,
      parentGiftGuideId: row.parentGiftGuideId,
      childGiftGuidesCount: row._count.children,
      isTrending: row.isTrending,
    }));
  });
}
