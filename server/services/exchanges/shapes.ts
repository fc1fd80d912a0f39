/** Row → output mapping of the exchange domain (one place, so every face answers the same). */
import type { TDeliveryProblem } from '../../mail/deliverability';
import type {
  TDeliveryType,
  TExchangeDetail,
  TExchangeParticipant,
  TExchangeRole,
  TExchangeStatus,
  TExchangeSummary,
  TParticipantStatus,
} from '../../contracts/exchanges';
import { isPartyGame, PARTY_GAME_MIN_PLAYERS, type TGameType } from '../../contracts/exchange-values';
import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import { summarize, type TPersonRow } from '../people/access';
import { isoDate } from '../wish-lists/shapes';
import { mayViewDraw, todayIso, type TExchangeAccess, type TExchangeRow, type TSeatRow } from './access';

export interface TExchangeCounts {
  participantCount: number;
  acceptedCount: number;
}

/** Invited, accepted and declined people (not those who only organize); accepted = in the draw. */
export async function countsOf(db: TDb, exchangeIds: string[]): Promise<Map<string, TExchangeCounts>> {
  const counts = new Map<string, TExchangeCounts>(
    exchangeIds.map((id) => [id, { participantCount: 0, acceptedCount: 0 }]),
  );
  if (exchangeIds.length === 0) return counts;
  const rows = await db.exchangeParticipant.groupBy({
    by: ['exchangeId', 'status', 'isDisqualified'],
    where: { exchangeId: { in: exchangeIds }, status: { not: 'organizing' } },
    _count: { _all: true },
  });
  for (const row of rows) {
    const entry = counts.get(row.exchangeId)!;
    if (row.status !== 'declined') entry.participantCount += row._count._all;
    if (row.status === 'accepted' && !row.isDisqualified) entry.acceptedCount += row._count._all;
  }
  return counts;
}

export function exchangeSummary(
  row: TExchangeRow,
  me: { role: TExchangeRole; status: string | null },
  counts: TExchangeCounts,
): TExchangeSummary {
  return {
    exchangeId: row.id,
    title: row.title,
    status: row.status as TExchangeStatus,
    signUpDate: isoDate(row.signUpDate),
    exchangeDate: isoDate(row.exchangeDate)!,
    budget: { currency: row.budgetCurrency, amount: Number(row.budgetAmount.toString()) },
    deliveryType: row.deliveryType as TDeliveryType,
    themeId: row.themeId,
    gameType: row.gameType as TGameType,
    imageUrl: row.imageUrl,
    organizer: summarize(row.organizer),
    myRole: me.role,
    myStatus: (me.status as TParticipantStatus | null) ?? null,
    participantCount: counts.participantCount,
    acceptedCount: counts.acceptedCount,
  };
}

/** The smallest draw: with two people each would know who drew them. */
export const MIN_DRAW_SIZE = 3;

export function exchangeDetail(
  config: Pick<TConfig, 'publicUrl'>,
  access: TExchangeAccess,
  counts: TExchangeCounts,
  extra: { questionCount: number; hasSanta: boolean; awaitingDraw: boolean; latecomerCount: number },
): TExchangeDetail {
  const { exchange: row, seat, role, isManager, isOrganizer } = access;
  const status = row.status as TExchangeStatus;
  const drawn = status === 'drawn' || status === 'exchanged' || status === 'archived';
  const today = todayIso();
  const exchangeDate = isoDate(row.exchangeDate)!;
  const inDraw = Boolean(seat && seat.status === 'accepted' && !seat.isDisqualified);
  // A party game draws a turn order, not pairs: nothing of the pairing applies to it.
  const party = isPartyGame(row.gameType);
  // Object.assign onto the summary, not `{ ...summary, description, … }`: on Node 20's V8 that spread
  // followed by fields took about 28 µs a call against 1 (the exchange overview's every read).
  return Object.assign(exchangeSummary(row, { role, status: seat?.status ?? null }, counts), {
    description: row.description,
    location: row.location,
    locationGooglePlaceUrl: row.locationGooglePlaceUrl,
    locationGooglePlaceId: row.locationGooglePlaceId,
    partyTime: row.partyTime,
    groupId: row.groupId,
    organizerParticipates: row.organizerParticipates,
    turnOrderAtParty: party && row.turnOrderAtParty,
    drawnAt: row.drawnAt?.toISOString() ?? null,
    drawVisibleToOrganizer: drawn && !party ? row.drawVisibleToOrganizer === true : null,
    settings: {
      organizerCanViewDraw: row.organizerCanViewDraw,
      participantsVisible: row.participantsVisible,
      excludePreviousPairs: row.excludePreviousPairs,
      singleLoop: row.singleLoop,
      noMutualPairs: row.noMutualPairs,
      requireWishList: row.requireWishList,
      disqualifyLateResponders: row.disqualifyLateResponders,
      lateJoinsOpen: row.lateJoinsOpen,
      autoDraw: row.autoDraw,
    },
    repeatOfExchangeId: row.repeatOfExchangeId,
    signUpUrl: isManager ? signUpUrlOf(config, row) : null,
    me: seat ? myParticipation(seat) : null,
    can: {
      manage: isManager && status !== 'archived',
      delete: isOrganizer,
      draw: isManager && status === 'open' && counts.acceptedCount >= (party ? PARTY_GAME_MIN_PLAYERS : MIN_DRAW_SIZE),
      redraw: isManager && status === 'drawn' && today < exchangeDate,
      viewDraw: drawn && !party && mayViewDraw(access),
      // After the draw, those not drawn yet may still answer while late joins are open.
      rsvp:
        Boolean(seat && seat.status !== 'organizing') &&
        (status === 'open' ||
          (status === 'drawn' && row.lateJoinsOpen && seat?.status !== 'accepted') ||
          extra.awaitingDraw),
      sayThanks: inDraw && drawn && !party && today >= exchangeDate && extra.hasSanta,
      drawLatecomers: isManager && !party && status === 'drawn' && today < exchangeDate && extra.latecomerCount > 0,
      practiceDraw: isManager && !party && status === 'open',
    },
    questionCount: extra.questionCount,
    awaitingDraw: extra.awaitingDraw,
    latecomerCount: isManager && status === 'drawn' ? extra.latecomerCount : null,
  });
}

export function signUpUrlOf(config: Pick<TConfig, 'publicUrl'>, row: Pick<TExchangeRow, 'id' | 'joinCode'>): string {
  return `${config.publicUrl}/gift-exchanges/${row.id}/rsvp/?code=${encodeURIComponent(row.joinCode)}`;
}

export function myParticipation(seat: TSeatRow) {
  return {
    status: seat.status as TParticipantStatus,
    isAssistant: seat.isAssistant,
    isDisqualified: seat.isDisqualified,
    disqualifiedReason: seat.disqualifiedReason,
    comment: seat.comment,
    willShipInternationally: seat.willShipInternationally,
    notifyOfReplies: seat.notifyOfReplies,
    respondedAt: seat.respondedAt?.toISOString() ?? null,
    wishlistId: seat.wishlistId,
  };
}

export function participantOut(
  seat: TSeatRow & { user: TPersonRow & { email: string | null } },
  view: {
    organizerId: string;
    isManager: boolean;
    isSelf: boolean;
    awaiting?: boolean;
    deliveryProblem?: TDeliveryProblem;
  },
): TExchangeParticipant {
  const privileged = view.isManager || view.isSelf;
  return {
    person: summarize(seat.user),
    status: seat.status as TParticipantStatus,
    isOrganizer: seat.userId === view.organizerId,
    isAssistant: seat.isAssistant,
    isDisqualified: seat.isDisqualified,
    disqualifiedReason: privileged ? seat.disqualifiedReason : null,
    email: view.isManager && !seat.user.deletedAt ? seat.user.email : null,
    comment: privileged ? seat.comment : null,
    household: view.isManager ? seat.household : null,
    hasWishList: seat.wishlistId !== null,
    willShipInternationally: seat.willShipInternationally,
    respondedAt: seat.respondedAt?.toISOString() ?? null,
    invitedAt: seat.invitedAt.toISOString(),
    awaitingDraw: view.awaiting === true,
    deliveryProblem: view.isManager && !seat.user.deletedAt ? (view.deliveryProblem ?? null) : null,
  };
}
