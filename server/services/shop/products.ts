/**
 * The catalogue: full-text search with relevance, filters and paging; new arrivals; one product
 * with its price history; featured shops (merchants) per market.
 */
import { Prisma } from '../../generated/prisma/client';
import { SHOP_CACHE_TTL_MS } from '../../contracts/constants';
import { pagingFor, type TPage } from '../../contracts/paging';
import type { TProduct, TProductDetail, TProductSearch, TShop } from '../../contracts/shop';
import { queryRows } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { guideAndDescendants, requireMarket } from './guides';

type TDeps = Pick<TAppDeps, 'db' | 'cache' | 'log'>;

/** DECIMAL columns arrive as Prisma's Decimal through `$queryRaw`, as strings through queryRows. */
interface TProductRow {
  id: string;
  title: string;
  description: string | null;
  price_amount: { toString(): string };
  currency: string;
  url: string;
  image_url: string | null;
  created_at: Date;
  market_code: string;
  merchant_id: string;
  merchant_name: string;
  previous_amount: { toString(): string } | null;
}

function productOf(row: TProductRow): TProduct {
  const amount = Number(row.price_amount.toString());
  const previous = row.previous_amount === null ? null : Number(row.previous_amount.toString());
  return {
    productId: row.id,
    title: row.title,
    description: row.description,
    price: { amount, currency: row.currency },
    // Only a drop is worth showing as "was".
    previousPrice: previous !== null && previous > amount ? { amount: previous, currency: row.currency } : null,
    merchant: { merchantId: row.merchant_id, name: row.merchant_name },
    url: row.url,
    imageUrl: row.image_url,
    market: row.market_code,
    createdAt: row.created_at.toISOString(),
  };
}

/** How long a drop is news: the "was" price shows for this many days after the price changed. */
export const PRICE_DROP_SHOWN_DAYS = 30;

/**
 * The columns every product list selects. The previous price is the latest older, different one,
 * and only while the current price is recent (set within PRICE_DROP_SHOWN_DAYS).
 */
const PRODUCT_COLUMNS = Prisma.sql`
  p.id, p.title, p.description, p.price_amount, p.currency, p.url, p.image_url, p.created_at,
  p.market_code, p.merchant_id, m.name AS merchant_name,
  (SELECT pp.amount FROM product_prices pp
    WHERE pp.product_id = p.id AND pp.amount <> p.price_amount
      AND EXISTS (SELECT 1 FROM product_prices cur
        WHERE cur.product_id = p.id AND cur.amount = p.price_amount AND cur.recorded_at > pp.recorded_at
          AND cur.recorded_at >= NOW(3) - INTERVAL ${PRICE_DROP_SHOWN_DAYS} DAY)
    ORDER BY pp.recorded_at DESC LIMIT 1) AS previous_amount`;

/**
 * Search (and browse, with no words): MySQL full-text relevance in natural-language mode, best
 * first; filters by guide (and its sub-guides), price range and merchant; paged.
 */
export async function searchProducts(deps: TDeps, input: TProductSearch): Promise<TPage<TProduct>> {
  const market = await requireMarket(deps, input.market);
  const words = input.q?.trim() ?? '';
  const where: Prisma.Sql[] = [Prisma.sql`p.market_code = ${market}`];
  if (words) where.push(Prisma.sql`MATCH(p.title, p.description) AGAINST (${words} IN NATURAL LANGUAGE MODE)`);
  if (input.giftGuideId) {
    const guides = await guideAndDescendants(deps, input.giftGuideId);
    where.push(
      Prisma.sql`EXISTS (SELECT 1 FROM product_gift_guides g WHERE g.product_id = p.id AND g.gift_guide_id IN (${Prisma.join(guides)}))`,
    );
  }
  if (input.minPrice !== undefined) where.push(Prisma.sql`p.price_amount >= ${input.minPrice}`);
  if (input.maxPrice !== undefined) where.push(Prisma.sql`p.price_amount <= ${input.maxPrice}`);
  if (input.merchantId) where.push(Prisma.sql`p.merchant_id = ${input.merchantId}`);
  const whereSql = Prisma.join(where, ' AND ');
  const order =
    input.sort === 'price-asc'
      ? Prisma.sql`p.price_amount ASC, p.id`
      : input.sort === 'price-desc'
        ? Prisma.sql`p.price_amount DESC, p.id`
        : input.sort === 'newest' || !words
          ? Prisma.sql`p.created_at DESC, p.id`
          : Prisma.sql`MATCH(p.title, p.description) AGAINST (${words} IN NATURAL LANGUAGE MODE) DESC, p.created_at DESC, p.id`;
  // Straight to the driver (queryRows): the shop's search is one of the calls members make most.
  // Prepared per connection unless a guide's sub-guides make the statement's text vary.
  const prepared = !input.giftGuideId;
  const [rows, counted] = await Promise.all([
    queryRows<TProductRow>(
      deps.db,
      Prisma.sql`
        SELECT ${PRODUCT_COLUMNS} FROM products p JOIN merchants m ON m.id = p.merchant_id
        WHERE ${whereSql} ORDER BY ${order} LIMIT ${input.limit} OFFSET ${input.offset}`,
      { prepared },
    ),
    queryRows<{ total: number | bigint }>(
      deps.db,
      Prisma.sql`SELECT COUNT(*) AS total FROM products p WHERE ${whereSql}`,
      { prepared },
    ),
  ]);
  const total = Number(counted[0]?.total ?? 0);
  return { items: rows.map(productOf), paging: pagingFor(input, rows.length, total) };
}

/** New arrivals: the newest products of a market. */
export async function newArrivals(
  deps: TDeps,
  input: { market?: string; limit: number; offset: number },
): Promise<TPage<TProduct>> {
  return searchProducts(deps, { ...input, sort: 'newest' });
}

export async function getProduct(deps: TDeps, productId: string): Promise<TProductDetail> {
  const [row] = await deps.db.$queryRaw<TProductRow[]>`
    SELECT ${PRODUCT_COLUMNS} FROM products p JOIN merchants m ON m.id = p.merchant_id WHERE p.id = ${productId}`;
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such product' });
  const [history, guides] = await Promise.all([
    deps.db.productPrice.findMany({
      where: { productId },
      orderBy: { recordedAt: 'asc' },
      select: { amount: true, currency: true, recordedAt: true },
    }),
    deps.db.productGiftGuide.findMany({ where: { productId }, select: { giftGuideId: true } }),
  ]);
  return {
    ...productOf(row),
    priceHistory: history.map((entry) => ({
      amount: Number(entry.amount.toString()),
      currency: entry.currency,
      recordedAt: entry.recordedAt.toISOString(),
    })),
    giftGuideIds: guides.map((guide) => guide.giftGuideId),
  };
}

/** GET /v1/shop/featured-shops?market=: the market's featured merchants (cached 5 minutes). */
export async function featuredShops(deps: TDeps, market: string | null | undefined): Promise<TShop[]> {
  const code = await requireMarket(deps, market);
  try {
    return await deps.cache.getOrLoad(`shop:featured-shops:${code}`, SHOP_CACHE_TTL_MS, async () => {
      const rows = await deps.db.merchant.findMany({
        where: { marketCode: code, isFeatured: true },
        orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }],
        select: { id: true, name: true, url: true, logoUrl: true, marketCode: true, isFeatured: true },
      });
      return rows.map(shopOf);
    });
  } catch (error) {
    deps.log?.warn(
      { err: error instanceof Error ? error.message : String(error), market: code },
      'featured shops unavailable',
    );
    return [];
  }
}

function shopOf(row: {
  id: string;
  name: string;
  url: string;
  logoUrl: string | null;
  marketCode: string;
  isFeatured: boolean;
}): TShop {
  return {
    merchantId: row.id,
    name: row.name,
    url: row.url,
    logoUrl: row.logoUrl,
    market: row.marketCode,
    isFeatured: row.isFeatured,
  };
}

/** Every merchant of a market (the search filter and the merchandisers' featured-shop editor). */
export async function listMerchants(deps: TDeps, market: string | null | undefined): Promise<TShop[]> {
  const code = await requireMarket(deps, market);
  try {
    return await deps.cache.getOrLoad(`shop:merchants:${code}`, SHOP_CACHE_TTL_MS, async () => {
      const rows = await deps.db.merchant.findMany({
        where: { marketCode: code },
        orderBy: [{ name: 'asc' }],
        select: { id: true, name: true, url: true, logoUrl: true, marketCode: true, isFeatured: true },
      });
      return rows.map(shopOf);
    });
  } catch (error) {
    deps.log?.warn(
      { err: error instanceof Error ? error.message : String(error), market: code },
      'merchants unavailable',
    );
    return [];
  }
}

/** Merchandisers feature a shop (or stop featuring it) and place it. */
export async function setFeaturedShop(
  deps: TDeps,
  input: { merchantId: string; isFeatured: boolean; sortOrder?: number },
): Promise<TShop> {
  const found = await deps.db.merchant.findUnique({ where: { id: input.merchantId }, select: { marketCode: true } });
  if (!found) throw new AppError('NOT_FOUND', { message: 'No such shop' });
  const row = await deps.db.merchant.update({
    where: { id: input.merchantId },
    data: { isFeatured: input.isFeatured, ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder } : {}) },
    select: { id: true, name: true, url: true, logoUrl: true, marketCode: true, isFeatured: true },
  });
  await Promise.all([
    deps.cache.delete(`shop:featured-shops:${found.marketCode}`),
    deps.cache.delete(`shop:merchants:${found.marketCode}`),
  ]);
  return shopOf(row);
}

/** Merchandisers (and the catalogue feed) change a price: the history keeps every change. */
export async function setProductPrice(
  deps: TDeps,
  input: { productId: string; amount: number },
): Promise<TProductDetail> {
  const product = await deps.db.product.findUnique({
    where: { id: input.productId },
    select: { currency: true, priceAmount: true },
  });
  if (!product) throw new AppError('NOT_FOUND', { message: 'No such product' });
  if (Number(product.priceAmount.toString()) !== input.amount) {
    await deps.db.$transaction([
      deps.db.product.update({ where: { id: input.productId }, data: { priceAmount: input.amount } }),
      deps.db.productPrice.create({
        data: { productId: input.productId, amount: input.amount, currency: product.currency },
      }),
    ]);
  }
  return getProduct(deps, input.productId);
}
