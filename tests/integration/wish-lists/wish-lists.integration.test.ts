/**
 * Wish lists end to end against the real database, through the typed caller and the tRPC HTTP
 * face: privacy of lists, claim secrecy from the owner, group gifting, the last unit decided by the
 * database, received gifts revealing their givers, one default list, validation in the spec's words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TVerifiedIdentity } from '../../../server/auth/tokens';
import { createMember, identityFor, TEST_PASSWORD, type TMember } from '../../factories/identities';
import { createMarket, createMerchant, createProduct } from '../../factories/shop';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

const deps = testDeps();
let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});

interface TPerson {
  member: TMember;
  identity: TVerifiedIdentity;
  caller: ReturnType<typeof callerFor>;
}

async function person(options: { isPrivate?: boolean } = {}): Promise<TPerson> {
  const member = await createMember(testDb());
  await testDb().userSettings.create({
    data: { userId: member.id, emailGuid: crypto.randomUUID(), isPrivate: options.isPrivate ?? false },
  });
  const identity = await identityFor(deps, member.id);
  return { member, identity, caller: callerFor(identity, deps) };
}

async function follow(who: TPerson, whom: TPerson): Promise<void> {
  await who.caller.people.follow({ userId: whom.member.id });
}

/** A status from a rejected tRPC call (its HTTP status in the AppError table). */
async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    const data = (error as { cause?: { httpStatus?: number } }).cause;
    if (data?.httpStatus) return data.httpStatus;
    const code = (error as { code?: string }).code;
    return { NOT_FOUND: 404, FORBIDDEN: 403, UNAUTHORIZED: 401, CONFLICT: 409, BAD_REQUEST: 400 }[code ?? ''] ?? 500;
  }
}

describe('lists and privacy', () => {
  it('the first list is the default; making another default moves it, and only one default exists', async () => {
    const owner = await person();
    const first = await owner.caller.wishLists.create({ title: 'Birthday', privacy: 'public' });
    expect(first.isDefault).toBe(true);
    const second = await owner.caller.wishLists.create({ title: 'Holidays', privacy: 'public' });
    expect(second.isDefault).toBe(false);
    // Four requests make a default at once: the database keeps exactly one.
    const made = await Promise.allSettled(
      ['A', 'B', 'C', 'D'].map((title) => owner.caller.wishLists.create({ title, privacy: 'public', isDefault: true })),
    );
    expect(made.some((result) => result.status === 'fulfilled')).toBe(true);
    const lists = await owner.caller.wishLists.mine();
    expect(lists.filter((list) => list.isDefault)).toHaveLength(1);
    await owner.caller.wishLists.update({ wishlistId: second.wishlistId, isDefault: true });
    const after = await owner.caller.wishLists.mine();
    expect(after.filter((list) => list.isDefault).map((list) => list.wishlistId)).toEqual([second.wishlistId]);
    // Deleting the default list hands the mark to another list.
    await owner.caller.wishLists.delete({ wishlistId: second.wishlistId });
    expect((await owner.caller.wishLists.mine()).filter((list) => list.isDefault)).toHaveLength(1);
  });

  it('shows each list only to whom its privacy allows, and hides blocked viewers entirely', async () => {
    const owner = await person();
    const follower = await person();
    const stranger = await person();
    await follow(follower, owner);
    const open = await owner.caller.wishLists.create({ title: 'Open', privacy: 'public' });
    const forFollowers = await owner.caller.wishLists.create({ title: 'Followers', privacy: 'followers' });
    const secret = await owner.caller.wishLists.create({ title: 'Secret', privacy: 'private' });

    const titles = async (viewer: TVerifiedIdentity | null) =>
      (await callerFor(viewer, deps).wishLists.ofUser({ userId: owner.member.id })).map((list) => list.title).sort();
    expect(await titles(owner.identity)).toEqual(['Followers', 'Open', 'Secret']);
    expect(await titles(follower.identity)).toEqual(['Followers', 'Open']);
    expect(await titles(stranger.identity)).toEqual(['Open']);
    expect(await titles(null)).toEqual(['Open']);
    expect(await statusOf(stranger.caller.wishLists.get({ wishlistId: secret.wishlistId }))).toBe(404);
    expect(await statusOf(stranger.caller.wishLists.get({ wishlistId: forFollowers.wishlistId }))).toBe(404);
    expect((await follower.caller.wishLists.get({ wishlistId: forFollowers.wishlistId })).view).toBe('guest');

    // A private person's lists: only for people they follow.
    await owner.caller.people.updateSettings({ userId: owner.member.id, settings: { isPrivate: true } });
    expect(await statusOf(stranger.caller.wishLists.get({ wishlistId: open.wishlistId }))).toBe(403);
    await follow(owner, stranger);
    expect((await stranger.caller.wishLists.get({ wishlistId: open.wishlistId })).list.title).toBe('Open');

    // Blocked: the list does not exist for them.
    await owner.caller.people.block({ userId: stranger.member.id });
    expect(await statusOf(stranger.caller.wishLists.get({ wishlistId: open.wishlistId }))).toBe(404);
    expect(await statusOf(stranger.caller.wishLists.ofUser({ userId: owner.member.id }))).toBe(404);
  });

  it('refuses invalid lists and wishes with the spec §5 messages, field by field', async () => {
    const owner = await person();
    const list = await owner.caller.wishLists.create({ title: 'Valid', privacy: 'public' });
    const client = new TestBrowser(server.baseUrl);
    expect((await client.post('/auth/v2/log-in/', { email: owner.member.email, password: TEST_PASSWORD })).status).toBe(
      200,
    );
    const cases: [string, unknown, string, string][] = [
      ['wishLists.create', { title: '   ', privacy: 'public' }, 'title', 'Value is required'],
      ['wishLists.create', { title: 'x'.repeat(101), privacy: 'public' }, 'title', 'The maximum length allowed is 100'],
      ['wishLists.create', { title: 'Swap', privacy: 'exchange' }, 'exchangeId', 'The value is required'],
      [
        'wishLists.addWish',
        { wishlistId: list.wishlistId, title: 'Book', url: 'javascript:alert(1)' },
        'url',
        'The value is not a valid URL address',
      ],
      [
        'wishLists.addWish',
        { wishlistId: list.wishlistId, title: 'Book', quantity: 0 },
        'quantity',
        'The minimum value allowed is 1',
      ],
      [
        'wishLists.addWish',
        { wishlistId: list.wishlistId, title: 'Book', price: { amount: 'lots', currency: 'USD' } },
        'price.amount',
        'Value must be decimal',
      ],
    ];
    for (const [procedure, input, field, message] of cases) {
      const response = await client.request('POST', `/trpc/${procedure}`, { json: input });
      expect(response.status, JSON.stringify(input)).toBe(400);
      const body = response.body as { error: { data: { fieldErrors: Record<string, string> } } };
      expect(body.error.data.fieldErrors[field], JSON.stringify(body)).toBe(message);
    }
  });
});

describe('claims', () => {
  it('never tells the owner, through any face, that a wish was bought — until they mark it received', async () => {
    const owner = await person();
    const friend = await person();
    const list = await owner.caller.wishLists.create({ title: 'Winter', privacy: 'public' });
    const wish = await owner.caller.wishLists.addWish({
      wishlistId: list.wishlistId,
      title: 'Wool scarf',
      quantity: 2,
    });
    const claimed = await friend.caller.wishLists.claim({ wishId: wish.wishId, quantity: 1 });
    expect(claimed).toMatchObject({ claimedQuantity: 1, myClaimQuantity: 1, remainingQuantity: 1 });

    // The owner's views: the typed caller, the HTTP face, their notifications.
    const ownView = await owner.caller.wishLists.get({ wishlistId: list.wishlistId });
    expect(ownView.view).toBe('owner');
    expect(JSON.stringify(ownView)).not.toMatch(/claim|remaining|bought/i);
    const client = new TestBrowser(server.baseUrl);
    await client.post('/auth/v2/log-in/', { email: owner.member.email, password: TEST_PASSWORD });
    const overHttp = await client.get(
      `/trpc/wishLists.get?input=${encodeURIComponent(JSON.stringify({ wishlistId: list.wishlistId }))}`,
    );
    expect(overHttp.status).toBe(200);
    expect(JSON.stringify(overHttp.body)).not.toMatch(/claim|remaining|bought/i);
    expect(JSON.stringify(await owner.caller.wishLists.wish({ wishId: wish.wishId }))).not.toMatch(/claim/i);
    expect(await owner.caller.wishLists.giftsReceived({ userId: owner.member.id })).toEqual([]);
    expect(await testDb().notification.count({ where: { userId: owner.member.id } })).toBe(0);
    // The owner can't claim (that would reveal the counts) nor read the friend's purchases.
    expect(await statusOf(owner.caller.wishLists.claim({ wishId: wish.wishId, quantity: 1 }))).toBe(403);
    expect(await statusOf(owner.caller.wishLists.purchases({ userId: friend.member.id }))).toBe(403);

    // The friend sees what they bought and for whom.
    const purchases = await friend.caller.wishLists.purchases({ userId: friend.member.id });
    expect(purchases.map((row) => [row.wish.title, row.quantity, row.recipient.userId])).toEqual([
      ['Wool scarf', 1, owner.member.id],
    ]);

    // Received: now the owner sees who gave it.
    await owner.caller.wishLists.setReceived({ wishId: wish.wishId, received: true });
    const received = await owner.caller.wishLists.giftsReceived({ userId: owner.member.id });
    expect(
      received.map((gift) => [gift.title, gift.givers.map((giver) => [giver.person.userId, giver.quantity])]),
    ).toEqual([['Wool scarf', [[friend.member.id, 1]]]]);
    // A received gift can no longer be claimed or unclaimed.
    expect(await statusOf(friend.caller.wishLists.unclaim({ wishId: wish.wishId }))).toBe(409);
  });

  it('splits a wish between several givers and refuses more than is still wanted', async () => {
    const owner = await person();
    const [a, b, c] = [await person(), await person(), await person()];
    const list = await owner.caller.wishLists.create({ title: 'Group gift', privacy: 'public' });
    const wish = await owner.caller.wishLists.addWish({ wishlistId: list.wishlistId, title: 'Plates', quantity: 3 });
    await a.caller.wishLists.claim({ wishId: wish.wishId, quantity: 2 });
    // A double submit sets the same share: nothing changes.
    await a.caller.wishLists.claim({ wishId: wish.wishId, quantity: 2 });
    expect((await b.caller.wishLists.claim({ wishId: wish.wishId, quantity: 1 })).remainingQuantity).toBe(0);
    expect(await statusOf(c.caller.wishLists.claim({ wishId: wish.wishId, quantity: 1 }))).toBe(409);
    // A gives one back; C can take it.
    await a.caller.wishLists.claim({ wishId: wish.wishId, quantity: 1 });
    expect((await c.caller.wishLists.claim({ wishId: wish.wishId, quantity: 1 })).remainingQuantity).toBe(0);
    await b.caller.wishLists.unclaim({ wishId: wish.wishId });
    expect((await c.caller.wishLists.get({ wishlistId: list.wishlistId })).wishes[0]).toMatchObject({
      claimedQuantity: 2,
      myClaimQuantity: 1,
      remainingQuantity: 1,
    });
  });

  it('lets exactly one of two people claiming the last unit at once win, every time', async () => {
    const owner = await person();
    const list = await owner.caller.wishLists.create({ title: 'Race', privacy: 'public' });
    for (let round = 0; round < 5; round += 1) {
      const wish = await owner.caller.wishLists.addWish({ wishlistId: list.wishlistId, title: `Last one ${round}` });
      const [x, y] = [await person(), await person()];
      const results = await Promise.allSettled([
        x.caller.wishLists.claim({ wishId: wish.wishId, quantity: 1 }),
        y.caller.wishLists.claim({ wishId: wish.wishId, quantity: 1 }),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((result) => result.status === 'rejected');
      expect(lost && (await statusOf(Promise.reject((lost as PromiseRejectedResult).reason)))).toBe(409);
      expect(await testDb().wishClaim.aggregate({ where: { wishId: wish.wishId }, _sum: { quantity: true } })).toEqual({
        _sum: { quantity: 1 },
      });
    }
  });
});

describe('wishes', () => {
  it('adds a wish from the shop with the product filled in, and reorders and sorts', async () => {
    const owner = await person();
    const market = await createMarket(testDb(), { currency: 'CAD' });
    const merchant = await createMerchant(testDb(), { marketCode: market.countryCode, name: `Maple ${Date.now()}` });
    const product = await createProduct(testDb(), {
      marketCode: market.countryCode,
      merchantId: merchant.id,
      title: 'Espresso machine',
      price: 199.99,
      currency: 'CAD',
    });
    // No list yet: the wish goes to a new default list.
    const fromShop = await owner.caller.wishLists.addWish({
      title: 'Espresso machine',
      productId: product.id,
      priority: 4,
    });
    expect(fromShop).toMatchObject({
      productId: product.id,
      price: { amount: 199.99, currency: 'CAD' },
      merchant: merchant.name,
      url: product.url,
      imageUrl: product.imageUrl,
    });
    const [list] = await owner.caller.wishLists.mine();
    expect(list).toMatchObject({ title: 'My wish list', isDefault: true, wishCount: 1 });
    const cheap = await owner.caller.wishLists.addWish({
      wishlistId: list!.wishlistId,
      title: 'Socks',
      price: { amount: 9, currency: 'CAD' },
      priority: 1,
    });
    const free = await owner.caller.wishLists.addWish({ wishlistId: list!.wishlistId, title: 'A hug' });

    const order = async (sort: 'custom' | 'price' | 'priority' | 'date', direction?: 'asc' | 'desc') =>
      (await owner.caller.wishLists.get({ wishlistId: list!.wishlistId, sort, direction })).wishes.map(
        (wish) => wish.title,
      );
    expect(await order('custom')).toEqual(['Espresso machine', 'Socks', 'A hug']);
    expect(await order('price')).toEqual(['Socks', 'Espresso machine', 'A hug']);
    expect(await order('price', 'desc')).toEqual(['Espresso machine', 'Socks', 'A hug']);
    expect(await order('priority')).toEqual(['Espresso machine', 'A hug', 'Socks']);
    await owner.caller.wishLists.reorder({
      wishlistId: list!.wishlistId,
      wishIds: [free.wishId, cheap.wishId, fromShop.wishId],
    });
    expect(await order('custom')).toEqual(['A hug', 'Socks', 'Espresso machine']);
    // A stale order (a wish missing) is refused, not half-applied.
    expect(
      await statusOf(owner.caller.wishLists.reorder({ wishlistId: list!.wishlistId, wishIds: [free.wishId] })),
    ).toBe(409);
    expect(await order('custom')).toEqual(['A hug', 'Socks', 'Espresso machine']);

    // Someone else can't edit, delete or reorder.
    const other = await person();
    expect(await statusOf(other.caller.wishLists.updateWish({ wishId: cheap.wishId, title: 'Mine now' }))).toBe(403);
    expect(await statusOf(other.caller.wishLists.deleteWish({ wishId: cheap.wishId }))).toBe(403);
    expect(await statusOf(other.caller.wishLists.wish({ wishId: cheap.wishId }))).toBe(403);
  });

  it('asks a person without a list for one: a notification and an e-mail job, once a week', async () => {
    const asker = await person();
    const target = await person();
    expect(await asker.caller.wishLists.requestList({ userId: target.member.id })).toEqual({
      ok: true,
      alreadyAsked: false,
    });
    expect(await asker.caller.wishLists.requestList({ userId: target.member.id })).toEqual({
      ok: true,
      alreadyAsked: true,
    });
    expect(await testDb().notification.count({ where: { userId: target.member.id, kind: 'wish-list-request' } })).toBe(
      1,
    );
    expect(
      await testDb().job.count({ where: { kind: 'wish-lists:request-mail', payload: { contains: target.member.id } } }),
    ).toBe(1);
    // A list only they can see does not count (refusing would reveal it); a public one does.
    await target.caller.wishLists.create({ title: 'Secret', privacy: 'private' });
    const third = await person();
    expect((await third.caller.wishLists.requestList({ userId: target.member.id })).ok).toBe(true);
    await target.caller.wishLists.create({ title: 'Now I have one', privacy: 'public' });
    const fourth = await person();
    expect(await statusOf(fourth.caller.wishLists.requestList({ userId: target.member.id }))).toBe(409);
  });
});
