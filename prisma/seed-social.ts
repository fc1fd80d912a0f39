/**
 * Demo social data, so a newcomer sees groups, chat and notifications at work: Dana owns the private
 * "Lee family & friends" group (Kim assists, Sam and Dana's daughter Mia are members, Jo asked to
 * join and waits, Riley was removed, Alex is invited) and is a member of Alex's public book club.
 * Both groups talk in their discussions, Dana and Sam chat directly, and some of it is unread for
 * Dana. Dana has notifications (Jo's join request, a new follower, Sam's new wish list, one read),
 * Kim's birthday is five days from the day of seeding (a reminder for Dana), and the activity feed
 * holds group joins, new wish lists and exchange joins. Dates are relative to the day of seeding.
 *
 * Idempotent: rows with fixed ids are upserted; chat messages are keyed by (sender, clientKey);
 * the seeded activity events (marked `"seed":true` in their payload) are written afresh.
 */
import type { TDb } from '../server/db/client';
import { scanReminders } from '../server/services/messages/reminders';
import { DEMO_EXCHANGES } from './seed-exchanges';
import { seedId } from './seed-ids';

type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

const userId = (key: string) => seedId(`user:${key}`);
const HOUR_MS = 3_600_000;
const hoursAgo = (hours: number, now: Date) => new Date(now.getTime() - hours * HOUR_MS);

export const DEMO_GROUPS = { family: seedId('group:family'), club: seedId('group:club') } as const;
export const DEMO_CONVERSATIONS = {
  family: seedId('conversation:group:family'),
  club: seedId('conversation:group:club'),
  danaSam: seedId('conversation:direct:demo:sam'),
} as const;
export const DEMO_NOTIFICATIONS = {
  joinRequest: seedId('notification:demo:join-request'),
  follow: seedId('notification:demo:follow'),
  wishCreated: seedId('notification:demo:wish-created'),
  approved: seedId('notification:demo:approved'),
} as const;
/** Whose birthday falls within the next days (five days after the day of seeding). */
export const DEMO_BIRTHDAY_SOON = { key: 'kim', daysAhead: 5 } as const;

/** A deterministic but random-looking 22-character join code (like base64url of 16 bytes). */
function joinCodeOf(key: string): string {
  return Buffer.from(seedId(`join-code:${key}`).replaceAll('-', ''), 'hex').toString('base64url');
}

interface TDemoGroup {
  key: keyof typeof DEMO_GROUPS;
  owner: string;
  name: string;
  description: string;
  isPrivate: boolean;
  /** [member key, status, role, hours ago they joined or asked] */
  members: [string, 'active' | 'pending' | 'removed' | 'invited', 'owner' | 'assistant' | 'member', number][];
  /** [sender, body, hours ago]; Dana has read up to `danaReadUpTo` (1-based count of messages). */
  messages: [string, string, number][];
  danaReadUpTo: number;
}

const GROUPS: TDemoGroup[] = [
  {
    key: 'family',
    owner: 'demo',
    name: 'Lee family & friends',
    description: 'Birthdays, holiday swaps and gift ideas for the Lee family and the friends who count as family.',
    isPrivate: true,
    members: [
      ['demo', 'active', 'owner', 24 * 30],
      ['kim', 'active', 'assistant', 24 * 29],
      ['sam', 'active', 'member', 24 * 20],
      ['child:mia', 'active', 'member', 24 * 19],
      ['jo', 'pending', 'member', 3],
      ['riley', 'removed', 'member', 24 * 12],
      ['alex', 'invited', 'member', 24 * 2],
    ],
    messages: [
      ['kim', 'Who is in for a family swap this year? Same budget as last time?', 24 * 4],
      ['demo', 'Count me in! $50 worked well.', 24 * 4 - 2],
      ['sam', 'In too. Can we mail the gifts this time? I’m in Toronto until January.', 24 * 3],
      ['kim', 'Mailing is fine. I set it up, names are drawn — check the exchange page.', 24 * 2],
      ['sam', 'My birthday is before that, just saying 🎂', 5],
    ],
    danaReadUpTo: 3,
  },
  {
    key: 'club',
    owner: 'alex',
    name: 'Book club gift swap',
    description: 'One book each, wrapped, with a note on why you loved it. Anyone who reads is welcome.',
    isPrivate: false,
    members: [
      ['alex', 'active', 'owner', 24 * 40],
      ['demo', 'active', 'member', 24 * 25],
      ['sam', 'active', 'member', 24 * 24],
      ['jo', 'active', 'member', 24 * 10],
    ],
    messages: [
      ['alex', 'Welcome, everyone! Next swap is at the December meeting.', 24 * 6],
      ['jo', 'Paperbacks only, or are hardcovers fine?', 24 * 5],
      ['alex', 'Anything goes, as long as you loved it.', 24 * 5 - 1],
      ['demo', 'I already have mine wrapped 📚', 24 * 2],
      ['jo', 'Show-off! 😄', 20],
    ],
    danaReadUpTo: 4,
  },
];

/** Dana and Sam's direct chat: [sender, body, hours ago]; the last one is unread for Dana. */
const DIRECT_MESSAGES: [string, string, number][] = [
  ['sam', 'Hey Dana, did you see the espresso machine on your list is on sale?', 30],
  ['demo', 'No! Thanks for the tip — maybe a group gift after all?', 29],
  ['sam', 'I’ll ask Kim and Jo. Want me to set it up?', 6],
  ['sam', 'Done — talk to you at the swap!', 2],
];

/** Day and month `days` after today (UTC). */
export function birthdaySoon(days: number, now = new Date()): { month: number; day: number } {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
  return { month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

async function seedMessages(
  tx: TTx,
  conversationId: string,
  prefix: string,
  messages: [string, string, number][],
  now: Date,
): Promise<bigint[]> {
  const ids: bigint[] = [];
  for (const [index, [sender, body, hours]] of messages.entries()) {
    const createdAt = hoursAgo(hours, now);
    const row = await tx.chatMessage.upsert({
      where: { senderId_clientKey: { senderId: userId(sender), clientKey: `seed:${prefix}:${index + 1}` } },
      create: { conversationId, senderId: userId(sender), body, clientKey: `seed:${prefix}:${index + 1}`, createdAt },
      update: { conversationId, body, createdAt },
      select: { id: true, createdAt: true },
    });
    ids.push(row.id);
  }
  const last = messages.at(-1);
  if (last)
    await tx.conversation.update({ where: { id: conversationId }, data: { lastMessageAt: hoursAgo(last[2], now) } });
  return ids;
}

async function seedGroup(tx: TTx, group: TDemoGroup, now: Date): Promise<void> {
  const groupId = DEMO_GROUPS[group.key];
  const data = {
    ownerId: userId(group.owner),
    name: group.name,
    description: group.description,
    isPrivate: group.isPrivate,
    deletedAt: null,
  };
  await tx.group.upsert({
    where: { id: groupId },
    create: { id: groupId, ...data, joinCode: joinCodeOf(group.key), createdAt: hoursAgo(group.members[0]![3], now) },
    update: data,
  });
  for (const [key, status, role, hours] of group.members) {
    const fields = {
      status,
      role,
      invitedById: status === 'invited' ? userId(group.owner) : null,
      decidedById: status === 'removed' ? userId(group.owner) : null,
    };
    await tx.groupMember.upsert({
      where: { groupId_userId: { groupId, userId: userId(key) } },
      create: { groupId, userId: userId(key), ...fields, createdAt: hoursAgo(hours, now) },
      update: fields,
    });
  }

  // The group's discussion: its active members, with some of it unread for Dana.
  const conversation = await tx.conversation.upsert({
    where: { groupId },
    create: { id: DEMO_CONVERSATIONS[group.key], kind: 'group', groupId },
    update: {},
    select: { id: true },
  });
  const ids = await seedMessages(tx, conversation.id, group.key, group.messages, now);
  const latest = ids.at(-1) ?? 0n;
  const active = group.members.filter(([, status]) => status === 'active');
  for (const [key, , , hours] of active) {
    const lastReadId = key === 'demo' ? (ids[group.danaReadUpTo - 1] ?? 0n) : latest;
    await tx.conversationMember.upsert({
      where: { conversationId_userId: { conversationId: conversation.id, userId: userId(key) } },
      create: { conversationId: conversation.id, userId: userId(key), lastReadId, joinedAt: hoursAgo(hours, now) },
      update: { lastReadId },
    });
  }
  const inactive = group.members.filter(([, status]) => status !== 'active').map(([key]) => userId(key));
  await tx.conversationMember.deleteMany({ where: { conversationId: conversation.id, userId: { in: inactive } } });
}

async function seedDirectChat(tx: TTx, now: Date): Promise<void> {
  const [a, b] = [userId('demo'), userId('sam')].sort() as [string, string];
  const directKey = `${a}:${b}`;
  const conversation = await tx.conversation.upsert({
    where: { directKey },
    create: { id: DEMO_CONVERSATIONS.danaSam, kind: 'direct', directKey },
    update: {},
    select: { id: true },
  });
  const ids = await seedMessages(tx, conversation.id, 'direct:demo:sam', DIRECT_MESSAGES, now);
  const reads: [string, bigint][] = [
    ['demo', ids.at(-2) ?? 0n],
    ['sam', ids.at(-1) ?? 0n],
  ];
  for (const [key, lastReadId] of reads) {
    await tx.conversationMember.upsert({
      where: { conversationId_userId: { conversationId: conversation.id, userId: userId(key) } },
      create: { conversationId: conversation.id, userId: userId(key), lastReadId, joinedAt: hoursAgo(30, now) },
      update: { lastReadId },
    });
  }
}

async function seedNotifications(tx: TTx, now: Date): Promise<void> {
  const family = GROUPS[0]!;
  const notices: { id: string; kind: string; payload: Record<string, unknown>; hours: number; read: boolean }[] = [
    {
      id: DEMO_NOTIFICATIONS.joinRequest,
      kind: 'group',
      payload: { groupId: DEMO_GROUPS.family, groupName: family.name, event: 'join-request', userId: userId('jo') },
      hours: 3,
      read: false,
    },
    {
      id: DEMO_NOTIFICATIONS.wishCreated,
      kind: 'wish-created',
      payload: { userId: userId('sam'), wishlistId: seedId('wish-list:sam-list') },
      hours: 26,
      read: false,
    },
    { id: DEMO_NOTIFICATIONS.follow, kind: 'follow', payload: { userId: userId('kim') }, hours: 24 * 3, read: false },
    {
      id: DEMO_NOTIFICATIONS.approved,
      kind: 'group',
      payload: { groupId: DEMO_GROUPS.club, groupName: GROUPS[1]!.name, event: 'approved' },
      hours: 24 * 25,
      read: true,
    },
  ];
  for (const notice of notices) {
    const createdAt = hoursAgo(notice.hours, now);
    const data = {
      kind: notice.kind,
      payload: JSON.stringify(notice.payload),
      createdAt,
      readAt: notice.read ? new Date(createdAt.getTime() + HOUR_MS) : null,
    };
    await tx.notification.upsert({
      where: { id: notice.id },
      create: { id: notice.id, userId: userId('demo'), ...data },
      update: data,
    });
  }
}

async function seedActivity(tx: TTx, now: Date): Promise<void> {
  const actors = ['demo', 'sam', 'kim', 'alex', 'support', 'jo', 'riley', 'child:mia', 'child:leo'].map(userId);
  await tx.activityEvent.deleteMany({ where: { actorId: { in: actors }, payload: { contains: '"seed":true' } } });
  const events: {
    actor: string;
    kind: string;
    groupId?: string;
    exchangeId?: string;
    wishListId?: string;
    payload: Record<string, unknown>;
    hours: number;
  }[] = [];
  for (const group of GROUPS) {
    for (const [key, status, , hours] of group.members) {
      if (status === 'active' || status === 'removed')
        events.push({
          actor: key,
          kind: 'group-joined',
          groupId: DEMO_GROUPS[group.key],
          payload: { groupName: group.name },
          hours,
        });
    }
  }
  const exchanges: [string, string, string[], number][] = [
    [DEMO_EXCHANGES.drawn, 'Lee family gift swap', ['kim', 'demo', 'sam', 'alex', 'jo'], 24 * 8],
    [DEMO_EXCHANGES.open, 'Office Secret Santa', ['demo', 'sam', 'jo'], 24],
  ];
  for (const [exchangeId, exchangeTitle, people, hours] of exchanges) {
    for (const [index, key] of people.entries())
      events.push({
        actor: key,
        kind: 'exchange-joined',
        exchangeId,
        payload: { exchangeTitle },
        hours: hours - index,
      });
  }
  const lists: [string, string, string, number][] = [
    ['sam', 'sam-list', "Sam's wish list", 26],
    ['kim', 'kim-list', 'Kim likes', 24 * 6],
  ];
  for (const [actor, key, title, hours] of lists)
    events.push({
      actor,
      kind: 'wish-list-created',
      wishListId: seedId(`wish-list:${key}`),
      payload: { title },
      hours,
    });
  // Oldest first, so ids (the feed's order) follow the dates.
  events.sort((left, right) => right.hours - left.hours);
  await tx.activityEvent.createMany({
    data: events.map((event) => ({
      actorId: userId(event.actor),
      kind: event.kind,
      groupId: event.groupId ?? null,
      exchangeId: event.exchangeId ?? null,
      wishListId: event.wishListId ?? null,
      payload: JSON.stringify({ ...event.payload, seed: true }),
      createdAt: hoursAgo(event.hours, now),
    })),
  });
}

export async function seedSocial(tx: TTx, now = new Date()): Promise<void> {
  // Kim (whom Dana follows, who follows Dana back, and who is in Dana's family group) has a birthday soon.
  const soon = birthdaySoon(DEMO_BIRTHDAY_SOON.daysAhead, now);
  await tx.user.update({
    where: { id: userId(DEMO_BIRTHDAY_SOON.key) },
    data: { birthdayMonth: soon.month, birthdayDay: soon.day },
  });
  for (const group of GROUPS) await seedGroup(tx, group, now);
  await seedDirectChat(tx, now);
  await seedNotifications(tx, now);
  await seedActivity(tx, now);
  // Reminders as the hourly scan would write them (birthdays, RSVPs, draws, exchange dates).
  await scanReminders(tx as unknown as TDb, now);
}
