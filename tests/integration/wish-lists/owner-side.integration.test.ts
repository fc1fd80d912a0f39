/**
 * Claims stay hidden from every session on the owner's side (issue 24): the owner, a family
 * manager, the owner switched into a child or a related account, a related account itself, and a
 * staff member impersonating someone else reading the staff member's own lists. They all get the
 * owner's view (no claimed quantities) and can't claim; purchases and the data export leave out
 * what was bought for the reading session's side. Through the typed caller, tRPC over HTTP and REST.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { issueTokensForFamily, startSession } from '../../../server/auth/sessions';
import { verifyAccessToken, type TVerifiedIdentity } from '../../../server/auth/tokens';
import { ROLES } from '../../../server/contracts/roles';
import { OWN_WISH_CLAIM_MESSAGE } from '../../../server/services/wish-lists/claims';
import {
  createFloaterUser,
  createMember,
  identityFor,
  impersonationIdentity,
  TEST_PASSWORD,
} from '../../factories/identities';
import { createUser } from '../../factories/users';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

const deps = testDeps();
let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});

const CLAIM_WORDS = /claimedQuantity|remainingQuantity|myClaimQuantity/;

async function publicMember(): Promise<{ id: string; email: string; identity: TVerifiedIdentity }> {
  const member = await createMember(testDb());
  await testDb().userSettings.create({ data: { userId: member.id, emailGuid: crypto.randomUUID(), isPrivate: false } });
  return { id: member.id, email: member.email, identity: await identityFor(deps, member.id) };
}

/** A child account managed by `parentIds` (its settings public, as a parent may choose). */
async function childOf(...parentIds: string[]): Promise<string> {
  const child = await createUser(testDb(), { firstName: 'Kid' });
  await testDb().user.update({ where: { id: child.id }, data: { email: null } });
  await testDb().userSettings.create({ data: { userId: child.id, emailGuid: crypto.randomUUID(), isPrivate: false } });
  for (const parentId of parentIds) await testDb().parentAccount.create({ data: { parentId, childId: child.id } });
  return child.id;
}

/** The token a real sign-in of `rootId` gets after switching into `targetId`. */
async function switchedInto(rootId: string, targetId: string): Promise<TVerifiedIdentity> {
  const session = await startSession(deps, { userId: rootId });
  await testDb().refreshTokenFamily.update({ where: { id: session.familyId }, data: { activeUserId: targetId } });
  const tokens = await issueTokensForFamily(deps, session.familyId);
  if (!tokens || tokens.userId !== targetId) throw new Error('the switch was refused');
  return verifyAccessToken(deps.config, tokens.accessToken, tokens.auditToken);
}

/** A public list of `ownerId` with one wish of quantity 2, one of which a friend claimed. */
async function claimedWish(ownerIdentity: TVerifiedIdentity, ownerId: string) {
  const owner = callerFor(ownerIdentity, deps);
  const list = await owner.wishLists.create({ ownerId, title: 'Birthday', privacy: 'public' });
  const wish = await owner.wishLists.addWish({ wishlistId: list.wishlistId, title: 'Kite', quantity: 2 });
  const friend = await publicMember();
  await callerFor(friend.identity, deps).wishLists.claim({ wishId: wish.wishId, quantity: 1 });
  return { list, wish, friend };
}

async function errorOf(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
    return { status: 200, message: '' };
  } catch (error) {
    const cause = (error as { cause?: { httpStatus?: number } }).cause;
    const code = (error as { code?: string }).code;
    const status =
      cause?.httpStatus ?? { NOT_FOUND: 404, FORBIDDEN: 403, UNAUTHORIZED: 401, CONFLICT: 409 }[code ?? ''] ?? 500;
    return { status, message: (error as Error).message };
  }
}

/** Reads the list and tries to claim its wish as `identity`: the owner's view and a 403, or not. */
async function expectOwnerSide(identity: TVerifiedIdentity, wishlistId: string, wishId: string) {
  const caller = callerFor(identity, deps);
  const detail = await caller.wishLists.get({ wishlistId });
  expect(detail.view).toBe('owner');
  expect(JSON.stringify(detail)).not.toMatch(CLAIM_WORDS);
  expect(await errorOf(caller.wishLists.claim({ wishId, quantity: 1 }))).toEqual({
    status: 403,
    message: OWN_WISH_CLAIM_MESSAGE,
  });
  expect(await errorOf(caller.wishLists.unclaim({ wishId }))).toMatchObject({ status: 403 });
}

describe('the owner side gets the owner view and cannot claim', () => {
  it('a parent switched into their child reads their own list as its owner', async () => {
    const parent = await publicMember();
    const child = await childOf(parent.id);
    const { list, wish, friend } = await claimedWish(parent.identity, parent.id);
    const asChild = await switchedInto(parent.id, child);
    expect(asChild.userId).toBe(child);
    await expectOwnerSide(asChild, list.wishlistId, wish.wishId);
    // Reading, not editing: the switched-in child does not get to change the parent's list.
    expect((await callerFor(asChild, deps).wishLists.get({ wishlistId: list.wishlistId })).list.canEdit).toBe(false);
    expect((await callerFor(asChild, deps).wishLists.ofUser({ userId: parent.id })).map((l) => l.canEdit)).toEqual([
      false,
    ]);
    // The friend's claim is untouched; a stranger still sees the guest view.
    const stranger = await publicMember();
    const guest = await callerFor(stranger.identity, deps).wishLists.get({ wishlistId: list.wishlistId });
    expect(guest.view).toBe('guest');
    expect(guest.wishes.map((item) => ('remainingQuantity' in item ? item.remainingQuantity : null))).toEqual([1]);
    expect(friend.id).not.toBe(stranger.id);
  });

  it('a family manager, from their own account or switched into a sibling, reads the child’s list as its owner', async () => {
    const parent = await publicMember();
    const [child, sibling] = [await childOf(parent.id), await childOf(parent.id)];
    const { list, wish } = await claimedWish(parent.identity, child);
    await expectOwnerSide(parent.identity, list.wishlistId, wish.wishId);
    await expectOwnerSide(await switchedInto(parent.id, sibling), list.wishlistId, wish.wishId);
    await expectOwnerSide(await switchedInto(parent.id, child), list.wishlistId, wish.wishId);
  });

  it('a related account (same e-mail), signed in itself or switched into, reads the other’s list as its owner', async () => {
    const member = await publicMember();
    const related = await createFloaterUser(testDb(), { email: member.email });
    await testDb().userSettings.create({
      data: { userId: related.id, emailGuid: crypto.randomUUID(), isPrivate: false },
    });
    const { list, wish } = await claimedWish(member.identity, member.id);
    await expectOwnerSide(await switchedInto(member.id, related.id), list.wishlistId, wish.wishId);
    await expectOwnerSide(
      await identityFor(deps, related.id, { scope: ['test:floater'] }),
      list.wishlistId,
      wish.wishId,
    );
    // And the other way: the member's own session on the related account's list.
    const theirList = await testDb().wishList.create({
      data: { id: crypto.randomUUID(), ownerId: related.id, title: 'Theirs', privacy: 'public' },
    });
    const theirWish = await testDb().wish.create({
      data: { id: crypto.randomUUID(), wishlistId: theirList.id, title: 'Mug', quantity: 1 },
    });
    await expectOwnerSide(member.identity, theirList.id, theirWish.id);
  });

  it('support staff are on the owner’s side of their own lists while impersonating someone else, and of the impersonated member’s', async () => {
    const staff = await createMember(testDb(), { roles: [ROLES.supportAdmin] });
    await testDb().userSettings.create({
      data: { userId: staff.id, emailGuid: crypto.randomUUID(), isPrivate: false },
    });
    const member = await publicMember();
    const own = await claimedWish(await identityFor(deps, staff.id), staff.id);
    const theirs = await claimedWish(member.identity, member.id);
    const { identity } = await impersonationIdentity(deps, staff.id, member.id);
    await expectOwnerSide(identity, own.list.wishlistId, own.wish.wishId);
    await expectOwnerSide(identity, theirs.list.wishlistId, theirs.wish.wishId);
  });

  it('a co-manager who is not on the owner’s side still claims for the other parent', async () => {
    const [mum, dad] = [await publicMember(), await publicMember()];
    const child = await childOf(mum.id, dad.id);
    const { list, wish } = await claimedWish(mum.identity, mum.id);
    const dadAsChild = callerFor(await switchedInto(dad.id, child), deps);
    expect((await dadAsChild.wishLists.get({ wishlistId: list.wishlistId })).view).toBe('guest');
    expect((await dadAsChild.wishLists.claim({ wishId: wish.wishId, quantity: 1 })).remainingQuantity).toBe(0);
  });
});

describe('purchases and the data export leave out what was bought for the reading side', () => {
  it('a parent does not learn, from the child’s purchases or export, what the other parent bought them as the child', async () => {
    const [mum, dad] = [await publicMember(), await publicMember()];
    const child = await childOf(mum.id, dad.id);
    const forMum = await claimedWish(mum.identity, mum.id);
    const other = await publicMember();
    const forOther = await claimedWish(other.identity, other.id);
    const dadAsChild = callerFor(await switchedInto(dad.id, child), deps);
    await dadAsChild.wishLists.claim({ wishId: forMum.wish.wishId, quantity: 1 });
    await dadAsChild.wishLists.claim({ wishId: forOther.wish.wishId, quantity: 1 });
    const titlesFor = async (identity: TVerifiedIdentity) =>
      (await callerFor(identity, deps).wishLists.purchases({ userId: child }))
        .map((row) => row.recipient.userId)
        .sort();
    expect(await titlesFor(dad.identity)).toEqual([mum.id, other.id].sort());
    expect(await titlesFor(mum.identity)).toEqual([other.id]);
    expect(await titlesFor(await switchedInto(mum.id, child))).toEqual([other.id]);

    // The REST face: the child's data export, by each parent switched into the child.
    const exportFor = async (identity: TVerifiedIdentity) => {
      const client = new TestBrowser(server.baseUrl);
      const response = await client.get<{ purchases: { forUserId: string }[] }>(`/v1/users/${child}/export`, {
        bearer: identity.token,
      });
      expect(response.status).toBe(200);
      return response.body.purchases.map((row) => row.forUserId).sort();
    };
    expect(await exportFor(await switchedInto(dad.id, child))).toEqual([mum.id, other.id].sort());
    expect(await exportFor(await switchedInto(mum.id, child))).toEqual([other.id]);
  });
});

describe('over HTTP, as a real sign-in and switch', () => {
  it('a parent switched into their child gets the owner view over tRPC and a 403 in words on claiming', async () => {
    const parent = await createMember(testDb());
    await testDb().userSettings.create({
      data: { userId: parent.id, emailGuid: crypto.randomUUID(), isPrivate: false },
    });
    const client = new TestBrowser(server.baseUrl);
    expect((await client.post('/auth/v2/log-in/', { email: parent.email, password: TEST_PASSWORD })).status).toBe(200);
    const created = await client.trpc<{ wishlistId: string }>('mutation', 'wishLists.create', {
      title: 'Mine',
      privacy: 'public',
    });
    const wishlistId = created.data!.wishlistId;
    const wish = await client.trpc<{ wishId: string }>('mutation', 'wishLists.addWish', {
      wishlistId,
      title: 'Bike',
      quantity: 1,
    });
    const friend = await publicMember();
    await callerFor(friend.identity, deps).wishLists.claim({ wishId: wish.data!.wishId, quantity: 1 });
    const child = await client.post<{ userId: string }>('/v1/users', { firstName: 'Kid', lastName: 'Lee' });
    expect(child.status).toBe(201);
    expect((await client.post('/auth/v2/switch/', { uid: child.body.userId })).status).toBe(200);

    const read = await client.trpc<{ view: string }>('query', 'wishLists.get', { wishlistId });
    expect(read.status).toBe(200);
    expect(read.data?.view).toBe('owner');
    expect(JSON.stringify(read.data)).not.toMatch(CLAIM_WORDS);
    const claim = await client.trpc('mutation', 'wishLists.claim', { wishId: wish.data!.wishId, quantity: 1 });
    expect(claim.status).toBe(403);
    expect(claim.error?.message).toBe(OWN_WISH_CLAIM_MESSAGE);
    expect(claim.error?.message).not.toMatch(/last one|still wanted/);
  });
});
