/**
 * The gift-guide tree of each market (spec §3 gift guide; §7 shop calls). The whole tree of a
 * market is small (tens of guides), so it is read once into the cache (5 minutes, spec §9) and
 * every tree question (ancestors, children, descendants, trending) is answered from it. A failure
 * to read it degrades to an empty tree and is logged (spec §8).
 */
import { DEFAULT_MARKET, SHOP_CACHE_TTL_MS } from '../../contracts/constants';
import { DEFAULT_MARKETS } from '../../contracts/enums';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { listMarkets } from './get-market-data';

type TDeps = Pick<TAppDeps, 'db' | 'cache' | 'log'>;

export interface TGiftGuide {
  giftGuideId: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  parentGiftGuideId: string | null;
  childGiftGuidesCount: number;
  isTrending: boolean;
}

interface TTree {
  byId: Record<string, TGiftGuide>;
  /** Child ids per parent id ('' for the top level), in display order. */
  children: Record<string, string[]>;
}

function guidesOf(tree: TTree, ids: readonly string[] | undefined): TGiftGuide[] {
  return (ids ?? []).map((id) => tree.byId[id]).filter((guide): guide is TGiftGuide => guide !== undefined);
}

/** A known market code (upper-case): the spec's default markets or one we serve; else 400 naming the field. */
export async function requireMarket(deps: TDeps, market: string | null | undefined): Promise<string> {
  const code = (market ?? DEFAULT_MARKET).toUpperCase();
  if (DEFAULT_MARKETS.some((candidate) => candidate.countryCode === code)) return code;
  const markets = await listMarkets(deps);
  if (!markets.some((candidate) => candidate.countryCode === code)) {
    throw new AppError('VALIDATION', { fieldErrors: { market: 'Value is not a valid market' } });
  }
  return code;
}

async function loadTree(deps: TDeps, market: string): Promise<TTree> {
  try {
    return await deps.cache.getOrLoad(`shop:guide-tree:${market}`, SHOP_CACHE_TTL_MS, async () => {
      const rows = await deps.db.giftGuide.findMany({
        where: { marketCode: market },
        orderBy: [{ sortOrder: 'asc' }, { title: 'asc' }],
        select: { id: true, title: true, description: true, imageUrl: true, parentGiftGuideId: true, isTrending: true },
      });
      const children: Record<string, string[]> = {};
      for (const row of rows) (children[row.parentGiftGuideId ?? ''] ??= []).push(row.id);
      const byId: Record<string, TGiftGuide> = {};
      for (const row of rows) {
        byId[row.id] = {
          giftGuideId: row.id,
          title: row.title,
          description: row.description,
          imageUrl: row.imageUrl,
          parentGiftGuideId: row.parentGiftGuideId,
          childGiftGuidesCount: children[row.id]?.length ?? 0,
          isTrending: row.isTrending,
        };
      }
      return { byId, children };
    });
  } catch (error) {
    deps.log?.warn({ err: error instanceof Error ? error.message : String(error), market }, 'gift guides unavailable');
    return { byId: {}, children: {} };
  }
}

/** The guide and its market's tree; 404 for an unknown guide. */
async function guideWithTree(
  deps: TDeps,
  giftGuideId: string,
): Promise<{ guide: TGiftGuide; tree: TTree; market: string }> {
  const row = await deps.db.giftGuide.findUnique({ where: { id: giftGuideId }, select: { marketCode: true } });
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such gift guide' });
  const tree = await loadTree(deps, row.marketCode);
  const guide = tree.byId[giftGuideId];
  if (!guide) throw new AppError('NOT_FOUND', { message: 'No such gift guide' });
  return { guide, tree, market: row.marketCode };
}

export async function getGuide(deps: TDeps, giftGuideId: string): Promise<TGiftGuide & { market: string }> {
  const { guide, market } = await guideWithTree(deps, giftGuideId);
  return { ...guide, market };
}

/** GET /v1/gift-guides/{id}/ancestors: from the top-level guide down to the parent. */
export async function listAncestors(deps: TDeps, giftGuideId: string): Promise<TGiftGuide[]> {
  const { guide, tree } = await guideWithTree(deps, giftGuideId);
  const chain: TGiftGuide[] = [];
  const parentId = guide.parentGiftGuideId;
  let parent = parentId ? tree.byId[parentId] : undefined;
  while (parent && chain.length < 50) {
    chain.unshift(parent);
    parent = parent.parentGiftGuideId ? tree.byId[parent.parentGiftGuideId] : undefined;
  }
  return chain;
}

/** GET /v1/gift-guides/{id}/child-guides. */
export async function listChildGuides(deps: TDeps, giftGuideId: string): Promise<TGiftGuide[]> {
  const { tree } = await guideWithTree(deps, giftGuideId);
  return guidesOf(tree, tree.children[giftGuideId]);
}

/** The guide and every guide below it (search by guide includes sub-guides). */
export async function guideAndDescendants(deps: TDeps, giftGuideId: string): Promise<string[]> {
  const { tree } = await guideWithTree(deps, giftGuideId);
  const ids: string[] = [];
  const queue = [giftGuideId];
  while (queue.length > 0 && ids.length < 1000) {
    const id = queue.shift()!;
    ids.push(id);
    queue.push(...(tree.children[id] ?? []));
  }
  return ids;
}

/** GET /v1/gift-guides/top-level-guides?market=. */
export async function listTopLevel(deps: TDeps, market: string | null | undefined): Promise<TGiftGuide[]> {
  const code = await requireMarket(deps, market);
  const tree = await loadTree(deps, code);
  return guidesOf(tree, tree.children['']);
}

/** GET /v1/gift-guides/trending-guide?market=: the market's trending guide, or null. */
export async function trendingGuide(deps: TDeps, market: string | null | undefined): Promise<TGiftGuide | null> {
  const code = await requireMarket(deps, market);
  const tree = await loadTree(deps, code);
  const top = guidesOf(tree, tree.children['']);
  return top.find((guide) => guide.isTrending) ?? Object.values(tree.byId).find((guide) => guide.isTrending) ?? null;
}

/** Merchandisers edit a guide's words and the trending mark; the market's tree cache is dropped. */
export async function updateGuide(
  deps: TDeps,
  input: { giftGuideId: string; title?: string; description?: string | null; isTrending?: boolean },
): Promise<TGiftGuide> {
  const { market } = await guideWithTree(deps, input.giftGuideId);
  await deps.db.$transaction(async (tx) => {
    // One trending guide per market.
    if (input.isTrending)
      await tx.giftGuide.updateMany({ where: { marketCode: market, isTrending: true }, data: { isTrending: false } });
    await tx.giftGuide.update({
      where: { id: input.giftGuideId },
      data: {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.isTrending !== undefined ? { isTrending: input.isTrending } : {}),
      },
    });
  });
  await Promise.all([
    deps.cache.delete(`shop:guide-tree:${market}`),
    deps.cache.delete(`shop:top-level-guides:${market}`),
  ]);
  const { guide } = await guideWithTree(deps, input.giftGuideId);
  return guide;
}
