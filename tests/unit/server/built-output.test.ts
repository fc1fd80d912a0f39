/** Hot reads' output check (server/trpc/built-output.ts): proven in tests, sent as built in production. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { builtOutput } from '../../../server/trpc/built-output';
import { ZWishListDetail } from '../../../server/contracts/wish-lists';

const ownWish = {
  wishId: 'w1',
  wishlistId: 'l1',
  title: 'Wool socks',
  description: null,
  price: { amount: 12.5, currency: 'USD' },
  merchant: null,
  quantity: 2,
  url: null,
  imageUrl: null,
  priority: 3,
  notes: null,
  productId: null,
  sortOrder: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  receivedAt: null,
  giversRevealedAt: null,
};
const list = {
  wishlistId: 'l1',
  ownerId: 'u1',
  owner: { userId: 'u1', name: 'Dana', displayName: 'Dana', shortName: 'Dana', pictureUrl: null, isChild: false },
  title: 'Winter',
  description: null,
  privacy: 'public',
  exchangeId: null,
  eventDate: null,
  isDefault: true,
  wishCount: 1,
  canEdit: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

// tRPC calls a function parser with the answer.
const run = (parser: unknown, value: unknown): unknown => (parser as (value: unknown) => unknown)(value);

describe('builtOutput', () => {
  const checked = builtOutput(ZWishListDetail, true);

  it('passes an answer that is exactly the contract', () => {
    const parsedOwner = ZWishListDetail.safeParse({ view: 'owner', list, wishes: [ownWish] });
    // The fixture itself must satisfy the contract for the next assertions to mean anything.
    expect(parsedOwner.success, JSON.stringify(parsedOwner.error?.issues)).toBe(true);
    expect(run(checked, { view: 'owner', list, wishes: [ownWish] })).toEqual({
      view: 'owner',
      list,
      wishes: [ownWish],
    });
  });

  it("refuses a claim field on the owner's view, and any field the contract does not have", () => {
    expect(() => run(checked, { view: 'owner', list, wishes: [{ ...ownWish, claimedQuantity: 1 }] })).toThrow();
    expect(() => run(checked, { view: 'owner', list: { ...list, passwordHash: 'x' }, wishes: [] })).toThrow(
      /differs from its contract/,
    );
  });

  it('refuses a value the schema would coerce', () => {
    const coercing = builtOutput(z.object({ count: z.coerce.number() }), true);
    expect(() => run(coercing, { count: '3' })).toThrow(/differs from its contract/);
    expect(run(coercing, { count: 3 })).toEqual({ count: 3 });
  });

  it('in production sends the answer as built', () => {
    const answer = { view: 'owner', list, wishes: [ownWish] };
    expect(run(builtOutput(ZWishListDetail, false), answer)).toBe(answer);
  });
});
