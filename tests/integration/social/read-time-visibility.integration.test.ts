/**
 * What was written before a block or a privacy change stops showing when it is read: a new-list
 * notice (the bell's list, its wishCreated, its unread count, the notifications list and its total)
 * after the owner blocked the follower or the follower blocked the owner, after the list turned
 * private or the owner private; notices about people blocked since (a follow); stored birthday
 * reminders after a block, the person's canRemindAboutBirthday, the reader's own
 * subscribeFollowingBirthdayReminders or a privacy change; and /home/'s birthdays honour the reader's
 * subscribeFollowingBirthdayReminders as reminders do.
 */
import { describe, expect, it } from 'vitest';
import type { TNotificationItem } from '../../../server/contracts/social';
import { scanReminders } from '../../../server/services/messages/reminders';
import { testDb } from '../../helpers/db';
import { member, unique, type TPerson } from './social-helpers';

const birthdayIn = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return { month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** What the reader's bell and notifications list show about `ownerId`'s new lists. */
async function newListNotices(reader: TPerson, ownerId: string) {
  const state = await reader.caller.notifications.state();
  const list = await reader.caller.notifications.list({ limit: 50, offset: 0 });
  const about = (items: TNotificationItem[]) =>
    items.filter((item) => item.kind === 'wish-created' && item.payload.userId === ownerId);
  return {
    wishCreated: state.wishCreated.filter((notice) => notice.userId === ownerId),
    bell: about(state.notifications).map((item) => item.title),
    unread: state.unreadCount,
    listed: about(list.items).length,
    total: list.paging.total,
  };
}

async function ownerWithFollower() {
  const owner = await member({ isPrivate: false, firstName: `Owen${unique()}` });
  const follower = await member();
  await follower.caller.people.follow({ userId: owner.id });
  const list = await owner.caller.wishLists.create({ title: `Ideas ${unique()}`, privacy: 'followers' });
  const before = await newListNotices(follower, owner.id);
  expect(before.wishCreated).toEqual([{ userId: owner.id, wishlistId: list.wishlistId }]);
  expect(before.bell).toEqual([expect.stringMatching(/made a new wish list/)]);
  expect(before.listed).toBe(1);
  return { owner, follower, list, before };
}

describe('notifications are filtered when read', () => {
  it('a new-list notice goes away once the owner blocks the follower', async () => {
    const { owner, follower, before } = await ownerWithFollower();
    await owner.caller.people.block({ userId: follower.id });
    const after = await newListNotices(follower, owner.id);
    expect(after.wishCreated).toEqual([]);
    expect(after.bell).toEqual([]);
    expect(after.listed).toBe(0);
    // Counts agree with what is shown: no unread badge for a notice nobody can open.
    expect(after.unread).toBe(before.unread - 1);
    expect(after.total).toBe((before.total ?? 0) - 1);

    // The filter is a read-time one: nothing was deleted, so after an unblock (the block ended the
    // follow, and the list is for followers) following again shows it again.
    await owner.caller.people.unblock({ userId: follower.id });
    await follower.caller.people.follow({ userId: owner.id });
    expect((await newListNotices(follower, owner.id)).wishCreated).toHaveLength(1);
  });

  it('and once the follower blocks the owner', async () => {
    const { owner, follower } = await ownerWithFollower();
    await follower.caller.people.block({ userId: owner.id });
    const after = await newListNotices(follower, owner.id);
    expect(after).toMatchObject({ wishCreated: [], bell: [], listed: 0 });
  });

  it('a list made private later, or deleted, is no longer announced', async () => {
    const { owner, follower, list } = await ownerWithFollower();
    await owner.caller.wishLists.update({ wishlistId: list.wishlistId, privacy: 'private' });
    expect(await newListNotices(follower, owner.id)).toMatchObject({ wishCreated: [], bell: [], listed: 0 });
    await owner.caller.wishLists.update({ wishlistId: list.wishlistId, privacy: 'public' });
    expect((await newListNotices(follower, owner.id)).wishCreated).toHaveLength(1);
    await owner.caller.wishLists.delete({ wishlistId: list.wishlistId });
    expect(await newListNotices(follower, owner.id)).toMatchObject({ wishCreated: [], bell: [], listed: 0 });
  });

  it('an owner who turns private hides the notice from followers they do not follow back', async () => {
    const { owner, follower } = await ownerWithFollower();
    const friend = await member();
    await friend.caller.people.follow({ userId: owner.id });
    await owner.caller.people.follow({ userId: friend.id });
    await owner.caller.wishLists.create({ title: `More ${unique()}`, privacy: 'followers' });
    await owner.caller.people.updateSettings({ userId: owner.id, settings: { isPrivate: true } });
    expect((await newListNotices(follower, owner.id)).wishCreated).toEqual([]);
    // Someone the owner follows back still may see the lists, and keeps the notice.
    expect((await newListNotices(friend, owner.id)).wishCreated).toHaveLength(1);
  });

  it('a notice about someone blocked since (a new follower) goes too', async () => {
    const reader = await member({ isPrivate: false });
    const fan = await member();
    await fan.caller.people.follow({ userId: reader.id });
    const follows = async () =>
      (await reader.caller.notifications.state()).notifications.filter(
        (item) => item.kind === 'follow' && item.payload.userId === fan.id,
      );
    expect(await follows()).toHaveLength(1);
    await reader.caller.people.block({ userId: fan.id });
    expect(await follows()).toEqual([]);
    expect((await reader.caller.notifications.state()).unreadCount).toBe(0);
  });
});

describe('birthday reminders are filtered when read', () => {
  async function celebrantAndFollower() {
    const celebrant = await member({ isPrivate: false });
    await celebrant.caller.people.patch({ userId: celebrant.id, profile: { birthday: birthdayIn(3) } });
    const follower = await member();
    await follower.caller.people.follow({ userId: celebrant.id });
    await scanReminders(testDb(), new Date(), follower.id);
    const birthdays = async () =>
      (await follower.caller.messages.reminders()).filter((row) => row.kind === 'birthday').map((row) => row.path);
    expect(await birthdays()).toEqual([`/profile/${celebrant.id}/`]);
    return { celebrant, follower, birthdays };
  }

  it('after the person blocks the reader, or the reader blocks the person', async () => {
    const one = await celebrantAndFollower();
    await one.celebrant.caller.people.block({ userId: one.follower.id });
    expect(await one.birthdays()).toEqual([]);
    const two = await celebrantAndFollower();
    await two.follower.caller.people.block({ userId: two.celebrant.id });
    expect(await two.birthdays()).toEqual([]);
  });

  it('after the person turns off canRemindAboutBirthday', async () => {
    const { celebrant, birthdays } = await celebrantAndFollower();
    await celebrant.caller.people.updateSettings({ userId: celebrant.id, settings: { canRemindAboutBirthday: false } });
    expect(await birthdays()).toEqual([]);
  });

  it('after the reader turns off subscribeFollowingBirthdayReminders', async () => {
    const { follower, birthdays } = await celebrantAndFollower();
    await follower.caller.people.updateSettings({
      userId: follower.id,
      settings: { subscribeFollowingBirthdayReminders: false },
    });
    expect(await birthdays()).toEqual([]);
  });

  it('after the person turns private (not following the reader back)', async () => {
    const { celebrant, birthdays } = await celebrantAndFollower();
    await celebrant.caller.people.updateSettings({ userId: celebrant.id, settings: { isPrivate: true } });
    expect(await birthdays()).toEqual([]);
  });
});

describe('home birthdays', () => {
  it('honour the reader’s subscribeFollowingBirthdayReminders as reminders do (group mates stay)', async () => {
    const reader = await member();
    const followed = await member({ isPrivate: false });
    const mate = await member();
    for (const person of [followed, mate])
      await person.caller.people.patch({ userId: person.id, profile: { birthday: birthdayIn(4) } });
    await reader.caller.people.follow({ userId: followed.id });
    const { groupId } = await mate.caller.groups.create({ name: `Mates ${unique()}` });
    await reader.caller.groups.join({ groupId });
    await mate.caller.groups.approve({ groupId, userId: reader.id });
    const home = async () =>
      (await reader.caller.activity.birthdays({ withinDays: 14 })).map((entry) => entry.person.userId).sort();
    expect(await home()).toEqual([followed.id, mate.id].sort());

    await reader.caller.people.updateSettings({
      userId: reader.id,
      settings: { subscribeFollowingBirthdayReminders: false },
    });
    expect(await home()).toEqual([mate.id]);
    // The reminder scan agrees: the group mate's birthday only.
    await scanReminders(testDb(), new Date(), reader.id);
    const reminded = (await reader.caller.messages.reminders())
      .filter((row) => row.kind === 'birthday')
      .map((row) => row.path);
    expect(reminded).toEqual([`/profile/${mate.id}/`]);
  });
});
