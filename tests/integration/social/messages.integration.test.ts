/**
 * Messages and reminders against the real database and mail server: who may write to whom
 * (blocks, privacy and circles), one conversation per pair under a race, bodies in the spec's
 * words, double submits, unread counts and read marks, paging, group discussions following
 * membership, the e-mail about unread messages (and its signed topic link), and the reminder scan
 * (once, even when run twice at the same time; dismissible; settings respected).
 */
import { describe, expect, it } from 'vitest';
import { sendChatMail } from '../../../server/services/messages/mail';
import { scanReminders } from '../../../server/services/messages/reminders';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { linkFrom, mailCatcher, waitForMail } from '../../helpers/mail';
import { deps, failureOf, member, runQueuedJobs, statusOf, unique, type TPerson } from './social-helpers';

async function chat(a: TPerson, b: TPerson): Promise<string> {
  return (await a.caller.messages.startDirect({ userId: b.id })).conversationId;
}

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('who may write to whom', () => {
  it('a private person can be written to only by people they follow or share a group or exchange with', async () => {
    const privatePerson = await member();
    const stranger = await member();
    const followedByThem = await member();
    const groupMate = await member();
    const exchangeMate = await member();
    expect(await statusOf(stranger.caller.messages.startDirect({ userId: privatePerson.id }))).toBe(403);
    expect((await failureOf(stranger.caller.messages.startDirect({ userId: privatePerson.id }))).message).toBe(
      'You can’t send messages to this person',
    );

    await privatePerson.caller.people.follow({ userId: followedByThem.id });
    expect(await statusOf(chat(followedByThem, privatePerson))).toBe(200);

    const { groupId } = await privatePerson.caller.groups.create({ name: `Circle ${unique()}` });
    await groupMate.caller.groups.join({ groupId });
    await privatePerson.caller.groups.approve({ groupId, userId: groupMate.id });
    expect(await statusOf(chat(groupMate, privatePerson))).toBe(200);

    const exchange = await privatePerson.caller.exchanges.create({ title: 'Swap', exchangeDate: inDays(30) });
    await privatePerson.caller.exchanges.inviteUsers({ exchangeId: exchange.exchangeId, userIds: [exchangeMate.id] });
    expect(await statusOf(chat(exchangeMate, privatePerson))).toBe(200);

    expect(await statusOf(stranger.caller.messages.startDirect({ userId: stranger.id }))).toBe(400);
    expect(await statusOf(stranger.caller.messages.startDirect({ userId: crypto.randomUUID() }))).toBe(404);
  });

  it('nobody writes across a block, either way; the blocked person’s chat vanishes for them', async () => {
    const ann = await member({ isPrivate: false });
    const bob = await member({ isPrivate: false });
    const conversationId = await chat(ann, bob);
    await bob.caller.messages.send({ conversationId, body: 'Before the block' });
    await ann.caller.people.block({ userId: bob.id });
    expect(await statusOf(bob.caller.messages.send({ conversationId, body: 'Hello?' }))).toBe(403);
    expect(await statusOf(ann.caller.messages.send({ conversationId, body: 'Bye' }))).toBe(403);
    expect(await statusOf(bob.caller.messages.startDirect({ userId: ann.id }))).toBe(403);
    // The blocker keeps the chat (read-only); the blocked person no longer sees the blocker at all.
    const annChats = await ann.caller.messages.conversations();
    expect(annChats.find((row) => row.conversationId === conversationId)?.canSend).toBe(false);
    expect((await bob.caller.messages.conversations()).map((row) => row.conversationId)).not.toContain(conversationId);
  });

  it('a blocker’s words never reach the person they blocked: not in the chat list, its counts, or by e-mail', async () => {
    const owner = await member();
    const blocker = await member();
    const blocked = await member();
    const { groupId } = await owner.caller.groups.create({ name: `Shared ${unique()}` });
    for (const person of [blocker, blocked]) {
      await person.caller.groups.join({ groupId });
      await owner.caller.groups.approve({ groupId, userId: person.id });
    }
    await blocker.caller.people.block({ userId: blocked.id });
    const { conversationId } = await owner.caller.groups.get({ groupId });
    await owner.caller.messages.send({ conversationId: conversationId!, body: 'Hello everyone' });
    await blocker.caller.messages.send({ conversationId: conversationId!, body: 'Private thoughts of the blocker' });
    const row = (await blocked.caller.messages.conversations()).find((item) => item.conversationId === conversationId);
    expect(row?.lastMessage?.body).toBe('Hello everyone');
    expect(row?.unreadCount).toBe(1);
    expect((await blocked.caller.messages.unreadCount()).count).toBe(1);
    // Only the owner's message queued a mail for the blocked person.
    const jobs = await testDb().job.findMany({
      where: { kind: 'messages:chat-mail', payload: { contains: conversationId! } },
      select: { payload: true },
    });
    const forBlocked = jobs
      .map((job) => JSON.parse(job.payload) as { userId: string })
      .filter((p) => p.userId === blocked.id);
    expect(forBlocked).toHaveLength(1);
  });

  it('marking read takes a real message id: too large is a 400, and never past the newest message', async () => {
    const ann = await member({ isPrivate: false });
    const bob = await member({ isPrivate: false });
    const conversationId = await chat(ann, bob);
    const first = await ann.caller.messages.send({ conversationId, body: 'One' });
    expect(await statusOf(bob.caller.messages.markRead({ conversationId, upToId: '9999999999999999999' }))).toBe(400);
    await bob.caller.messages.markRead({ conversationId, upToId: '9223372036854775807' });
    expect((await bob.caller.messages.unreadCount()).count).toBe(0);
    await ann.caller.messages.send({ conversationId, body: 'Two' });
    // The earlier "read everything" did not swallow a message written after it.
    expect((await bob.caller.messages.unreadCount()).count).toBe(1);
    expect(first.messageId).toBeTruthy();
  });

  it('a conversation belongs to its two people: anyone else gets 404, never its messages', async () => {
    const ann = await member({ isPrivate: false });
    const bob = await member({ isPrivate: false });
    const eve = await member();
    const conversationId = await chat(ann, bob);
    await ann.caller.messages.send({ conversationId, body: 'Only for Bob' });
    expect(await statusOf(eve.caller.messages.messages({ conversationId, limit: 10 }))).toBe(404);
    expect(await statusOf(eve.caller.messages.send({ conversationId, body: 'Me too' }))).toBe(404);
    expect(await statusOf(eve.caller.messages.markRead({ conversationId, upToId: '1' }))).toBe(404);
  });
});

describe('conversations and messages', () => {
  it('both opening the chat at once make one conversation', async () => {
    const ann = await member({ isPrivate: false });
    const bob = await member({ isPrivate: false });
    const ids = await Promise.all([chat(ann, bob), chat(bob, ann), chat(ann, bob)]);
    expect(new Set(ids).size).toBe(1);
    expect(await testDb().conversationMember.count({ where: { conversationId: ids[0] } })).toBe(2);
  });

  it('bodies follow the spec’s messages; text is kept as written (no HTML); a double submit is one message', async () => {
    const ann = await member({ isPrivate: false });
    const bob = await member({ isPrivate: false });
    const conversationId = await chat(ann, bob);
    expect((await failureOf(ann.caller.messages.send({ conversationId, body: '  \n ' }))).fieldErrors).toEqual({
      body: 'Value is required',
    });
    expect((await failureOf(ann.caller.messages.send({ conversationId, body: 'x'.repeat(2001) }))).fieldErrors).toEqual(
      { body: 'The maximum length allowed is 2000' },
    );
    const html = '<b>bold</b> <script>alert(1)</script> https://example.com/?a=1&b=2';
    const sent = await ann.caller.messages.send({ conversationId, body: html });
    expect(sent.body).toBe(html);
    const clientKey = `key-${unique()}`;
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map(() => ann.caller.messages.send({ conversationId, body: 'Once only', clientKey })),
    );
    expect(new Set([first!.messageId, second!.messageId, third!.messageId]).size).toBe(1);
    expect(await testDb().chatMessage.count({ where: { conversationId, body: 'Once only' } })).toBe(1);
  });

  it('unread counts go up for the reader only, markRead never goes backwards, and pages go back in time', async () => {
    const ann = await member({ isPrivate: false });
    const bob = await member({ isPrivate: false });
    const conversationId = await chat(ann, bob);
    const sent = [];
    for (let i = 1; i <= 5; i += 1) sent.push(await ann.caller.messages.send({ conversationId, body: `Message ${i}` }));
    expect((await bob.caller.messages.unreadCount()).count).toBe(5);
    expect((await ann.caller.messages.unreadCount()).count).toBe(0);
    const row = (await bob.caller.messages.conversations()).find((item) => item.conversationId === conversationId);
    expect(row).toMatchObject({ unreadCount: 5, lastMessage: { body: 'Message 5' } });

    const newest = await bob.caller.messages.messages({ conversationId, limit: 2 });
    expect(newest.items.map((item) => item.body)).toEqual(['Message 4', 'Message 5']);
    expect(newest.hasMore).toBe(true);
    const older = await bob.caller.messages.messages({
      conversationId,
      limit: 10,
      beforeId: newest.items[0]!.messageId,
    });
    expect(older.items.map((item) => item.body)).toEqual(['Message 1', 'Message 2', 'Message 3']);
    expect(older.hasMore).toBe(false);

    await bob.caller.messages.markRead({ conversationId, upToId: sent[3]!.messageId });
    expect((await bob.caller.messages.unreadCount()).count).toBe(1);
    await bob.caller.messages.markRead({ conversationId, upToId: sent[0]!.messageId });
    expect((await bob.caller.messages.unreadCount()).count).toBe(1);
  });

  it('a group’s discussion is its active members’: newcomers start with nothing unread, leavers lose it', async () => {
    const owner = await member();
    const mate = await member();
    const late = await member();
    const { groupId } = await owner.caller.groups.create({ name: `Talk ${unique()}` });
    for (const person of [mate, late]) await person.caller.groups.join({ groupId });
    await owner.caller.groups.approve({ groupId, userId: mate.id });
    const { conversationId } = await owner.caller.groups.get({ groupId });
    await owner.caller.messages.send({ conversationId: conversationId!, body: 'Welcome, Mate' });
    expect((await mate.caller.messages.unreadCount()).count).toBe(1);
    // Pending: not in the discussion yet.
    expect(await statusOf(late.caller.messages.messages({ conversationId: conversationId!, limit: 5 }))).toBe(404);
    await owner.caller.groups.approve({ groupId, userId: late.id });
    expect((await late.caller.messages.unreadCount()).count).toBe(0);
    expect((await late.caller.messages.messages({ conversationId: conversationId!, limit: 5 })).items).toHaveLength(1);
    await mate.caller.groups.leave({ groupId });
    expect(await statusOf(mate.caller.messages.send({ conversationId: conversationId!, body: 'Still here?' }))).toBe(
      404,
    );
  });
});

describe('e-mail about unread messages', () => {
  it('mails a message left unread, not one already read; a group discussion’s mail stops with its signed link', async () => {
    const ann = await member({ isPrivate: false });
    const bob = await member({ isPrivate: false });
    const conversationId = await chat(ann, bob);
    await ann.caller.messages.send({ conversationId, body: 'Are you coming on Friday?' });
    expect(await runQueuedJobs('messages:chat-mail', conversationId)).toBe(1);
    const mail = await waitForMail(bob.email, /sent you a message/);
    expect(mail.text).toContain('Are you coming on Friday?');

    const read = await bob.caller.messages.send({ conversationId, body: 'Yes!' });
    await ann.caller.messages.markRead({ conversationId, upToId: read.messageId });
    // Ann read Bob's answer at once: the (queued) mail to her is skipped.
    expect(await runQueuedJobs('messages:chat-mail', conversationId)).toBe(1);
    await expect(waitForMail(ann.email, /sent you a message/, 600)).rejects.toThrow();

    const owner = await member();
    const mate = await member();
    const { groupId, name } = await (async () => {
      const groupName = `Mail club ${unique()}`;
      const created = await owner.caller.groups.create({ name: groupName });
      return { groupId: created.groupId, name: groupName };
    })();
    await mate.caller.groups.join({ groupId });
    await owner.caller.groups.approve({ groupId, userId: mate.id });
    const { conversationId: topic } = await owner.caller.groups.get({ groupId });
    await owner.caller.messages.send({ conversationId: topic!, body: 'Meeting moved' });
    await runQueuedJobs('messages:chat-mail', topic!);
    const groupMail = await waitForMail(mate.email, new RegExp(`New in ${name}`));
    const stop = new URL(linkFrom(groupMail, `/actions/topic-unsubscribe/${groupId}/`));
    // The link acts for the addressee alone, signed-in or not.
    const result = await owner.caller.notifications.emailAction({
      action: 'topic-unsubscribe',
      subjectId: groupId,
      u: stop.searchParams.get('u') ?? undefined,
      e: stop.searchParams.get('e') ?? undefined,
      s: stop.searchParams.get('s') ?? undefined,
    });
    expect(result).toMatchObject({ status: 'confirm', reason: 'other-user' });
    expect((await mate.caller.groups.get({ groupId })).myFlags?.isTopicNotificationEnabled).toBe(true);
    const anonymous = callerFor(null);
    const done = await anonymous.notifications.emailAction({
      action: 'topic-unsubscribe',
      subjectId: groupId,
      u: stop.searchParams.get('u') ?? undefined,
      e: stop.searchParams.get('e') ?? undefined,
      s: stop.searchParams.get('s') ?? undefined,
    });
    expect(done).toMatchObject({ status: 'done', subjectName: name });
    expect((await mate.caller.groups.get({ groupId })).myFlags?.isTopicNotificationEnabled).toBe(false);
    // From now on the discussion sends Mate nothing (the mail job, run for a new message, stays quiet).
    const again = await owner.caller.messages.send({ conversationId: topic!, body: 'And again' });
    await sendChatMail(deps, { conversationId: topic!, userId: mate.id, messageId: again.messageId });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const toMate = mailCatcher().messages.filter((caught) => caught.to.includes(mate.email.toLowerCase()));
    expect(toMate.map((caught) => caught.subject)).toEqual([groupMail.subject]);
  });
});

describe('reminders', () => {
  it('the scan writes each reminder once (even twice at once), drops answered ones, and is dismissible', async () => {
    const organizer = await member();
    const guest = await member();
    const exchange = await organizer.caller.exchanges.create({
      title: `Swap ${unique()}`,
      exchangeDate: inDays(10),
      signUpDate: inDays(5),
    });
    await organizer.caller.exchanges.inviteUsers({ exchangeId: exchange.exchangeId, userIds: [guest.id] });
    const db = testDb();
    await Promise.all([scanReminders(db, new Date(), guest.id), scanReminders(db, new Date(), guest.id)]);
    await Promise.all([scanReminders(db, new Date(), organizer.id), scanReminders(db, new Date(), organizer.id)]);
    const guestReminders = await guest.caller.messages.reminders();
    expect(guestReminders.filter((row) => row.kind === 'rsvp')).toEqual([
      expect.objectContaining({
        title: `Answer the invitation to ${exchange.title}`,
        path: `/gift-exchanges/${exchange.exchangeId}/rsvp/`,
        dueOn: inDays(5),
      }),
    ]);
    expect((await organizer.caller.messages.reminders()).map((row) => row.kind)).toContain('draw');

    await guest.caller.exchanges.rsvp({ exchangeId: exchange.exchangeId, response: 'accept' });
    await scanReminders(db, new Date(), guest.id);
    expect((await guest.caller.messages.reminders()).filter((row) => row.kind === 'rsvp')).toEqual([]);

    const draw = (await organizer.caller.messages.reminders()).find((row) => row.kind === 'draw')!;
    expect(await statusOf(guest.caller.messages.dismissReminder({ reminderId: draw.reminderId }))).toBe(404);
    await organizer.caller.messages.dismissReminder({ reminderId: draw.reminderId });
    expect((await organizer.caller.messages.reminders()).map((row) => row.kind)).not.toContain('draw');
  });

  it('birthday reminders honour canRemindAboutBirthday, subscribeFollowingBirthdayReminders and the group flag', async () => {
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const birthday = { month: soon.getUTCMonth() + 1, day: soon.getUTCDate() };
    const celebrant = await member({ isPrivate: false });
    await celebrant.caller.people.patch({ userId: celebrant.id, profile: { birthday } });
    const follower = await member();
    const unsubscribed = await member();
    const groupMate = await member();
    const quietMate = await member();
    await follower.caller.people.follow({ userId: celebrant.id });
    await unsubscribed.caller.people.follow({ userId: celebrant.id });
    await unsubscribed.caller.people.updateSettings({
      userId: unsubscribed.id,
      settings: { subscribeFollowingBirthdayReminders: false },
    });
    const { groupId } = await celebrant.caller.groups.create({ name: `Party ${unique()}` });
    for (const mate of [groupMate, quietMate]) {
      await mate.caller.groups.join({ groupId });
      await celebrant.caller.groups.approve({ groupId, userId: mate.id });
    }
    await quietMate.caller.groups.updateMyFlags({ groupId, isBirthdayAlertsEnabled: false });
    const db = testDb();
    const people = [follower, unsubscribed, groupMate, quietMate];
    for (const person of people) await scanReminders(db, new Date(), person.id);
    const birthdays = async (person: TPerson) =>
      (await person.caller.messages.reminders()).filter((row) => row.kind === 'birthday').map((row) => row.path);
    const path = `/profile/${celebrant.id}/`;
    expect(await birthdays(follower)).toEqual([path]);
    expect(await birthdays(unsubscribed)).toEqual([]);
    expect(await birthdays(groupMate)).toEqual([path]);
    expect(await birthdays(quietMate)).toEqual([]);

    // The celebrant says no reminders about their birthday: new scans add none.
    await db.reminder.deleteMany({ where: { subjectId: celebrant.id } });
    await celebrant.caller.people.updateSettings({ userId: celebrant.id, settings: { canRemindAboutBirthday: false } });
    for (const person of people) await scanReminders(db, new Date(), person.id);
    for (const person of people) expect(await birthdays(person)).toEqual([]);
  });
});
