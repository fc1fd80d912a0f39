/**
 * The draw, with the draw engine (./draw): run once, atomically, decided by the database. The
 * exchange row is locked (SELECT … FOR UPDATE) for the whole transaction, so of fifty concurrent
 * requests one draws and the others find it drawn (409). Assignments are unique per giver and per
 * recipient in the database as well. After the draw each giver sees only their own recipient.
 *
 * Whether the organizer (managers outside the draw, see access.mayViewDraw) may see the whole draw
 * is decided when the names are drawn and stored on the draw (`drawVisibleToOrganizer`), stated in
 * the activity log and the "names are drawn" mail; a redraw keeps it or makes it secret, never the
 * other way (see exchanges.updateExchangeSettings for the setting's side).
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import { exchangeTheme, GAME_TYPE_LABELS, isPartyGame, type TMyAssignment } from '../../contracts/exchanges';
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { enqueueJobs } from '../../jobs/queue';
import { exchangeMail } from '../../mail/templates';
import { createJobNotification, createNotification } from '../notifications/notify';
import { PERSON_SELECT, summarize } from '../people/access';
import { WISH_LIST_SELECT } from '../wish-lists/lists';
import { wishListSummary } from '../wish-lists/shapes';
import {
  accessExchange,
  inTheDraw,
  manageExchange,
  mayViewDraw,
  requireDrawSeat,
  todayIso,
  type TExchangeRow,
} from './access';
import { draw, hallSentence, type DrawResult, type Restriction } from './draw';
import { insertRows } from './bulk';
import { CALENDAR_SELECT, exchangeIcsAttachment } from './calendar';
import { drawVisibilitySentence, recordEvent } from './events';
import { lockExchange, TX_OPTIONS } from './invitations';
import { MIN_DRAW_SIZE } from './shapes';
import { manageNotificationsUrl } from '../people/settings';
import { drawTurnOrderLocked, partyDrawTime, turnOf } from './turn-order';

export const DRAWN_MAIL_JOB = 'exchanges:drawn-mail';

export type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

export interface TDrawSetup {
  ids: string[];
  restrictions: Restriction[];
  /** How many of the restrictions are last time's pairs (a secret): the last ones of `restrictions`. */
  previousPairs: number;
  households: string[][];
  options: { singleLoop: boolean; noMutualPairs: boolean };
}

type TDrawFlags = Pick<
  TExchangeRow,
  'id' | 'excludePreviousPairs' | 'repeatOfExchangeId' | 'singleLoop' | 'noMutualPairs'
>;

/** Who is in the draw (accepted, not disqualified) and every restriction between them. */
export async function loadDrawSetup(
  db: Pick<TDb, 'exchangeParticipant' | 'exchangeRestriction' | 'exchangeAssignment'>,
  exchange: TDrawFlags,
): Promise<TDrawSetup> {
  const seats = await db.exchangeParticipant.findMany({
    where: { exchangeId: exchange.id, status: 'accepted', isDisqualified: false },
    select: { userId: true, household: true },
    orderBy: { userId: 'asc' },
  });
  const ids = seats.map((seat) => seat.userId);
  const inDraw = new Set(ids);
  const rows = await db.exchangeRestriction.findMany({
    where: { exchangeId: exchange.id },
    select: { giverId: true, receiverId: true },
  });
  const restrictions: Restriction[] = rows
    .filter((row) => inDraw.has(row.giverId) && inDraw.has(row.receiverId))
    .map((row) => ({ giver: row.giverId, receiver: row.receiverId }));
  // "Not last year's recipient": the pairs of the exchange this one repeats. Such a draw stays
  // secret, even from the organizer (visibleAtDraw below), since which pairs never come up
  // over a few redraws would tell last time's draw.
  let previousPairs = 0;
  if (excludesPreviousPairs(exchange) && exchange.repeatOfExchangeId) {
    const previous = await db.exchangeAssignment.findMany({
      where: { exchangeId: exchange.repeatOfExchangeId },
      select: { giverId: true, receiverId: true },
    });
    for (const pair of previous)
      if (inDraw.has(pair.giverId) && inDraw.has(pair.receiverId)) {
        restrictions.push({ giver: pair.giverId, receiver: pair.receiverId });
        previousPairs++;
      }
  }
  const byHousehold = new Map<string, string[]>();
  for (const seat of seats) {
    if (!seat.household) continue;
    const key = seat.household.toLowerCase();
    byHousehold.set(key, [...(byHousehold.get(key) ?? []), seat.userId]);
  }
  return {
    ids,
    restrictions,
    previousPairs,
    households: [...byHousehold.values()].filter((members) => members.length > 1),
    options: { singleLoop: exchange.singleLoop, noMutualPairs: exchange.noMutualPairs },
  };
}

/** The draw avoids the pairs of the exchange this one repeats. */
export function excludesPreviousPairs(exchange: Pick<TExchangeRow, 'excludePreviousPairs' | 'repeatOfExchangeId'>) {
  return exchange.excludePreviousPairs && exchange.repeatOfExchangeId !== null;
}

/**
 * Whether the draw being made now is visible to the organizer: what the setting says, except that
 * a repeat avoiding last time's pairs is always secret (a rule chosen over "exclude only the pairs
 * the organizer could see": redrawing a visible draw a few times would show which pairs never come
 * up, i.e. last time's draw, and whether that draw was visible to this organizer cannot be told for
 * every manager and every older exchange). A redraw never makes a secret draw visible.
 */
function visibleAtDraw(
  exchange: Pick<TExchangeRow, 'organizerCanViewDraw' | 'excludePreviousPairs' | 'repeatOfExchangeId'>,
  before: boolean | null,
): boolean {
  return exchange.organizerCanViewDraw && !excludesPreviousPairs(exchange) && before !== false;
}

/** The exchange row as it is under the lock (settings may have changed since the first read). */
export async function lockedRow(tx: TTx, exchangeId: string) {
  return tx.exchange.findUniqueOrThrow({
    where: { id: exchangeId },
    select: {
      id: true,
      status: true,
      drawVersion: true,
      organizerCanViewDraw: true,
      drawVisibleToOrganizer: true,
      excludePreviousPairs: true,
      repeatOfExchangeId: true,
      singleLoop: true,
      noMutualPairs: true,
    },
  });
}

export async function namesOf(db: Pick<TDb, 'user'>, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.user.findMany({ where: { id: { in: ids } }, select: PERSON_SELECT });
  return new Map(rows.map((row) => [row.id, summarize(row).displayName]));
}

/** Why a draw is impossible, in words naming the people (the engine speaks in ids). */
export async function refusal(db: Pick<TDb, 'user'>, result: Exclude<DrawResult, { ok: true }>): Promise<AppError> {
  if (result.reason === 'no-valid-assignment') {
    const { givers, allowedRecipients } = result.certificate;
    const names = await namesOf(db, [...givers.slice(0, 10), ...allowedRecipients.slice(0, 10)]);
    const name = (id: string) => names.get(id) ?? 'someone';
    // Keep the first names readable; the counts say how many in all.
    const giverNames =
      givers.length <= 6 ? givers.map(name) : [...givers.slice(0, 3).map(name), ...givers.slice(3).map(() => '')];
    const recipientNames =
      allowedRecipients.length <= 6
        ? allowedRecipients.map(name)
        : [...allowedRecipients.slice(0, 3).map(name), ...allowedRecipients.slice(3).map(() => '')];
    const message = `No draw is possible: ${hallSentence(giverNames, recipientNames)}`;
    return new AppError('BAD_REQUEST', {
      message,
      details: { reason: 'no-valid-assignment', message, people: givers.slice(0, 10).map(name) },
    });
  }
  if (result.reason === 'invalid-input') {
    const message = `No draw is possible: ${result.errors[0]?.code === 'too-few-participants' ? `at least ${MIN_DRAW_SIZE} people must take part` : 'the list of people is not valid'}`;
    return new AppError('BAD_REQUEST', { message, details: { reason: 'too-few-participants', message } });
  }
  const loop = result.reason.startsWith('single-loop');
  const proven = result.reason.endsWith('impossible');
  const message = loop
    ? `No draw is possible as one single loop with these restrictions${proven ? '' : ' (none was found)'}: turn off "one loop" or lift a restriction.`
    : `No draw is possible without two people drawing each other${proven ? '' : ' (none was found)'}: turn off "no pairs drawing each other" or lift a restriction.`;
  return new AppError('BAD_REQUEST', {
    message,
    details: {
      reason: proven ? (loop ? 'single-loop-impossible' : 'no-mutual-pairs-impossible') : 'not-found',
      message,
    },
  });
}

/** The first-draw refusal for too few people (also the practice draw's). */
export function tooFewError(accepted: number): AppError {
  const message = `No draw is possible: at least ${MIN_DRAW_SIZE} people must take part (${accepted} have accepted)`;
  return new AppError('BAD_REQUEST', { message, details: { reason: 'too-few-participants', message } });
}

/**
 * Runs the engine on a setup (no I/O). Last time's pairs are avoided where possible, never at the
 * cost of a refusal: a draw is refused only when the restrictions everyone can see make it
 * impossible. Otherwise whether it was refused would answer "was X -> Y last time's pair?" for a
 * restriction set built to ask it (the new draw stays secret from the organizer, so the fallback
 * itself shows nothing). loadDrawSetup puts last time's pairs after the exchange's own restrictions.
 */
export function runDraw(setup: TDrawSetup, seed: string | undefined): DrawResult {
  const run = (restrictions: Restriction[]) =>
    draw({
      participants: setup.ids,
      restrictions,
      households: setup.households,
      ...setup.options,
      ...(seed ? { seed } : {}),
    });
  const result = run(setup.restrictions);
  if (!result.ok && result.reason !== 'invalid-input' && setup.previousPairs > 0)
    return run(setup.restrictions.slice(0, setup.restrictions.length - setup.previousPairs));
  return result;
}

/** Runs the engine inside the locked transaction and stores the result. */
async function drawAndStore(
  tx: TTx,
  exchange: TDrawFlags,
  seed: string | undefined,
): Promise<{ count: number; givers: string[] }> {
  const setup = await loadDrawSetup(tx, exchange);
  if (setup.ids.length < MIN_DRAW_SIZE) throw tooFewError(setup.ids.length);
  const result = runDraw(setup, seed);
  if (!result.ok) throw await refusal(tx, result);
  const now = new Date();
  const pairs = [...result.assignment].map(([giverId, receiverId]) => [exchange.id, giverId, receiverId, now]);
  await insertRows(tx, 'exchange_assignments', ['exchange_id', 'giver_id', 'receiver_id', 'created_at'], pairs);
  return { count: pairs.length, givers: setup.ids };
}

export async function queueDrawnMails(tx: TTx, exchangeId: string, givers: string[], version: number, redraw: boolean) {
  await enqueueJobs(
    tx,
    givers.map((userId) => ({
      kind: DRAWN_MAIL_JOB,
      payload: { exchangeId, userId, redraw },
      uniqueKey: `exchange-drawn:${exchangeId}:${userId}:${version}`,
    })),
  );
}

/** Marks who is out of the draw by the organizer's conditions, once the sign-up date has passed. */
export async function applyDisqualifications(
  tx: Pick<TDb, 'exchangeParticipant'>,
  exchange: Pick<TExchangeRow, 'id' | 'signUpDate' | 'requireWishList' | 'disqualifyLateResponders' | 'organizerId'>,
  today = todayIso(),
): Promise<number> {
  const passed = exchange.signUpDate !== null && exchange.signUpDate.toISOString().slice(0, 10) < today;
  let count = 0;
  if (passed && exchange.disqualifyLateResponders)
    count += (
      await tx.exchangeParticipant.updateMany({
        where: { exchangeId: exchange.id, status: 'invited', isDisqualified: false },
        data: { isDisqualified: true, disqualifiedReason: 'Did not answer by the sign-up date' },
      })
    ).count;
  if (passed && exchange.requireWishList)
    count += (
      await tx.exchangeParticipant.updateMany({
        where: {
          exchangeId: exchange.id,
          status: 'accepted',
          isDisqualified: false,
          wishlistId: null,
          userId: { not: exchange.organizerId },
        },
        data: { isDisqualified: true, disqualifiedReason: 'No wish list by the sign-up date' },
      })
    ).count;
  return count;
}

export async function drawExchange(
  deps: Pick<TAppDeps, 'db'>,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
  options: { seed?: string } = {},
) {
  const access = await manageExchange(deps.db, identity, exchangeId);
  return drawNow(deps, access.exchange, access.caller.userId, options);
}

/**
 * The first draw, by a manager (`actorId`) or by the job queue after the sign-up date (null): the
 * organizer's disqualification rules first, then the engine; all in one transaction under the
 * exchange's lock, so when no draw is possible nobody is drawn (the refusal is thrown).
 */
export async function drawNow(
  deps: Pick<TAppDeps, 'db'>,
  exchange: TExchangeRow,
  actorId: string | null,
  options: { seed?: string } = {},
) {
  const exchangeId = exchange.id;
  // Cheap early answer for the losers of a race; the locked read below decides for real.
  if (exchange.status !== 'open') throw new AppError('CONFLICT', { message: 'The names have already been drawn' });
  return deps.db.$transaction(async (tx) => {
    if ((await lockExchange(tx, exchangeId)) !== 'open')
      throw new AppError('CONFLICT', { message: 'The names have already been drawn' });
    const row = await lockedRow(tx, exchangeId);
    await applyDisqualifications(tx, exchange);
    if (isPartyGame(exchange.gameType)) {
      // A party game draws nobody: a turn order for the party (turn-order.ts).
      const turns = await drawTurnOrderLocked(tx, {
        exchangeId,
        actorId,
        drawVersion: row.drawVersion,
        redraw: false,
      });
      return {
        status: 'drawn' as const,
        drawnAt: turns.drawnAt.toISOString(),
        participantCount: turns.count,
        changedGivers: 0,
      };
    }
    const { count, givers } = await drawAndStore(tx, row, options.seed);
    const drawnAt = new Date();
    const version = row.drawVersion + 1;
    const visibleToOrganizer = visibleAtDraw(row, null);
    await tx.exchange.update({
      where: { id: exchangeId },
      data: {
        status: 'drawn',
        drawnAt,
        drawVersion: version,
        drawVisibleToOrganizer: visibleToOrganizer,
        // The setting says what was decided from now on (it may only become more secret).
        organizerCanViewDraw: visibleToOrganizer,
      },
    });
    await recordEvent(tx, {
      exchangeId,
      actorId,
      kind: 'drawn',
      details: { count, visibleToOrganizer, ...(actorId === null ? { automatic: true } : {}) },
    });
    await queueDrawnMails(tx, exchangeId, givers, version, false);
    return { status: 'drawn' as const, drawnAt: drawnAt.toISOString(), participantCount: count, changedGivers: count };
  }, TX_OPTIONS);
}

/** Draws again (before the exchange date); everyone is told. Messages of the old pairs go with them. */
export async function redrawExchange(
  deps: Pick<TAppDeps, 'db'>,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
) {
  const access = await manageExchange(deps.db, identity, exchangeId);
  if (access.exchange.status !== 'drawn')
    throw new AppError('CONFLICT', { message: 'The names have not been drawn yet' });
  if (todayIso() >= access.exchange.exchangeDate.toISOString().slice(0, 10))
    throw new AppError('CONFLICT', { message: 'The exchange date has come: the draw can no longer change' });
  return deps.db.$transaction(async (tx) => {
    await lockExchange(tx, exchangeId);
    const row = await lockedRow(tx, exchangeId);
    if (row.status !== 'drawn' || row.drawVersion !== access.exchange.drawVersion)
      throw new AppError('CONFLICT', { message: 'The draw just changed; reload to see it' });
    if (isPartyGame(access.exchange.gameType)) {
      const turns = await drawTurnOrderLocked(tx, {
        exchangeId,
        actorId: access.caller.userId,
        drawVersion: row.drawVersion,
        redraw: true,
      });
      return {
        status: 'drawn' as const,
        drawnAt: turns.drawnAt.toISOString(),
        participantCount: turns.count,
        changedGivers: 0,
      };
    }
    await tx.exchangeAssignment.deleteMany({ where: { exchangeId } });
    await tx.exchangeMessage.deleteMany({ where: { exchangeId } });
    const { count, givers } = await drawAndStore(tx, row, undefined);
    const drawnAt = new Date();
    const version = row.drawVersion + 1;
    // The redraw restates the decision made at the first draw, or a more secret one since.
    const visibleToOrganizer = visibleAtDraw(row, row.drawVisibleToOrganizer);
    await tx.exchange.update({
      where: { id: exchangeId },
      data: {
        drawnAt,
        drawVersion: version,
        drawVisibleToOrganizer: visibleToOrganizer,
        organizerCanViewDraw: visibleToOrganizer,
      },
    });
    await recordEvent(tx, {
      exchangeId,
      actorId: access.caller.userId,
      kind: 'redrawn',
      details: { count, visibleToOrganizer },
    });
    await queueDrawnMails(tx, exchangeId, givers, version, true);
    return { status: 'drawn' as const, drawnAt: drawnAt.toISOString(), participantCount: count, changedGivers: count };
  }, TX_OPTIONS);
}

/** The caller's own recipient: name, exchange wish list, answers, and the address when it may be shown. */
export async function getMyAssignment(
  deps: Pick<TAppDeps, 'db'>,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
): Promise<TMyAssignment> {
  const access = await accessExchange(deps.db, identity, exchangeId);
  const seat = requireDrawSeat(access);
  const pair = await deps.db.exchangeAssignment.findUnique({
    where: { exchangeId_giverId: { exchangeId, giverId: seat.userId } },
    select: { receiverId: true },
  });
  if (!pair) throw new AppError('NOT_FOUND', { message: 'The names have not been drawn yet' });
  const [recipient, recipientSeat, answers, addresses, unreadFromRecipient, santa] = await Promise.all([
    deps.db.user.findUniqueOrThrow({ where: { id: pair.receiverId }, select: PERSON_SELECT }),
    deps.db.exchangeParticipant.findUnique({
      where: { exchangeId_userId: { exchangeId, userId: pair.receiverId } },
      select: { wishlistId: true },
    }),
    deps.db.exchangeQuestion.findMany({
      where: { exchangeId },
      orderBy: { sortOrder: 'asc' },
      select: {
        id: true,
        text: true,
        answers: { where: { userId: pair.receiverId }, select: { id: true, answer: true } },
      },
    }),
    deps.db.mailingAddress.findMany({ where: { userId: { in: [pair.receiverId, seat.userId] } } }),
    deps.db.exchangeMessage.count({
      where: { exchangeId, giverId: seat.userId, fromGiver: false, readAt: null },
    }),
    deps.db.exchangeAssignment.findUnique({
      where: { exchangeId_receiverId: { exchangeId, receiverId: seat.userId } },
      select: { giverId: true },
    }),
  ]);
  const unreadFromSanta = santa
    ? await deps.db.exchangeMessage.count({
        where: { exchangeId, giverId: santa.giverId, receiverId: seat.userId, fromGiver: true, readAt: null },
      })
    : 0;
  const list = recipientSeat?.wishlistId
    ? await deps.db.wishList.findUnique({ where: { id: recipientSeat.wishlistId }, select: WISH_LIST_SELECT })
    : null;
  const theirs = addresses.find((address) => address.userId === pair.receiverId);
  const mine = addresses.find((address) => address.userId === seat.userId);
  const complete = Boolean(theirs?.address1 && theirs.city && theirs.state && theirs.postalCode && theirs.country);
  const abroad = Boolean(
    mine?.country && theirs?.country && mine.country.trim().toLowerCase() !== theirs.country.trim().toLowerCase(),
  );
  const hiddenReason =
    access.exchange.deliveryType !== 'mail'
      ? ('in-person' as const)
      : !complete
        ? ('incomplete' as const)
        : abroad && !seat.willShipInternationally
          ? ('international' as const)
          : null;
  return {
    recipient: summarize(recipient),
    wishList: list ? wishListSummary(list, false) : null,
    answers: answers.map((question) => ({
      questionId: question.id,
      text: question.text,
      questionAnswerId: question.answers[0]?.id ?? null,
      answer: question.answers[0]?.answer ?? null,
    })),
    shippingAddress:
      hiddenReason === null && theirs
        ? {
            address1: theirs.address1!,
            address2: theirs.address2,
            city: theirs.city!,
            state: theirs.state!,
            postalCode: theirs.postalCode!,
            country: theirs.country!,
          }
        : null,
    addressHiddenReason: hiddenReason,
    unreadFromRecipient,
    unreadFromSanta,
  };
}

export const DRAW_SECRET_MESSAGE = 'The privacy settings keep the draw secret, even from the organizer';
export const DRAW_SECRET_FROM_PARTICIPANT_MESSAGE =
  'You take part in this draw, so it stays secret from you too: it would tell you who drew you';

/**
 * The whole draw, for managers outside it (access.mayViewDraw), only when it was drawn visible to
 * the organizer; a manager in the draw never sees it (it would name their own Secret Santa).
 */
export async function viewDraw(deps: Pick<TAppDeps, 'db'>, identity: TVerifiedIdentity | null, exchangeId: string) {
  const access = await accessExchange(deps.db, identity, exchangeId);
  if (!access.isManager) throw new AppError('FORBIDDEN', { message: DRAW_SECRET_MESSAGE });
  if (!access.exchange.drawnAt) throw new AppError('NOT_FOUND', { message: 'The names have not been drawn yet' });
  if (inTheDraw(access.seat)) throw new AppError('FORBIDDEN', { message: DRAW_SECRET_FROM_PARTICIPANT_MESSAGE });
  if (!mayViewDraw(access)) throw new AppError('FORBIDDEN', { message: DRAW_SECRET_MESSAGE });
  const pairs = await deps.db.exchangeAssignment.findMany({
    where: { exchangeId },
    select: { giverId: true, receiverId: true },
  });
  // Whoever is drawn has a seat in the draw; checked again here so no way into a draw shows it.
  if (pairs.some((pair) => pair.receiverId === access.caller.userId || pair.giverId === access.caller.userId))
    throw new AppError('FORBIDDEN', { message: DRAW_SECRET_FROM_PARTICIPANT_MESSAGE });
  const people = new Map(
    (
      await deps.db.user.findMany({
        where: { id: { in: pairs.flatMap((pair) => [pair.giverId, pair.receiverId]) } },
        select: PERSON_SELECT,
      })
    ).map((person) => [person.id, summarize(person)]),
  );
  return {
    pairs: pairs
      .map((pair) => ({ giver: people.get(pair.giverId)!, recipient: people.get(pair.receiverId)! }))
      .sort((a, b) => a.giver.displayName.localeCompare(b.giver.displayName)),
    drawnAt: access.exchange.drawnAt.toISOString(),
  };
}

// ---- A party game's turn order at the party time (the job queue) ----

/**
 * The TURN_ORDER_JOB handler: draws a party game's turn order once its party time has come, under
 * the exchange's lock like a manager's draw (so of a manager and the job, one draws and the other
 * finds it drawn). The organizer's disqualification rules apply first. A job whose time is no
 * longer the exchange's (the date or party time changed; a newer job was queued) does nothing, and
 * so does one for an exchange already drawn, turned back to Secret Santa or no longer asking for it.
 * Too few people: nothing is drawn and the organizer is told in the app.
 */
export async function runScheduledTurnOrder(
  deps: Pick<TAppDeps, 'db'>,
  payload: { exchangeId: string; runAt: string },
): Promise<'drawn' | 'skipped' | 'too-few'> {
  return deps.db.$transaction(async (tx) => {
    const status = await lockExchange(tx, payload.exchangeId).catch(() => null);
    if (status !== 'open') return 'skipped';
    const exchange = await tx.exchange.findUniqueOrThrow({
      where: { id: payload.exchangeId },
      select: {
        id: true,
        organizerId: true,
        gameType: true,
        turnOrderAtParty: true,
        exchangeDate: true,
        partyTime: true,
        signUpDate: true,
        requireWishList: true,
        disqualifyLateResponders: true,
        drawVersion: true,
      },
    });
    if (!isPartyGame(exchange.gameType) || !exchange.turnOrderAtParty) return 'skipped';
    if (partyDrawTime(exchange).toISOString() !== payload.runAt) return 'skipped';
    await applyDisqualifications(tx, exchange);
    try {
      await drawTurnOrderLocked(tx, {
        exchangeId: exchange.id,
        actorId: null,
        drawVersion: exchange.drawVersion,
        redraw: false,
        atParty: true,
      });
      return 'drawn';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await createNotification(tx, {
        userId: exchange.organizerId,
        kind: 'exchange',
        payload: { exchangeId: exchange.id, event: 'turn-order-failed', message: error.message },
      });
      return 'too-few';
    }
  }, TX_OPTIONS);
}

// ---- The mail ----

export async function sendDrawnMail(
  deps: Pick<TAppDeps, 'db' | 'mailer' | 'config'>,
  payload: { exchangeId: string; userId: string; redraw: boolean; latecomers?: boolean },
  job?: { id: bigint },
): Promise<void> {
  const [exchange, user] = await Promise.all([
    deps.db.exchange.findUnique({
      where: { id: payload.exchangeId },
      select: { ...CALENDAR_SELECT, themeId: true, drawVisibleToOrganizer: true, gameType: true },
    }),
    deps.db.user.findUnique({
      where: { id: payload.userId },
      select: { email: true, name: true, firstName: true, deletedAt: true, settings: { select: { emailGuid: true } } },
    }),
  ]);
  if (!exchange || !user?.email || user.deletedAt) return;
  await createJobNotification(deps.db, job, {
    userId: payload.userId,
    kind: 'exchange',
    payload: {
      exchangeId: payload.exchangeId,
      event: isPartyGame(exchange.gameType)
        ? 'turn-order'
        : payload.latecomers
          ? 'new-recipient'
          : payload.redraw
            ? 'redrawn'
            : 'drawn',
    },
  });
  const url = `${deps.config.publicUrl}/gift-exchanges/${payload.exchangeId}/`;
  if (isPartyGame(exchange.gameType)) {
    // A party game: the turn order, which everyone in the exchange sees, and the person's own turn.
    const turn = await turnOf(deps.db, payload.exchangeId, payload.userId);
    const game = GAME_TYPE_LABELS[exchange.gameType];
    await deps.mailer.send({
      ...exchangeMail({
        to: user.email,
        theme: exchangeTheme(exchange.themeId),
        subject: payload.redraw
          ? `The turn order of ${exchange.title} was drawn again`
          : `The turn order of ${exchange.title} is drawn`,
        heading: payload.redraw ? 'A new turn order' : 'The turn order is drawn!',
        lines: [
          `Hi ${user.firstName ?? user.name},`,
          `The ${game} turn order of "${exchange.title}" is drawn${turn ? `: you go number ${turn}` : ''}.`,
          `The party is on ${exchange.exchangeDate.toISOString().slice(0, 10)}: bring one wrapped gift within the budget.`,
        ],
        action: { label: 'See the turn order and the rules', url },
        list: { kind: 'notifications', userId: payload.userId },
        manageUrl: await manageNotificationsUrl(deps, payload.userId, user.settings?.emailGuid),
      }),
      attachments: [exchangeIcsAttachment(deps.config, exchange)],
    });
    return;
  }
  await deps.mailer.send({
    ...exchangeMail({
      to: user.email,
      theme: exchangeTheme(exchange.themeId),
      subject: payload.latecomers
        ? `You have a new person to give to in ${exchange.title}`
        : payload.redraw
          ? `Names were drawn again for ${exchange.title}`
          : `Names are drawn for ${exchange.title}`,
      heading: payload.latecomers
        ? 'You have a new person to give to'
        : payload.redraw
          ? 'The names were drawn again'
          : 'The names are drawn!',
      lines: [
        `Hi ${user.firstName ?? user.name},`,
        payload.latecomers
          ? `People joined "${exchange.title}" after the names were drawn, and the organizer drew them in: you now give to someone else. Have a look (it's still a secret!).`
          : payload.redraw
            ? `The organizer drew the names of "${exchange.title}" again. You may have a new person to give to: have a look.`
            : `The names of "${exchange.title}" are drawn. Find out who you give to (it's a secret!).`,
        `Gifts are exchanged on ${exchange.exchangeDate.toISOString().slice(0, 10)}.`,
        `${drawVisibilitySentence(exchange.drawVisibleToOrganizer === true)}.`,
      ],
      action: { label: 'See who I drew', url },
      list: { kind: 'notifications', userId: payload.userId },
      manageUrl: await manageNotificationsUrl(deps, payload.userId, user.settings?.emailGuid),
    }),
    attachments: [exchangeIcsAttachment(deps.config, exchange)],
  });
}
