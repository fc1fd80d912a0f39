/**
 * Reminders by e-mail and in the app, sent by scheduled jobs (the database queue survives restarts
 * and runs each job once across instances): the RSVP is due, the exchange date is near, time to say
 * thank you. The hourly scan also moves exchanges past their date to 'exchanged' and applies the
 * organizer's disqualification rules once the sign-up date has passed. Each reminder has a unique
 * key per person and exchange, so a scan that runs twice sends nothing twice.
 */
import { exchangeTheme } from '../../contracts/exchanges';
import type { TAppDeps } from '../../deps';
import { enqueueJobs } from '../../jobs/queue';
import { exchangeMail } from '../../mail/templates';
import { createJobNotification } from '../notifications/notify';
import { todayIso, toDateValue } from './access';
import { applyDisqualifications } from './draw-exchange';
import { recordEvent } from './events';
import { manageNotificationsUrl } from '../people/settings';

export const REMINDER_SCAN_JOB = 'exchanges:reminder-scan';
export const REMINDER_MAIL_JOB = 'exchanges:reminder-mail';
export const REMINDER_SCAN_EVERY_MS = 60 * 60_000;

export type TReminderKind = 'rsvp-due' | 'date-near' | 'say-thanks';
const RSVP_DAYS_BEFORE = 2;
const DATE_NEAR_DAYS_BEFORE = 3;

function plusDays(iso: string, days: number): Date {
  const date = toDateValue(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return date;
}

export async function scanExchangeReminders(deps: Pick<TAppDeps, 'db'>, now = new Date()): Promise<number> {
  const today = todayIso(now);
  const todayDate = toDateValue(today);
  const jobs: { kind: string; payload: unknown; uniqueKey: string }[] = [];
  const remind = (kind: TReminderKind, exchangeId: string, userIds: string[]) => {
    for (const userId of userIds)
      jobs.push({
        kind: REMINDER_MAIL_JOB,
        payload: { kind, exchangeId, userId },
        uniqueKey: `exchange-reminder:${kind}:${exchangeId}:${userId}`,
      });
  };
  // RSVP due within two days: those who have not answered.
  const dueSoon = await deps.db.exchange.findMany({
    where: { status: 'open', signUpDate: { gte: todayDate, lte: plusDays(today, RSVP_DAYS_BEFORE) } },
    select: { id: true, participants: { where: { status: 'invited' }, select: { userId: true } } },
  });
  for (const exchange of dueSoon)
    remind(
      'rsvp-due',
      exchange.id,
      exchange.participants.map((seat) => seat.userId),
    );
  // Sign-up date passed: the organizer's conditions keep people out of the draw.
  const passed = await deps.db.exchange.findMany({
    where: {
      status: 'open',
      signUpDate: { lt: todayDate },
      OR: [{ requireWishList: true }, { disqualifyLateResponders: true }],
    },
    select: { id: true, signUpDate: true, requireWishList: true, disqualifyLateResponders: true, organizerId: true },
  });
  for (const exchange of passed) {
    await deps.db.$transaction(async (tx) => {
      const count = await applyDisqualifications(tx, exchange, today);
      if (count > 0)
        await recordEvent(tx, {
          exchangeId: exchange.id,
          actorId: null,
          kind: 'disqualified',
          details: { name: `${count} people`, automatic: true },
        });
    });
  }
  // The exchange date is near: everyone in the draw.
  const near = await deps.db.exchange.findMany({
    where: { status: 'drawn', exchangeDate: { gte: todayDate, lte: plusDays(today, DATE_NEAR_DAYS_BEFORE) } },
    select: { id: true, assignments: { select: { giverId: true } } },
  });
  for (const exchange of near)
    remind(
      'date-near',
      exchange.id,
      exchange.assignments.map((pair) => pair.giverId),
    );
  // The date has passed: exchanged, and time to say thank you.
  const over = await deps.db.exchange.findMany({
    where: { status: 'drawn', exchangeDate: { lt: todayDate } },
    select: { id: true, assignments: { select: { receiverId: true } } },
  });
  for (const exchange of over) {
    await deps.db.$transaction(async (tx) => {
      const moved = await tx.exchange.updateMany({
        where: { id: exchange.id, status: 'drawn' },
        data: { status: 'exchanged' },
      });
      if (moved.count > 0) await recordEvent(tx, { exchangeId: exchange.id, actorId: null, kind: 'exchanged' });
    });
    remind(
      'say-thanks',
      exchange.id,
      exchange.assignments.map((pair) => pair.receiverId),
    );
  }
  return enqueueJobs(deps.db, jobs);
}

const COPY: Record<
  TReminderKind,
  { subject: (title: string) => string; line: (title: string) => string; action: string; path: string }
> = {
  'rsvp-due': {
    subject: (title) => `Please answer: ${title}`,
    line: (title) => `The sign-up date of "${title}" is near and we don't have your answer yet.`,
    action: 'Answer the invitation',
    path: 'rsvp/',
  },
  'date-near': {
    subject: (title) => `${title} is almost here`,
    line: (title) => `"${title}" is only a few days away. Is your gift ready?`,
    action: 'See who I drew',
    path: '',
  },
  'say-thanks': {
    subject: (title) => `Say thank you: ${title}`,
    line: (title) => `"${title}" has happened. Send your Secret Santa a thank-you (they stay anonymous).`,
    action: 'Say thank you',
    path: 'thank-yous/',
  },
};

export async function sendReminderMail(
  deps: Pick<TAppDeps, 'db' | 'mailer' | 'config'>,
  payload: { kind: TReminderKind; exchangeId: string; userId: string },
  job?: { id: bigint },
): Promise<void> {
  const [exchange, user] = await Promise.all([
    deps.db.exchange.findUnique({
      where: { id: payload.exchangeId },
      select: { title: true, themeId: true, status: true },
    }),
    deps.db.user.findUnique({
      where: { id: payload.userId },
      select: {
        email: true,
        name: true,
        firstName: true,
        deletedAt: true,
        settings: { select: { emailGuid: true, subscribeNotifcations: true } },
      },
    }),
  ]);
  if (!exchange || exchange.status === 'archived' || !user || user.deletedAt) return;
  const copy = COPY[payload.kind];
  await createJobNotification(deps.db, job, {
    userId: payload.userId,
    kind: 'exchange',
    payload: { exchangeId: payload.exchangeId, event: payload.kind },
  });
  if (!user.email || user.settings?.subscribeNotifcations === false) return;
  await deps.mailer.send(
    exchangeMail({
      to: user.email,
      theme: exchangeTheme(exchange.themeId),
      subject: copy.subject(exchange.title),
      heading: copy.subject(exchange.title),
      lines: [`Hi ${user.firstName ?? user.name},`, copy.line(exchange.title)],
      action: { label: copy.action, url: `${deps.config.publicUrl}/gift-exchanges/${payload.exchangeId}/${copy.path}` },
      list: { kind: 'notifications', userId: payload.userId },
      manageUrl: await manageNotificationsUrl(deps, payload.userId, user.settings?.emailGuid),
    }),
  );
}
