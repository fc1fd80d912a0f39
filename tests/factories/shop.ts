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
