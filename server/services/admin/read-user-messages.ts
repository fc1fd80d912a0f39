/**
 * UserMessages: a member's conversations for abuse reports. The list shows who talks with whom and
 * how much (no text); reading one conversation needs a reason and writes an audit row with it,
 * every time, before the messages are answered.
 */
import type { TAdminConversation, TAdminConversationRead, TConversationRead } from '../../contracts/admin';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { loadAdminUser } from './find-users';
import { ADMIN_PERSON_SELECT, adminPerson, writeStaffAudit, type TStaffActor } from './staff-access';

const READ_LIMIT = 500;

const CONVERSATION_SELECT = {
  id: true,
  kind: true,
  groupId: true,
  lastMessageAt: true,
  members: { select: { user: { select: ADMIN_PERSON_SELECT } } },
  _count: { select: { messages: true } },
} as const;

async function shape(
  db: TDb,
  rows: {
    id: string;
    kind: string;
    groupId: string | null;
    lastMessageAt: Date | null;
    members: { user: Parameters<typeof adminPerson>[0] }[];
    _count: { messages: number };
  }[],
  userId: string,
): Promise<TAdminConversation[]> {
  const groupIds = rows.flatMap((row) => (row.groupId ? [row.groupId] : []));
  const groups = groupIds.length
    ? await db.group.findMany({ where: { id: { in: groupIds } }, select: { id: true, name: true } })
    : [];
  const groupNames = new Map(groups.map((group) => [group.id, group.name]));
  return rows.map((row) => {
    const members = row.members.map((member) => adminPerson(member.user));
    const others = members.filter((member) => member.userId !== userId).map((member) => member.displayName);
    return {
      conversationId: row.id,
      kind: row.kind === 'group' ? 'group' : 'direct',
      title:
        row.kind === 'group'
          ? (groupNames.get(row.groupId ?? '') ?? 'A group discussion')
          : others.join(', ') || 'Only themselves',
      members,
      messageCount: row._count.messages,
      lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    };
  });
}

export async function listUserConversations(db: TDb, input: { userId: string }): Promise<TAdminConversation[]> {
  await loadAdminUser(db, input.userId);
  const rows = await db.conversation.findMany({
    where: { members: { some: { userId: input.userId } } },
    select: CONVERSATION_SELECT,
    orderBy: [{ lastMessageAt: { sort: 'desc', nulls: 'last' } }, { id: 'asc' }],
  });
  return shape(db, rows, input.userId);
}

export async function readConversation(
  db: TDb,
  actor: TStaffActor,
  input: TConversationRead,
): Promise<TAdminConversationRead> {
  const row = await db.conversation.findFirst({
    where: { id: input.conversationId, members: { some: { userId: input.userId } } },
    select: CONVERSATION_SELECT,
  });
  if (!row) throw new AppError('NOT_FOUND', { message: 'This member has no such conversation' });
  // Audited first: no message leaves the server without its audit row.
  const auditId = await writeStaffAudit(db, actor, {
    action: 'admin.messages.read',
    subjectUserId: input.userId,
    reason: input.reason,
    details: { conversationId: input.conversationId },
  });
  const messages = await db.chatMessage.findMany({
    where: { conversationId: input.conversationId },
    select: { id: true, body: true, createdAt: true, sender: { select: ADMIN_PERSON_SELECT } },
    orderBy: { id: 'desc' },
    take: READ_LIMIT,
  });
  const [conversation] = await shape(db, [row], input.userId);
  return {
    conversation: conversation!,
    auditId,
    messages: messages.reverse().map((message) => ({
      messageId: message.id.toString(),
      sender: adminPerson(message.sender),
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}
