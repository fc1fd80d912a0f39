/**
 * The messages domain (spec §1 messages and reminders, §2 /messages): chats, their live stream
 * (a tRPC subscription over server-sent events, resumable by event id), and reminders. Thin faces
 * over server/services/messages and server/realtime.
 */
import type { TrackedEnvelope } from '@trpc/server';
import { z } from 'zod';
import { auditImpersonatedRead } from '../../../auth/impersonation';
import type { TVerifiedIdentity } from '../../../auth/tokens';
import type { TDb } from '../../../db/client';
import {
  ZConversationId,
  ZConversationMessagesQuery,
  ZMessageIdText,
  ZSendMessage,
  ZStartDirect,
  type TChatMessage,
} from '../../../contracts/social';
import { ZUuid } from '../../../contracts/validation';
import { messageStream } from '../../../realtime/streams';
import {
  listConversations,
  listMessages,
  markRead,
  sendMessage,
  startDirect,
  unreadCount,
} from '../../../services/messages/conversations';
import { dismissReminder, listReminders } from '../../../services/messages/reminders';
import { authedProcedure, router } from '../../init';
import { sharedBirthdayAudience } from '../../shared-reads';

/** The live stream, each chat it brings audited first while impersonating (auditImpersonatedRead). */
async function* auditedWhileImpersonating(
  ctx: { db: TDb; identity: TVerifiedIdentity },
  stream: AsyncGenerator<TrackedEnvelope<TChatMessage | null>>,
): AsyncGenerator<TrackedEnvelope<TChatMessage | null>> {
  if (!ctx.identity.impersonatorUserId) return yield* stream;
  for await (const envelope of stream) {
    const message = envelope[1];
    if (message)
      await auditImpersonatedRead(ctx.db, ctx.identity, { thread: 'chat', conversationId: message.conversationId });
    yield envelope;
  }
}

/** A live stream's input: the resume position it had (server/realtime/resume.ts), when resuming. */
export const ZLiveInput = z.object({ lastEventId: z.string().max(8192).nullish() }).optional();

export const messagesRouter = router({
  // Read while impersonating, a member's chats are audited (auditImpersonatedRead): the list (it
  // shows each chat's last line), each thread, and what the live stream brings.
  conversations: authedProcedure.query(async ({ ctx }) => {
    await auditImpersonatedRead(ctx.db, ctx.identity, { thread: 'chat-list' });
    return listConversations(ctx.db, ctx.identity);
  }),
  startDirect: authedProcedure
    .input(ZStartDirect)
    .mutation(({ ctx, input }) => startDirect(ctx.db, ctx.identity, input.userId)),
  messages: authedProcedure.input(ZConversationMessagesQuery).query(async ({ ctx, input }) => {
    const messages = await listMessages(ctx.db, ctx.identity, input);
    // After the membership check (a thread that is not theirs answers 404 and reads nothing).
    await auditImpersonatedRead(ctx.db, ctx.identity, { thread: 'chat', conversationId: input.conversationId });
    return messages;
  }),
  send: authedProcedure.input(ZSendMessage).mutation(({ ctx, input }) => sendMessage(ctx, ctx.identity, input)),
  markRead: authedProcedure
    .input(ZConversationId.extend({ upToId: ZMessageIdText }))
    .mutation(({ ctx, input }) => markRead(ctx.db, ctx.identity, input)),
  unreadCount: authedProcedure.query(async ({ ctx }) => ({ count: await unreadCount(ctx.db, ctx.identity.userId) })),
  /**
   * New messages in any of my conversations, live; resumes from `lastEventId` (a resume position).
   * An event without a message (null) carries the position only, at each (re)start.
   */
  onMessage: authedProcedure
    .input(ZLiveInput)
    .subscription(({ ctx, input, signal }) =>
      auditedWhileImpersonating(ctx, messageStream(ctx, ctx.identity, input?.lastEventId, signal)),
    ),

  // ---- Reminders ----
  reminders: authedProcedure.query(({ ctx }) =>
    listReminders(ctx.db, ctx.identity, new Date(), sharedBirthdayAudience(ctx)),
  ),
  dismissReminder: authedProcedure
    .input(z.object({ reminderId: ZUuid }))
    .mutation(({ ctx, input }) => dismissReminder(ctx.db, ctx.identity, input.reminderId)),
});
