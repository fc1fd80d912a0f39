/**
 * The messages domain (spec §1 messages and reminders, §2 /messages): chats, their live stream
 * (a tRPC subscription over server-sent events, resumable by event id), and reminders. Thin faces
 * over server/services/messages and server/realtime.
 */
import { z } from 'zod';
import {
  ZConversationId,
  ZConversationMessagesQuery,
  ZMessageIdText,
  ZSendMessage,
  ZStartDirect,
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

/** A live stream's input: the resume position it had (server/realtime/resume.ts), when resuming. */
export const ZLiveInput = z.object({ lastEventId: z.string().max(8192).nullish() }).optional();

export const messagesRouter = router({
  conversations: authedProcedure.query(({ ctx }) => listConversations(ctx.db, ctx.identity)),
  startDirect: authedProcedure
    .input(ZStartDirect)
    .mutation(({ ctx, input }) => startDirect(ctx.db, ctx.identity, input.userId)),
  messages: authedProcedure
    .input(ZConversationMessagesQuery)
    .query(({ ctx, input }) => listMessages(ctx.db, ctx.identity, input)),
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
    .subscription(({ ctx, input, signal }) => messageStream(ctx, ctx.identity, input?.lastEventId, signal)),

  // ---- Reminders ----
  reminders: authedProcedure.query(({ ctx }) => listReminders(ctx.db, ctx.identity)),
  dismissReminder: authedProcedure
    .input(z.object({ reminderId: ZUuid }))
    .mutation(({ ctx, input }) => dismissReminder(ctx.db, ctx.identity, input.reminderId)),
});
