/**
 * Revealing who gave a gift is one-way and leaves a trace (issue 24): marking a wish received shows
 * its givers to the owner's side and tells each giver (a notification, and an e-mail through the
 * job queue); un-marking keeps them shown, and a revealed claim can no longer be changed or taken
 * back. A claim made after an un-marking stays hidden until the next marking. Also for a family
 * manager marking a child's wish.
 */
import { describe, expect, it } from 'vitest';
import type { TVerifiedIdentity } from '../../../server/auth/tokens';
import { JOB_HANDLERS } from '../../../server/jobs/registry';
import { REVEALED_CLAIM_MESSAGE } from '../../../server/services/wish-lists/claims';
import { GIFT_RECEIVED_MAIL_JOB } from '../../../server/services/wish-lists/received';
import { createMember, identityFor } from '../../factories/identities';
import { createUser } from '../../factories/users';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { waitForMail } from '../../helpers/mail';
import { testDeps } from '../../helpers/server';

const deps = testDeps();

async function publicMember(firstName = 'Test') {
  const member = await createMember(testDb(), { firstName });
  await testDb().userSettings.create({ data: { userId: member.id, emailGuid: crypto.randomUUID(), isPrivate: false } });
  const identity = await identityFor(deps, member.id);
  return { id: member.id, email: member.email, identity, caller: callerFor(identity, deps) };
}

async function errorOf(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
    return { status: 200, message: '' };
  } catch (error) {
    const cause = (error as { cause?: { httpStatus?: number } }).cause;
    return { status: cause?.httpStatus ?? 500, message: (error as Error).message };
  }
}

/** The giver ids of each gift under gifts received, and whether it is still marked received. */
async function giftsOf(identity: TVerifiedIdentity, userId: string) {
  const gifts = await callerFor(identity, deps).wishLists.giftsReceived({ userId });
  return gifts.map((gift) => ({
    wishId: gift.wishId,
    received: gift.receivedAt !== null,
    givers: gift.givers.map((giver) => giver.person.userId).sort(),
  }));
}

/** The 'gift-received' notifications of `userId`, as the bell shows them. */
async function giftNotices(identity: TVerifiedIdentity) {
  const state = await callerFor(identity, deps).notifications.state();
  return state.notifications.filter((item) => item.kind === 'gift-received');
}

/** Runs the queued gift-received mails that mention `mention`. */
async function runMailJobs(mention: string): Promise<number> {
  const jobs = await testDb().job.findMany({
    where: { kind: GIFT_RECEIVED_MAIL_JOB, status: 'queued', payload: { contains: mention } },
  });
  for (const job of jobs) {
    await JOB_HANDLERS[GIFT_RECEIVED_MAIL_JOB]!(deps, JSON.parse(job.payload) as unknown, { id: job.id, attempts: 1 });
    await testDb().job.update({ where: { id: job.id }, data: { status: 'done', finishedAt: new Date() } });
  }
  return jobs.length;
}

describe('marking a gift received reveals its givers for good', () => {
  it('un-marking keeps the givers shown, tells them once, and fixes their claims', async () => {
    const owner = await publicMember('Olive');
    const [first, second, late] = [await publicMember(), await publicMember(), await publicMember()];
    const list = await owner.caller.wishLists.create({ title: 'Birthday', privacy: 'public' });
    const wish = await owner.caller.wishLists.addWish({ wishlistId: list.wishlistId, title: 'Tea set', quantity: 3 });
    await first.caller.wishLists.claim({ wishId: wish.wishId, quantity: 1 });
    await second.caller.wishLists.claim({ wishId: wish.wishId, quantity: 1 });
    expect(await giftsOf(owner.identity, owner.id)).toEqual([]);

    const marked = await owner.caller.wishLists.setReceived({ wishId: wish.wishId, received: true });
    expect(marked.giversRevealedAt).not.toBeNull();
    const givers = [first.id, second.id].sort();
    expect(await giftsOf(owner.identity, owner.id)).toEqual([{ wishId: wish.wishId, received: true, givers }]);
    // Each giver is told, in the app and by e-mail.
    for (const giver of [first, second]) {
      const notices = await giftNotices(giver.identity);
      expect(notices).toHaveLength(1);
      expect(notices[0]?.title).toMatch(/^Olive .+ marked “Tea set” received and can see it came from you$/);
      expect(notices[0]?.path).toBe(`/profile/${owner.id}/wish-lists/${list.wishlistId}/`);
      expect(await runMailJobs(giver.id)).toBe(1);
      const mail = await waitForMail(giver.email, /received “Tea set” and knows it came from you/);
      expect(mail.text).toContain('can now see that it came from you');
    }

    // Un-marking: no longer received, but the givers stay shown, and their shares are fixed.
    const unmarked = await owner.caller.wishLists.setReceived({ wishId: wish.wishId, received: false });
    expect(unmarked.receivedAt).toBeNull();
    expect(unmarked.giversRevealedAt).toBe(marked.giversRevealedAt);
    expect(await giftsOf(owner.identity, owner.id)).toEqual([{ wishId: wish.wishId, received: false, givers }]);
    expect(await errorOf(first.caller.wishLists.unclaim({ wishId: wish.wishId }))).toEqual({
      status: 409,
      message: REVEALED_CLAIM_MESSAGE,
    });
    expect(await errorOf(first.caller.wishLists.claim({ wishId: wish.wishId, quantity: 2 }))).toMatchObject({
      status: 409,
    });
    // A double submit of the same share changes nothing and is not refused.
    expect((await first.caller.wishLists.claim({ wishId: wish.wishId, quantity: 1 })).myClaimQuantity).toBe(1);

    // A claim after the un-marking stays hidden until the next marking, which tells only that giver.
    await late.caller.wishLists.claim({ wishId: wish.wishId, quantity: 1 });
    expect(await giftsOf(owner.identity, owner.id)).toEqual([{ wishId: wish.wishId, received: false, givers }]);
    await owner.caller.wishLists.setReceived({ wishId: wish.wishId, received: true });
    expect(await giftsOf(owner.identity, owner.id)).toEqual([
      { wishId: wish.wishId, received: true, givers: [first.id, second.id, late.id].sort() },
    ]);
    expect(await giftNotices(late.identity)).toHaveLength(1);
    expect(await giftNotices(first.identity)).toHaveLength(1);
    // Marking twice in a row tells nobody again.
    await owner.caller.wishLists.setReceived({ wishId: wish.wishId, received: true });
    expect(
      await testDb().notification.count({ where: { kind: 'gift-received', payload: { contains: wish.wishId } } }),
    ).toBe(3);
  });

  it('a family manager marking a child’s wish reveals its givers to the manager for good, and the givers hear who marked it', async () => {
    const parent = await publicMember('Pat');
    const child = await createUser(testDb(), { firstName: 'Kid' });
    await testDb().userSettings.create({
      data: { userId: child.id, emailGuid: crypto.randomUUID(), isPrivate: false },
    });
    await testDb().parentAccount.create({ data: { parentId: parent.id, childId: child.id } });
    const giver = await publicMember();
    const list = await parent.caller.wishLists.create({ ownerId: child.id, title: 'Kid list', privacy: 'public' });
    const wish = await parent.caller.wishLists.addWish({ wishlistId: list.wishlistId, title: 'Puzzle', quantity: 1 });
    await giver.caller.wishLists.claim({ wishId: wish.wishId, quantity: 1 });

    await parent.caller.wishLists.setReceived({ wishId: wish.wishId, received: true });
    await parent.caller.wishLists.setReceived({ wishId: wish.wishId, received: false });
    expect(await giftsOf(parent.identity, child.id)).toEqual([
      { wishId: wish.wishId, received: false, givers: [giver.id] },
    ]);
    const [notice] = await giftNotices(giver.identity);
    expect(notice?.title).toMatch(/^Pat .+ marked Kid .+’s “Puzzle” received: they can see it came from you$/);
    const payload = JSON.parse(
      (await testDb().notification.findFirstOrThrow({ where: { userId: giver.id, kind: 'gift-received' } })).payload,
    ) as Record<string, unknown>;
    expect(payload).toMatchObject({ userId: child.id, byUserId: parent.id, wishId: wish.wishId });
  });
});
