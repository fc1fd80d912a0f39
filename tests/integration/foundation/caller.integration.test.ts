import { describe, expect, it } from 'vitest';
import { createGiftGuide, createMarket } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';

describe('home.landing through the typed caller', () => {
  it('shows live member counts, the market and its top-level guides in order', async () => {
    const db = testDb();
    const market = await createMarket(db, { currency: 'AUD' });
    const second = await createGiftGuide(db, { marketCode: market.countryCode, title: 'Second', sortOrder: 2 });
    const first = await createGiftGuide(db, { marketCode: market.countryCode, title: 'First', sortOrder: 1 });
    await createGiftGuide(db, { marketCode: market.countryCode, parentGiftGuideId: first.id, title: 'Child' });
    const before = await callerFor().home.landing({ market: market.countryCode });
    await createUser(db);
    await createUser(db, { deletedAt: new Date() });
    const after = await callerFor().home.landing({ market: market.countryCode });

    expect(after.memberCount).toBe(before.memberCount + 1); // deleted members are not counted
    expect(after.marketData).toEqual({
      market: market.countryCode,
      currency: 'AUD',
      locale: `en-${market.countryCode}`,
    });
    expect(after.giftGuides.map((guide) => guide.title)).toEqual(['First', 'Second']);
    expect(after.giftGuides[0]).toMatchObject({ giftGuideId: first.id, childGiftGuidesCount: 1 });
    expect(after.giftGuides[1]).toMatchObject({ giftGuideId: second.id, childGiftGuidesCount: 0 });
    expect(after.markets.some((candidate) => candidate.countryCode === market.countryCode)).toBe(true);
  });

  it('an unknown market falls back to the default US market', async () => {
    // AA is no ISO country and the market factory only makes codes starting with Q, X or Z.
    const result = await callerFor().shop.marketData({ market: 'AA' });
    expect(result).toEqual({ market: 'US', currency: 'USD', locale: 'en-US' });
  });

  it('rejects a malformed market with a validation error', async () => {
    await expect(callerFor().shop.marketData({ market: 'nope' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
