/**
 * Every job kind the product runs, and the recurring schedule. Recurring jobs are scheduled with a
 * unique key per period, so every instance may schedule and the database keeps one row.
 */
import type { TDb } from '../db/client';
import {
  PRICE_DROP_MAIL_JOB,
  PRICE_DROP_SCAN_JOB,
  scanPriceDrops,
  sendPriceDropMail,
} from '../services/shop/price-drops';
import { DRAWN_MAIL_JOB, runScheduledTurnOrder, sendDrawnMail } from '../services/exchanges/draw-exchange';
import { TURN_ORDER_JOB } from '../services/exchanges/turn-order';
import {
  AUTO_DRAW_FAILED_MAIL_JOB,
  AUTO_DRAW_JOB,
  AUTO_DRAW_SCAN_JOB,
  runAutoDraw,
  scanAutoDraws,
  sendAutoDrawFailedMail,
} from '../services/exchanges/auto-draw';
import { INVITE_MAIL_JOB, sendInviteMail } from '../services/exchanges/invitations';
import { MESSAGE_MAIL_JOB, sendMessageMail } from '../services/exchanges/messages';
import {
  REMINDER_MAIL_JOB,
  REMINDER_SCAN_EVERY_MS,
  REMINDER_SCAN_JOB,
  scanExchangeReminders,
  sendReminderMail,
} from '../services/exchanges/reminders';
import { GROUP_INVITE_MAIL_JOB, sendGroupInviteMail } from '../services/groups/members';
import { CHAT_MAIL_JOB } from '../services/messages/conversations';
import { sendChatMail } from '../services/messages/mail';
import { scanReminders, SOCIAL_REMINDER_SCAN_JOB } from '../services/messages/reminders';
import {
  NEW_FOLLOWER_MAIL_JOB,
  sendNewFollowerMail,
  sendWishListMail,
  WISH_LIST_MAIL_JOB,
} from '../services/notifications/follow-mails';
import { GIFT_RECEIVED_MAIL_JOB, sendGiftReceivedMail } from '../services/wish-lists/received';
import { sendWishListRequestMail, WISH_LIST_REQUEST_MAIL_JOB } from '../services/wish-lists/request';
import { deleteExpiredIdempotencyKeys, IDEMPOTENCY_CLEANUP_JOB } from '../idempotency/idempotency';
import { CONFIRMATION_MAIL_JOB, sendConfirmationMailJob } from '../services/accounts/send-confirmation-email';
import { enqueueJob, type TJobHandler } from './queue';

export const JOB_HANDLERS: Record<string, TJobHandler> = {
  [PRICE_DROP_SCAN_JOB]: async (deps) => {
    await scanPriceDrops(deps);
  },
  [PRICE_DROP_MAIL_JOB]: (deps, payload) => sendPriceDropMail(deps, payload as Parameters<typeof sendPriceDropMail>[1]),
  [WISH_LIST_REQUEST_MAIL_JOB]: (deps, payload) =>
    sendWishListRequestMail(deps, payload as Parameters<typeof sendWishListRequestMail>[1]),
  [GIFT_RECEIVED_MAIL_JOB]: (deps, payload) =>
    sendGiftReceivedMail(deps, payload as Parameters<typeof sendGiftReceivedMail>[1]),
  [CONFIRMATION_MAIL_JOB]: sendConfirmationMailJob,
  [INVITE_MAIL_JOB]: (deps, payload) => sendInviteMail(deps, payload as Parameters<typeof sendInviteMail>[1]),
  [DRAWN_MAIL_JOB]: (deps, payload, job) => sendDrawnMail(deps, payload as Parameters<typeof sendDrawnMail>[1], job),
  [TURN_ORDER_JOB]: async (deps, payload) => {
    await runScheduledTurnOrder(deps, payload as Parameters<typeof runScheduledTurnOrder>[1]);
  },
  [MESSAGE_MAIL_JOB]: (deps, payload) => sendMessageMail(deps, payload as Parameters<typeof sendMessageMail>[1]),
  [REMINDER_MAIL_JOB]: (deps, payload, job) =>
    sendReminderMail(deps, payload as Parameters<typeof sendReminderMail>[1], job),
  [REMINDER_SCAN_JOB]: async (deps) => {
    await scanExchangeReminders(deps);
  },
  [AUTO_DRAW_SCAN_JOB]: async (deps) => {
    await scanAutoDraws(deps);
  },
  [AUTO_DRAW_JOB]: async (deps, payload) => {
    await runAutoDraw(deps, payload as Parameters<typeof runAutoDraw>[1]);
  },
  [AUTO_DRAW_FAILED_MAIL_JOB]: (deps, payload) =>
    sendAutoDrawFailedMail(deps, payload as Parameters<typeof sendAutoDrawFailedMail>[1]),
  [GROUP_INVITE_MAIL_JOB]: (deps, payload) =>
    sendGroupInviteMail(deps, payload as Parameters<typeof sendGroupInviteMail>[1]),
  [CHAT_MAIL_JOB]: (deps, payload) => sendChatMail(deps, payload as Parameters<typeof sendChatMail>[1]),
  [NEW_FOLLOWER_MAIL_JOB]: (deps, payload) =>
    sendNewFollowerMail(deps, payload as Parameters<typeof sendNewFollowerMail>[1]),
  [WISH_LIST_MAIL_JOB]: (deps, payload) => sendWishListMail(deps, payload as Parameters<typeof sendWishListMail>[1]),
  [SOCIAL_REMINDER_SCAN_JOB]: async (deps) => {
    await scanReminders(deps.db);
  },
  [IDEMPOTENCY_CLEANUP_JOB]: async (deps) => {
    await deleteExpiredIdempotencyKeys(deps.db);
  },
};

/** How often the price-drop scan runs. */
export const PRICE_DROP_SCAN_EVERY_MS = 15 * 60_000;

export async function scheduleRecurringJobs(db: TDb, now: Date): Promise<void> {
  const slot = Math.floor(now.getTime() / PRICE_DROP_SCAN_EVERY_MS);
  await enqueueJob(db, { kind: PRICE_DROP_SCAN_JOB, uniqueKey: `${PRICE_DROP_SCAN_JOB}:${slot}`, maxAttempts: 3 });
  const hour = Math.floor(now.getTime() / REMINDER_SCAN_EVERY_MS);
  await enqueueJob(db, { kind: REMINDER_SCAN_JOB, uniqueKey: `${REMINDER_SCAN_JOB}:${hour}`, maxAttempts: 3 });
  // Exchanges whose sign-up date has passed are drawn by themselves (issue 31).
  await enqueueJob(db, { kind: AUTO_DRAW_SCAN_JOB, uniqueKey: `${AUTO_DRAW_SCAN_JOB}:${hour}`, maxAttempts: 3 });
  await enqueueJob(db, {
    kind: SOCIAL_REMINDER_SCAN_JOB,
    uniqueKey: `${SOCIAL_REMINDER_SCAN_JOB}:${hour}`,
    maxAttempts: 3,
  });
  await enqueueJob(db, {
    kind: IDEMPOTENCY_CLEANUP_JOB,
    uniqueKey: `${IDEMPOTENCY_CLEANUP_JOB}:${hour}`,
    maxAttempts: 3,
  });
}
