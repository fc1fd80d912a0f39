/**
 * The admin area's reading side against the real database: finding members, one member's support
 * view, their conversations (reading one is audited with its reason, every time), any exchange's
 * details (events, questions with flagged answers first, restrictions, countries, staff notes) and
 * any group's (members, removed, invitations), and the audit log (own rows for analysts and admins,
 * everyone's for leads, with filters).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFloaterUser, impersonationIdentity } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { deps, exchangeOf, member, outcomeOf, REASON, staff, unique, type TPerson } from './admin-helpers';

const db = testDb();
let admin: TPerson;
let analyst: TPerson;
let lead: TPerson;
beforeAll(async () => {
  [admin, analyst, lead] = await Promise.all([staff('admin'), staff('analyst'), staff('lead')]);
});

describe('finding members', () => {
  it('finds by e-mail, username, name words and id, closed accounts last, wildcards taken literally', async () => {
    const tag = unique();
    const sam = await member(`Samwise${tag}`);
    await db.user.update({ where: { id: sam.id }, data: { lastName: `Rivera${tag}`, username: `sam_${tag}` } });
    const lookalike = await member('Other');
    await db.user.update({ where: { id: lookalike.id }, data: { username: `samx${tag}` } });
    const closed = await member(`Samwise${tag}`);
    await db.user.update({ where: { id: closed.id }, data: { deletedAt: new Date() } });

    const byEmail = await admin.caller.admin.findUsers({ query: sam.email.slice(0, 12) });
    expect(byEmail.map((user) => user.userId)).toContain(sam.id);
    expect((await analyst.caller.admin.findUsers({ query: `sam_${tag}` })).map((user) => user.userId)).toEqual([
      sam.id,
    ]);
    const byName = await admin.caller.admin.findUsers({ query: `Samwise${tag} Riv` });
    expect(byName.map((user) => user.userId)).toEqual([sam.id]);
    const byFirst = await admin.caller.admin.findUsers({ query: `Samwise${tag}` });
    expect(byFirst.map((user) => user.userId)).toEqual([sam.id, closed.id]);
    expect(byFirst[1]?.deletedAt).not.toBeNull();
    expect((await admin.caller.admin.findUsers({ query: sam.id.toUpperCase() })).map((user) => user.userId)).toEqual([
      sam.id,
    ]);
    expect(await outcomeOf(admin.caller.admin.findUsers({ query: '   ' }))).toMatchObject({
      status: 400,
      fieldErrors: { query: 'Value is required' },
    });
  });

  it('shows one member: what they hold, accounts sharing their e-mail, support sessions on them', async () => {
    const pat = await member('Pat');
    const floater = await createFloaterUser(db, { email: pat.email.toUpperCase() });
    await db.user.update({ where: { id: floater.id }, data: { email: pat.email } });
    await db.wishList.create({
      data: {
        id: randomUUID(),
        ownerId: pat.id,
        title: 'List',
        wishes: { create: [{ id: randomUUID(), title: 'A' }] },
      },
    });
    await impersonationIdentity(deps, admin.id, pat.id, 'Ticket 77: cannot see lists');
    const detail = await analyst.caller.admin.user({ userId: pat.id });
    expect(detail).toMatchObject({ userId: pat.id, isRegistered: true, emailConfirmed: true, isStaff: false });
    expect(detail.counts).toMatchObject({ wishLists: 1, wishes: 1, exchanges: 0 });
    expect(detail.relatedAccounts.map((account) => [account.userId, account.isRegistered])).toEqual([
      [floater.id, false],
    ]);
    // Another staff member's session shows, its reason only to its author and to leads.
    expect(detail.impersonations[0]).toMatchObject({ reason: null, staff: { userId: admin.id } });
    expect((await admin.caller.admin.user({ userId: pat.id })).impersonations[0]?.reason).toBe(
      'Ticket 77: cannot see lists',
    );
    expect((await lead.caller.admin.user({ userId: pat.id })).impersonations[0]?.reason).toBe(
      'Ticket 77: cannot see lists',
    );
    expect(await outcomeOf(admin.caller.admin.user({ userId: randomUUID() }))).toMatchObject({
      status: 404,
      message: 'No member with that id',
    });
  });
});

describe("a member's messages", () => {
  it('lists conversations without text or audit; reading one is audited with its reason, every time', async () => {
    const [pat, sam] = await Promise.all([member('Pat'), member('Sam')]);
    const conversationId = randomUUID();
    await db.conversation.create({
      data: {
        id: conversationId,
        kind: 'direct',
        directKey: [pat.id, sam.id].sort().join(':'),
        lastMessageAt: new Date(),
        members: { create: [{ userId: pat.id }, { userId: sam.id }] },
      },
    });
    await db.chatMessage.create({ data: { conversationId, senderId: pat.id, body: 'You are awful' } });
    await db.chatMessage.create({ data: { conversationId, senderId: sam.id, body: 'Reported.' } });

    const list = await analyst.caller.admin.userConversations({ userId: pat.id });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ conversationId, kind: 'direct', messageCount: 2 });
    expect(list[0]!.title).toContain('Sam');
    expect(
      await db.auditLog.count({ where: { subjectUserId: pat.id, action: { startsWith: 'admin.messages' } } }),
    ).toBe(0);

    const read = await analyst.caller.admin.readConversation({
      userId: pat.id,
      conversationId,
      reason: 'Abuse report 31',
    });
    expect(read.messages.map((message) => [message.sender.userId, message.body])).toEqual([
      [pat.id, 'You are awful'],
      [sam.id, 'Reported.'],
    ]);
    await analyst.caller.admin.readConversation({ userId: pat.id, conversationId, reason: 'Abuse report 31, again' });
    const audits = await db.auditLog.findMany({
      where: { subjectUserId: pat.id, action: 'admin.messages.read' },
      orderBy: { id: 'asc' },
    });
    expect(audits.map((row) => [row.actorUserId, row.reason])).toEqual([
      [analyst.id, 'Abuse report 31'],
      [analyst.id, 'Abuse report 31, again'],
    ]);
    expect(audits[0]!.id.toString()).toBe(read.auditId);

    // Another member's conversation is not this member's; a reason is required.
    const other = await member('Other');
    expect(
      await outcomeOf(admin.caller.admin.readConversation({ userId: other.id, conversationId, reason: REASON })),
    ).toMatchObject({ status: 404 });
    expect(
      await outcomeOf(admin.caller.admin.readConversation({ userId: pat.id, conversationId, reason: 'no' })),
    ).toMatchObject({ status: 400, fieldErrors: { reason: 'This field should be at least 5 characters long' } });
    expect(await db.auditLog.count({ where: { subjectUserId: other.id } })).toBe(0);
  });
});

describe('exchange details', () => {
  it('shows people, events, questions with flagged answers first, restrictions, countries and staff notes', async () => {
    const people = await Promise.all(['Ann', 'Bob', 'Cy', 'Di'].map((name) => member(name)));
    const [ann, bob, cy, di] = people as [TPerson, TPerson, TPerson, TPerson];
    const { exchangeId } = await exchangeOf(
      ann.id,
      people.map((person) => person.id),
      { drawn: true, title: `Swap ${unique()}` },
    );
    await db.exchangeEvent.create({ data: { exchangeId, actorId: ann.id, kind: 'drawn', details: '{"count":4}' } });
    const questionId = randomUUID();
    await db.exchangeQuestion.create({ data: { id: questionId, exchangeId, text: 'Favourite colour?' } });
    await db.exchangeAnswer.createMany({
      data: [
        { id: randomUUID(), questionId, userId: bob.id, answer: 'Blue' },
        {
          id: randomUUID(),
          questionId,
          userId: cy.id,
          answer: 'Rude words',
          flaggedAt: new Date(),
          flaggedBy: di.id,
          flagReason: 'Offensive',
        },
      ],
    });
    await db.exchangeRestriction.create({ data: { exchangeId, giverId: ann.id, receiverId: bob.id } });
    await db.exchangeParticipant.update({
      where: { exchangeId_userId: { exchangeId, userId: cy.id } },
      data: { household: 'Lee' },
    });
    await db.exchangeParticipant.update({
      where: { exchangeId_userId: { exchangeId, userId: di.id } },
      data: { household: 'lee', willShipInternationally: true },
    });
    await db.mailingAddress.createMany({
      data: [
        { userId: ann.id, country: 'US' },
        { userId: bob.id, country: 'us' },
        { userId: cy.id, country: 'CA' },
      ],
    });

    const detail = await analyst.caller.admin.exchange({ exchangeId });
    expect(detail).toMatchObject({
      status: 'drawn',
      pairCount: 4,
      flaggedAnswers: 1,
      participantCount: 4,
      noteCount: 0,
    });
    expect(detail.participants.every((seat) => seat.inDraw)).toBe(true);
    // Staff see who takes part, never who drew whom.
    expect(JSON.stringify(detail)).not.toContain('receiver');

    const events = await analyst.caller.admin.exchangeEvents({ exchangeId });
    expect(events[0]).toMatchObject({ kind: 'drawn', actor: { userId: ann.id }, details: { count: 4 } });

    const [question] = await analyst.caller.admin.exchangeQuestions({ exchangeId });
    expect(question!.answers.map((answer) => [answer.person.userId, answer.flag?.reason ?? null])).toEqual([
      [cy.id, 'Offensive'],
      [bob.id, null],
    ]);
    expect(question!.answers[0]!.flag?.flaggedBy?.userId).toBe(di.id);

    const restrictions = await analyst.caller.admin.exchangeRestrictions({ exchangeId });
    expect(restrictions.pairs.map((pair) => [pair.giver.userId, pair.receiver.userId])).toEqual([[ann.id, bob.id]]);
    expect(restrictions.households.map((household) => household.members.map((person) => person.userId).sort())).toEqual(
      [[cy.id, di.id].sort()],
    );

    const countries = await analyst.caller.admin.exchangeCountries({ exchangeId });
    expect(countries.map((country) => [country.country, country.people.length])).toEqual([
      ['US', 2],
      ['CA', 1],
      [null, 1],
    ]);
    expect(countries[2]!.people[0]).toMatchObject({ userId: di.id, willShipInternationally: true });

    expect(
      await outcomeOf(analyst.caller.admin.addExchangeNote({ exchangeId, body: 'Looked at the flag' })),
    ).toMatchObject({ status: 403 });
    const note = await admin.caller.admin.addExchangeNote({ exchangeId, body: 'Organizer asked to redraw' });
    expect(note).toMatchObject({ author: { userId: admin.id }, body: 'Organizer asked to redraw' });
    expect((await analyst.caller.admin.exchangeNotes({ exchangeId })).map((row) => row.body)).toEqual([
      'Organizer asked to redraw',
    ]);
    expect(
      await db.auditLog.count({ where: { action: 'admin.exchange-note', actorUserId: admin.id } }),
    ).toBeGreaterThan(0);
    expect(await outcomeOf(admin.caller.admin.addExchangeNote({ exchangeId, body: '  ' }))).toMatchObject({
      status: 400,
      fieldErrors: { body: 'Value is required' },
    });
    const found = await admin.caller.admin.findExchanges({ query: detail.title });
    expect(found.map((row) => row.exchangeId)).toEqual([exchangeId]);
  });
});

describe('group details', () => {
  it('shows members, removed members and invitations of any group, private ones included', async () => {
    const [owner, joined, asked, removed, invited] = await Promise.all(
      ['Owner', 'Joined', 'Asked', 'Removed', 'Invited'].map((name) => member(name)),
    );
    const groupId = randomUUID();
    await db.group.create({
      data: {
        id: groupId,
        ownerId: owner!.id,
        name: `Private ${unique()}`,
        joinCode: unique() + unique(),
        isPrivate: true,
      },
    });
    await db.groupMember.createMany({
      data: [
        { groupId, userId: owner!.id, status: 'active', role: 'owner' },
        { groupId, userId: joined!.id, status: 'active' },
        { groupId, userId: asked!.id, status: 'pending' },
        { groupId, userId: removed!.id, status: 'removed', decidedById: owner!.id },
        { groupId, userId: invited!.id, status: 'invited', invitedById: joined!.id },
      ],
    });
    await db.groupInvitation.create({
      data: {
        id: randomUUID(),
        groupId,
        email: `guest-${unique()}@example.test`,
        token: randomUUID(),
        invitedById: owner!.id,
      },
    });
    const group = await analyst.caller.admin.group({ groupId });
    expect(group).toMatchObject({ isPrivate: true, memberCount: 2 });
    expect(group.counts).toEqual({ active: 2, pending: 1, invited: 1, removed: 1, left: 0, emailInvitations: 1 });
    expect(group.members.map((row) => [row.person.userId, row.status]).sort()).toEqual(
      [
        [owner!.id, 'active'],
        [joined!.id, 'active'],
        [asked!.id, 'pending'],
      ].sort(),
    );
    const gone = await analyst.caller.admin.groupRemovedMembers({ groupId });
    expect(gone.map((row) => [row.person.userId, row.decidedBy?.userId])).toEqual([[removed!.id, owner!.id]]);
    const invitations = await analyst.caller.admin.groupInvitations({ groupId });
    expect(invitations.members.map((row) => row.person.userId)).toEqual([invited!.id]);
    expect(invitations.emails[0]).toMatchObject({ invitedBy: { userId: owner!.id }, acceptedAt: null });
    expect((await admin.caller.admin.findGroups({ query: group.name })).map((row) => row.groupId)).toEqual([groupId]);
  });
});

describe('the audit log', () => {
  it('shows staff their own actions, leads everyone’s, with filters and pages', async () => {
    const pat = await member('Pat');
    const { sessionId } = await impersonationIdentity(deps, admin.id, pat.id, 'Ticket 9: checking the home page');
    await db.auditLog.create({
      data: { actorUserId: analyst.id, subjectUserId: pat.id, action: 'admin.messages.read', reason: 'Abuse 9' },
    });

    const own = await admin.caller.admin.auditLog({ subjectUserId: pat.id });
    expect(own.scope).toBe('own');
    expect(own.items.map((row) => [row.action, row.kind, row.actor?.userId])).toEqual([
      ['impersonation.start', 'impersonation', admin.id],
    ]);
    expect(own.items[0]!.details).toMatchObject({ sessionId });
    expect(await outcomeOf(admin.caller.admin.auditLog({ actorUserId: analyst.id }))).toMatchObject({
      status: 403,
      message: 'Only support leads see the audit log of other staff',
    });

    const everyone = await lead.caller.admin.auditLog({ subjectUserId: pat.id });
    expect(everyone.scope).toBe('all');
    expect(everyone.items.map((row) => row.action)).toEqual(['admin.messages.read', 'impersonation.start']);
    const reads = await lead.caller.admin.auditLog({ subjectUserId: pat.id, kind: 'messages' });
    expect(reads.items.map((row) => [row.actor?.userId, row.reason])).toEqual([[analyst.id, 'Abuse 9']]);
    const byActor = await lead.caller.admin.auditLog({ subjectUserId: pat.id, actorUserId: admin.id });
    expect(byActor.items.map((row) => row.action)).toEqual(['impersonation.start']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await lead.caller.admin.auditLog({ subjectUserId: pat.id, from: today, to: today })).items).toHaveLength(2);
    expect((await lead.caller.admin.auditLog({ subjectUserId: pat.id, to: '2020-01-01' })).items).toHaveLength(0);

    const first = await lead.caller.admin.auditLog({ subjectUserId: pat.id, limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const second = await lead.caller.admin.auditLog({ subjectUserId: pat.id, limit: 1, cursor: first.nextCursor! });
    expect(second.items[0]!.auditId).not.toBe(first.items[0]!.auditId);
    expect(second.nextCursor).toBeNull();
    expect(await outcomeOf(lead.caller.admin.auditLog({ from: '24/12/2026' }))).toMatchObject({
      status: 400,
      fieldErrors: { from: 'Use a date like 2026-12-24' },
    });
    // Days that are not on the calendar are refused in words, not turned into an Invalid Date (a 500).
    for (const impossible of ['2026-13-01', '2026-00-10', '2026-02-30']) {
      expect(await outcomeOf(lead.caller.admin.auditLog({ from: impossible, to: impossible }))).toMatchObject({
        status: 400,
        fieldErrors: { from: 'Use a date like 2026-12-24', to: 'Use a date like 2026-12-24' },
      });
    }
    expect(await outcomeOf(lead.caller.admin.auditLog({ kind: 'everything' as 'merge', limit: 0 }))).toMatchObject({
      status: 400,
      fieldErrors: { kind: 'Choose one of the listed kinds', limit: 'The minimum value allowed is 1' },
    });
  });
});
