/**
 * The activity feed, notifications, birthdays and e-mail actions never leak: a private list, an
 * exchange-only list, a private person's doings or a blocked person's content never reach someone
 * who may not see them, through the feed, the notifications state, the live notices or e-mail; and
 * e-mail action links act only when their signature holds (forged, altered, expired, or opened by
 * someone else: nothing happens).
 */
import { describe, expect, it } from 'vitest';
import type { TNotificationItem } from '../../../server/contracts/social';
import { emailActionUrl } from '../../../server/services/notifications/email-action-links';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { linkFrom, mailCatcher, waitForMail } from '../../helpers/mail';
import { deps, failureOf, member, runQueuedJobs, statusOf, unique, type TPerson } from './social-helpers';

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function feedTexts(person: TPerson, options: { groupId?: string } = {}): Promise<string[]> {
  const texts: string[] = [];
  let before: string | undefined;
  for (let page = 0; page < 20; page += 1) {
    const result = await person.caller.activity.feed({ limit: 5, ...(before ? { before } : {}), ...options });
    for (const item of result.items) {
      // The screen shows the actor's name (a link), then the action: the action never repeats it.
      expect(item.text).toBe(`${item.actor.displayName} ${item.action}`);
      expect(item.action.startsWith(item.actor.displayName)).toBe(false);
      texts.push(item.text);
    }
    if (!result.next) break;
    before = result.next;
  }
  return texts;
}

describe('the activity feed', () => {
  it('shows followers what they may see, page by page, and nothing more', async () => {
    const owner = await member({ isPrivate: false, firstName: `Olive${unique()}` });
    const follower = await member();
    const stranger = await member();
    await follower.caller.people.follow({ userId: owner.id });
    const tag = unique();
    const open = await owner.caller.wishLists.create({ title: `Open ${tag}`, privacy: 'public' });
    await owner.caller.wishLists.create({ title: `Secret ${tag}`, privacy: 'private' });
    const exchange = await owner.caller.exchanges.create({ title: `Swap ${tag}`, exchangeDate: inDays(20) });
    await owner.caller.wishLists.create({
      title: `For the swap ${tag}`,
      privacy: 'exchange',
      exchangeId: exchange.exchangeId,
    });
    for (let i = 1; i <= 6; i += 1)
      await owner.caller.wishLists.addWish({ wishlistId: open.wishlistId, title: `Book ${i} ${tag}` });

    const seen = await feedTexts(follower);
    const mine = seen.filter((text) => text.includes(tag));
    expect(mine).toContain(
      `${(await owner.caller.people.get({ userId: owner.id })).displayName} made a wish list: Open ${tag}`,
    );
    expect(mine.filter((text) => text.includes('wished for'))).toHaveLength(6);
    expect(mine.some((text) => text.includes('Secret'))).toBe(false);
    expect(mine.some((text) => text.includes('For the swap'))).toBe(false);
    // Paging neither repeats nor skips: the six wishes come once each.
    expect(new Set(mine).size).toBe(mine.length);

    // Someone who follows nobody sees nothing of the owner's.
    expect((await feedTexts(stranger)).some((text) => text.includes(tag))).toBe(false);

    // The owner turns private: the follower (not followed back) loses even the past events.
    await owner.caller.people.updateSettings({ userId: owner.id, settings: { isPrivate: true } });
    expect((await feedTexts(follower)).some((text) => text.includes(tag))).toBe(false);
    // Followed back, they see them again.
    await owner.caller.people.follow({ userId: follower.id });
    expect((await feedTexts(follower)).some((text) => text.includes(`Open ${tag}`))).toBe(true);

    // A block removes everything, both ways.
    await owner.caller.people.block({ userId: follower.id });
    expect((await feedTexts(follower)).some((text) => text.includes(tag))).toBe(false);
  });

  it('an exchange-only list reaches the exchange’s participants, and a group’s feed its members', async () => {
    const owner = await member();
    const guest = await member();
    const outsider = await member();
    await outsider.caller.people.follow({ userId: owner.id });
    const tag = unique();
    const exchange = await owner.caller.exchanges.create({ title: `Swap ${tag}`, exchangeDate: inDays(20) });
    await owner.caller.exchanges.inviteUsers({ exchangeId: exchange.exchangeId, userIds: [guest.id] });
    await guest.caller.exchanges.rsvp({ exchangeId: exchange.exchangeId, response: 'accept' });
    await owner.caller.wishLists.create({
      title: `Swap list ${tag}`,
      privacy: 'exchange',
      exchangeId: exchange.exchangeId,
    });
    // A list is kept only for an exchange its owner is in (else only strangers would read it).
    const refused = await failureOf(
      outsider.caller.wishLists.create({ title: 'Not mine', privacy: 'exchange', exchangeId: exchange.exchangeId }),
    );
    expect(refused.fieldErrors).toEqual({ exchangeId: 'Choose a gift exchange this list’s owner takes part in' });
    expect((await feedTexts(guest)).some((text) => text.includes(`Swap list ${tag}`))).toBe(true);
    expect((await feedTexts(outsider)).some((text) => text.includes(`Swap list ${tag}`))).toBe(false);

    const { groupId } = await owner.caller.groups.create({ name: `Circle ${tag}` });
    expect(await statusOf(outsider.caller.activity.feed({ groupId, limit: 10 }))).toBe(403);
  });
});

describe('the activity feed and private groups', () => {
  it('joining a private group is news only for its members, never for followers outside it', async () => {
    const alice = await member({ isPrivate: false });
    const carol = await member();
    const follower = await member();
    await follower.caller.people.follow({ userId: alice.id });
    const secret = `Secret support ${unique()}`;
    const { groupId } = await carol.caller.groups.create({ name: secret });
    await alice.caller.groups.join({ groupId });
    await carol.caller.groups.approve({ groupId, userId: alice.id });
    const openName = `Open club ${unique()}`;
    const open = await carol.caller.groups.create({ name: openName, isPrivate: false });
    await alice.caller.groups.join({ groupId: open.groupId });
    await carol.caller.groups.approve({ groupId: open.groupId, userId: alice.id });

    const seen = await feedTexts(follower);
    expect(seen.some((text) => text.includes(secret))).toBe(false);
    expect(seen.some((text) => text.includes(openName))).toBe(true);
    // Carol (a member) sees it in the group's own feed.
    expect((await feedTexts(carol, { groupId })).some((text) => text.includes(secret))).toBe(true);
    // Once the public group is gone, its news goes too.
    await carol.caller.groups.delete({ groupId: open.groupId });
    expect((await feedTexts(follower)).some((text) => text.includes(openName))).toBe(false);
  });

  it('an exchange whose organizer hides its people reveals none of them through the feed or the address book', async () => {
    const organizer = await member();
    const ann = await member();
    const bob = await member();
    const exchange = await organizer.caller.exchanges.create({ title: `Hidden ${unique()}`, exchangeDate: inDays(20) });
    await organizer.caller.exchanges.updateSettings({ exchangeId: exchange.exchangeId, participantsVisible: false });
    await organizer.caller.exchanges.inviteUsers({ exchangeId: exchange.exchangeId, userIds: [ann.id, bob.id] });
    for (const person of [ann, bob])
      await person.caller.exchanges.rsvp({ exchangeId: exchange.exchangeId, response: 'accept' });
    expect(await statusOf(ann.caller.exchanges.participants({ exchangeId: exchange.exchangeId }))).toBe(403);
    const annFeed = await ann.caller.activity.feed({ limit: 50 });
    expect(annFeed.items.map((item) => item.actor.userId)).not.toContain(bob.id);
    const book = await ann.caller.people.addressBook({ limit: 50, offset: 0 });
    expect(book.items.map((entry) => entry.id)).not.toContain(bob.id);
    // The organizer sees who joined.
    const organizerFeed = await organizer.caller.activity.feed({ limit: 50 });
    expect(
      organizerFeed.items.filter((item) => item.kind === 'exchange-joined').map((item) => item.actor.userId),
    ).toEqual(expect.arrayContaining([ann.id, bob.id]));
  });
});

describe('notifications', () => {
  it('a new list tells the followers who may see it (in the app, live and by e-mail), honouring settings and blocks', async () => {
    const owner = await member({ isPrivate: false });
    const reader = await member();
    const quiet = await member();
    const blocked = await member();
    for (const person of [reader, quiet, blocked]) await person.caller.people.follow({ userId: owner.id });
    await quiet.caller.people.updateSettings({
      userId: quiet.id,
      settings: { subscribeFollowingNotifications: false },
    });
    await owner.caller.people.block({ userId: blocked.id });
    await blocked.caller.people.follow({ userId: owner.id }).catch(() => undefined);

    const heard: string[] = [];
    // The typed caller returns the live stream itself; leaving the loop closes it.
    const stream = await reader.caller.notifications.onNotification();
    const listening = (async () => {
      for await (const envelope of stream) {
        // The typed caller hands `tracked()` envelopes through as they are: [id, item]; an item of
        // null carries the stream's resume position only.
        const item = (envelope as unknown as [string, TNotificationItem | null])[1];
        if (!item) continue;
        heard.push(item.title);
        if (heard.length >= 1) break;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));

    const tag = unique();
    const secret = await owner.caller.wishLists.create({ title: `Hidden ${tag}`, privacy: 'private' });
    const list = await owner.caller.wishLists.create({ title: `Birthday ${tag}`, privacy: 'followers' });
    await listening;
    expect(heard[0]).toMatch(/made a new wish list/);

    const notices = async (person: TPerson) => (await person.caller.notifications.state()).wishCreated;
    expect(await notices(reader)).toEqual([{ userId: owner.id, wishlistId: list.wishlistId }]);
    expect(await notices(quiet)).toEqual([]);
    expect(await notices(blocked)).toEqual([]);
    expect(JSON.stringify(await reader.caller.notifications.list({ limit: 50, offset: 0 }))).not.toContain(
      secret.wishlistId,
    );

    // Read state.
    expect((await reader.caller.notifications.state()).unreadCount).toBeGreaterThan(0);
    await reader.caller.notifications.markRead({});
    expect((await reader.caller.notifications.state()).unreadCount).toBe(0);

    expect(await runQueuedJobs('notifications:wish-list-mail', list.wishlistId)).toBe(1);
    expect(await runQueuedJobs('notifications:wish-list-mail', secret.wishlistId)).toBe(0);
    const mail = await waitForMail(reader.email, new RegExp(`new wish list: Birthday ${tag}`));
    // Its one-click "stop following" link acts for the reader alone.
    const stop = new URL(linkFrom(mail, `/actions/unfollow/${owner.id}/`));
    const done = await callerFor(null).notifications.emailAction({
      action: 'unfollow',
      subjectId: owner.id,
      u: stop.searchParams.get('u')!,
      e: stop.searchParams.get('e')!,
      s: stop.searchParams.get('s')!,
    });
    expect(done.status).toBe('done');
    expect(await testDb().follow.count({ where: { followerId: reader.id, followedId: owner.id } })).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const person of [quiet, blocked])
      expect(mailCatcher().messages.some((caught) => caught.to.includes(person.email.toLowerCase()))).toBe(false);
    // Unfollowed, the reader may no longer see a list kept for followers: its notice is gone too.
    expect(await notices(reader)).toEqual([]);
  });

  it('a new follower is told in the app and by e-mail, with a signed follow-back link', async () => {
    const followed = await member({ isPrivate: false });
    const fan = await member({ isPrivate: false });
    await fan.caller.people.follow({ userId: followed.id });
    // A double follow tells once.
    await fan.caller.people.follow({ userId: followed.id });
    const titles = (await followed.caller.notifications.state()).notifications.map((item) => item.title);
    expect(titles.filter((title) => title.endsWith('started following you'))).toHaveLength(1);
    expect(await runQueuedJobs('notifications:new-follower-mail', followed.id)).toBe(1);
    const mail = await waitForMail(followed.email, /started following you/);
    const back = new URL(linkFrom(mail, `/actions/follow/${fan.id}/`));
    const params = {
      action: 'follow' as const,
      subjectId: fan.id,
      u: back.searchParams.get('u')!,
      e: back.searchParams.get('e')!,
      s: back.searchParams.get('s')!,
    };
    // The fan opening the followed person's link changes nothing.
    expect(await fan.caller.notifications.emailAction(params)).toMatchObject({
      status: 'confirm',
      reason: 'other-user',
    });
    expect(await followed.caller.notifications.emailAction(params)).toMatchObject({ status: 'done' });
    expect(await testDb().follow.count({ where: { followerId: followed.id, followedId: fan.id } })).toBe(1);
  });
});

describe('e-mail action links', () => {
  it('refuse forged, altered and expired links, and act on nothing', async () => {
    const reader = await member();
    const subject = await member({ isPrivate: false });
    const other = await member({ isPrivate: false });
    const good = new URL(emailActionUrl(deps.config, { action: 'follow', subjectId: subject.id, userId: reader.id }));
    const base = {
      action: 'follow' as const,
      subjectId: subject.id,
      u: good.searchParams.get('u')!,
      e: good.searchParams.get('e')!,
      s: good.searchParams.get('s')!,
    };
    const visitor = callerFor(null);
    const flipped = `${base.s.slice(0, -1)}${base.s.endsWith('A') ? 'B' : 'A'}`;
    const cases: [string, Parameters<typeof visitor.notifications.emailAction>[0], string][] = [
      ['forged signature', { ...base, s: 'forged' }, 'invalid'],
      ['one character changed', { ...base, s: flipped }, 'invalid'],
      ['another subject', { ...base, subjectId: other.id }, 'invalid'],
      ['another addressee', { ...base, u: other.id }, 'invalid'],
      ['a later expiry', { ...base, e: String(Number(base.e) + 86_400) }, 'invalid'],
      ['another action', { ...base, action: 'unfollow' }, 'invalid'],
      ['no signature', { action: 'follow', subjectId: subject.id }, 'invalid'],
    ];
    for (const [label, input, reason] of cases) {
      expect(await visitor.notifications.emailAction(input), label).toMatchObject({ status: 'confirm', reason });
    }
    const expired = new URL(
      emailActionUrl(deps.config, {
        action: 'follow',
        subjectId: subject.id,
        userId: reader.id,
        now: new Date(Date.now() - 40 * 86_400_000),
      }),
    );
    expect(
      await visitor.notifications.emailAction({
        ...base,
        e: expired.searchParams.get('e')!,
        s: expired.searchParams.get('s')!,
      }),
    ).toMatchObject({ status: 'confirm', reason: 'expired' });
    // A signed-in member holding someone else's (good) link: nothing happens either.
    expect(await other.caller.notifications.emailAction(base)).toMatchObject({
      status: 'confirm',
      reason: 'other-user',
    });
    expect(await testDb().follow.count({ where: { followedId: subject.id } })).toBe(0);

    // The good link, unchanged, acts once (and again changes nothing more).
    expect(await visitor.notifications.emailAction(base)).toMatchObject({ status: 'done' });
    expect(await visitor.notifications.emailAction(base)).toMatchObject({ status: 'done' });
    expect(await testDb().follow.count({ where: { followerId: reader.id, followedId: subject.id } })).toBe(1);
    // An unknown subject is a 404; a blocked pair is refused even with a good link.
    expect(await statusOf(visitor.notifications.emailAction({ ...base, subjectId: crypto.randomUUID() }))).toBe(404);
    await subject.caller.people.block({ userId: reader.id });
    expect(await statusOf(visitor.notifications.emailAction(base))).toBe(403);
  });
});

describe('birthdays', () => {
  it('upcoming birthdays of people I follow and group mates, never private ones I may not see, never across a block', async () => {
    const soon = new Date(Date.now() + 5 * 86_400_000);
    const birthday = { month: soon.getUTCMonth() + 1, day: soon.getUTCDate() };
    const viewer = await member();
    const open = await member({ isPrivate: false });
    const closed = await member();
    const mate = await member();
    const blocker = await member({ isPrivate: false });
    for (const person of [open, closed, mate, blocker])
      await person.caller.people.patch({ userId: person.id, profile: { birthday } });
    for (const person of [open, closed, blocker]) await viewer.caller.people.follow({ userId: person.id });
    const { groupId } = await mate.caller.groups.create({ name: `Mates ${unique()}` });
    await viewer.caller.groups.join({ groupId });
    await mate.caller.groups.approve({ groupId, userId: viewer.id });
    await blocker.caller.people.block({ userId: viewer.id });
    const ids = (await viewer.caller.activity.birthdays({ withinDays: 14 })).map((entry) => entry.person.userId);
    expect(ids.sort()).toEqual([open.id, mate.id].sort());
    const entry = (await viewer.caller.activity.birthdays({ withinDays: 14 }))[0]!;
    expect(entry.inDays).toBe(5);
    expect((await viewer.caller.activity.birthdays({ withinDays: 2 })).length).toBe(0);
  });
});
