/**
 * Chats (spec §1 messages): one-to-one conversations between people who may message each other,
 * and each group's discussion among its active members. Sending stores the message, then tells the
 * open pages of everyone in the conversation (server/realtime) and queues an e-mail for those who
 * don't read it soon (per their settings). Unread counts come from each member's last read id.
 *
 * Who may write to whom: nobody across a block (either way); a private person only by people they
 * follow or share a circle with (people/access.ts decides, as for their profile).
 */
import { randomUUID } from 'node:crypto';
import { Prisma } from '../../generated/prisma/client';
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TPersonSummary } from '../../contracts/people';
import type { TChatMessage, TConversationSummary } from '../../contracts/social';
import { queryRows, type TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import {
  canSeePrivate,
  PERSON_SELECT,
  personFromColumns,
  relationsTo,
  summarize,
  type TPersonColumns,
  type TPersonRow,
} from '../people/access';

type TDeps = Pick<TAppDeps, 'db' | 'bus' | 'log'>;

export const CHAT_MAIL_JOB = 'messages:chat-mail';
/** How long a message may stay unread before its e-mail goes out (and at most one per hour per chat). */
export const CHAT_MAIL_DELAY_MS = 10 * 60_000;

const NO_SEND = 'You can’t send messages to this person';

function directKeyOf(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/** May `viewer` write to `otherId` (no block either way; a private person only within their circle)? */
async function mayMessage(db: TDb, viewer: TVerifiedIdentity, otherId: string): Promise<boolean> {
  const other = await db.user.findUnique({
    where: { id: otherId },
    select: { id: true, deletedAt: true, settings: { select: { isPrivate: true } } },
  });
  if (!other || other.deletedAt) return false;
  const relation = (await relationsTo(db, viewer, [otherId])).get(otherId)!;
  if (relation.isBlockedBy || relation.isBlocking) return false;
  return canSeePrivate(db, viewer, { id: otherId, isPrivate: other.settings?.isPrivate ?? true }, relation);
}

/** Opens (or finds) the one-to-one conversation with `userId`. */
export async function startDirect(
  db: TDb,
  viewer: TVerifiedIdentity,
  userId: string,
): Promise<{ conversationId: string }> {
  if (userId === viewer.userId) throw new AppError('BAD_REQUEST', { message: 'You can’t message yourself' });
  const target = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!target) throw new AppError('NOT_FOUND');
  if (!(await mayMessage(db, viewer, userId))) throw new AppError('FORBIDDEN', { message: NO_SEND });
  const directKey = directKeyOf(viewer.userId, userId);
  const existing = await db.conversation.findUnique({ where: { directKey }, select: { id: true } });
  if (existing) return { conversationId: existing.id };
  const id = randomUUID();
  await db.$transaction(async (tx) => {
    // INSERT IGNORE: two people opening the chat at once make one conversation.
    const inserted = await tx.$executeRaw`
      INSERT IGNORE INTO conversations (id, kind, direct_key) VALUES (${id}, 'direct', ${directKey})`;
    if (inserted === 0) return;
    await tx.conversationMember.createMany({
      data: [
        { conversationId: id, userId: viewer.userId },
        { conversationId: id, userId },
      ],
    });
  });
  const row = await db.conversation.findUniqueOrThrow({ where: { directKey }, select: { id: true } });
  return { conversationId: row.id };
}

interface TConversationRow {
  id: string;
  kind: string;
  groupId: string | null;
  lastReadId: bigint;
}

/** The viewer's place in a conversation, or 404 (not theirs: its existence does not leak). */
async function myConversation(db: TDb, viewer: TVerifiedIdentity, conversationId: string): Promise<TConversationRow> {
  const row = await db.conversationMember.findUnique({
    where: { conversationId_userId: { conversationId, userId: viewer.userId } },
    select: { lastReadId: true, conversation: { select: { id: true, kind: true, groupId: true } } },
  });
  if (!row) throw new AppError('NOT_FOUND');
  return { ...row.conversation, lastReadId: row.lastReadId };
}

async function otherMemberOf(db: TDb, conversationId: string, viewerId: string): Promise<TPersonRow | null> {
  const row = await db.conversationMember.findFirst({
    where: { conversationId, userId: { not: viewerId } },
    select: { user: { select: PERSON_SELECT } },
  });
  return row?.user ?? null;
}

async function canSendIn(db: TDb, viewer: TVerifiedIdentity, conversation: TConversationRow): Promise<boolean> {
  if (conversation.kind === 'group') return true; // being a member of the conversation is being an active member
  const other = await otherMemberOf(db, conversation.id, viewer.userId);
  return Boolean(other) && (await mayMessage(db, viewer, other!.id));
}

function toMessage(
  row: { id: bigint; conversationId: string; senderId: string; body: string; createdAt: Date; sender: TPersonRow },
  viewerId: string,
): TChatMessage {
  return {
    messageId: row.id.toString(),
    conversationId: row.conversationId,
    sender: summarize(row.sender),
    isMine: row.senderId === viewerId,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

const MESSAGE_SELECT = {
  id: true,
  conversationId: true,
  senderId: true,
  body: true,
  createdAt: true,
  sender: { select: PERSON_SELECT },
} as const;

interface TChatColumns {
  id: string;
  kind: string;
  group_id: string | null;
  group_name: string | null;
  o_id: string | null;
  o_name: string | null;
  o_first_name: string | null;
  o_last_name: string | null;
  o_picture_key: string | null;
  o_deleted_at: Date | null;
  blocked_by: number;
  blocking: number;
}

interface TLastMessageColumns extends TPersonColumns {
  conversation_id: string;
  body: string;
  created_at: Date;
  sender_id: string;
}

/**
 * The viewer's chats, most recent first, with unread counts; people who blocked them left out.
 * A hot read (measured by npm run bench:api): three statements side by side (the chats with their
 * group or other person and the blocks between, the last message of each with its sender, the
 * unread counts) where the ORM's nested read and the lookups after it took nine in three rounds;
 * each prepared once per connection (queryRows `prepared`).
 */
export async function listConversations(db: TDb, viewer: TVerifiedIdentity): Promise<TConversationSummary[]> {
  const me = viewer.userId;
  // Messages of people who blocked the viewer are not theirs to see: not as the last message,
  // not in the unread counts (as in unreadCount and listMessages).
  const notFromBlockers = Prisma.sql`m.sender_id NOT IN (SELECT blocker_id FROM blocks WHERE blocked_id = ${me})`;
  const [chats, lastMessages, unread] = await Promise.all([
    queryRows<TChatColumns>(
      db,
      Prisma.sql`
      SELECT c.id, c.kind, c.group_id, g.name AS group_name, o.id AS o_id, o.name AS o_name,
             o.first_name AS o_first_name, o.last_name AS o_last_name, o.picture_key AS o_picture_key,
             o.deleted_at AS o_deleted_at,
             EXISTS (SELECT 1 FROM blocks b1 WHERE b1.blocker_id = o.id AND b1.blocked_id = ${me}) AS blocked_by,
             EXISTS (SELECT 1 FROM blocks b2 WHERE b2.blocker_id = ${me} AND b2.blocked_id = o.id) AS blocking
      FROM conversation_members mine JOIN conversations c ON c.id = mine.conversation_id
      LEFT JOIN \`groups\` g ON g.id = c.group_id AND g.deleted_at IS NULL
      LEFT JOIN conversation_members om ON c.kind = 'direct' AND om.conversation_id = c.id AND om.user_id <> ${me}
      LEFT JOIN users o ON o.id = om.user_id
      WHERE mine.user_id = ${me}`,
      { prepared: true },
    ),
    queryRows<TLastMessageColumns>(
      db,
      Prisma.sql`
      SELECT m.conversation_id, m.body, m.created_at, m.sender_id,
             s.id, s.name, s.first_name, s.last_name, s.picture_key, s.deleted_at
      FROM chat_messages m
      JOIN (SELECT m.conversation_id, MAX(m.id) AS id FROM conversation_members mine
            JOIN chat_messages m ON m.conversation_id = mine.conversation_id
            WHERE mine.user_id = ${me} AND ${notFromBlockers}
            GROUP BY m.conversation_id) last ON last.id = m.id
      JOIN users s ON s.id = m.sender_id`,
      { prepared: true },
    ),
    queryRows<{ conversation_id: string; n: number | bigint }>(
      db,
      Prisma.sql`
      SELECT m.conversation_id, COUNT(*) AS n FROM chat_messages m
      JOIN conversation_members mine ON mine.conversation_id = m.conversation_id AND mine.user_id = ${me}
      WHERE m.id > mine.last_read_id AND m.sender_id <> ${me} AND ${notFromBlockers}
      GROUP BY m.conversation_id`,
      { prepared: true },
    ),
  ]);
  const lastOf = new Map(lastMessages.map((row) => [row.conversation_id, row]));
  const unreadOf = new Map(unread.map((row) => [row.conversation_id, Number(row.n)]));
  const result: TConversationSummary[] = [];
  for (const chat of chats) {
    let other: TPersonSummary | null = null;
    let canSend = true;
    let title: string;
    if (chat.kind === 'direct') {
      // Blocked people vanish for the blocked.
      if (chat.o_id === null || Number(chat.blocked_by) > 0) continue;
      const person = personFromColumns({
        id: chat.o_id,
        name: chat.o_name ?? '',
        first_name: chat.o_first_name,
        last_name: chat.o_last_name,
        picture_key: chat.o_picture_key,
        deleted_at: chat.o_deleted_at,
      });
      other = summarize(person);
      title = other.displayName;
      canSend = Number(chat.blocking) === 0 && !person.deletedAt;
    } else {
      if (!chat.group_name) continue;
      title = chat.group_name;
    }
    const last = lastOf.get(chat.id);
    result.push({
      conversationId: chat.id,
      kind: chat.kind as 'direct' | 'group',
      title,
      other,
      groupId: chat.group_id,
      lastMessage: last
        ? {
            body: last.body.slice(0, 140),
            senderName: last.sender_id === me ? 'You' : summarize(personFromColumns(last)).shortName,
            createdAt: last.created_at.toISOString(),
          }
        : null,
      unreadCount: unreadOf.get(chat.id) ?? 0,
      canSend,
    });
  }
  return result.sort(
    (a, b) =>
      (b.lastMessage?.createdAt ?? '').localeCompare(a.lastMessage?.createdAt ?? '') || a.title.localeCompare(b.title),
  );
}

/** A page of a conversation, oldest first within the page; `beforeId` pages back in time. */
export async function listMessages(
  db: TDb,
  viewer: TVerifiedIdentity,
  input: { conversationId: string; beforeId?: string; limit: number },
): Promise<{ items: TChatMessage[]; hasMore: boolean }> {
  await myConversation(db, viewer, input.conversationId);
  const rows = await db.chatMessage.findMany({
    where: {
      conversationId: input.conversationId,
      senderId: { notIn: await blockersOf(db, viewer.userId) },
      ...(input.beforeId ? { id: { lt: BigInt(input.beforeId) } } : {}),
    },
    select: MESSAGE_SELECT,
    orderBy: { id: 'desc' },
    take: input.limit + 1,
  });
  const hasMore = rows.length > input.limit;
  return {
    items: rows
      .slice(0, input.limit)
      .reverse()
      .map((row) => toMessage(row, viewer.userId)),
    hasMore,
  };
}

/**
 * Sends a message. With a `clientKey`, a double submit (or a retry after a lost answer) returns
 * the first message: the unique (sender, clientKey) index decides, not a read-then-write.
 */
export async function sendMessage(
  deps: TDeps,
  viewer: TVerifiedIdentity,
  input: { conversationId: string; body: string; clientKey?: string },
): Promise<TChatMessage> {
  const { db } = deps;
  const conversation = await myConversation(db, viewer, input.conversationId);
  if (input.clientKey) {
    const earlier = await db.chatMessage.findUnique({
      where: { senderId_clientKey: { senderId: viewer.userId, clientKey: input.clientKey } },
      select: MESSAGE_SELECT,
    });
    if (earlier) return toMessage(earlier, viewer.userId);
  }
  if (!(await canSendIn(db, viewer, conversation))) throw new AppError('FORBIDDEN', { message: NO_SEND });
  let created;
  try {
    created = await db.$transaction(async (tx) => {
      const message = await tx.chatMessage.create({
        data: {
          conversationId: input.conversationId,
          senderId: viewer.userId,
          body: input.body,
          clientKey: input.clientKey ?? null,
        },
        select: MESSAGE_SELECT,
      });
      await tx.conversation.update({ where: { id: input.conversationId }, data: { lastMessageAt: message.createdAt } });
      await tx.conversationMember.update({
        where: { conversationId_userId: { conversationId: input.conversationId, userId: viewer.userId } },
        data: { lastReadId: message.id },
      });
      return message;
    });
  } catch (error) {
    if (input.clientKey && (error as { code?: string }).code === 'P2002') {
      const earlier = await db.chatMessage.findUniqueOrThrow({
        where: { senderId_clientKey: { senderId: viewer.userId, clientKey: input.clientKey } },
        select: MESSAGE_SELECT,
      });
      return toMessage(earlier, viewer.userId);
    }
    throw error;
  }
  const members = await db.conversationMember.findMany({
    where: { conversationId: input.conversationId },
    select: { userId: true },
  });
  const messageId = created.id.toString();
  await deps.bus
    .publish(
      members.map((member) => member.userId),
      { kind: 'message', conversationId: input.conversationId, messageId },
    )
    .catch((error: unknown) => deps.log?.warn({ err: error }, 'live message not published'));
  await queueChatMails(db, { conversationId: input.conversationId, senderId: viewer.userId, messageId });
  return toMessage(created, viewer.userId);
}

/**
 * The e-mails about a new message: one per member and chat per hour at most (the unique key), sent
 * only if still unread after a while; never to someone across a block with the sender. One
 * set-wise insert, whatever the size of the group.
 */
async function queueChatMails(
  db: TDb,
  input: { conversationId: string; senderId: string; messageId: string },
): Promise<void> {
  const hour = Math.floor(Date.now() / 3_600_000);
  const runAt = new Date(Date.now() + CHAT_MAIL_DELAY_MS);
  await db.$executeRaw`
    INSERT IGNORE INTO jobs (kind, payload, unique_key, run_at, max_attempts)
    SELECT ${CHAT_MAIL_JOB},
           JSON_OBJECT('conversationId', cm.conversation_id, 'userId', cm.user_id, 'messageId', ${input.messageId}),
           CONCAT(${CHAT_MAIL_JOB}, ':', cm.conversation_id, ':', cm.user_id, ':', ${hour}),
           ${runAt}, 5
    FROM conversation_members cm
    WHERE cm.conversation_id = ${input.conversationId} AND cm.user_id <> ${input.senderId}
      AND NOT EXISTS (SELECT 1 FROM blocks k WHERE (k.blocker_id = cm.user_id AND k.blocked_id = ${input.senderId})
                                               OR (k.blocker_id = ${input.senderId} AND k.blocked_id = cm.user_id))`;
}

/** Marks the conversation read up to a message (never backwards). */
export async function markRead(db: TDb, viewer: TVerifiedIdentity, input: { conversationId: string; upToId: string }) {
  await myConversation(db, viewer, input.conversationId);
  // Never past the conversation's newest message: a huge id would mark future messages read.
  const newest = await db.chatMessage.aggregate({
    where: { conversationId: input.conversationId },
    _max: { id: true },
  });
  const asked = BigInt(input.upToId);
  const last = newest._max.id ?? 0n;
  const upTo = asked < last ? asked : last;
  await db.conversationMember.updateMany({
    where: { conversationId: input.conversationId, userId: viewer.userId, lastReadId: { lt: upTo } },
    data: { lastReadId: upTo },
  });
  return { ok: true as const };
}

/** Unread chat messages across the viewer's conversations. */
export async function unreadCount(db: TDb, viewerId: string): Promise<number> {
  const rows = await queryRows<{ n: bigint | number }>(
    db,
    Prisma.sql`
    SELECT COUNT(*) AS n FROM conversation_members me
    JOIN chat_messages m ON m.conversation_id = me.conversation_id AND m.id > me.last_read_id AND m.sender_id <> ${viewerId}
    WHERE me.user_id = ${viewerId}
      AND m.sender_id NOT IN (SELECT blocker_id FROM blocks WHERE blocked_id = ${viewerId})`,
    { prepared: true },
  );
  return Number(rows[0]?.n ?? 0);
}

/** People who blocked `userId`: their messages in a shared group discussion are not shown to them. */
async function blockersOf(db: TDb, userId: string): Promise<string[]> {
  const rows = await db.block.findMany({ where: { blockedId: userId }, select: { blockerId: true } });
  return rows.map((row) => row.blockerId);
}

/** One message for a live stream, if `userId` is in its conversation. */
export async function messageFor(db: TDb, userId: string, messageId: bigint): Promise<TChatMessage | null> {
  const row = await db.chatMessage.findFirst({
    where: {
      id: messageId,
      senderId: { notIn: await blockersOf(db, userId) },
      conversation: { members: { some: { userId } } },
    },
    select: MESSAGE_SELECT,
  });
  return row ? toMessage(row, userId) : null;
}

/**
 * Messages in the person's conversations with an id in (afterId, upToId] (no upper bound without
 * `upToId`), oldest first: a resumed live stream catching up, or making sure of a range before it
 * moves its resume position past it (server/realtime/streams.ts).
 */
export async function messagesBetween(
  db: TDb,
  userId: string,
  afterId: bigint,
  upToId: bigint | null,
  limit = 200,
): Promise<TChatMessage[]> {
  const rows = await db.chatMessage.findMany({
    where: {
      id: { gt: afterId, ...(upToId !== null ? { lte: upToId } : {}) },
      senderId: { notIn: await blockersOf(db, userId) },
      conversation: { members: { some: { userId } } },
    },
    select: MESSAGE_SELECT,
    orderBy: { id: 'asc' },
    take: limit,
  });
  return rows.map((row) => toMessage(row, userId));
}

/**
 * Id and time of the newest `limit` messages above `afterId` the person may read, newest first (what
 * a live stream's page already shows when the stream starts).
 */
export async function newestMessageStamps(
  db: TDb,
  userId: string,
  afterId: bigint,
  limit: number,
): Promise<{ id: bigint; createdAt: Date }[]> {
  return db.chatMessage.findMany({
    where: {
      id: { gt: afterId },
      senderId: { notIn: await blockersOf(db, userId) },
      conversation: { members: { some: { userId } } },
    },
    select: { id: true, createdAt: true },
    orderBy: { id: 'desc' },
    take: limit,
  });
}

/**
 * The id of the newest message (anyone's) written at or before `before`, 0 when none: it reads back
 * from the newest id, so only the messages written since `before` are passed over.
 */
export async function newestMessageIdBefore(db: TDb, before: Date): Promise<bigint> {
  const row = await db.chatMessage.findFirst({
    where: { createdAt: { lte: before } },
    select: { id: true },
    orderBy: { id: 'desc' },
  });
  return row?.id ?? 0n;
}
