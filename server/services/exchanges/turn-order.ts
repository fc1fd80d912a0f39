/**
 * The party games (issue 31): White Elephant and Yankee Swap draw nobody. Instead a random turn
 * order of everyone in the draw (accepted, not disqualified) is drawn, at once by a manager
 * (`exchanges.draw`, which branches here) or by the job queue at the party time
 * (`turnOrderAtParty`, TURN_ORDER_JOB), and shown to everyone in the exchange with the rules.
 * Budget, invitations, RSVP, theme and wish lists work as for Secret Santa.
 *
 * The order is public inside the exchange, so it carries no secret; it is stored one row per turn
 * (`exchange_turns`, unique per position and per person), written in the draw's locked
 * transaction like a pairing draw.
 */
import { randomInt } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import {
  GAME_RULES,
  isPartyGame,
  PARTY_GAME_MIN_PLAYERS,
  type TGameType,
  type TTurnOrder,
} from '../../contracts/exchanges';
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { enqueueJob, enqueueJobs } from '../../jobs/queue';
import { PERSON_SELECT, summarize } from '../people/access';
import { accessExchange, type TExchangeRow } from './access';
import { insertRows } from './bulk';
import { recordEvent } from './events';

type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

export const TURN_ORDER_JOB = 'exchanges:turn-order';
/** The "names are drawn" mail job (draw-exchange.ts); a party game's says the person's turn. */
const DRAWN_MAIL_JOB = 'exchanges:drawn-mail';

/** Fisher–Yates with the crypto generator: every order equally likely, none predictable. */
export function shuffle<T>(items: readonly T[], random: (max: number) => number = randomInt): T[] {
  const out = [...items];
  for (let index = out.length - 1; index > 0; index -= 1) {
    const other = random(index + 1);
    [out[index], out[other]] = [out[other]!, out[index]!];
  }
  return out;
}

/**
 * When the job queue draws a party game's order: the exchange date at the party time (UTC, the
 * unit exchange dates are kept in), or the start of the exchange date without a party time.
 */
export function partyDrawTime(exchange: Pick<TExchangeRow, 'exchangeDate' | 'partyTime'>): Date {
  const date = exchange.exchangeDate.toISOString().slice(0, 10);
  return new Date(`${date}T${exchange.partyTime ?? '00:00'}:00.000Z`);
}

/**
 * Queues the party-time draw when the exchange asks for one. The key names the time, so a changed
 * date or party time queues a new job and the old one finds its time outdated and does nothing.
 */
export async function scheduleTurnOrder(
  db: Pick<TDb, '$executeRaw'>,
  exchange: Pick<TExchangeRow, 'id' | 'gameType' | 'turnOrderAtParty' | 'status' | 'exchangeDate' | 'partyTime'>,
): Promise<void> {
  if (!isPartyGame(exchange.gameType) || !exchange.turnOrderAtParty || exchange.status !== 'open') return;
  const runAt = partyDrawTime(exchange);
  await enqueueJob(db, {
    kind: TURN_ORDER_JOB,
    payload: { exchangeId: exchange.id, runAt: runAt.toISOString() },
    runAt,
    uniqueKey: `${TURN_ORDER_JOB}:${exchange.id}:${runAt.toISOString()}`,
    maxAttempts: 3,
  });
}

/**
 * Draws (or draws again) the turn order inside the caller's transaction, which holds the exchange's
 * lock. Everyone in the draw is told by mail and notification (the drawn-mail job).
 */
export async function drawTurnOrderLocked(
  tx: TTx,
  input: { exchangeId: string; actorId: string | null; drawVersion: number; redraw: boolean; atParty?: boolean },
): Promise<{ count: number; drawnAt: Date }> {
  const seats = await tx.exchangeParticipant.findMany({
    where: { exchangeId: input.exchangeId, status: 'accepted', isDisqualified: false },
    select: { userId: true },
    orderBy: { userId: 'asc' },
  });
  if (seats.length < PARTY_GAME_MIN_PLAYERS) {
    const message = `No turn order is possible: at least ${PARTY_GAME_MIN_PLAYERS} people must take part (${seats.length} ${seats.length === 1 ? 'has' : 'have'} accepted)`;
    throw new AppError('BAD_REQUEST', { message, details: { reason: 'too-few-participants', message } });
  }
  const order = shuffle(seats.map((seat) => seat.userId));
  const drawnAt = new Date();
  const version = input.drawVersion + 1;
  await tx.exchangeTurn.deleteMany({ where: { exchangeId: input.exchangeId } });
  await insertRows(
    tx,
    'exchange_turns',
    ['exchange_id', 'position', 'user_id', 'created_at'],
    order.map((userId, index) => [input.exchangeId, index + 1, userId, drawnAt]),
  );
  await tx.exchange.update({
    where: { id: input.exchangeId },
    data: { status: 'drawn', drawnAt, drawVersion: version },
  });
  await recordEvent(tx, {
    exchangeId: input.exchangeId,
    actorId: input.actorId,
    kind: input.redraw ? 'turn-order-redrawn' : 'turn-order-drawn',
    details: { count: order.length, ...(input.atParty ? { atParty: true } : {}) },
  });
  await enqueueJobs(
    tx,
    order.map((userId) => ({
      kind: DRAWN_MAIL_JOB,
      payload: { exchangeId: input.exchangeId, userId, redraw: input.redraw },
      uniqueKey: `exchange-drawn:${input.exchangeId}:${userId}:${version}`,
    })),
  );
  return { count: order.length, drawnAt };
}

/** The turn order and the game's rules, for everyone in the exchange (declined people excepted). */
export async function getTurnOrder(
  deps: Pick<TAppDeps, 'db'>,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
): Promise<TTurnOrder> {
  const access = await accessExchange(deps.db, identity, exchangeId);
  const { exchange } = access;
  if (!isPartyGame(exchange.gameType))
    throw new AppError('NOT_FOUND', { message: 'This exchange is a Secret Santa: it has no turn order' });
  const turns = exchange.drawnAt
    ? await deps.db.exchangeTurn.findMany({
        where: { exchangeId },
        orderBy: { position: 'asc' },
        select: { position: true, userId: true, user: { select: PERSON_SELECT } },
      })
    : [];
  return {
    gameType: exchange.gameType as TGameType,
    rules: [...GAME_RULES[exchange.gameType]],
    drawnAt: exchange.drawnAt?.toISOString() ?? null,
    drawsAt: !exchange.drawnAt && exchange.turnOrderAtParty ? partyDrawTime(exchange).toISOString() : null,
    turns: turns.map((turn) => ({
      position: turn.position,
      person: summarize(turn.user),
      isMe: turn.userId === access.caller.userId,
    })),
  };
}

/** The caller's place in the order (for the drawn mail), or null. */
export async function turnOf(db: Pick<TDb, 'exchangeTurn'>, exchangeId: string, userId: string) {
  const row = await db.exchangeTurn.findUnique({
    where: { exchangeId_userId: { exchangeId, userId } },
    select: { position: true },
  });
  return row?.position ?? null;
}
