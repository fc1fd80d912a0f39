/** Exchanges: create (with people, restrictions, a repeated exchange), read, edit, settings, archive, delete. */
import { randomBytes, randomUUID } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import {
  DEFAULT_GAME_TYPE,
  EXCHANGE_DEFAULTS,
  isPartyGame,
  type TExchangeCreate,
  type TExchangeDetail,
  type TExchangeRole,
  type TExchangeSettings,
  type TExchangeSummary,
  type TExchangeUpdate,
} from '../../contracts/exchanges';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { Prisma } from '../../generated/prisma/client';
import { queryRows } from '../../db/client';
import { personFromColumns, requireMember, type TPersonColumns } from '../people/access';
import {
  accessExchange,
  decideExchangeAccess,
  manageExchange,
  requireOpen,
  toDateValue,
  todayIso,
  requireKnownCaller,
  type TExchangeRow,
  type TSeatRow,
} from './access';
import { insertRows } from './bulk';
import { recordEvent } from './events';
import { addInvitees, lockExchange, queueInviteMails, TX_OPTIONS } from './invitations';
import { countsOf, exchangeDetail, exchangeSummary } from './shapes';
import { scheduleTurnOrder } from './turn-order';

type TDeps = Pick<TAppDeps, 'db' | 'config'>;

const TURN_ORDER_FIELDS = {
  id: true,
  gameType: true,
  turnOrderAtParty: true,
  status: true,
  exchangeDate: true,
  partyTime: true,
} as const;

function requireFutureDate(value: string | null | undefined, field: string): void {
  if (value && value < todayIso())
    throw new AppError('VALIDATION', { fieldErrors: { [field]: 'Choose today or a later date' } });
}

/**
 * An exchange with its organizer and its two counts, as raw columns (`TExchangeColumns`) for the hot
 * reads below; `exchangeFromColumns` turns them into the row every other read gets from the ORM.
 */
const EXCHANGE_COLUMNS = Prisma.sql`
           e.id AS e_id, e.organizer_id, e.title, e.description, e.sign_up_date, e.exchange_date, e.budget_currency,
           e.budget_amount, e.location, e.location_google_place_url, e.location_google_place_id, e.party_time,
           e.delivery_type, e.image_url, e.group_id, e.theme_id, e.game_type, e.turn_order_at_party, e.status,
           e.organizer_participates, e.organizer_can_view_draw, e.participants_visible, e.exclude_previous_pairs,
           e.single_loop, e.no_mutual_pairs, e.require_wish_list, e.disqualify_late_responders, e.late_joins_open,
           e.auto_draw, e.repeat_of_exchange_id, e.join_code, e.drawn_at, e.draw_version, e.draw_visible_to_organizer,
           e.created_at, o.id, o.name, o.first_name, o.last_name, o.picture_key, o.deleted_at,
           (SELECT COUNT(*) FROM exchange_participants c WHERE c.exchange_id = e.id
              AND c.status NOT IN ('organizing', 'declined')) AS participant_count,
           (SELECT COUNT(*) FROM exchange_participants c WHERE c.exchange_id = e.id
              AND c.status = 'accepted' AND NOT c.is_disqualified) AS accepted_count`;

/** What `EXCHANGE_COLUMNS` answers. */
interface TExchangeColumns extends TPersonColumns {
  e_id: string;
  organizer_id: string;
  title: string;
  description: string | null;
  sign_up_date: Date | null;
  exchange_date: Date;
  budget_currency: string;
  budget_amount: string | number;
  location: string | null;
  location_google_place_url: string | null;
  location_google_place_id: string | null;
  party_time: string | null;
  delivery_type: string;
  image_url: string | null;
  group_id: string | null;
  theme_id: string;
  game_type: string;
  turn_order_at_party: number;
  status: string;
  organizer_participates: number;
  organizer_can_view_draw: number;
  participants_visible: number;
  exclude_previous_pairs: number;
  single_loop: number;
  no_mutual_pairs: number;
  require_wish_list: number;
  disqualify_late_responders: number;
  late_joins_open: number;
  auto_draw: number;
  repeat_of_exchange_id: string | null;
  join_code: string;
  drawn_at: Date | null;
  draw_version: number;
  draw_visible_to_organizer: number | null;
  created_at: Date;
  participant_count: number;
  accepted_count: number;
}

/** The columns of the overview's one statement (`getExchange`). */
interface TExchangeOverviewColumns extends TExchangeColumns {
  seat_status: string | null;
  seat_is_assistant: number;
  seat_is_disqualified: number;
  seat_disqualified_reason: string | null;
  seat_household: string | null;
  seat_comment: string | null;
  seat_will_ship_internationally: number;
  seat_notify_of_replies: number;
  seat_responded_at: Date | null;
  seat_wishlist_id: string | null;
  seat_invited_at: Date;
  seat_invite_sent_at: Date | null;
  question_count: number;
  has_santa: number;
  has_recipient: number;
  latecomer_count: number;
}

/**
 * An exchange's overview (/gift-exchanges/:id/, exchanges.get). A hot read (measured by npm run
 * bench:api): the exchange with its organizer, the caller's seat and every count the overview shows
 * come in one statement, where reading them with the ORM took seven; the access decision
 * (`decideExchangeAccess`) and the shape (`exchangeDetail`) are the same as every other exchange read.
 */
export async function getExchange(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
): Promise<TExchangeDetail> {
  const caller = requireKnownCaller(identity);
  const [row] = await queryRows<TExchangeOverviewColumns>(
    deps.db,
    Prisma.sql`
    SELECT ${EXCHANGE_COLUMNS},
           p.status AS seat_status, p.is_assistant AS seat_is_assistant, p.is_disqualified AS seat_is_disqualified,
           p.disqualified_reason AS seat_disqualified_reason, p.household AS seat_household, p.comment AS seat_comment,
           p.will_ship_internationally AS seat_will_ship_internationally,
           p.notify_of_replies AS seat_notify_of_replies, p.responded_at AS seat_responded_at,
           p.wishlist_id AS seat_wishlist_id, p.invited_at AS seat_invited_at, p.invite_sent_at AS seat_invite_sent_at,
           (SELECT COUNT(*) FROM exchange_questions q WHERE q.exchange_id = e.id) AS question_count,
           EXISTS (SELECT 1 FROM exchange_assignments a
                   WHERE a.exchange_id = e.id AND a.receiver_id = ${caller.userId}) AS has_santa,
           EXISTS (SELECT 1 FROM exchange_assignments a
                   WHERE a.exchange_id = e.id AND a.giver_id = ${caller.userId}) AS has_recipient,
           (SELECT COUNT(*) FROM exchange_participants l
              LEFT JOIN exchange_assignments a ON a.exchange_id = l.exchange_id AND a.giver_id = l.user_id
              WHERE l.exchange_id = e.id AND l.status = 'accepted' AND NOT l.is_disqualified
                AND a.giver_id IS NULL) AS latecomer_count
    FROM exchanges e JOIN users o ON o.id = e.organizer_id
    LEFT JOIN exchange_participants p ON p.exchange_id = e.id AND p.user_id = ${caller.userId}
    WHERE e.id = ${exchangeId}`,
    { prepared: true },
  );
  // Someone who declined still reads the exchange itself: it is their invitation (they may change their answer).
  const access = decideExchangeAccess(
    caller,
    row ? exchangeFromColumns(row) : null,
    row ? seatFromColumns(row, caller.userId) : null,
    {
      declined: 'invitation',
    },
  );
  const drawn = access.exchange.status === 'drawn';
  const inDraw = access.seat?.status === 'accepted' && !access.seat.isDisqualified;
  return exchangeDetail(
    deps.config,
    access,
    { participantCount: Number(row!.participant_count), acceptedCount: Number(row!.accepted_count) },
    {
      questionCount: Number(row!.question_count),
      hasSanta: Boolean(row!.has_santa),
      awaitingDraw: drawn && inDraw && !row!.has_recipient,
      latecomerCount: drawn && access.isManager ? Number(row!.latecomer_count) : 0,
    },
  );
}

function exchangeFromColumns(row: TExchangeColumns): TExchangeRow {
  return {
    id: row.e_id,
    organizerId: row.organizer_id,
    title: row.title,
    description: row.description,
    signUpDate: row.sign_up_date,
    exchangeDate: row.exchange_date,
    budgetCurrency: row.budget_currency,
    budgetAmount: new Prisma.Decimal(row.budget_amount),
    location: row.location,
    locationGooglePlaceUrl: row.location_google_place_url,
    locationGooglePlaceId: row.location_google_place_id,
    partyTime: row.party_time,
    deliveryType: row.delivery_type,
    imageUrl: row.image_url,
    groupId: row.group_id,
    themeId: row.theme_id,
    gameType: row.game_type,
    turnOrderAtParty: Boolean(row.turn_order_at_party),
    status: row.status,
    organizerParticipates: Boolean(row.organizer_participates),
    organizerCanViewDraw: Boolean(row.organizer_can_view_draw),
    participantsVisible: Boolean(row.participants_visible),
    excludePreviousPairs: Boolean(row.exclude_previous_pairs),
    singleLoop: Boolean(row.single_loop),
    noMutualPairs: Boolean(row.no_mutual_pairs),
    requireWishList: Boolean(row.require_wish_list),
    disqualifyLateResponders: Boolean(row.disqualify_late_responders),
    lateJoinsOpen: Boolean(row.late_joins_open),
    autoDraw: Boolean(row.auto_draw),
    repeatOfExchangeId: row.repeat_of_exchange_id,
    joinCode: row.join_code,
    drawnAt: row.drawn_at,
    drawVersion: Number(row.draw_version),
    drawVisibleToOrganizer: row.draw_visible_to_organizer === null ? null : Boolean(row.draw_visible_to_organizer),
    createdAt: row.created_at,
    organizer: personFromColumns(row),
  };
}

function seatFromColumns(row: TExchangeOverviewColumns, userId: string): TSeatRow | null {
  if (row.seat_status === null) return null;
  return {
    exchangeId: row.e_id,
    userId,
    status: row.seat_status,
    isAssistant: Boolean(row.seat_is_assistant),
    isDisqualified: Boolean(row.seat_is_disqualified),
    disqualifiedReason: row.seat_disqualified_reason,
    household: row.seat_household,
    comment: row.seat_comment,
    willShipInternationally: Boolean(row.seat_will_ship_internationally),
    notifyOfReplies: Boolean(row.seat_notify_of_replies),
    respondedAt: row.seat_responded_at,
    wishlistId: row.seat_wishlist_id,
    invitedAt: row.seat_invited_at,
    inviteSentAt: row.seat_invite_sent_at,
  };
}

export async function createExchange(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: TExchangeCreate,
): Promise<TExchangeDetail> {
  const caller = requireMember(identity);
  requireFutureDate(input.exchangeDate, 'exchangeDate');
  requireFutureDate(input.signUpDate, 'signUpDate');
  const previous = input.repeatOfExchangeId
    ? await deps.db.exchange.findUnique({
        where: { id: input.repeatOfExchangeId },
        select: {
          organizerId: true,
          participants: { select: { userId: true, status: true, household: true } },
          restrictions: { select: { giverId: true, receiverId: true } },
        },
      })
    : null;
  if (input.repeatOfExchangeId && (!previous || previous.organizerId !== caller.userId))
    throw new AppError('NOT_FOUND', { message: 'You can only repeat an exchange you organized' });
  // An exchange run with a group (repeat-group) belongs to it only when its organizer is an active member.
  if (input.groupId) {
    const seat = await deps.db.groupMember.findFirst({
      where: { groupId: input.groupId, userId: caller.userId, status: 'active', group: { deletedAt: null } },
      select: { userId: true },
    });
    if (!seat) throw new AppError('FORBIDDEN', { message: 'Only members of the group can do this' });
  }
  const id = randomUUID();
  const participates = input.organizerParticipates ?? true;
  const sendInvitations = input.sendInvitations ?? true;
  await deps.db.$transaction(async (tx) => {
    await tx.exchange.create({
      data: {
        id,
        organizerId: caller.userId,
        title: input.title,
        description: input.description ?? null,
        signUpDate: input.signUpDate ? toDateValue(input.signUpDate) : null,
        exchangeDate: toDateValue(input.exchangeDate),
        budgetCurrency: input.budget?.currency ?? EXCHANGE_DEFAULTS.budget.currency,
        budgetAmount: input.budget?.amount ?? EXCHANGE_DEFAULTS.budget.amount,
        location: input.location ?? null,
        locationGooglePlaceUrl: input.locationGooglePlaceUrl ?? null,
        locationGooglePlaceId: input.locationGooglePlaceId ?? null,
        partyTime: input.partyTime ?? null,
        deliveryType: input.deliveryType ?? EXCHANGE_DEFAULTS.deliveryType,
        imageUrl: input.imageUrl ?? null,
        groupId: input.groupId ?? null,
        themeId: input.themeId ?? EXCHANGE_DEFAULTS.themeId,
        gameType: input.gameType ?? DEFAULT_GAME_TYPE,
        turnOrderAtParty: isPartyGame(input.gameType ?? DEFAULT_GAME_TYPE) && Boolean(input.turnOrderAtParty),
        organizerParticipates: participates,
        repeatOfExchangeId: input.repeatOfExchangeId ?? null,
        excludePreviousPairs: Boolean(input.repeatOfExchangeId && input.excludePreviousPairs),
        joinCode: randomBytes(16).toString('base64url'),
      },
    });
    await tx.exchangeParticipant.create({
      data: {
        exchangeId: id,
        userId: caller.userId,
        status: participates ? 'accepted' : 'organizing',
        respondedAt: new Date(),
      },
    });
    await recordEvent(tx, { exchangeId: id, actorId: caller.userId, kind: 'created' });
    await scheduleTurnOrder(tx, await tx.exchange.findUniqueOrThrow({ where: { id }, select: TURN_ORDER_FIELDS }));
    const invitedIds: string[] = [];
    // Repeat: the same people (all invited again) and their restrictions and households.
    if (previous) {
      const again = previous.participants.filter(
        (seat) => seat.userId !== caller.userId && seat.status !== 'organizing' && seat.status !== 'declined',
      );
      await tx.exchangeParticipant.createMany({
        data: again.map((seat) => ({
          exchangeId: id,
          userId: seat.userId,
          household: seat.household,
          invitedById: caller.userId,
        })),
      });
      invitedIds.push(...again.map((seat) => seat.userId));
      const people = new Set([caller.userId, ...invitedIds]);
      await tx.exchangeRestriction.createMany({
        data: previous.restrictions
          .filter((pair) => people.has(pair.giverId) && people.has(pair.receiverId))
          .map((pair) => ({ exchangeId: id, ...pair })),
        skipDuplicates: true,
      });
    }
    // Typed people (names entry, light flow); rows naming the organizer are skipped as already in.
    if (input.participants?.length) {
      const outcome = await addInvitees(tx, {
        exchangeId: id,
        invitedById: caller.userId,
        rows: input.participants.map((person, index) => ({ row: index + 1, name: person.name, email: person.email })),
        status: input.participantsConfirmed ? 'accepted' : 'invited',
      });
      const bad = outcome.results.filter((result) => result.status === 'invalid' || result.status === 'duplicate');
      if (bad.length > 0)
        throw new AppError('VALIDATION', {
          fieldErrors: Object.fromEntries(
            bad.map((result) => [`participants.${result.row - 1}.email`, result.message]),
          ),
        });
      invitedIds.push(...outcome.invitedIds);
      const userIdOf = outcome.results.map((result) => result.userId);
      const pairs = (input.restrictions ?? []).flatMap((restriction) => {
        const giver = userIdOf[restriction.giver];
        const receiver = userIdOf[restriction.receiver];
        if (!giver || !receiver || giver === receiver) return [];
        return restriction.bothWays
          ? [
              { giverId: giver, receiverId: receiver },
              { giverId: receiver, receiverId: giver },
            ]
          : [{ giverId: giver, receiverId: receiver }];
      });
      await insertRows(
        tx,
        'exchange_restrictions',
        ['exchange_id', 'giver_id', 'receiver_id'],
        pairs.map((pair) => [id, pair.giverId, pair.receiverId]),
        { ignoreDuplicates: true },
      );
    }
    if (invitedIds.length > 0) {
      await recordEvent(tx, {
        exchangeId: id,
        actorId: caller.userId,
        kind: 'invited',
        details: { count: invitedIds.length },
      });
      if (sendInvitations)
        await queueInviteMails(tx, {
          exchangeId: id,
          userIds: invitedIds,
          kind: input.participantsConfirmed ? 'confirmed' : 'invite',
        });
    }
  }, TX_OPTIONS);
  return getExchange(deps, caller, id);
}

export async function updateExchange(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: TExchangeUpdate,
): Promise<TExchangeDetail> {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  const { exchange } = access;
  if (input.exchangeDate && input.exchangeDate !== exchange.exchangeDate.toISOString().slice(0, 10))
    requireFutureDate(input.exchangeDate, 'exchangeDate');
  const signUp = input.signUpDate === undefined ? exchange.signUpDate?.toISOString().slice(0, 10) : input.signUpDate;
  const exchangeDate = input.exchangeDate ?? exchange.exchangeDate.toISOString().slice(0, 10);
  if (signUp && signUp > exchangeDate)
    throw new AppError('VALIDATION', {
      fieldErrors: { signUpDate: 'The sign-up date must be on or before the exchange date' },
    });
  if (input.organizerParticipates !== undefined && input.organizerParticipates !== exchange.organizerParticipates)
    requireOpen(access, 'Whether the organizer takes part can only change before the draw');
  if (input.gameType !== undefined && input.gameType !== exchange.gameType)
    requireOpen(access, 'The game can only change before the names or the turn order are drawn');
  const gameType = input.gameType ?? exchange.gameType;
  await deps.db.$transaction(async (tx) => {
    await tx.exchange.update({
      where: { id: exchange.id },
      data: {
        title: input.title,
        description: input.description,
        signUpDate:
          input.signUpDate === undefined ? undefined : input.signUpDate ? toDateValue(input.signUpDate) : null,
        exchangeDate: input.exchangeDate ? toDateValue(input.exchangeDate) : undefined,
        budgetCurrency: input.budget?.currency,
        budgetAmount: input.budget?.amount,
        location: input.location,
        locationGooglePlaceUrl: input.locationGooglePlaceUrl,
        locationGooglePlaceId: input.locationGooglePlaceId,
        partyTime: input.partyTime,
        deliveryType: input.deliveryType,
        imageUrl: input.imageUrl,
        themeId: input.themeId,
        organizerParticipates: input.organizerParticipates,
        gameType: input.gameType,
        turnOrderAtParty: !isPartyGame(gameType) ? false : input.turnOrderAtParty,
      },
    });
    // A party game drawn at the party time: (re)queued for the date and time as they now stand.
    await scheduleTurnOrder(
      tx,
      await tx.exchange.findUniqueOrThrow({ where: { id: exchange.id }, select: TURN_ORDER_FIELDS }),
    );
    if (input.organizerParticipates !== undefined)
      await tx.exchangeParticipant.update({
        where: { exchangeId_userId: { exchangeId: exchange.id, userId: exchange.organizerId } },
        data: { status: input.organizerParticipates ? 'accepted' : 'organizing' },
      });
    await recordEvent(tx, { exchangeId: exchange.id, actorId: access.caller.userId, kind: 'updated' });
  });
  return getExchange(deps, identity, exchange.id);
}

const DRAW_SETTINGS = ['excludePreviousPairs', 'singleLoop', 'noMutualPairs'] as const;

export const DRAW_VISIBILITY_FIXED_MESSAGE =
  'The names were drawn secret, even from the organizer: that cannot change now (a draw can only become more secret)';
export const REPEAT_STAYS_SECRET_MESSAGE =
  'A draw that avoids last time’s pairs stays secret, even from the organizer: seeing it would tell last time’s draw';

/**
 * The switches. Who may see the draw (`organizerCanViewDraw`) is fixed when the names are drawn
 * (draw-exchange stores it as `drawVisibleToOrganizer`): afterwards it may only be turned off
 * (which makes the draw secret from then on, and says so in the activity log), never on. A repeat
 * avoiding last time's pairs cannot be made visible at all (draw-exchange.visibleAtDraw).
 */
export async function updateExchangeSettings(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: TExchangeSettings,
): Promise<TExchangeDetail> {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  const { exchangeId, ...settings } = input;
  const drawChanges = DRAW_SETTINGS.filter(
    (key) => settings[key] !== undefined && settings[key] !== access.exchange[key],
  );
  if (drawChanges.length > 0) requireOpen(access, 'The draw options can only change before the names are drawn');
  if (settings.excludePreviousPairs && !access.exchange.repeatOfExchangeId)
    throw new AppError('VALIDATION', {
      fieldErrors: { excludePreviousPairs: 'This exchange does not repeat an earlier one' },
    });
  const excluding =
    (settings.excludePreviousPairs ?? access.exchange.excludePreviousPairs) && access.exchange.repeatOfExchangeId;
  if (excluding && (settings.organizerCanViewDraw ?? access.exchange.organizerCanViewDraw))
    throw new AppError('VALIDATION', {
      fieldErrors: {
        [settings.organizerCanViewDraw ? 'organizerCanViewDraw' : 'excludePreviousPairs']: REPEAT_STAYS_SECRET_MESSAGE,
      },
    });
  await deps.db.$transaction(async (tx) => {
    // Under the exchange's lock, so a draw running at the same time decides first or sees this.
    const status = await lockExchange(tx, exchangeId);
    const row = await tx.exchange.findUniqueOrThrow({
      where: { id: exchangeId },
      select: { drawVisibleToOrganizer: true },
    });
    const drawn = status !== 'open';
    if (drawn && settings.organizerCanViewDraw === true && row.drawVisibleToOrganizer !== true)
      throw new AppError('CONFLICT', { message: DRAW_VISIBILITY_FIXED_MESSAGE });
    const drawMadeSecret = drawn && settings.organizerCanViewDraw === false && row.drawVisibleToOrganizer === true;
    await tx.exchange.update({
      where: { id: exchangeId },
      data: { ...settings, ...(drawMadeSecret ? { drawVisibleToOrganizer: false } : {}) },
    });
    await recordEvent(tx, {
      exchangeId,
      actorId: access.caller.userId,
      kind: 'settings-changed',
      details: { changed: Object.keys(settings), ...(drawMadeSecret ? { drawMadeSecret: true } : {}) },
    });
  }, TX_OPTIONS);
  return getExchange(deps, identity, exchangeId);
}

export async function archiveExchange(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
): Promise<TExchangeDetail> {
  const access = await manageExchange(deps.db, identity, exchangeId);
  await deps.db.$transaction(async (tx) => {
    await tx.exchange.update({ where: { id: exchangeId }, data: { status: 'archived' } });
    await recordEvent(tx, { exchangeId, actorId: access.caller.userId, kind: 'archived' });
  });
  return getExchange(deps, identity, exchangeId);
}

/** Only the organizer deletes. Lists kept for the exchange become private to their owners. */
export async function deleteExchange(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
): Promise<{ ok: true }> {
  const access = await accessExchange(deps.db, identity, exchangeId);
  if (!access.isOrganizer) throw new AppError('FORBIDDEN', { message: 'Only the organizer can delete the exchange' });
  await deps.db.$transaction(async (tx) => {
    await tx.wishList.updateMany({ where: { exchangeId }, data: { privacy: 'private', exchangeId: null } });
    await tx.exchange.delete({ where: { id: exchangeId } });
  });
  return { ok: true };
}

export async function listMyExchanges(deps: TDeps, identity: TVerifiedIdentity | null): Promise<TExchangeSummary[]> {
  if (!identity) throw new AppError('UNAUTHENTICATED');
  // A hot read (the home page's exchanges, measured by npm run bench:api): one statement with the
  // counts, where the ORM took two. On one date, the newest first, then by id: two exchanges on a
  // date always come back in one order.
  const seats = await queryRows<TExchangeColumns & { seat_is_assistant: number; seat_status: string }>(
    deps.db,
    Prisma.sql`
    SELECT ${EXCHANGE_COLUMNS}, p.is_assistant AS seat_is_assistant, p.status AS seat_status
    FROM exchange_participants p JOIN exchanges e ON e.id = p.exchange_id JOIN users o ON o.id = e.organizer_id
    WHERE p.user_id = ${identity.userId}
    ORDER BY e.exchange_date DESC, e.created_at DESC, p.exchange_id
    LIMIT 200`,
  );
  return seats.map((seat) => {
    const exchange = exchangeFromColumns(seat);
    const role: TExchangeRole =
      exchange.organizerId === identity.userId
        ? 'organizer'
        : seat.seat_is_assistant
          ? 'assistant'
          : seat.seat_status === 'invited'
            ? 'invitee'
            : 'participant';
    return exchangeSummary(
      exchange,
      { role, status: seat.seat_status },
      { participantCount: Number(seat.participant_count), acceptedCount: Number(seat.accepted_count) },
    );
  });
}

export async function listRepeatCandidates(deps: TDeps, identity: TVerifiedIdentity | null) {
  const caller = requireMember(identity);
  const rows = await deps.db.exchange.findMany({
    where: { organizerId: caller.userId },
    orderBy: [{ exchangeDate: 'desc' }, { createdAt: 'desc' }, { id: 'asc' }],
    take: 50,
    select: { id: true, title: true, exchangeDate: true },
  });
  const counts = await countsOf(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    exchangeId: row.id,
    title: row.title,
    exchangeDate: row.exchangeDate.toISOString().slice(0, 10),
    participantCount: counts.get(row.id)!.participantCount,
  }));
}
