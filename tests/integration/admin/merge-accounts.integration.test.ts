/**
 * mergeaccounts against the real database: the preview lists what both accounts share first; the
 * merge moves lists, wishes, claims, exchanges (pairings kept), groups, follows, conversations and
 * the rest to the kept account in one transaction with its audit row; it keeps every row (moved,
 * combined, or left with the closed account); a failure at the very end leaves both accounts as they
 * were; two racing merges are decided by the database; analysts may only preview.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../helpers/db';
import { exchangeOf, member, outcomeOf, REASON, staff, unique, type TPerson } from './admin-helpers';

const db = testDb();

async function list(ownerId: string, title: string, options: { isDefault?: boolean; wishes?: number } = {}) {
  const id = randomUUID();
  await db.wishList.create({
    data: { id, ownerId, title, privacy: 'public', defaultOwnerId: options.isDefault ? ownerId : null },
  });
  const wishIds = Array.from({ length: options.wishes ?? 0 }, () => randomUUID());
  await db.wish.createMany({
    data: wishIds.map((wishId, index) => ({ id: wishId, wishlistId: id, title: `${title} wish ${index + 1}` })),
  });
  return { id, wishIds };
}

async function direct(a: string, b: string, bodies: [string, string][]) {
  const id = randomUUID();
  await db.conversation.create({
    data: {
      id,
      kind: 'direct',
      directKey: a < b ? `${a}:${b}` : `${b}:${a}`,
      lastMessageAt: new Date(),
      members: { create: [{ userId: a }, { userId: b }] },
    },
  });
  for (const [senderId, body] of bodies) await db.chatMessage.create({ data: { conversationId: id, senderId, body } });
  return id;
}

async function group(ownerId: string, members: [string, string, string][]) {
  const id = randomUUID();
  await db.group.create({ data: { id, ownerId, name: `Club ${unique()}`, joinCode: randomUUID().slice(0, 20) } });
  await db.groupMember.createMany({
    data: members.map(([userId, status, role]) => ({ groupId: id, userId, status, role })),
  });
  return id;
}

/** Rows that belong to either account, table by table ("keep every row" is checked with these). */
async function rowsOf(k: string, m: string) {
  const both = [k, m];
  const [lists, wishes, follows, messages, notifications, activity, assignments, memberships] = await Promise.all([
    db.wishList.count({ where: { ownerId: { in: both } } }),
    db.wish.count({ where: { wishList: { ownerId: { in: both } } } }),
    db.follow.count({ where: { OR: [{ followerId: { in: both } }, { followedId: { in: both } }] } }),
    db.chatMessage.count({ where: { senderId: { in: both } } }),
    db.notification.count({ where: { userId: { in: both } } }),
    db.activityEvent.count({ where: { actorId: { in: both } } }),
    db.exchangeAssignment.count({ where: { OR: [{ giverId: { in: both } }, { receiverId: { in: both } }] } }),
    db.groupMember.count({ where: { userId: { in: both } } }),
  ]);
  return { lists, wishes, follows, messages, notifications, activity, assignments, memberships };
}

interface TScene {
  keep: TPerson;
  merged: TPerson;
  sam: TPerson;
  kim: TPerson;
  alex: TPerson;
  ids: {
    keepDefault: string;
    mergedDefault: string;
    mergedTrip: string;
    samWish1: string;
    samWish2: string;
    drawn: { exchangeId: string; pairs: Map<string, string> };
    shared: string;
    organized: string;
    ownedGroup: string;
    otherGroup: string;
    keepSam: string;
    mergedSam: string;
    mergedKim: string;
  };
}

/** Two accounts of one person with a bit of everything, some of it shared. */
async function scene(): Promise<TScene> {
  const [keep, merged, sam, kim, alex] = await Promise.all([
    member('Pat'),
    member('Pat'),
    member('Sam'),
    member('Kim'),
    member('Alex'),
  ]);
  const k = keep.id;
  const m = merged.id;
  const keepDefault = (await list(k, 'Pat wishes', { isDefault: true, wishes: 1 })).id;
  const mergedDefault = (await list(m, 'Old wishes', { isDefault: true, wishes: 2 })).id;
  const mergedTrip = (await list(m, 'Trip', { wishes: 1 })).id;
  const samList = await list(sam.id, 'Sam wishes', { isDefault: true, wishes: 2 });
  const [samWish1, samWish2] = samList.wishIds as [string, string];
  await db.wishClaim.createMany({
    data: [
      { id: randomUUID(), wishId: samWish1, claimerId: m, quantity: 1 },
      { id: randomUUID(), wishId: samWish1, claimerId: k, quantity: 1 },
      { id: randomUUID(), wishId: samWish2, claimerId: m, quantity: 1 },
    ],
  });
  await db.follow.createMany({
    data: [
      { followerId: m, followedId: sam.id },
      { followerId: m, followedId: kim.id },
      { followerId: k, followedId: sam.id },
      { followerId: m, followedId: k },
      { followerId: alex.id, followedId: m },
      { followerId: alex.id, followedId: k },
    ],
  });
  const drawn = await exchangeOf(sam.id, [m, sam.id, kim.id, alex.id], { drawn: true, title: 'Drawn swap' });
  const shared = (await exchangeOf(kim.id, [m, kim.id], { title: 'Shared swap' })).exchangeId;
  await db.exchangeParticipant.create({ data: { exchangeId: shared, userId: k, status: 'invited' } });
  const organized = (await exchangeOf(m, [sam.id, kim.id], { title: 'Organized swap' })).exchangeId;
  const ownedGroup = await group(m, [
    [m, 'active', 'owner'],
    [k, 'active', 'member'],
    [sam.id, 'active', 'member'],
  ]);
  const otherGroup = await group(kim.id, [
    [kim.id, 'active', 'owner'],
    [m, 'active', 'member'],
  ]);
  const keepSam = await direct(k, sam.id, [[sam.id, 'Hi Pat (new account)']]);
  const mergedSam = await direct(m, sam.id, [
    [m, 'Hi Sam, old account here'],
    [sam.id, 'Hello old Pat'],
  ]);
  const mergedKim = await direct(m, kim.id, [[kim.id, 'Hi Pat']]);
  await db.notification.createMany({
    data: [
      { id: randomUUID(), userId: m, kind: 'follow', payload: '{}' },
      { id: randomUUID(), userId: m, kind: 'follow', payload: '{}' },
    ],
  });
  await db.activityEvent.create({ data: { actorId: m, kind: 'wish-list-created', payload: '{}' } });
  await db.mailingAddress.create({ data: { userId: m, country: 'CA', city: 'Toronto' } });
  await db.mailingAddress.create({ data: { userId: k, country: 'US', city: 'Portland' } });
  return {
    keep,
    merged,
    sam,
    kim,
    alex,
    ids: {
      keepDefault,
      mergedDefault,
      mergedTrip,
      samWish1,
      samWish2,
      drawn,
      shared,
      organized,
      ownedGroup,
      otherGroup,
      keepSam,
      mergedSam,
      mergedKim,
    },
  };
}

let admin: TPerson;
let analyst: TPerson;
beforeAll(async () => {
  admin = await staff('admin');
  analyst = await staff('analyst');
});

describe('the merge preview', () => {
  it('lists what both accounts share first, then what moves', async () => {
    const { keep, merged, sam } = await scene();
    const preview = await admin.caller.admin.mergePreview({ keepUserId: keep.id, mergeUserId: merged.id });
    expect(preview.blocked).toBe(false);
    expect(preview.keep.userId).toBe(keep.id);
    const subjects = preview.conflicts.map((conflict) => conflict.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Both accounts have a default wish list',
        expect.stringMatching(/^Both accounts marked “Sam wishes wish 1” as bought$/),
        expect.stringMatching(/^Both accounts are in “Shared swap”$/),
        expect.stringMatching(/^Both accounts are in the group “Club /),
        expect.stringMatching(/^Both accounts follow Sam /),
        'The two accounts follow each other',
        expect.stringMatching(/^Alex .* follows both accounts$/),
        expect.stringMatching(/^Both accounts have a conversation with Sam /),
        'Both accounts have a mailing address',
      ]),
    );
    const moves = Object.fromEntries(preview.moves.map((move) => [move.kind, move.count]));
    expect(moves).toMatchObject({
      'wish-lists': 2,
      'wish-claims': 2,
      'exchanges-organized': 1,
      'exchange-seats': 3,
      'groups-owned': 1,
      'group-memberships': 2,
      follows: 3,
      followers: 1,
      conversations: 2,
      notifications: 2,
      activity: 1,
    });
    // Reading the preview changes nothing.
    expect(await db.wishList.count({ where: { ownerId: merged.id } })).toBe(2);
    expect(sam.id).toBeTruthy();
  });
});

describe('merging', () => {
  it('moves everything to the kept account in one audited transaction and keeps every row', async () => {
    const { keep, merged, sam, kim, alex, ids } = await scene();
    const k = keep.id;
    const m = merged.id;
    const before = await rowsOf(k, m);
    const result = await admin.caller.admin.mergeAccounts({ keepUserId: k, mergeUserId: m, reason: REASON });
    expect(result.conflicts.length).toBeGreaterThanOrEqual(9);

    // The merged account is closed and released its username; the kept one is as it was.
    const closed = await db.user.findUniqueOrThrow({ where: { id: m } });
    expect(closed.deletedAt).not.toBeNull();
    expect(closed.username).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: k } })).deletedAt).toBeNull();

    // Lists and wishes: all three lists are Pat's; the kept default stays the default.
    const lists = await db.wishList.findMany({ where: { ownerId: k }, select: { id: true, defaultOwnerId: true } });
    expect(lists.map((row) => row.id).sort()).toEqual([ids.keepDefault, ids.mergedDefault, ids.mergedTrip].sort());
    expect(lists.find((row) => row.id === ids.keepDefault)?.defaultOwnerId).toBe(k);
    expect(lists.find((row) => row.id === ids.mergedDefault)?.defaultOwnerId).toBeNull();
    expect(await db.wish.count({ where: { wishList: { ownerId: k } } })).toBe(4);

    // Claims: the two on one wish add up; the other moves.
    const claims = await db.wishClaim.findMany({ where: { claimerId: { in: [k, m] } } });
    expect(claims.map((claim) => [claim.wishId, claim.claimerId, claim.quantity]).sort()).toEqual(
      [
        [ids.samWish1, k, 2],
        [ids.samWish2, k, 1],
      ].sort(),
    );

    // The drawn exchange: Pat's place and both pairings move as they were.
    const pairs = await db.exchangeAssignment.findMany({ where: { exchangeId: ids.drawn.exchangeId } });
    const after = new Map(pairs.map((pair) => [pair.giverId, pair.receiverId]));
    expect(after.get(k)).toBe(ids.drawn.pairs.get(m));
    expect([...after].find(([, receiver]) => receiver === k)?.[0]).toBe(alex.id);
    expect(after.get(sam.id)).toBe(kim.id);
    expect(after.size).toBe(4);
    // The shared open exchange keeps one place, the better one (accepted).
    const sharedSeats = await db.exchangeParticipant.findMany({ where: { exchangeId: ids.shared } });
    expect(
      sharedSeats.filter((seat) => [k, m].includes(seat.userId)).map((seat) => [seat.userId, seat.status]),
    ).toEqual([[k, 'accepted']]);
    expect((await db.exchange.findUniqueOrThrow({ where: { id: ids.organized } })).organizerId).toBe(k);

    // Groups: the owner's place is the stronger one; the closed account's is marked left.
    expect((await db.group.findUniqueOrThrow({ where: { id: ids.ownedGroup } })).ownerId).toBe(k);
    const owned = await db.groupMember.findMany({ where: { groupId: ids.ownedGroup, userId: { in: [k, m] } } });
    expect(owned.map((row) => [row.userId === k ? 'keep' : 'merged', row.status, row.role]).sort()).toEqual([
      ['keep', 'active', 'owner'],
      ['merged', 'left', 'member'],
    ]);
    expect(await db.groupMember.count({ where: { groupId: ids.otherGroup, userId: k, status: 'active' } })).toBe(1);

    // Follows: one each; the duplicate and the follow of oneself stay with the closed account.
    const following = await db.follow.findMany({ where: { followerId: k }, select: { followedId: true } });
    expect(following.map((row) => row.followedId).sort()).toEqual([sam.id, kim.id].sort());
    expect(await db.follow.count({ where: { followerId: m } })).toBe(2);
    expect(await db.follow.count({ where: { followerId: alex.id, followedId: k } })).toBe(1);

    // Conversations: the two with Sam are one, in order; the one with Kim is Pat's now.
    expect(await db.conversation.count({ where: { id: ids.mergedSam } })).toBe(0);
    const withSam = await db.chatMessage.findMany({ where: { conversationId: ids.keepSam }, orderBy: { id: 'asc' } });
    expect(withSam.map((message) => message.body)).toEqual([
      'Hi Pat (new account)',
      'Hi Sam, old account here',
      'Hello old Pat',
    ]);
    const withKim = await db.conversation.findUniqueOrThrow({
      where: { id: ids.mergedKim },
      include: { members: true },
    });
    expect(withKim.directKey).toBe(k < kim.id ? `${k}:${kim.id}` : `${kim.id}:${k}`);
    expect(withKim.members.map((row) => row.userId).sort()).toEqual([k, kim.id].sort());

    expect(await db.notification.count({ where: { userId: k } })).toBe(2);
    expect(await db.activityEvent.count({ where: { actorId: k } })).toBe(1);
    expect((await db.mailingAddress.findUniqueOrThrow({ where: { userId: k } })).city).toBe('Portland');

    // Every row is still there: moved, added up (one claim) or left with the closed account.
    expect(await rowsOf(k, m)).toEqual(before);

    // Audited: the staff member, the reason, what moved.
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'admin.merge', subjectUserId: m } });
    expect(audit).toMatchObject({ actorUserId: admin.id, reason: REASON });
    expect(JSON.parse(audit.details ?? '{}')).toMatchObject({
      keepUserId: k,
      mergeUserId: m,
      moved: { 'wish-lists': 2 },
    });
    expect(await db.auditLog.count({ where: { action: 'account.merge', subjectUserId: m } })).toBe(1);
    // The closed account's sign-ins ended.
    expect(await db.refreshTokenFamily.count({ where: { userId: m, revokedAt: null } })).toBe(0);
  });

  it('refuses while both accounts are in one draw, and changes nothing', async () => {
    const [keep, merged, sam] = await Promise.all([member('Pat'), member('Pat'), member('Sam')]);
    const { exchangeId } = await exchangeOf(sam.id, [keep.id, merged.id, sam.id], { drawn: true, title: 'Both drawn' });
    await list(merged.id, 'Old', { wishes: 1 });
    const preview = await admin.caller.admin.mergePreview({ keepUserId: keep.id, mergeUserId: merged.id });
    expect(preview.blocked).toBe(true);
    expect(preview.conflicts[0]).toMatchObject({
      blocking: true,
      subject: 'Both accounts are in the draw of “Both drawn”',
    });
    const outcome = await outcomeOf(
      admin.caller.admin.mergeAccounts({ keepUserId: keep.id, mergeUserId: merged.id, reason: REASON }),
    );
    expect(outcome).toMatchObject({ status: 409 });
    expect(outcome.message).toContain('Both accounts are in the draw of “Both drawn”');
    expect(await db.wishList.count({ where: { ownerId: merged.id } })).toBe(1);
    expect(await db.exchangeAssignment.count({ where: { exchangeId, giverId: merged.id } })).toBe(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: merged.id } })).deletedAt).toBeNull();
  });

  it('leaves both accounts exactly as they were when the last write fails', async () => {
    const { keep, merged, ids } = await scene();
    const before = await rowsOf(keep.id, merged.id);
    const trigger = `fail_merge_${unique()}`;
    // The very last statement of the merge (its audit row) fails, inside the database.
    await db.$executeRawUnsafe(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON audit_log FOR EACH ROW BEGIN
         IF NEW.action = 'admin.merge' AND NEW.subject_user_id = '${merged.id}' THEN
           SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected failure';
         END IF;
       END`,
    );
    try {
      const outcome = await outcomeOf(
        admin.caller.admin.mergeAccounts({ keepUserId: keep.id, mergeUserId: merged.id, reason: REASON }),
      );
      expect(outcome.status).toBe(500);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER ${trigger}`);
    }
    expect(await rowsOf(keep.id, merged.id)).toEqual(before);
    expect(await db.wishList.count({ where: { ownerId: merged.id } })).toBe(2);
    expect((await db.group.findUniqueOrThrow({ where: { id: ids.ownedGroup } })).ownerId).toBe(merged.id);
    expect(await db.exchangeAssignment.count({ where: { exchangeId: ids.drawn.exchangeId, giverId: merged.id } })).toBe(
      1,
    );
    expect(await db.conversation.count({ where: { id: ids.mergedSam } })).toBe(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: merged.id } })).deletedAt).toBeNull();
    expect(await db.auditLog.count({ where: { subjectUserId: merged.id } })).toBe(0);
  });

  it('lets the database decide two merges racing over the same accounts', async () => {
    const [keep, merged] = await Promise.all([member('Pat'), member('Pat')]);
    await list(merged.id, 'Old', { wishes: 2 });
    await list(keep.id, 'New', { wishes: 1 });
    const [one, two] = await Promise.all([
      outcomeOf(admin.caller.admin.mergeAccounts({ keepUserId: keep.id, mergeUserId: merged.id, reason: REASON })),
      outcomeOf(admin.caller.admin.mergeAccounts({ keepUserId: merged.id, mergeUserId: keep.id, reason: REASON })),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const closed = await db.user.count({ where: { id: { in: [keep.id, merged.id] }, deletedAt: { not: null } } });
    expect(closed).toBe(1);
    const survivor = one.status === 200 ? keep.id : merged.id;
    expect(await db.wishList.count({ where: { ownerId: survivor } })).toBe(2);
    expect(
      await db.auditLog.count({ where: { action: 'admin.merge', subjectUserId: { in: [keep.id, merged.id] } } }),
    ).toBe(1);
  });

  it('ends the kept account’s follows across a block that came over with the merge', async () => {
    const [keep, merged, bully] = await Promise.all([member('Pat'), member('Pat'), member('Bo')]);
    await db.follow.createMany({
      data: [
        { followerId: keep.id, followedId: bully.id },
        { followerId: bully.id, followedId: keep.id },
      ],
    });
    await db.block.create({ data: { blockerId: merged.id, blockedId: bully.id } });
    const result = await outcomeOf(
      admin.caller.admin.mergeAccounts({ keepUserId: keep.id, mergeUserId: merged.id, reason: REASON }),
    );
    expect(result.status).toBe(200);
    expect(await db.block.count({ where: { blockerId: keep.id, blockedId: bully.id } })).toBe(1);
    expect(
      await db.follow.count({
        where: {
          OR: [
            { followerId: keep.id, followedId: bully.id },
            { followerId: bully.id, followedId: keep.id },
          ],
        },
      }),
    ).toBe(0);
  });

  it('refuses analysts, staff accounts and closed accounts', async () => {
    const [keep, merged] = await Promise.all([member('Pat'), member('Pat')]);
    const refused = await outcomeOf(
      analyst.caller.admin.mergeAccounts({ keepUserId: keep.id, mergeUserId: merged.id, reason: REASON }),
    );
    expect(refused).toMatchObject({ status: 403, message: 'Support analysts can look but not change anything' });
    // Analysts may still look at the preview.
    expect((await analyst.caller.admin.mergePreview({ keepUserId: keep.id, mergeUserId: merged.id })).blocked).toBe(
      false,
    );
    expect(
      await outcomeOf(
        admin.caller.admin.mergeAccounts({ keepUserId: keep.id, mergeUserId: analyst.id, reason: REASON }),
      ),
    ).toMatchObject({ status: 403, message: 'Staff accounts are not merged here' });
    const same = await outcomeOf(
      admin.caller.admin.mergeAccounts({ keepUserId: keep.id, mergeUserId: keep.id, reason: REASON }),
    );
    expect(same).toMatchObject({ status: 400, fieldErrors: { mergeUserId: 'Choose two different accounts' } });
    const short = await outcomeOf(
      admin.caller.admin.mergeAccounts({ keepUserId: keep.id, mergeUserId: merged.id, reason: 'why' }),
    );
    expect(short.fieldErrors).toEqual({ reason: 'This field should be at least 5 characters long' });
    await db.user.update({ where: { id: merged.id }, data: { deletedAt: new Date() } });
    expect(
      await outcomeOf(
        admin.caller.admin.mergeAccounts({ keepUserId: keep.id, mergeUserId: merged.id, reason: REASON }),
      ),
    ).toMatchObject({ status: 409 });
    expect(await db.auditLog.count({ where: { action: 'admin.merge', subjectUserId: merged.id } })).toBe(0);
  });
});
