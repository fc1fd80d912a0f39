/**
 * Groups against the real database and mail server: membership states (active, pending, invited,
 * removed, left) and who may move people between them, private and public groups, invitations by
 * link, by member and by real e-mail, assistants, the group's discussion following membership,
 * family managers adding their children, and exchanges run with a group.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sendGroupInviteMail } from '../../../server/services/groups/members';
import { createUser } from '../../factories/users';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { linkFrom, waitForMail } from '../../helpers/mail';
import { deps, failureOf, member, runQueuedJobs, statusOf, unique, type TPerson } from './social-helpers';

async function groupOf(owner: TPerson, options: { isPrivate?: boolean } = {}) {
  const name = `Book club ${unique()}`;
  const { groupId } = await owner.caller.groups.create({ name, isPrivate: options.isPrivate ?? true });
  return { groupId, name };
}

/** Makes `people` active members through the owner's invitation link. */
async function joinAll(owner: TPerson, groupId: string, people: TPerson[]): Promise<void> {
  const { joinPath } = await owner.caller.groups.get({ groupId });
  const code = new URL(joinPath!, 'https://app.test').searchParams.get('code')!;
  for (const person of people) expect((await person.caller.groups.join({ groupId, code })).status).toBe('active');
}

const statusIn = async (groupId: string, userId: string) =>
  (await testDb().groupMember.findUnique({ where: { groupId_userId: { groupId, userId } }, select: { status: true } }))
    ?.status ?? null;

describe('groups: creating and membership states', () => {
  it('a new group has its owner as the only member, with the spec §3 membership flags and a discussion', async () => {
    const owner = await member();
    const { groupId, name } = await groupOf(owner);
    const detail = await owner.caller.groups.get({ groupId });
    expect(detail).toMatchObject({ name, isPrivate: true, memberCount: 1, myStatus: 'active', myRole: 'owner' });
    // The spec's defaults, except isAdmin: the owner manages the group.
    expect(detail.myFlags).toEqual({
      isAdmin: true,
      isBirthdayAlertsEnabled: true,
      isDeleted: false,
      isReceiverOnly: false,
      isTopicNotificationEnabled: true,
    });
    expect(detail.conversationId).toBeTruthy();
    const conversations = await owner.caller.messages.conversations();
    expect(conversations.map((row) => row.conversationId)).toContain(detail.conversationId);
  });

  it('refuses a nameless or too long group with the spec §5 messages', async () => {
    const owner = await member();
    expect((await failureOf(owner.caller.groups.create({ name: '   ' }))).fieldErrors).toEqual({
      name: 'Value is required',
    });
    expect((await failureOf(owner.caller.groups.create({ name: 'x'.repeat(101) }))).fieldErrors).toEqual({
      name: 'The maximum length allowed is 100',
    });
  });

  it('a request waits as pending until the owner or an assistant approves; a double request makes one row', async () => {
    const owner = await member();
    const assistant = await member();
    const plain = await member();
    const asker = await member();
    const { groupId, name } = await groupOf(owner);
    await joinAll(owner, groupId, [assistant, plain]);
    await owner.caller.groups.setAssistant({ groupId, userId: assistant.id, isAssistant: true });

    const [first, second] = await Promise.all([
      asker.caller.groups.join({ groupId }),
      asker.caller.groups.join({ groupId }),
    ]);
    expect([first.status, second.status]).toEqual(['pending', 'pending']);
    expect(await testDb().groupMember.count({ where: { groupId, userId: asker.id } })).toBe(1);

    // Both managers are told (an alert they can act on); the plain member is not.
    for (const manager of [owner, assistant]) {
      const state = await manager.caller.notifications.state();
      expect(state.badRequestGroups).toEqual([{ groupId, name, pendingCount: 1 }]);
      expect(state.alerts.map((item) => item.title)).toContain(
        `${(await testDb().user.findUniqueOrThrow({ where: { id: asker.id } })).name} asked to join ${name}`,
      );
    }
    expect((await plain.caller.notifications.state()).badRequestGroups).toEqual([]);

    // Pending people see the group's name, not its inside.
    expect(await statusOf(asker.caller.groups.members({ groupId }))).toBe(403);
    expect(await statusOf(plain.caller.groups.members({ groupId, status: 'pending' }))).toBe(403);
    expect(await statusOf(plain.caller.groups.approve({ groupId, userId: asker.id }))).toBe(403);

    const pending = await assistant.caller.groups.members({ groupId, status: 'pending' });
    expect(pending.items.map((row) => row.person.userId)).toEqual([asker.id]);
    await assistant.caller.groups.approve({ groupId, userId: asker.id });
    expect(await statusOf(assistant.caller.groups.approve({ groupId, userId: asker.id }))).toBe(409);
    expect(await statusIn(groupId, asker.id)).toBe('active');
    const told = await asker.caller.notifications.state();
    expect(told.notifications.map((item) => item.title)).toContain(`You are now a member of ${name}`);
    // Joining put them in the discussion and in the group's activity.
    const detail = await asker.caller.groups.get({ groupId });
    expect((await asker.caller.messages.conversations()).map((row) => row.conversationId)).toContain(
      detail.conversationId,
    );
    const feed = await owner.caller.activity.feed({ groupId, limit: 20 });
    expect(feed.items.some((item) => item.actor.userId === asker.id && item.kind === 'group-joined')).toBe(true);
  });

  it('declining a request removes it; a declined person may ask again', async () => {
    const owner = await member();
    const asker = await member();
    const { groupId } = await groupOf(owner);
    await asker.caller.groups.join({ groupId });
    await owner.caller.groups.decline({ groupId, userId: asker.id });
    expect(await statusIn(groupId, asker.id)).toBeNull();
    expect(await statusOf(owner.caller.groups.decline({ groupId, userId: asker.id }))).toBe(409);
    expect((await asker.caller.groups.join({ groupId })).status).toBe('pending');
  });

  it('removed members are listed for managers, cannot come back through the link, and can be restored', async () => {
    const owner = await member();
    const assistant = await member();
    const other = await member();
    const removed = await member();
    const { groupId } = await groupOf(owner);
    await joinAll(owner, groupId, [assistant, other, removed]);
    await owner.caller.groups.setAssistant({ groupId, userId: assistant.id, isAssistant: true });

    // Nobody removes the owner; an assistant removes members but not another assistant.
    expect(await statusOf(assistant.caller.groups.remove({ groupId, userId: owner.id }))).toBe(403);
    await owner.caller.groups.setAssistant({ groupId, userId: other.id, isAssistant: true });
    expect(await statusOf(assistant.caller.groups.remove({ groupId, userId: other.id }))).toBe(403);
    await owner.caller.groups.setAssistant({ groupId, userId: other.id, isAssistant: false });
    expect(await statusOf(other.caller.groups.remove({ groupId, userId: removed.id }))).toBe(403);

    const { conversationId } = await removed.caller.groups.get({ groupId });
    await assistant.caller.groups.remove({ groupId, userId: removed.id });
    expect(await statusIn(groupId, removed.id)).toBe('removed');
    const list = await owner.caller.groups.members({ groupId, status: 'removed' });
    expect(list.items).toEqual([
      expect.objectContaining({
        status: 'removed',
        person: expect.objectContaining({ userId: removed.id }),
        flags: expect.objectContaining({ isDeleted: true }),
      }),
    ]);
    // A manager still sees someone they removed and then blocked (the counts speak of them).
    await owner.caller.people.block({ userId: removed.id });
    expect((await owner.caller.groups.members({ groupId, status: 'removed' })).items).toHaveLength(1);
    await owner.caller.people.unblock({ userId: removed.id });
    // Out of the discussion and the inside of the (private) group.
    expect(await statusOf(removed.caller.messages.messages({ conversationId: conversationId!, limit: 10 }))).toBe(404);
    expect(await statusOf(removed.caller.groups.members({ groupId }))).toBe(403);

    // Removal sticks: neither the invitation link nor a request nor a member's invitation brings
    // them back (and the mailed tokens stay unspent); only a manager restores them.
    const { joinPath } = await owner.caller.groups.get({ groupId });
    const code = new URL(joinPath!, 'https://app.test').searchParams.get('code')!;
    const refusal = await failureOf(removed.caller.groups.join({ groupId, code }));
    expect(refusal).toMatchObject({
      status: 403,
      message: 'A manager removed you from this group; only its owner or an assistant can bring you back',
    });
    expect(await statusOf(removed.caller.groups.join({ groupId }))).toBe(403);
    expect(await statusOf(removed.caller.groups.leave({ groupId }))).toBe(400);
    const invite = await owner.caller.groups.inviteMembers({ groupId, userIds: [removed.id] });
    expect(invite.rows[0]?.result).toBe('blocked');
    expect(await statusIn(groupId, removed.id)).toBe('removed');
    expect(await statusOf(owner.caller.groups.approve({ groupId, userId: removed.id }))).toBe(409);
    await owner.caller.groups.restore({ groupId, userId: removed.id });
    expect(await statusIn(groupId, removed.id)).toBe('active');
    expect(await statusOf(owner.caller.groups.restore({ groupId, userId: removed.id }))).toBe(409);
    expect((await removed.caller.messages.messages({ conversationId: conversationId!, limit: 10 })).items).toEqual([]);
  });

  it('the owner cannot leave (only delete); a member leaves; deleting hides the group from everyone', async () => {
    const owner = await member();
    const leaver = await member();
    const assistant = await member();
    const { groupId } = await groupOf(owner);
    await joinAll(owner, groupId, [leaver, assistant]);
    await owner.caller.groups.setAssistant({ groupId, userId: assistant.id, isAssistant: true });
    expect((await failureOf(owner.caller.groups.leave({ groupId }))).message).toBe(
      'The owner can’t leave the group; delete it instead',
    );
    await leaver.caller.groups.leave({ groupId });
    expect(await statusIn(groupId, leaver.id)).toBe('left');
    expect(await statusOf(assistant.caller.groups.delete({ groupId }))).toBe(403);
    await owner.caller.groups.delete({ groupId });
    for (const person of [owner, leaver, assistant])
      expect(await statusOf(person.caller.groups.get({ groupId }))).toBe(404);
    expect((await owner.caller.groups.list({ scope: 'mine', limit: 50, offset: 0 })).items).toEqual([]);
  });

  it('lists the owner, then assistants, then members, across pages', async () => {
    const owner = await member({ firstName: 'Zoe' });
    const people = await Promise.all(['Amy', 'Bea', 'Cal', 'Zed'].map((firstName) => member({ firstName })));
    const { groupId } = await groupOf(owner);
    await joinAll(owner, groupId, people);
    const zed = people[3]!;
    await owner.caller.groups.setAssistant({ groupId, userId: zed.id, isAssistant: true });
    const first = await owner.caller.groups.members({ groupId, limit: 2, offset: 0 });
    const second = await owner.caller.groups.members({ groupId, limit: 2, offset: 2 });
    const third = await owner.caller.groups.members({ groupId, limit: 2, offset: 4 });
    expect([...first.items, ...second.items, ...third.items].map((row) => row.person.userId)).toEqual([
      owner.id,
      zed.id,
      people[0]!.id,
      people[1]!.id,
      people[2]!.id,
    ]);
    expect(first.paging.total).toBe(5);
  });

  it('isAdmin says who manages the group (owner and assistants), wherever flags are shown; members keep the spec’s defaults', async () => {
    const owner = await member();
    const assistant = await member();
    const mate = await member();
    const { groupId } = await groupOf(owner);
    await joinAll(owner, groupId, [assistant, mate]);
    await owner.caller.groups.setAssistant({ groupId, userId: assistant.id, isAssistant: true });
    expect((await mate.caller.groups.get({ groupId })).myFlags).toEqual({
      isAdmin: false,
      isBirthdayAlertsEnabled: true,
      isDeleted: false,
      isReceiverOnly: false,
      isTopicNotificationEnabled: true,
    });
    expect((await assistant.caller.groups.get({ groupId })).myFlags?.isAdmin).toBe(true);
    const listed = async () =>
      Object.fromEntries(
        (await mate.caller.groups.members({ groupId })).items.map((row) => [row.person.userId, row.flags.isAdmin]),
      );
    expect(await listed()).toEqual({ [owner.id]: true, [assistant.id]: true, [mate.id]: false });
    // Changing one's own flags answers them the same way.
    expect((await assistant.caller.groups.updateMyFlags({ groupId, isReceiverOnly: true })).isAdmin).toBe(true);
    // No longer an assistant: no longer an admin; someone removed is no admin either.
    await owner.caller.groups.setAssistant({ groupId, userId: assistant.id, isAssistant: false });
    expect(await listed()).toEqual({ [owner.id]: true, [assistant.id]: false, [mate.id]: false });
    await owner.caller.groups.setAssistant({ groupId, userId: mate.id, isAssistant: true });
    await owner.caller.groups.remove({ groupId, userId: mate.id });
    const removed = await owner.caller.groups.members({ groupId, status: 'removed' });
    expect(removed.items[0]?.flags).toMatchObject({ isAdmin: false, isDeleted: true });
  });

  it('membership flags are the member’s own to change', async () => {
    const owner = await member();
    const mate = await member();
    const { groupId } = await groupOf(owner);
    await joinAll(owner, groupId, [mate]);
    const flags = await mate.caller.groups.updateMyFlags({
      groupId,
      isBirthdayAlertsEnabled: false,
      isTopicNotificationEnabled: false,
    });
    expect(flags).toMatchObject({ isBirthdayAlertsEnabled: false, isTopicNotificationEnabled: false });
    // The owner's flags are untouched.
    expect((await owner.caller.groups.get({ groupId })).myFlags?.isBirthdayAlertsEnabled).toBe(true);
    const outsider = await member();
    expect(await statusOf(outsider.caller.groups.updateMyFlags({ groupId, isReceiverOnly: true }))).toBe(403);
  });
});

describe('groups: private, public and blocked', () => {
  it('a private group shows its inside to members only; a public one to every member; discover lists public ones', async () => {
    const owner = await member();
    const stranger = await member();
    const closed = await groupOf(owner, { isPrivate: true });
    const open = await groupOf(owner, { isPrivate: false });
    expect((await stranger.caller.groups.get({ groupId: closed.groupId })).canSeeInside).toBe(false);
    expect(await statusOf(stranger.caller.groups.members({ groupId: closed.groupId }))).toBe(403);
    expect(await statusOf(stranger.caller.activity.feed({ groupId: closed.groupId, limit: 5 }))).toBe(403);
    expect((await stranger.caller.groups.get({ groupId: open.groupId })).canSeeInside).toBe(true);
    expect((await stranger.caller.groups.members({ groupId: open.groupId })).items).toHaveLength(1);
    const discover = await stranger.caller.groups.list({ scope: 'discover', search: open.name, limit: 10, offset: 0 });
    expect(discover.items.map((group) => group.groupId)).toEqual([open.groupId]);
    const hidden = await stranger.caller.groups.list({ scope: 'discover', search: closed.name, limit: 10, offset: 0 });
    expect(hidden.items).toEqual([]);
  });

  it('someone the owner blocked finds neither the group nor a way in', async () => {
    const owner = await member();
    const blocked = await member();
    const open = await groupOf(owner, { isPrivate: false });
    await owner.caller.people.block({ userId: blocked.id });
    expect(await statusOf(blocked.caller.groups.get({ groupId: open.groupId }))).toBe(404);
    expect(await statusOf(blocked.caller.groups.join({ groupId: open.groupId }))).toBe(404);
    const discover = await blocked.caller.groups.list({ scope: 'discover', search: open.name, limit: 10, offset: 0 });
    expect(discover.items).toEqual([]);
    expect(await statusOf(blocked.caller.groups.get({ groupId: crypto.randomUUID() }))).toBe(404);
  });
});

describe('groups: invitations', () => {
  it('inviting by e-mail sends a real mail whose link joins once; a member’s address invites that member', async () => {
    const owner = await member();
    const { groupId, name } = await groupOf(owner);
    const stranger = `new-${unique()}@example.com`;
    const registered = await member();
    const result = await owner.caller.groups.inviteEmails({
      groupId,
      emails: [stranger, stranger.toUpperCase(), 'not-an-address', registered.email],
    });
    expect(result.rows.map((row) => [row.result, row.message])).toEqual([
      ['invited', 'Invited'],
      ['invalid', 'Value is not a valid email address'],
      ['invited', 'Invited'],
    ]);
    // Again: each address says it was invited already.
    const again = await owner.caller.groups.inviteEmails({ groupId, emails: [stranger, registered.email] });
    expect(again.rows.map((row) => row.result)).toEqual(['already-invited', 'already-invited']);
    expect(await statusIn(groupId, registered.id)).toBe('invited');

    expect(await runQueuedJobs('groups:invite-mail', groupId)).toBe(2);
    const mail = await waitForMail(stranger, new RegExp(`invited you to the group ${name}`));
    const link = new URL(linkFrom(mail, `/groups/${groupId}/`));
    const token = link.searchParams.get('code')!;
    expect(token).toBeTruthy();

    // The newcomer signs up and opens the link: in at once; the link is spent after that.
    const newcomer = await member();
    expect((await newcomer.caller.groups.join({ groupId, code: token })).status).toBe('active');
    const late = await member();
    expect((await failureOf(late.caller.groups.join({ groupId, code: token }))).message).toBe(
      'This invitation link is not valid any more',
    );
    // The invited member accepts in the app (no code needed); or could decline.
    expect((await registered.caller.groups.join({ groupId })).status).toBe('active');
    await waitForMail(registered.email, new RegExp(`invited you to the group ${name}`));
  });

  it('in a public group members invite people they follow; blocked people are refused per row', async () => {
    const owner = await member();
    const mate = await member();
    const friend = await member();
    const blocker = await member();
    const { groupId } = await groupOf(owner, { isPrivate: false });
    await joinAll(owner, groupId, [mate]);
    await mate.caller.people.follow({ userId: friend.id });
    await blocker.caller.people.block({ userId: mate.id });
    const candidates = await mate.caller.groups.inviteCandidates({ groupId });
    expect(candidates.map((person) => person.userId)).toEqual([friend.id]);
    const asker = await member();
    await asker.caller.groups.join({ groupId });
    const rows = await mate.caller.groups.inviteMembers({
      groupId,
      userIds: [friend.id, blocker.id, owner.id, asker.id],
    });
    expect(rows.rows.map((row) => row.result)).toEqual(['invited', 'blocked', 'already-member', 'already-invited']);
    // A member's invitation admits nobody: the friend is invited until they accept, the asker still asks.
    expect(await statusIn(groupId, friend.id)).toBe('invited');
    expect(await statusIn(groupId, asker.id)).toBe('pending');
    expect((await owner.caller.groups.members({ groupId })).items).toHaveLength(2);
    await friend.caller.groups.declineInvitation({ groupId });
    expect(await statusIn(groupId, friend.id)).toBeNull();
    const outsider = await member();
    expect(await statusOf(outsider.caller.groups.inviteMembers({ groupId, userIds: [friend.id] }))).toBe(403);
    expect(await statusOf(outsider.caller.groups.inviteCandidates({ groupId }))).toBe(403);
    expect((await mate.caller.groups.get({ groupId })).canInvite).toBe(true);
  });

  it('in a private group only the owner and assistants invite: a member admits nobody', async () => {
    const owner = await member();
    const mate = await member();
    const stranger = await member();
    const { groupId } = await groupOf(owner);
    await joinAll(owner, groupId, [mate]);
    expect((await mate.caller.groups.get({ groupId })).canInvite).toBe(false);
    expect((await failureOf(mate.caller.groups.inviteMembers({ groupId, userIds: [stranger.id] }))).message).toBe(
      'In a private group, the owner and assistants invite people',
    );
    expect(await statusOf(mate.caller.groups.inviteEmails({ groupId, emails: ['x@example.com'] }))).toBe(403);
    expect(await statusIn(groupId, stranger.id)).toBeNull();
    await owner.caller.groups.setAssistant({ groupId, userId: mate.id, isAssistant: true });
    expect((await mate.caller.groups.inviteMembers({ groupId, userIds: [stranger.id] })).rows[0]?.result).toBe(
      'invited',
    );
  });

  it('the invitation mail honours the invitee’s notification e-mails setting; the notice in the app still comes', async () => {
    const owner = await member();
    const { groupId, name } = await groupOf(owner);
    const optedOut = await member();
    const welcome = await member();
    const declined = await member();
    await optedOut.caller.people.updateSettings({ userId: optedOut.id, settings: { subscribeNotifcations: false } });
    await owner.caller.groups.inviteMembers({ groupId, userIds: [optedOut.id, welcome.id, declined.id] });
    // An invitation declined before its mail goes out gets no mail either.
    await declined.caller.groups.declineInvitation({ groupId });
    expect(await runQueuedJobs('groups:invite-mail', groupId)).toBe(3);

    const mail = await waitForMail(welcome.email, new RegExp(`invited you to the group ${name}`));
    expect(linkFrom(mail, '/email/notifications/')).toContain('emailGuid=');
    for (const person of [optedOut, declined])
      await expect(waitForMail(person.email, /invited you to the group/, 500)).rejects.toThrow();
    const alerts = (await optedOut.caller.notifications.state()).alerts.map((item) => item.title);
    expect(alerts.some((title) => title.endsWith(`invited you to ${name}`))).toBe(true);
  });

  it('the invitation mail job sends nothing for a deleted group', async () => {
    const owner = await member();
    const { groupId } = await groupOf(owner);
    await owner.caller.groups.delete({ groupId });
    const to = `gone-${unique()}@example.com`;
    await sendGroupInviteMail(deps, { groupId, invitedById: owner.id, email: to, token: 'x' });
    await expect(waitForMail(to, /invited you/, 500)).rejects.toThrow();
  });
});

describe('groups: family managers and exchanges', () => {
  it('a family manager adds their child to a group they are in; nobody else can', async () => {
    const parent = await member();
    const { userId: childId } = await parent.caller.people.create({ firstName: 'Kid', lastName: `Lee${unique()}` });
    const { groupId } = await groupOf(parent);
    const choices = await parent.caller.groups.childChoices({ childId });
    expect(choices).toEqual([expect.objectContaining({ groupId, isMember: false })]);
    expect(await parent.caller.groups.addChild({ groupId, childId })).toEqual({ status: 'active' });
    expect(await statusIn(groupId, childId)).toBe('active');
    expect((await parent.caller.groups.childChoices({ childId }))[0]?.isMember).toBe(true);
    const stranger = await member();
    const strangerGroup = await groupOf(stranger);
    expect(await statusOf(stranger.caller.groups.addChild({ groupId: strangerGroup.groupId, childId }))).toBe(403);
    expect(await statusOf(stranger.caller.groups.childChoices({ childId }))).toBe(403);
  });

  it('in a private group a plain member’s child waits for the owner or an assistant; nobody is admitted by a member', async () => {
    const owner = await member();
    const parent = await member();
    const { groupId, name } = await groupOf(owner);
    await joinAll(owner, groupId, [parent]);
    const { userId: childId } = await parent.caller.people.create({ firstName: 'Kid', lastName: `Lee${unique()}` });
    const childName = (await testDb().user.findUniqueOrThrow({ where: { id: childId } })).name;

    expect(await parent.caller.groups.addChild({ groupId, childId })).toEqual({ status: 'pending' });
    expect(await parent.caller.groups.addChild({ groupId, childId })).toEqual({ status: 'pending' });
    expect(await statusIn(groupId, childId)).toBe('pending');
    expect(await parent.caller.groups.childChoices({ childId })).toEqual([
      expect.objectContaining({ groupId, isMember: false, isPending: true }),
    ]);
    // Not in the circle yet: the active list leaves the child out; the managers see a request, told once.
    const active = await parent.caller.groups.members({ groupId });
    expect(active.items.map((row) => row.person.userId)).not.toContain(childId);
    const state = await owner.caller.notifications.state();
    expect(state.badRequestGroups).toEqual([{ groupId, name, pendingCount: 1 }]);
    expect(state.alerts.filter((item) => item.title === `${childName} asked to join ${name}`)).toHaveLength(1);

    await owner.caller.groups.approve({ groupId, userId: childId });
    expect(await statusIn(groupId, childId)).toBe('active');
    expect((await parent.caller.groups.childChoices({ childId }))[0]).toMatchObject({
      isMember: true,
      isPending: false,
    });
  });

  it('a child is in at once where the parent may invite (a manager, a public group) or a manager invited them', async () => {
    const owner = await member();
    const assistant = await member();
    const parent = await member();
    const closed = await groupOf(owner);
    const open = await groupOf(owner, { isPrivate: false });
    await joinAll(owner, closed.groupId, [assistant, parent]);
    await joinAll(owner, open.groupId, [parent]);
    await owner.caller.groups.setAssistant({ groupId: closed.groupId, userId: assistant.id, isAssistant: true });
    const kid = async (manager: TPerson) =>
      (await manager.caller.people.create({ firstName: 'Kid', lastName: `Lee${unique()}` })).userId;

    const assistantsChild = await kid(assistant);
    expect(await assistant.caller.groups.addChild({ groupId: closed.groupId, childId: assistantsChild })).toEqual({
      status: 'active',
    });
    const publicChild = await kid(parent);
    expect(await parent.caller.groups.addChild({ groupId: open.groupId, childId: publicChild })).toEqual({
      status: 'active',
    });
    // The owner invited the child: the parent accepts for them.
    const invitedChild = await kid(parent);
    await owner.caller.groups.inviteMembers({ groupId: closed.groupId, userIds: [invitedChild] });
    expect(await parent.caller.groups.addChild({ groupId: closed.groupId, childId: invitedChild })).toEqual({
      status: 'active',
    });
    // A removed child stays removed, whoever adds them.
    await owner.caller.groups.remove({ groupId: closed.groupId, userId: invitedChild });
    expect(
      await failureOf(parent.caller.groups.addChild({ groupId: closed.groupId, childId: invitedChild })),
    ).toMatchObject({
      status: 403,
      message: 'A manager of the group removed this account',
    });
  });

  it('an exchange is run with a group only by one of its members', async () => {
    const owner = await member();
    const outsider = await member();
    const { groupId } = await groupOf(owner);
    const exchangeDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const created = await owner.caller.exchanges.create({ title: 'Group swap', exchangeDate, groupId });
    expect(created.groupId).toBe(groupId);
    expect(await statusOf(outsider.caller.exchanges.create({ title: 'Not mine', exchangeDate, groupId }))).toBe(403);
  });

  it('a closed account leaves its groups: its group passes to the assistant, or goes when nobody is left', async () => {
    const owner = await member();
    const assistant = await member();
    const kept = await groupOf(owner);
    const alone = await groupOf(owner);
    await joinAll(owner, kept.groupId, [assistant]);
    await owner.caller.groups.setAssistant({ groupId: kept.groupId, userId: assistant.id, isAssistant: true });
    await owner.caller.people.delete({ userId: owner.id });
    const detail = await assistant.caller.groups.get({ groupId: kept.groupId });
    expect(detail).toMatchObject({ myRole: 'owner', memberCount: 1 });
    expect(await statusIn(kept.groupId, owner.id)).toBe('left');
    expect(await statusOf(assistant.caller.groups.get({ groupId: alone.groupId }))).toBe(404);
  });
});

/** Ten rounds of each race: every answer is 200 or 409 (never a deadlock's 500) and the end state is right. */
const ROUNDS = 10;
const settled = (statuses: number[]) => expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
const joinedEvents = (groupId: string, userId: string) =>
  testDb().activityEvent.count({ where: { groupId, actorId: userId, kind: 'group-joined' } });

describe('groups: racing calls decide once (issue 15)', () => {
  it('a double “accept invitation” makes one member, once', async () => {
    const owner = await member();
    const { groupId } = await groupOf(owner);
    for (let round = 0; round < ROUNDS; round += 1) {
      const invitee = await member();
      await owner.caller.groups.inviteMembers({ groupId, userIds: [invitee.id] });
      const statuses = await Promise.all([
        statusOf(invitee.caller.groups.join({ groupId })),
        statusOf(invitee.caller.groups.join({ groupId })),
      ]);
      settled(statuses);
      expect(statuses).toContain(200);
      expect(await statusIn(groupId, invitee.id)).toBe('active');
      expect(await joinedEvents(groupId, invitee.id)).toBe(1);
    }
  });

  it('accepting an invitation racing its decline (two tabs): one wins, and a declined invitation never ends active', async () => {
    const owner = await member();
    const { groupId } = await groupOf(owner);
    for (let round = 0; round < ROUNDS; round += 1) {
      const invitee = await member();
      await owner.caller.groups.inviteMembers({ groupId, userIds: [invitee.id] });
      const [accept, decline] = await Promise.all([
        invitee.caller.groups.join({ groupId }).then(
          (answer) => answer.status,
          (error: unknown) => statusOf(Promise.reject(error)),
        ),
        statusOf(invitee.caller.groups.declineInvitation({ groupId })),
      ]);
      // Accepting hears 409 when the decline took the invitation first, or, arriving after it, asks
      // to join like anyone without a place (pending); declining hears 404 when there is nothing left.
      expect([200, 404]).toContain(decline);
      const now = await statusIn(groupId, invitee.id);
      if (decline === 200) {
        expect([409, 'pending']).toContain(accept);
        expect(now).toBe(accept === 'pending' ? 'pending' : null);
      } else {
        expect(accept).toBe('active');
        expect(now).toBe('active');
      }
    }
  });

  it('a mailed link opened twice at once lets its person in once; both answers say they are in', async () => {
    const owner = await member();
    const { groupId } = await groupOf(owner);
    for (let round = 0; round < ROUNDS; round += 1) {
      const email = `link-${unique()}@example.com`;
      await owner.caller.groups.inviteEmails({ groupId, emails: [email] });
      const { token } = await testDb().groupInvitation.findFirstOrThrow({ where: { groupId, email } });
      const newcomer = await member();
      const answers = await Promise.all([
        newcomer.caller.groups.join({ groupId, code: token }),
        newcomer.caller.groups.join({ groupId, code: token }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(['active', 'active']);
      expect(await joinedEvents(groupId, newcomer.id)).toBe(1);
    }
  });

  it('two managers approving at once: one approves, the other hears 409', async () => {
    const owner = await member();
    const assistant = await member();
    const { groupId } = await groupOf(owner);
    await joinAll(owner, groupId, [assistant]);
    await owner.caller.groups.setAssistant({ groupId, userId: assistant.id, isAssistant: true });
    for (let round = 0; round < ROUNDS; round += 1) {
      const asker = await member();
      await asker.caller.groups.join({ groupId });
      const statuses = await Promise.all([
        statusOf(owner.caller.groups.approve({ groupId, userId: asker.id })),
        statusOf(assistant.caller.groups.approve({ groupId, userId: asker.id })),
      ]);
      expect(statuses.sort()).toEqual([200, 409]);
      expect(await statusIn(groupId, asker.id)).toBe('active');
      expect(await joinedEvents(groupId, asker.id)).toBe(1);
    }
  });

  it('an approval racing the asker’s cancel never leaves a cancelled request active', async () => {
    const owner = await member();
    const { groupId } = await groupOf(owner);
    for (let round = 0; round < ROUNDS; round += 1) {
      const asker = await member();
      await asker.caller.groups.join({ groupId });
      const [cancel, approve] = await Promise.all([
        statusOf(asker.caller.groups.leave({ groupId })),
        statusOf(owner.caller.groups.approve({ groupId, userId: asker.id })),
      ]);
      settled([cancel, approve]);
      // The cancel went through: the person is not a member (cancelled, or left right after the approval).
      if (cancel === 200) expect(['left', null]).toContain(await statusIn(groupId, asker.id));
      else expect(await statusIn(groupId, asker.id)).toBe('active');
      if (approve === 409) expect(await statusIn(groupId, asker.id)).toBeNull();
    }
  });

  it('an approval racing a decline: exactly one wins, and a declined request never ends active', async () => {
    const owner = await member();
    const assistant = await member();
    const { groupId } = await groupOf(owner);
    await joinAll(owner, groupId, [assistant]);
    await owner.caller.groups.setAssistant({ groupId, userId: assistant.id, isAssistant: true });
    for (let round = 0; round < ROUNDS; round += 1) {
      const asker = await member();
      await asker.caller.groups.join({ groupId });
      const [decline, approve] = await Promise.all([
        statusOf(assistant.caller.groups.decline({ groupId, userId: asker.id })),
        statusOf(owner.caller.groups.approve({ groupId, userId: asker.id })),
      ]);
      expect([decline, approve].sort()).toEqual([200, 409]);
      expect(await statusIn(groupId, asker.id)).toBe(decline === 200 ? null : 'active');
    }
  });

  it('two managers inviting someone who left at once: one invitation, one mail', async () => {
    const owner = await member();
    const assistant = await member();
    const { groupId } = await groupOf(owner);
    await joinAll(owner, groupId, [assistant]);
    await owner.caller.groups.setAssistant({ groupId, userId: assistant.id, isAssistant: true });
    for (let round = 0; round < ROUNDS; round += 1) {
      const leaver = await member();
      await joinAll(owner, groupId, [leaver]);
      await leaver.caller.groups.leave({ groupId });
      const answers = await Promise.all(
        [owner, assistant].map((manager) => manager.caller.groups.inviteMembers({ groupId, userIds: [leaver.id] })),
      );
      expect(answers.map((answer) => answer.rows[0]?.result).sort()).toEqual(['already-invited', 'invited']);
      expect(await statusIn(groupId, leaver.id)).toBe('invited');
      const mails = await testDb().job.count({
        where: {
          kind: 'groups:invite-mail',
          AND: [{ payload: { contains: groupId } }, { payload: { contains: leaver.id } }],
        },
      });
      expect(mails).toBe(1);
    }
  });

  it('a repeated request after leaving, twice at once, makes one request and tells the owner once', async () => {
    const owner = await member();
    const { groupId } = await groupOf(owner);
    for (let round = 0; round < ROUNDS; round += 1) {
      const leaver = await member();
      await joinAll(owner, groupId, [leaver]);
      await leaver.caller.groups.leave({ groupId });
      const answers = await Promise.all([
        leaver.caller.groups.join({ groupId }),
        leaver.caller.groups.join({ groupId }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(['pending', 'pending']);
      expect(await statusIn(groupId, leaver.id)).toBe('pending');
      const told = await testDb().notification.count({
        where: {
          userId: owner.id,
          kind: 'group',
          AND: [{ payload: { contains: leaver.id } }, { payload: { contains: 'join-request' } }],
        },
      });
      expect(told).toBe(1);
    }
  });

  it('a family manager adding their child twice at once makes one member', async () => {
    const parent = await member();
    const { groupId } = await groupOf(parent);
    for (let round = 0; round < ROUNDS; round += 1) {
      const { userId: childId } = await parent.caller.people.create({ firstName: 'Kid', lastName: `Lee${unique()}` });
      const statuses = await Promise.all([
        statusOf(parent.caller.groups.addChild({ groupId, childId })),
        statusOf(parent.caller.groups.addChild({ groupId, childId })),
      ]);
      expect(statuses).toEqual([200, 200]);
      expect(await statusIn(groupId, childId)).toBe('active');
      expect(await joinedEvents(groupId, childId)).toBe(1);
    }
  });

  it('a leave racing a removal (or a second leave) answers 409, never a 500, and the removal stands', async () => {
    const owner = await member();
    const { groupId } = await groupOf(owner);
    for (let round = 0; round < ROUNDS; round += 1) {
      const mate = await member();
      await joinAll(owner, groupId, [mate]);
      const statuses = await Promise.all([
        statusOf(mate.caller.groups.leave({ groupId })),
        statusOf(mate.caller.groups.leave({ groupId })),
        statusOf(owner.caller.groups.remove({ groupId, userId: mate.id })),
      ]);
      expect(statuses.every((status) => [200, 400, 409].includes(status))).toBe(true);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
      const now = await statusIn(groupId, mate.id);
      expect(['left', 'removed']).toContain(now);
      // The removal answered 200: it stands (a later leave never turns it into a departure).
      if (statuses[2] === 200) expect(now).toBe('removed');
    }
  });
});

// ---- Who may do what, by the caller's place in the group (issue 15) ----
// The permission table's actors are fixed (owner, member, outsider for groups); here every place a
// person can have in a group calls every procedure that decides on it. Each call gets a fresh group
// (written straight to the database) with the same people in their places and its own targets, so
// no call's change decides the next one's outcome.

type TPlace = 'owner' | 'assistant' | 'member' | 'pending' | 'invitee' | 'removed' | 'outsider' | 'visitor';
const PLACES: TPlace[] = ['owner', 'assistant', 'member', 'pending', 'invitee', 'removed', 'outsider', 'visitor'];
type TCaller = TPerson['caller'];
interface TPlaceFixture {
  groupId: string;
  conversationId: string;
  /** Targets: someone asking, a plain member, someone removed, a stranger to invite. */
  askerId: string;
  mateId: string;
  removedId: string;
  strangerId: string;
}

const signedIn = (status: number, by: Partial<Record<TPlace, number>> = {}): Record<TPlace, number> => ({
  owner: status,
  assistant: status,
  member: status,
  pending: status,
  invitee: status,
  removed: status,
  outsider: status,
  visitor: 401,
  ...by,
});
const managers = (status = 200, refused = 403) => signedIn(refused, { owner: status, assistant: status });
const activeMembers = (refused: number) => signedIn(refused, { owner: 200, assistant: 200, member: 200 });

/** Each procedure that decides on a place, with what each place gets in a private and a public group. */
const PLACE_TABLE: Record<
  string,
  {
    call: (caller: TCaller, f: TPlaceFixture) => Promise<unknown>;
    private: Record<TPlace, number>;
    public?: Record<TPlace, number>;
  }
> = {
  get: { call: (c, f) => c.groups.get({ groupId: f.groupId }), private: signedIn(200) },
  'members (active)': {
    call: (c, f) => c.groups.members({ groupId: f.groupId }),
    private: activeMembers(403),
    public: signedIn(200),
  },
  ...Object.fromEntries(
    (['pending', 'invited', 'removed'] as const).map((status) => [
      `members (${status})`,
      { call: (c: TCaller, f: TPlaceFixture) => c.groups.members({ groupId: f.groupId, status }), private: managers() },
    ]),
  ),
  approve: { call: (c, f) => c.groups.approve({ groupId: f.groupId, userId: f.askerId }), private: managers() },
  decline: { call: (c, f) => c.groups.decline({ groupId: f.groupId, userId: f.askerId }), private: managers() },
  remove: { call: (c, f) => c.groups.remove({ groupId: f.groupId, userId: f.mateId }), private: managers() },
  restore: { call: (c, f) => c.groups.restore({ groupId: f.groupId, userId: f.removedId }), private: managers() },
  setAssistant: {
    call: (c, f) => c.groups.setAssistant({ groupId: f.groupId, userId: f.mateId, isAssistant: true }),
    private: signedIn(403, { owner: 200 }),
  },
  inviteMembers: {
    call: (c, f) => c.groups.inviteMembers({ groupId: f.groupId, userIds: [f.strangerId] }),
    private: managers(),
    public: activeMembers(403),
  },
  inviteEmails: {
    call: (c, f) =>
      c.groups.inviteEmails({ groupId: f.groupId, emails: [`guest-${f.groupId.slice(0, 8)}@example.com`] }),
    private: managers(),
    public: activeMembers(403),
  },
  inviteCandidates: {
    call: (c, f) => c.groups.inviteCandidates({ groupId: f.groupId }),
    private: managers(),
    public: activeMembers(403),
  },
  update: { call: (c, f) => c.groups.update({ groupId: f.groupId, name: 'Renamed' }), private: managers() },
  delete: { call: (c, f) => c.groups.delete({ groupId: f.groupId }), private: signedIn(403, { owner: 200 }) },
  activity: {
    call: (c, f) => c.activity.feed({ groupId: f.groupId, limit: 5 }),
    private: activeMembers(403),
    public: signedIn(200),
  },
  // The discussion is its active members' in any group: to anyone else it does not exist.
  conversation: {
    call: (c, f) => c.messages.messages({ conversationId: f.conversationId, limit: 5 }),
    private: activeMembers(404),
  },
  // The caller's own place: in already; asking stays asking; an invitee accepts; removal sticks.
  join: { call: (c, f) => c.groups.join({ groupId: f.groupId }), private: signedIn(200, { removed: 403 }) },
  leave: {
    call: (c, f) => c.groups.leave({ groupId: f.groupId }),
    private: signedIn(400, { assistant: 200, member: 200, pending: 200 }),
  },
  declineInvitation: {
    call: (c, f) => c.groups.declineInvitation({ groupId: f.groupId }),
    private: signedIn(404, { invitee: 200 }),
  },
  updateMyFlags: {
    call: (c, f) => c.groups.updateMyFlags({ groupId: f.groupId, isBirthdayAlertsEnabled: false }),
    private: activeMembers(403),
  },
};

describe('groups: who may do what, by place in the group', () => {
  const people = {} as Record<Exclude<TPlace, 'visitor'>, TPerson>;
  beforeAll(async () => {
    for (const place of PLACES) if (place !== 'visitor') people[place] = await member();
  });

  async function placeFixture(isPrivate: boolean): Promise<TPlaceFixture> {
    const db = testDb();
    const groupId = crypto.randomUUID();
    const conversationId = crypto.randomUUID();
    const [asker, mate, removed, stranger] = await Promise.all([1, 2, 3, 4].map(() => createUser(db)));
    await db.group.create({
      data: { id: groupId, ownerId: people.owner.id, name: `Places ${unique()}`, isPrivate, joinCode: unique() },
    });
    const place = (userId: string, status: string, role = 'member') => ({ groupId, userId, status, role });
    await db.groupMember.createMany({
      data: [
        place(people.owner.id, 'active', 'owner'),
        place(people.assistant.id, 'active', 'assistant'),
        place(people.member.id, 'active'),
        place(people.pending.id, 'pending'),
        place(people.invitee.id, 'invited'),
        place(people.removed.id, 'removed'),
        place(asker!.id, 'pending'),
        place(mate!.id, 'active'),
        place(removed!.id, 'removed'),
      ],
    });
    await db.conversation.create({ data: { id: conversationId, kind: 'group', groupId } });
    await db.conversationMember.createMany({
      data: [people.owner.id, people.assistant.id, people.member.id, mate!.id].map((userId) => ({
        conversationId,
        userId,
      })),
    });
    return {
      groupId,
      conversationId,
      askerId: asker!.id,
      mateId: mate!.id,
      removedId: removed!.id,
      strangerId: stranger!.id,
    };
  }

  describe.each(['private', 'public'] as const)('in a %s group', (kind) => {
    describe.each(PLACES)('the %s', (place) => {
      it.each(Object.keys(PLACE_TABLE))('%s', async (procedure) => {
        const row = PLACE_TABLE[procedure]!;
        const fixture = await placeFixture(kind === 'private');
        const caller = place === 'visitor' ? callerFor(null, deps) : people[place].caller;
        const expected = (kind === 'public' ? row.public : undefined) ?? row.private;
        expect(await statusOf(row.call(caller, fixture))).toBe(expected[place]);
      });
    });
  });
});
