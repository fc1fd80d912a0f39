import { randomUUID } from 'node:crypto';
import type { TDb } from '../../server/db/client';
import { uniqueSuffix } from './users';

/** A market with a unique two-letter code (codes Q*, X* and Z* are unassigned in ISO 3166). */
export async function createMarket(db: TDb, overrides: { currency?: string } = {}) {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const code = `${'QXZ'[attempt % 3]}${letters[Math.floor(Math.random() * 26)]}`;
    const exists = await db.market.findUnique({ where: { countryCode: code } });
    if (exists) continue;
    return db.market.create({
      data: {
        countryCode: code,
        country: `Testland ${uniqueSuffix()}`,
        currency: overrides.currency ?? 'EUR',
        locale: `en-${code}`,
      },
    });
  }
  throw new Error('No free market code');
}

export async function createGiftGuide(
  db: TDb,
  input: { marketCode: string; title?: string; parentGiftGuideId?: string; sortOrder?: number },
) {
  return db.giftGuide.create({
    data: {
      id: randomUUID(),
      marketCode: input.marketCode,
      title: input.title ?? `Guide ${uniqueSuffix()}`,
      parentGiftGuideId: input.parentGiftGuideId ?? null,
      sortOrder: input.sortOrder ?? 0,
    },
  });
}

export async function createMerchant(
  db: TDb,
  input: { marketCode: string; name?: string; isFeatured?: boolean; sortOrder?: number },
) {
  return db.merchant.create({
    data: {
      id: randomUUID(),
      marketCode: input.marketCode,
      name: input.name ?? `Shop ${uniqueSuffix()}`,
      url: 'https://shop.example.test/',
      isFeatured: input.isFeatured ?? false,
      sortOrder: input.sortOrder ?? 0,
    },
  });
}

/** A product with its first price in the history; `guides` links it to gift guides. */
export async function createProduct(
  db: TDb,
  input: {
    marketCode: string;
    merchantId: string;
    title?: string;
    description?: string;
    price?: number;
    currency?: string;
    createdAt?: Date;
    guides?: string[];
  },
) {
  const id = randomUUID();
  const createdAt = input.createdAt ?? new Date();
  const price = input.price ?? 25;
  const currency = input.currency ?? 'EUR';
  const product = await db.product.create({
    data: {
      id,
      marketCode: input.marketCode,
      merchantId: input.merchantId,
      title: input.title ?? `Product ${uniqueSuffix()}`,
      description: input.description ?? null,
      priceAmount: price,
      currency,
      url: `https://shop.example.test/p/${id}`,
      imageUrl: `https://img.example.test/${id}.jpg`,
      createdAt,
      prices: { create: { amount: price, currency, recordedAt: createdAt } },
    },
  });
  for (const giftGuideId of input.guides ?? [])
    await db.productGiftGuide.create({ data: { productId: id, giftGuideId } });
  return product;
}
