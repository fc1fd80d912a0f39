/**
 * The support tools as support staff use them (issue 26 #15), against the real database: a member's
 * page shows their family (the children a parent manages, a child's managers); the audit log says
 * what happened in words beside the code and is filtered by a member's (or, for leads, a staff
 * member's) name or e-mail, not only a raw id; private threads read while impersonating are
 * audited (the first read of each thread in a support session, with the session's reason).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { impersonationIdentity } from '../../factories/identities';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { deps, exchangeOf, member, outcomeOf, staff, unique, type TPerson } from './admin-helpers';

const db = testDb();
let admin: TPerson;
let analyst: TPerson;
let lead: TPerson;
beforeAll(async () => {
  [admin, analyst, lead] = await Promise.all([staff('admin'), staff('analyst'), staff('lead')]);
});

async function childOf(parentId: string, firstName: string): Promise<string> {
  const id = randomUUID();
  await db.user.create({ data: { id, firstName, lastName: 'Kid', name: `${firstName} Kid` } });
  await db.parentAccount.create({ data: { childId: id, parentId } });
  return id;
}

describe("a member's family", () => {
  it('shows a parent’s children and a child’s managers, each by id, name and e-mail', async () => {
    const parent = await member('Parent');
    const mia = await childOf(parent.id, 'Mia');
    const leo = await childOf(parent.id, 'Leo');

    const detail = await analyst.caller.admin.user({ userId: parent.id });
    expect(detail.isManagedChild).toBe(false);
    expect(detail.family.managers).toEqual([]);
    expect(detail.family.children.map((child) => [child.userId, child.displayName])).toEqual([
      [mia, 'Mia Kid'],
      [leo, 'Leo Kid'],
    ]);

    const child = await analyst.caller.admin.user({ userId: mia });
    expect(child.isManagedChild).toBe(true);
    expect(child.family).toEqual({
      children: [],
      managers: [{ userId: parent.id, displayName: expect.stringContaining('Parent'), email: parent.email }],
    });

    const loner = await member('Loner');
    expect((await analyst.caller.admin.user({ userId: loner.id })).family).toEqual({ children: [], managers: [] });
  });
});

describe('the audit log in words, searched by name or e-mail', () => {
  it('words each action (the code kept) and finds a member’s rows by name, e-mail or id', async () => {
    const tag = unique();
    const pat = await member(`Patience${tag}`);
    const { identity } = await impersonationIdentity(deps, admin.id, pat.id, 'Ticket 26: fix my address');
    const asPat = callerFor(identity, deps);
    await asPat.people.setMailingAddress({
      userId: pat.id,
      address: { address1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
    });

    const byName = await admin.caller.admin.auditLog({ subject: `Patience${tag}` });
    expect(byName.items.map((row) => [row.action, row.summary])).toEqual([
      ['impersonation.write:people.setMailingAddress', 'Changed mailing address while impersonating'],
      ['impersonation.start', 'Started a support session (impersonating)'],
    ]);
    expect(byName.items[0]!.reason).toBe('Ticket 26: fix my address');
    const byEmail = await admin.caller.admin.auditLog({ subject: pat.email });
    expect(byEmail.items.map((row) => row.auditId)).toEqual(byName.items.map((row) => row.auditId));
    const byId = await admin.caller.admin.auditLog({ subject: pat.id });
    expect(byId.items.map((row) => row.auditId)).toEqual(byName.items.map((row) => row.auditId));
    // Nobody by that name: no rows (never everyone's).
    expect((await admin.caller.admin.auditLog({ subject: `Nobody${tag}` })).items).toEqual([]);
    // Both an id and a search: rows of the id when the search finds it, none otherwise.
    expect((await admin.caller.admin.auditLog({ subjectUserId: pat.id, subject: `Nobody${tag}` })).items).toEqual([]);

    // Leads search the staff member too; others may not look at other staff.
    const adminRow = await db.user.findUniqueOrThrow({ where: { id: admin.id }, select: { email: true } });
    const byStaff = await lead.caller.admin.auditLog({ actor: adminRow.email!, subject: pat.email });
    expect(byStaff.items).toHaveLength(2);
    expect((await lead.caller.admin.auditLog({ actor: analyst.email, subject: pat.email })).items).toEqual([]);
    expect(await outcomeOf(admin.caller.admin.auditLog({ actor: analyst.email }))).toMatchObject({
      status: 403,
      message: 'Only support leads see the audit log of other staff',
    });
    expect(await outcomeOf(admin.caller.admin.auditLog({ subject: '   ' }))).toMatchObject({
      status: 400,
      fieldErrors: { subject: 'Value is required' },
    });
  });
});

describe('private threads read while impersonating', () => {
  async function chatBetween(a: string, b: string): Promise<string> {
    const conversationId = randomUUID();
    await db.conversation.create({
      data: {
        id: conversationId,
        kind: 'direct',
        directKey: [a, b].sort().join(':'),
        lastMessageAt: new Date(),
        members: { create: [{ userId: a }, { userId: b }] },
      },
    });
    await db.chatMessage.create({ data: { conversationId, senderId: b, body: 'Just between us' } });
    return conversationId;
  }

  const readRows = (subjectUserId: string) =>
    db.auditLog.findMany({
      where: { subjectUserId, action: { startsWith: 'impersonation.' }, NOT: { action: 'impersonation.start' } },
      orderBy: { id: 'asc' },
    });

  it('audits the first read of each chat (and of the chat list) in a session, with its reason', async () => {
    const [pat, sam] = await Promise.all([member('Pat'), member('Sam')]);
    const conversationId = await chatBetween(pat.id, sam.id);
    // The member reading their own chat is no audited event.
    await pat.caller.messages.messages({ conversationId });
    await pat.caller.messages.conversations();
    expect(await readRows(pat.id)).toEqual([]);

    const { identity, sessionId } = await impersonationIdentity(deps, analyst.id, pat.id, 'Ticket 31: lost a chat');
    const asPat = callerFor(identity, deps);
    const list = await asPat.messages.conversations();
    expect(list.map((item) => item.conversationId)).toEqual([conversationId]);
    const thread = await asPat.messages.messages({ conversationId });
    expect(thread.items.map((message) => message.body)).toEqual(['Just between us']);
    // Reloads of the same thread in the same session add nothing.
    await asPat.messages.messages({ conversationId });
    await asPat.messages.conversations();

    const rows = await readRows(pat.id);
    expect(rows.map((row) => [row.action, row.actorUserId, row.reason])).toEqual([
      ['impersonation.messages.list', analyst.id, 'Ticket 31: lost a chat'],
      ['impersonation.messages.read', analyst.id, 'Ticket 31: lost a chat'],
    ]);
    expect(JSON.parse(rows[1]!.details!)).toMatchObject({ sessionId, conversationId });

    // In the audit log they are message reads, in words.
    const log = await lead.caller.admin.auditLog({ subjectUserId: pat.id, kind: 'messages' });
    expect(log.items.map((row) => [row.kind, row.summary])).toEqual([
      ['messages', 'Read a private chat while impersonating'],
      ['messages', 'Saw the chat list (each chat’s last line) while impersonating'],
    ]);

    // A thread that is not the member's answers 404 and is not recorded as read.
    const other = await member('Other');
    const notTheirs = await chatBetween(other.id, sam.id);
    expect(await outcomeOf(asPat.messages.messages({ conversationId: notTheirs }))).toMatchObject({ status: 404 });
    expect(await readRows(pat.id)).toHaveLength(2);

    // A new session is a new record.
    const again = await impersonationIdentity(deps, analyst.id, pat.id, 'Ticket 32: again');
    await callerFor(again.identity, deps).messages.messages({ conversationId });
    expect((await readRows(pat.id)).map((row) => row.reason)).toEqual([
      'Ticket 31: lost a chat',
      'Ticket 31: lost a chat',
      'Ticket 32: again',
    ]);
  });

  it('audits Secret Santa threads by exchange and side, never naming the other person', async () => {
    const [giver, receiver, third] = await Promise.all([member('Giver'), member('Receiver'), member('Third')]);
    const { exchangeId } = await exchangeOf(giver.id, [giver.id, receiver.id, third.id], { drawn: true });
    await db.exchangeMessage.create({
      data: {
        id: randomUUID(),
        exchangeId,
        giverId: giver.id,
        receiverId: receiver.id,
        fromGiver: true,
        body: 'Any allergies?',
      },
    });
    const { identity } = await impersonationIdentity(deps, admin.id, receiver.id, 'Ticket 40: Santa thread');
    const asReceiver = callerFor(identity, deps);
    const thread = await asReceiver.exchanges.conversation({ exchangeId, with: 'santa' });
    expect(thread.messages.map((message) => message.body)).toEqual(['Any allergies?']);
    await asReceiver.exchanges.conversation({ exchangeId, with: 'santa' });
    await asReceiver.exchanges.conversations();

    const rows = await readRows(receiver.id);
    expect(rows.map((row) => [row.action, row.reason])).toEqual([
      ['impersonation.santa-thread.read', 'Ticket 40: Santa thread'],
      ['impersonation.santa-thread.list', 'Ticket 40: Santa thread'],
    ]);
    expect(JSON.parse(rows[0]!.details!)).toMatchObject({ exchangeId, with: 'santa' });
    // The row names the exchange and the side only: the Santa's id is nowhere in it.
    expect(rows.every((row) => !(row.details ?? '').includes(giver.id))).toBe(true);
  });
});
