/** Thank-yous from a recipient to their (still anonymous) giver, from the exchange date on. */
import { randomUUID } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { createNotification } from '../notifications/notify';
import { PERSON_SELECT, summarize } from '../people/access';
import { accessExchange, requireDrawSeat, todayIso, type TExchangeAccess } from './access';
import { recordActivity } from '../activity/record';
import { recordEvent } from './events';
import { SANTA_NAME } from './messages';

type TDeps = Pick<TAppDeps, 'db'>;

function notYetReason(access: TExchangeAccess): string | null {
  const { exchange } = access;
  if (exchange.status === 'open') return 'Thank-yous open once the names are drawn and the exchange date has come';
  const date = exchange.exchangeDate.toISOString().slice(0, 10);
  if (todayIso() < date) return `Thank-yous open on the exchange date, ${date}`;
  return null;
}

export async function listThankYous(deps: TDeps, identity: TVerifiedIdentity | null, exchangeId: string) {
  const access = await accessExchange(deps.db, identity, exchangeId);
  const me = access.caller.userId;
  const rows = await deps.db.exchangeThankYou.findMany({
    where: { exchangeId, OR: [{ fromUserId: me }, { toUserId: me }] },
    orderBy: { createdAt: 'asc' },
  });
  const senders = new Map(
    (
      await deps.db.user.findMany({
        where: { id: { in: rows.filter((row) => row.toUserId === me).map((row) => row.fromUserId) } },
        select: PERSON_SELECT,
      })
    ).map((person) => [person.id, summarize(person).displayName]),
  );
  const inDraw = access.seat?.status === 'accepted' && !access.seat.isDisqualified;
  const santa = inDraw
    ? await deps.db.exchangeAssignment.findUnique({
        where: { exchangeId_receiverId: { exchangeId, receiverId: me } },
        select: { giverId: true },
      })
    : null;
  const reason = !inDraw ? 'Only people in the draw say thank you' : notYetReason(access);
  const sent = rows.some((row) => row.fromUserId === me);
  return {
    canSend: reason === null && Boolean(santa) && !sent,
    notYetReason: reason ?? (sent ? 'You have thanked your Secret Santa' : null),
    items: rows.map((row) => ({
      thankYouId: row.id,
      direction: row.fromUserId === me ? ('sent' as const) : ('received' as const),
      otherName: row.fromUserId === me ? SANTA_NAME : (senders.get(row.fromUserId) ?? 'Former member'),
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

export async function sendThankYou(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; body: string },
) {
  const access = await accessExchange(deps.db, identity, input.exchangeId);
  const seat = requireDrawSeat(access);
  const reason = notYetReason(access);
  if (reason) throw new AppError('CONFLICT', { message: reason });
  const santa = await deps.db.exchangeAssignment.findUnique({
    where: { exchangeId_receiverId: { exchangeId: input.exchangeId, receiverId: seat.userId } },
    select: { giverId: true },
  });
  if (!santa) throw new AppError('NOT_FOUND', { message: 'You have no Secret Santa in this exchange' });
  const id = randomUUID();
  const createdAt = new Date();
  try {
    await deps.db.$transaction(async (tx) => {
      await tx.exchangeThankYou.create({
        data: {
          id,
          exchangeId: input.exchangeId,
          fromUserId: seat.userId,
          toUserId: santa.giverId,
          body: input.body,
          createdAt,
        },
      });
      await createNotification(tx, {
        userId: santa.giverId,
        kind: 'exchange',
        payload: { exchangeId: input.exchangeId, event: 'thank-you', fromUserId: seat.userId },
      });
      await recordEvent(tx, { exchangeId: input.exchangeId, actorId: seat.userId, kind: 'thanked' });
      // The feed says who said thank you, never to whom.
      await recordActivity(tx, {
        actorId: seat.userId,
        kind: 'thank-you',
        exchangeId: input.exchangeId,
        payload: { exchangeTitle: access.exchange.title },
      });
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002')
      throw new AppError('CONFLICT', { message: 'You have already thanked your Secret Santa' });
    throw error;
  }
  return {
    thankYouId: id,
    direction: 'sent' as const,
    otherName: SANTA_NAME,
    body: input.body,
    createdAt: createdAt.toISOString(),
  };
}
