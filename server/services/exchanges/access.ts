/**
 * Who may do what inside one exchange, decided in one place. A caller outside the exchange gets
 * 404 (its existence does not leak); managers are the organizer and the assistants (co-organizers),
 * who may do everything but delete the exchange or remove the organizer.
 *
 * It also tells the other domains about exchanges: fellow participants see each other's private
 * profile parts (people's `sharedCircleCounters`) and lists kept for an exchange's participants
 * (wish lists' `exchangeListViewers`).
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import { deriveAuthFlags } from '../../contracts/identity';
import type { TExchangeRole } from '../../contracts/exchanges';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { PERSON_SELECT, sharedCircleCounters } from '../people/access';
import { exchangeListViewers } from '../wish-lists/access';

export const EXCHANGE_SELECT = {
  id: true,
  organizerId: true,
  title: true,
  description: true,
  signUpDate: true,
  exchangeDate: true,
  budgetCurrency: true,
  budgetAmount: true,
  location: true,
  locationGooglePlaceUrl: true,
  locationGooglePlaceId: true,
  partyTime: true,
  deliveryType: true,
  imageUrl: true,
  groupId: true,
  themeId: true,
  gameType: true,
  turnOrderAtParty: true,
  status: true,
  organizerParticipates: true,
  organizerCanViewDraw: true,
  participantsVisible: true,
  excludePreviousPairs: true,
  singleLoop: true,
  noMutualPairs: true,
  requireWishList: true,
  disqualifyLateResponders: true,
  lateJoinsOpen: true,
  autoDraw: true,
  repeatOfExchangeId: true,
  joinCode: true,
  drawnAt: true,
  drawVersion: true,
  drawVisibleToOrganizer: true,
  createdAt: true,
  organizer: { select: PERSON_SELECT },
} as const;

export const SEAT_SELECT = {
  exchangeId: true,
  userId: true,
  status: true,
  isAssistant: true,
  isDisqualified: true,
  disqualifiedReason: true,
  household: true,
  comment: true,
  willShipInternationally: true,
  notifyOfReplies: true,
  respondedAt: true,
  wishlistId: true,
  invitedAt: true,
  inviteSentAt: true,
} as const;

export type TExchangeRow = NonNullable<Awaited<ReturnType<typeof findExchange>>>;
export type TSeatRow = NonNullable<Awaited<ReturnType<typeof findSeat>>>;

function findExchange(db: TDb, exchangeId: string) {
  return db.exchange.findUnique({ where: { id: exchangeId }, select: EXCHANGE_SELECT });
}

export function findSeat(db: Pick<TDb, 'exchangeParticipant'>, exchangeId: string, userId: string) {
  return db.exchangeParticipant.findUnique({
    where: { exchangeId_userId: { exchangeId, userId } },
    select: SEAT_SELECT,
  });
}

export interface TExchangeAccess {
  caller: TVerifiedIdentity;
  exchange: TExchangeRow;
  seat: TSeatRow | null;
  role: TExchangeRole;
  isOrganizer: boolean;
  isManager: boolean;
}

export function requireKnownCaller(identity: TVerifiedIdentity | null): TVerifiedIdentity {
  if (!identity) throw new AppError('UNAUTHENTICATED');
  return identity;
}

/**
 * The caller's access to an exchange; 404 when it is unknown or they are not in it. Someone who
 * declined is an outsider too, except where `declined: 'invitation'` says the call is about the
 * invitation itself (reading it, changing the answer).
 */
export async function accessExchange(
  db: TDb,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
  options: { declined?: 'outsider' | 'invitation' } = {},
): Promise<TExchangeAccess> {
  const caller = requireKnownCaller(identity);
  const [exchange, seat] = await Promise.all([findExchange(db, exchangeId), findSeat(db, exchangeId, caller.userId)]);
  return decideExchangeAccess(caller, exchange, seat, options);
}

/** The decision of `accessExchange` on rows already read (a hot read fetches them in one statement). */
export function decideExchangeAccess(
  caller: TVerifiedIdentity,
  exchange: TExchangeRow | null,
  seat: TSeatRow | null,
  options: { declined?: 'outsider' | 'invitation' } = {},
): TExchangeAccess {
  if (!exchange) throw new AppError('NOT_FOUND');
  const isOrganizer = exchange.organizerId === caller.userId;
  if (!isOrganizer && !seat) throw new AppError('NOT_FOUND');
  if (!isOrganizer && seat?.status === 'declined' && options.declined !== 'invitation') throw new AppError('NOT_FOUND');
  // An assistant who declined manages nothing (they only read their invitation).
  const isManager = isOrganizer || Boolean(seat?.isAssistant && seat.status !== 'declined');
  const role: TExchangeRole = isOrganizer
    ? 'organizer'
    : isManager
      ? 'assistant'
      : seat?.status === 'invited'
        ? 'invitee'
        : 'participant';
  return { caller, exchange, seat, role, isOrganizer, isManager };
}

/** Managing needs a full sign-in (a floater only answers for themselves) and an organizer's seat. */
export async function manageExchange(
  db: TDb,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
): Promise<TExchangeAccess> {
  const access = await accessExchange(db, identity, exchangeId);
  if (!access.isManager || !deriveAuthFlags(access.caller).isAuthenticated) throw new AppError('FORBIDDEN');
  if (access.exchange.status === 'archived')
    throw new AppError('CONFLICT', { message: 'This exchange is archived; it can no longer change' });
  return access;
}

/**
 * Whether people may still join: before the draw, or after it while the organizer keeps late joins
 * open (they wait "not yet drawn" until the latecomers are drawn), until the exchange date.
 */
export function joinsOpen(exchange: { status: string; lateJoinsOpen: boolean }): boolean {
  return exchange.status === 'open' || (exchange.status === 'drawn' && exchange.lateJoinsOpen);
}

export const JOINS_CLOSED_MESSAGE = 'Invitations close once the names are drawn';

export function requireJoinsOpen(exchange: { status: string; lateJoinsOpen: boolean }, message = JOINS_CLOSED_MESSAGE) {
  if (!joinsOpen(exchange)) throw new AppError('CONFLICT', { message });
}

export function requireOpen(access: TExchangeAccess, message = 'The names have already been drawn'): void {
  if (access.exchange.status !== 'open') throw new AppError('CONFLICT', { message });
}

/** The caller's seat in the draw (accepted, not disqualified); 404 otherwise. */
export function requireDrawSeat(access: TExchangeAccess): TSeatRow {
  const seat = access.seat;
  if (!seat || seat.status !== 'accepted' || seat.isDisqualified)
    throw new AppError('NOT_FOUND', { message: 'You are not in this exchange’s draw' });
  return seat;
}

/** Takes part in the draw: has (or will have) a Secret Santa of their own. */
export function inTheDraw(seat: Pick<TSeatRow, 'status' | 'isDisqualified'> | null): boolean {
  return Boolean(seat && seat.status === 'accepted' && !seat.isDisqualified);
}

/**
 * Who may see the whole draw (docs/secrecy.md): a manager (organizer or assistant) who does not
 * take part in it, and only when the draw was made visible to the organizer at the moment the names
 * were drawn (`drawVisibleToOrganizer`, fixed then and afterwards only ever made more secret). A
 * manager who takes part never sees it: any pair shown would rule its giver out as their own Secret
 * Santa, so showing all but "their" pair would still name their Santa by elimination.
 */
export function mayViewDraw(access: Pick<TExchangeAccess, 'isManager' | 'exchange' | 'seat'>): boolean {
  return access.isManager && access.exchange.drawVisibleToOrganizer === true && !inTheDraw(access.seat);
}

/** Today as YYYY-MM-DD (UTC), the unit exchange dates are compared in. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function toDateValue(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

// ---- What the other domains learn from exchanges ----

/** Seats that count as "in the exchange" for privacy: everyone but those who declined. */
export const IN_EXCHANGE = ['invited', 'accepted', 'organizing'];

/** Everyone in the exchange (organizer and every seat not declined): who hears its wall live. */
export async function peopleInExchange(
  db: Pick<TDb, 'exchangeParticipant' | 'exchange'>,
  exchangeId: string,
): Promise<string[]> {
  const [exchange, seats] = await Promise.all([
    db.exchange.findUnique({ where: { id: exchangeId }, select: { organizerId: true } }),
    db.exchangeParticipant.findMany({
      where: { exchangeId, status: { in: IN_EXCHANGE } },
      select: { userId: true },
    }),
  ]);
  return [...new Set([...(exchange ? [exchange.organizerId] : []), ...seats.map((seat) => seat.userId)])];
}

exchangeListViewers.push(async (db, viewerId, exchangeId) => {
  const seat = await db.exchangeParticipant.findUnique({
    where: { exchangeId_userId: { exchangeId, userId: viewerId } },
    select: { status: true },
  });
  return Boolean(seat && IN_EXCHANGE.includes(seat.status));
});

sharedCircleCounters.push(async (db, viewerId, ownerId) => {
  const rows = await db.$queryRaw<{ n: bigint }[]>`
    SELECT COUNT(*) AS n FROM exchange_participants a
    JOIN exchange_participants b ON b.exchange_id = a.exchange_id
    WHERE a.user_id = ${viewerId} AND b.user_id = ${ownerId}
      AND a.status IN ('invited', 'accepted', 'organizing') AND b.status IN ('invited', 'accepted', 'organizing')`;
  return Number(rows[0]?.n ?? 0);
});
