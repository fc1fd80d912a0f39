/**
 * Demo data for the admin area and the support console: one staff member of each support role
 * (support@ is the ElfSupportAdmin of seed.ts; analyst@ only looks; lead@ acts and reads every staff
 * member's audit log), an account pair that should be merged (Robin Hart signed up twice: the old
 * robin.hart@ account still holds a wish list, follows, the book club, a place in Dana's office
 * swap and a chat with Sam; the new robin@ account shares a follow and the book club with it), a
 * flagged ice-breaker answer and a staff note on Kim's family swap, and an audit trail (an ended
 * support session on Sam, a message read for an abuse report).
 *
 * Idempotent like the other seed modules: fixed ids are upserted; the seeded audit rows (marked
 * `"seed":true`) are written afresh. Runs after the exchanges and the social data it builds on.
 */
import { ROLES } from '../server/contracts/roles';
import type { TDb } from '../server/db/client';
import { DEMO_EXCHANGES } from './seed-exchanges';
import { seedId } from './seed-ids';
import { DEMO_CONVERSATIONS, DEMO_GROUPS } from './seed-social';

type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

const userId = (key: string): string => seedId(`user:${key}`);
const HOUR_MS = 3_600_000;

export const DEMO_STAFF = [
  {
    key: 'analyst',
    firstName: 'Ana',
    lastName: 'Lyst',
    username: 'ana-support',
    email: 'analyst@gifting.test',
    role: ROLES.supportAnalyst,
  },
  {
    key: 'lead',
    firstName: 'Lee',
    lastName: 'Lead',
    username: 'lee-support',
    email: 'lead@gifting.test',
    role: ROLES.supportLead,
  },
] as const;

/** Robin Hart's two accounts: the one to keep (new) and the one to merge into it (old). */
export const DEMO_MERGE_PAIR = {
  keep: { key: 'robin', firstName: 'Robin', lastName: 'Hart', username: 'robin', email: 'robin@gifting.test' },
  merge: {
    key: 'robin-old',
    firstName: 'Robin',
    lastName: 'Hart',
    username: 'robinhart',
    email: 'robin.hart@gifting.test',
  },
} as const;

export const DEMO_ADMIN_IDS = {
  keep: userId(DEMO_MERGE_PAIR.keep.key),
  merge: userId(DEMO_MERGE_PAIR.merge.key),
  analyst: userId('analyst'),
  lead: userId('lead'),
  oldList: seedId('wish-list:robin-old'),
  newList: seedId('wish-list:robin'),
  robinSamChat: seedId('conversation:direct:robin-old:sam'),
  staffNote: seedId('staff-note:drawn:1'),
  supportSession: seedId('impersonation:support:sam'),
} as const;

async function account(
  tx: TTx,
  person: { key: string; firstName: string; lastName: string; username: string; email: string },
  passwordHash: string,
  createdAt: Date,
): Promise<string> {
  const id = userId(person.key);
  const data = {
    email: person.email,
    registeredEmail: person.email,
    username: person.username,
    firstName: person.firstName,
    lastName: person.lastName,
    name: `${person.firstName} ${person.lastName}`,
    deletedAt: null,
  };
  await tx.user.upsert({
    where: { id },
    create: { id, ...data, createdAt, emailConfirmedAt: createdAt },
    update: data,
  });
  await tx.userCredential.upsert({ where: { userId: id }, create: { userId: id, passwordHash }, update: {} });
  await tx.userSettings.upsert({
    where: { userId: id },
    create: { userId: id, emailGuid: seedId(`email-guid:${person.key}`) },
    update: {},
  });
  return id;
}

async function list(tx: TTx, id: string, ownerId: string, title: string, wishes: string[]): Promise<void> {
  const data = { ownerId, title, privacy: 'public', defaultOwnerId: ownerId };
  await tx.wishList.upsert({ where: { id }, create: { id, ...data }, update: data });
  for (const [index, wishTitle] of wishes.entries()) {
    const wishId = seedId(`wish:${id}:${index}`);
    const wish = { wishlistId: id, title: wishTitle, sortOrder: index };
    await tx.wish.upsert({ where: { id: wishId }, create: { id: wishId, ...wish }, update: wish });
  }
}

export async function seedAdmin(tx: TTx, passwordHash: string, now = new Date()): Promise<void> {
  // ---- Staff: one of each support role besides support@ (ElfSupportAdmin, seed.ts) ----
  for (const person of DEMO_STAFF) {
    const id = await account(tx, person, passwordHash, now);
    await tx.userRole.upsert({
      where: { userId_role: { userId: id, role: person.role } },
      create: { userId: id, role: person.role },
      update: {},
    });
  }

  // ---- Robin Hart, twice ----
  const keep = await account(tx, DEMO_MERGE_PAIR.keep, passwordHash, new Date(now.getTime() - 2 * 24 * HOUR_MS));
  const merge = await account(tx, DEMO_MERGE_PAIR.merge, passwordHash, new Date(now.getTime() - 700 * 24 * HOUR_MS));
  await list(tx, DEMO_ADMIN_IDS.newList, keep, 'Robin’s wishes', ['Hiking boots']);
  await list(tx, DEMO_ADMIN_IDS.oldList, merge, 'Old wish list', ['Camping stove', 'Trail map of the Rockies']);
  await tx.follow.createMany({
    data: [
      { followerId: merge, followedId: userId('demo') },
      { followerId: merge, followedId: userId('kim') },
      { followerId: keep, followedId: userId('demo') },
      { followerId: userId('sam'), followedId: merge },
    ],
    skipDuplicates: true,
  });
  const club = DEMO_GROUPS.club;
  for (const [id, status] of [
    [merge, 'active'],
    [keep, 'pending'],
  ] as const) {
    await tx.groupMember.upsert({
      where: { groupId_userId: { groupId: club, userId: id } },
      create: { groupId: club, userId: id, status },
      update: { status, role: 'member' },
    });
  }
  await tx.exchangeParticipant.upsert({
    where: { exchangeId_userId: { exchangeId: DEMO_EXCHANGES.open, userId: merge } },
    create: {
      exchangeId: DEMO_EXCHANGES.open,
      userId: merge,
      status: 'accepted',
      respondedAt: now,
      invitedById: userId('demo'),
    },
    update: {},
  });
  const chat = DEMO_ADMIN_IDS.robinSamChat;
  const [a, b] = [merge, userId('sam')].sort() as [string, string];
  await tx.conversation.upsert({
    where: { id: chat },
    create: { id: chat, kind: 'direct', directKey: `${a}:${b}`, lastMessageAt: now },
    update: { directKey: `${a}:${b}` },
  });
  for (const member of [merge, userId('sam')])
    await tx.conversationMember.upsert({
      where: { conversationId_userId: { conversationId: chat, userId: member } },
      create: { conversationId: chat, userId: member },
      update: {},
    });
  for (const [index, [sender, body]] of (
    [
      [merge, 'Sam! It’s Robin, I lost the password to my other account.'],
      [userId('sam'), 'Ha, support can merge them for you.'],
    ] as const
  ).entries())
    await tx.chatMessage.upsert({
      where: { senderId_clientKey: { senderId: sender, clientKey: `seed-robin-${index}` } },
      create: {
        conversationId: chat,
        senderId: sender,
        body,
        clientKey: `seed-robin-${index}`,
        createdAt: new Date(now.getTime() - (5 - index) * HOUR_MS),
      },
      update: { body },
    });

  // ---- Kim's family swap: a flagged answer and a staff note ----
  await tx.exchangeAnswer.updateMany({
    where: { id: seedId(`exchange-answer:${DEMO_EXCHANGES.drawn}:0:kim`) },
    data: { flaggedAt: now, flaggedBy: userId('sam'), flagReason: 'Not a colour, and a bit rude' },
  });
  const note = {
    exchangeId: DEMO_EXCHANGES.drawn,
    authorUserId: userId('lead'),
    body: 'Kim called: the swap date may move a week. No redraw needed.',
  };
  await tx.exchangeStaffNote.upsert({
    where: { id: DEMO_ADMIN_IDS.staffNote },
    create: { id: DEMO_ADMIN_IDS.staffNote, ...note },
    update: note,
  });

  // ---- An audit trail: an ended support session on Sam, an abuse report read ----
  const started = new Date(now.getTime() - 26 * HOUR_MS);
  const reason = 'Ticket 1042: Sam cannot see the family swap';
  await tx.impersonationSession.upsert({
    where: { id: DEMO_ADMIN_IDS.supportSession },
    create: {
      id: DEMO_ADMIN_IDS.supportSession,
      staffUserId: userId('support'),
      targetUserId: userId('sam'),
      reason,
      startedAt: started,
      expiresAt: new Date(started.getTime() + HOUR_MS),
      endedAt: new Date(started.getTime() + 20 * 60_000),
      endReason: 'stopped',
    },
    update: {},
  });
  const marker = '"seed":true';
  await tx.auditLog.deleteMany({ where: { details: { contains: marker } } });
  const details = (value: Record<string, unknown>) => JSON.stringify({ ...value, seed: true });
  await tx.auditLog.createMany({
    data: [
      {
        actorUserId: userId('support'),
        subjectUserId: userId('sam'),
        action: 'impersonation.start',
        reason,
        details: details({ sessionId: DEMO_ADMIN_IDS.supportSession, staffRoles: [ROLES.supportAdmin] }),
        createdAt: started,
      },
      {
        actorUserId: userId('support'),
        subjectUserId: userId('sam'),
        action: 'impersonation.stop',
        reason,
        details: details({ sessionId: DEMO_ADMIN_IDS.supportSession, endReason: 'stopped' }),
        createdAt: new Date(started.getTime() + 20 * 60_000),
      },
      {
        actorUserId: userId('analyst'),
        subjectUserId: userId('demo'),
        action: 'admin.messages.read',
        reason: 'Abuse report 88: checking a reported message',
        details: details({ conversationId: DEMO_CONVERSATIONS.danaSam, staffRoles: [ROLES.supportAnalyst] }),
        createdAt: new Date(now.getTime() - 3 * HOUR_MS),
      },
    ],
  });
}
