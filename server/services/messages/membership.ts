/**
 * Group conversations follow group membership: the groups domain calls these inside its own
 * transactions when people become active members or stop being members.
 */
import { randomUUID } from 'node:crypto';
import type { TDb } from '../../db/client';

type TTx = Pick<TDb, 'conversation' | 'conversationMember' | '$executeRaw'>;

/** Creates the group's discussion (once) and returns its id. */
export async function ensureGroupConversation(tx: TTx, groupId: string): Promise<string> {
  const existing = await tx.conversation.findUnique({ where: { groupId }, select: { id: true } });
  if (existing) return existing.id;
  const id = randomUUID();
  // INSERT IGNORE: two first members at once make one conversation (the unique group_id decides).
  await tx.$executeRaw`INSERT IGNORE INTO conversations (id, kind, group_id) VALUES (${id}, 'group', ${groupId})`;
  const row = await tx.conversation.findUniqueOrThrow({ where: { groupId }, select: { id: true } });
  return row.id;
}

/** Puts people in the group's discussion; they read it from now on (older messages count as read). */
export async function joinGroupConversation(tx: TTx, groupId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const conversationId = await ensureGroupConversation(tx, groupId);
  for (const userId of userIds) {
    await tx.$executeRaw`
      INSERT IGNORE INTO conversation_members (conversation_id, user_id, last_read_id)
      SELECT ${conversationId}, ${userId}, COALESCE(MAX(id), 0) FROM chat_messages WHERE conversation_id = ${conversationId}`;
  }
}

export async function leaveGroupConversation(tx: TTx, groupId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const conversation = await tx.conversation.findUnique({ where: { groupId }, select: { id: true } });
  if (!conversation) return;
  await tx.conversationMember.deleteMany({ where: { conversationId: conversation.id, userId: { in: [...userIds] } } });
}
