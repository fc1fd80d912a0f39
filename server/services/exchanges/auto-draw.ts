/**
 * The automatic draw (issue 31): an exchange with "draw names automatically after the sign-up date"
 * is drawn by the job queue the day after its sign-up date, once across instances:
 *
 * - the hourly scan (`scanAutoDraws`) queues one job per exchange and sign-up date with a unique
 *   key (`INSERT IGNORE`: every instance may scan, one row exists);
 * - the job (`runAutoDraw`) draws with `drawNow` (the organizer's disqualification rules first, then
 *   the engine, under the exchange's lock, so a manager drawing at the same moment decides first
 *   and the job finds it drawn);
 * - it records the sign-up date it ran for (`autoDrawTriedFor`), so a refused draw is not retried
 *   every hour: when no draw is possible nobody is drawn and the organizer gets the engine's
 *   explanation by mail and in the app; a new sign-up date gives it a new try.
 */
import { exchangeTheme } from '../../contracts/exchanges';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { enqueueJobs } from '../../jobs/queue';
import { exchangeMail } from '../../mail/templates';
import { createNotification } from '../notifications/notify';
import { manageNotificationsUrl } from '../people/settings';
import { EXCHANGE_SELECT, toDateValue, todayIso } from './access';
import { drawNow } from './draw-exchange';
import { recordEvent } from './events';

export const AUTO_DRAW_SCAN_JOB = 'exchanges:auto-draw-scan';
export const AUTO_DRAW_JOB = 'exchanges:auto-draw';
export const AUTO_DRAW_FAILED_MAIL_JOB = 'exchanges:auto-draw-failed-mail';

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** Queues the automatic draw of every open exchange whose sign-up date has passed (once per date). */
export async function scanAutoDraws(deps: Pick<TAppDeps, 'db'>, now = new Date()): Promise<number> {
  const rows = await deps.db.exchange.findMany({
    where: { status: 'open', autoDraw: true, signUpDate: { lt: toDateValue(todayIso(now)) } },
    select: { id: true, signUpDate: true, autoDrawTriedFor: true },
    take: 1000,
  });
  const due = rows.filter(
    (row) => row.signUpDate && (!row.autoDrawTriedFor || iso(row.autoDrawTriedFor) !== iso(row.signUpDate)),
  );
  return enqueueJobs(
    deps.db,
    due.map((row) => ({
      kind: AUTO_DRAW_JOB,
      payload: { exchangeId: row.id, signUpDate: iso(row.signUpDate!) },
      uniqueKey: `${AUTO_DRAW_JOB}:${row.id}:${iso(row.signUpDate!)}`,
      maxAttempts: 3,
    })),
  );
}

/** One exchange's automatic draw; safe to run twice (the second finds it drawn or already tried). */
export async function runAutoDraw(
  deps: Pick<TAppDeps, 'db'>,
  payload: { exchangeId: string; signUpDate: string },
): Promise<'drawn' | 'refused' | 'skipped'> {
  const exchange = await deps.db.exchange.findUnique({ where: { id: payload.exchangeId }, select: EXCHANGE_SELECT });
  if (!exchange || exchange.status !== 'open' || !exchange.autoDraw || !exchange.signUpDate) return 'skipped';
  // The date may have moved since the job was queued: only the date it was queued for counts.
  if (iso(exchange.signUpDate) !== payload.signUpDate || payload.signUpDate >= todayIso()) return 'skipped';
  const tried = await deps.db.exchange.updateMany({
    where: {
      id: exchange.id,
      status: 'open',
      OR: [{ autoDrawTriedFor: null }, { autoDrawTriedFor: { not: exchange.signUpDate } }],
    },
    data: { autoDrawTriedFor: exchange.signUpDate },
  });
  if (tried.count === 0) return 'skipped';
  try {
    await drawNow(deps, exchange, null);
    return 'drawn';
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return 'skipped';
    if (!(error instanceof AppError) || error.code !== 'BAD_REQUEST') {
      // Not a refusal: let the queue retry (the marker goes so the retry may run).
      await deps.db.exchange.update({ where: { id: exchange.id }, data: { autoDrawTriedFor: null } });
      throw error;
    }
    await deps.db.$transaction(async (tx) => {
      await recordEvent(tx, { exchangeId: exchange.id, actorId: null, kind: 'auto-draw-failed' });
      await createNotification(tx, {
        userId: exchange.organizerId,
        kind: 'exchange',
        payload: { exchangeId: exchange.id, event: 'auto-draw-failed', message: error.message },
      });
      await enqueueJobs(tx, [
        {
          kind: AUTO_DRAW_FAILED_MAIL_JOB,
          payload: { exchangeId: exchange.id, message: error.message },
          uniqueKey: `${AUTO_DRAW_FAILED_MAIL_JOB}:${exchange.id}:${payload.signUpDate}`,
        },
      ]);
    });
    return 'refused';
  }
}

/** The organizer's mail: the names could not be drawn, with the engine's explanation. */
export async function sendAutoDrawFailedMail(
  deps: Pick<TAppDeps, 'db' | 'mailer' | 'config'>,
  payload: { exchangeId: string; message: string },
): Promise<void> {
  const exchange = await deps.db.exchange.findUnique({
    where: { id: payload.exchangeId },
    select: {
      title: true,
      themeId: true,
      organizerId: true,
      organizer: {
        select: {
          email: true,
          name: true,
          firstName: true,
          deletedAt: true,
          settings: { select: { emailGuid: true } },
        },
      },
    },
  });
  const organizer = exchange?.organizer;
  if (!exchange || !organizer?.email || organizer.deletedAt) return;
  await deps.mailer.send(
    exchangeMail({
      to: organizer.email,
      theme: exchangeTheme(exchange.themeId),
      subject: `The names of ${exchange.title} could not be drawn`,
      heading: 'The names could not be drawn automatically',
      lines: [
        `Hi ${organizer.firstName ?? organizer.name},`,
        `The sign-up date of "${exchange.title}" has passed, but no draw is possible, so nobody was drawn and nobody was told.`,
        payload.message,
        'Change the restrictions or who takes part, then draw the names from the exchange page (a practice draw shows whether it works, without telling anyone).',
      ],
      action: { label: 'Open the exchange', url: `${deps.config.publicUrl}/gift-exchanges/${payload.exchangeId}/` },
      manageUrl: await manageNotificationsUrl(deps, exchange.organizerId, organizer.settings?.emailGuid),
    }),
  );
}
