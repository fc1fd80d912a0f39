/**
 * The people of an exchange: the list (everyone in it sees names and answers, never a pairing),
 * answering an invitation, assistants, disqualification, and removing or replacing someone (after
 * the draw only the assignments that must change do change).
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TExchangeParticipant, TInvitee, TRsvp } from '../../contracts/exchanges';
import type { TPage, TPagingQuery } from '../../contracts/paging';
import { pagingFor } from '../../contracts/paging';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { enqueueJobs } from '../../jobs/queue';
import { managesChild, PERSON_SELECT, requireMember } from '../people/access';
import {
  accessExchange,
  findSeat,
  manageExchange,
  requireJoinsOpen,
  requireOpen,
  SEAT_SELECT,
  mayViewDraw,
  todayIso,
  type TExchangeAccess,
} from './access';
import { removeParticipant as removeFromDraw, replaceParticipant as replaceInDraw, reshuffleAround } from './draw';
import { DRAWN_MAIL_JOB, loadDrawSetup, type TDrawSetup } from './draw-exchange';
import { recordActivity } from '../activity/record';
import { recordEvent } from './events';
import { getExchange } from './exchanges';
import { addInvitees, lockExchange, lockJoinable, queueInviteMails, TX_OPTIONS } from './invitations';
import { deliveryProblems, problemOf } from '../../mail/deliverability';
import { myParticipation, participantOut } from './shapes';

type TDeps = Pick<TAppDeps, 'db'>;

const WITH_PERSON = { ...SEAT_SELECT, user: { select: { ...PERSON_SELECT, email: true } } } as const;

function requireListVisible(access: TExchangeAccess): void {
  if (!access.isManager && !access.exchange.participantsVisible)
    throw new AppError('FORBIDDEN', { message: 'The organizer keeps the list of participants private' });
}

/**
 * Of these seats, the latecomers: in the draw (accepted, not disqualified) after the names were
 * drawn, without a recipient yet. Who is in the draw is no secret; no pair is read out.
 */
async function awaitingDraw(
  deps: TDeps,
  access: TExchangeAccess,
  seats: { userId: string; status: string; isDisqualified: boolean }[],
): Promise<Set<string>> {
  if (access.exchange.status !== 'drawn') return new Set();
  const inDraw = seats.filter((seat) => seat.status === 'accepted' && !seat.isDisqualified).map((seat) => seat.userId);
  if (inDraw.length === 0) return new Set();
  const drawn = new Set(
    (
      await deps.db.exchangeAssignment.findMany({
        where: { exchangeId: access.exchange.id, giverId: { in: inDraw } },
        select: { giverId: true },
      })
    ).map((pair) => pair.giverId),
  );
  return new Set(inDraw.filter((id) => !drawn.has(id)));
}

export async function listParticipants(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
  query: TPagingQuery,
): Promise<TPage<TExchangeParticipant>> {
  const access = await accessExchange(deps.db, identity, exchangeId);
  requireListVisible(access);
  const where = { exchangeId };
  const [rows, total] = await Promise.all([
    deps.db.exchangeParticipant.findMany({
      where,
      select: WITH_PERSON,
      orderBy: [{ status: 'asc' }, { user: { name: 'asc' } }, { userId: 'asc' }],
      skip: query.offset,
      take: query.limit,
    }),
    deps.db.exchangeParticipant.count({ where }),
  ]);
  const problems = access.isManager
    ? await deliveryProblems(
        deps.db,
        rows.map((row) => row.user.email),
      )
    : new Map();
  const awaiting = await awaitingDraw(deps, access, rows);
  const view = { organizerId: access.exchange.organizerId, isManager: access.isManager };
  return {
    items: rows.map((row) =>
      participantOut(row, {
        ...view,
        isSelf: row.userId === access.caller.userId,
        awaiting: awaiting.has(row.userId),
        deliveryProblem: problemOf(problems, row.user.email),
      }),
    ),
    paging: pagingFor(query, rows.length, total),
  };
}

export async function getParticipant(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; userId: string },
): Promise<TExchangeParticipant> {
  const access = await accessExchange(deps.db, identity, input.exchangeId);
  if (input.userId !== access.caller.userId) requireListVisible(access);
  const row = await deps.db.exchangeParticipant.findUnique({
    where: { exchangeId_userId: { exchangeId: input.exchangeId, userId: input.userId } },
    select: WITH_PERSON,
  });
  if (!row) throw new AppError('NOT_FOUND');
  const problems = access.isManager ? await deliveryProblems(deps.db, [row.user.email]) : new Map();
  return participantOut(row, {
    organizerId: access.exchange.organizerId,
    isManager: access.isManager,
    isSelf: row.userId === access.caller.userId,
    awaiting: (await awaitingDraw(deps, access, [row])).has(row.userId),
    deliveryProblem: problemOf(problems, row.user.email),
  });
}

/** Managers see everyone out of the draw; others only themselves. */
export async function listDisqualified(deps: TDeps, identity: TVerifiedIdentity | null, exchangeId: string) {
  const access = await accessExchange(deps.db, identity, exchangeId);
  const rows = await deps.db.exchangeParticipant.findMany({
    where: { exchangeId, isDisqualified: true, ...(access.isManager ? {} : { userId: access.caller.userId }) },
    select: WITH_PERSON,
    orderBy: { user: { name: 'asc' } },
  });
  return rows.map((row) =>
    participantOut(row, {
      organizerId: access.exchange.organizerId,
      isManager: access.isManager,
      isSelf: row.userId === access.caller.userId,
    }),
  );
}

/** The invitee's answer (spec §3 exchange response), until the names are drawn and the sign-up date. */
export async function respond(deps: TDeps, identity: TVerifiedIdentity | null, input: TRsvp) {
  // Someone who declined may change their answer (the only thing besides reading the invitation).
  const access = await accessExchange(deps.db, identity, input.exchangeId, { declined: 'invitation' });
  const seat = access.seat;
  if (!seat || seat.status === 'organizing')
    throw new AppError('FORBIDDEN', { message: 'You organize this exchange without taking part' });
  // After the draw, while late joins are open, those not drawn yet may still answer (latecomers);
  // someone already drawn cannot leave by declining (the organizer removes them instead).
  const late = access.exchange.status !== 'open';
  if (late) {
    requireJoinsOpen(access.exchange, 'The names have been drawn: answers are closed');
    const drawn = await deps.db.exchangeAssignment.findFirst({
      where: { exchangeId: input.exchangeId, OR: [{ giverId: seat.userId }, { receiverId: seat.userId }] },
      select: { giverId: true },
    });
    if (drawn)
      throw new AppError('CONFLICT', {
        message: 'The names have been drawn and you are in the draw: ask the organizer to change it',
      });
  }
  const signUp = access.exchange.signUpDate?.toISOString().slice(0, 10);
  if (!late && signUp && todayIso() > signUp && !access.isManager && seat.status === 'invited')
    throw new AppError('CONFLICT', { message: 'The sign-up date has passed; ask the organizer to let you in' });
  if (access.isOrganizer && input.response === 'decline')
    throw new AppError('BAD_REQUEST', {
      message: 'The organizer cannot decline; choose to only organize in the settings',
    });
  const status = input.response === 'accept' ? 'accepted' : 'declined';
  const updated = await deps.db.$transaction(async (tx) => {
    const row = await tx.exchangeParticipant.update({
      where: { exchangeId_userId: { exchangeId: input.exchangeId, userId: seat.userId } },
      data: {
        status,
        comment: input.comment ?? null,
        willShipInternationally: input.willShipInternationally,
        notifyOfReplies: input.notifyOfReplies,
        respondedAt: new Date(),
      },
      select: SEAT_SELECT,
    });
    if (seat.status !== status) {
      await recordEvent(tx, {
        exchangeId: input.exchangeId,
        actorId: seat.userId,
        kind: status === 'accepted' ? 'accepted' : 'declined',
      });
      // News for the exchange's other people (the feed shows it where they may see who takes part).
      if (status === 'accepted')
        await recordActivity(tx, {
          actorId: seat.userId,
          kind: 'exchange-joined',
          exchangeId: input.exchangeId,
          payload: { exchangeTitle: access.exchange.title },
        });
    }
    return row;
  });
  return myParticipation(updated);
}

async function seatToChange(access: TExchangeAccess, userId: string) {
  if (userId === access.exchange.organizerId)
    throw new AppError('FORBIDDEN', { message: 'The organizer cannot be changed here' });
  return userId;
}

async function nameOf(deps: TDeps, userId: string): Promise<string> {
  const person = await deps.db.user.findUnique({ where: { id: userId }, select: PERSON_SELECT });
  return person ? [person.firstName, person.lastName].filter(Boolean).join(' ') || person.name : 'someone';
}

export async function setAssistant(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; userId: string; isAssistant: boolean },
): Promise<{ ok: true }> {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  await seatToChange(access, input.userId);
  const seat = await findSeat(deps.db, input.exchangeId, input.userId);
  if (!seat) throw new AppError('NOT_FOUND');
  if (seat.status === 'declined') throw new AppError('CONFLICT', { message: 'They declined the invitation' });
  if (seat.isAssistant === input.isAssistant) return { ok: true };
  const name = await nameOf(deps, input.userId);
  await deps.db.$transaction(async (tx) => {
    await tx.exchangeParticipant.update({
      where: { exchangeId_userId: { exchangeId: input.exchangeId, userId: input.userId } },
      data: { isAssistant: input.isAssistant },
    });
    await recordEvent(tx, {
      exchangeId: input.exchangeId,
      actorId: access.caller.userId,
      kind: input.isAssistant ? 'assistant-added' : 'assistant-removed',
      details: { name },
    });
  });
  return { ok: true };
}

export async function setDisqualified(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; userId: string; disqualified: boolean; reason?: string | null },
): Promise<{ ok: true }> {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  requireOpen(access, 'Who takes part can only change this way before the draw');
  await seatToChange(access, input.userId);
  const seat = await findSeat(deps.db, input.exchangeId, input.userId);
  if (!seat) throw new AppError('NOT_FOUND');
  const name = await nameOf(deps, input.userId);
  await deps.db.$transaction(async (tx) => {
    await tx.exchangeParticipant.update({
      where: { exchangeId_userId: { exchangeId: input.exchangeId, userId: input.userId } },
      data: {
        isDisqualified: input.disqualified,
        disqualifiedReason: input.disqualified ? (input.reason ?? 'Disqualified by the organizer') : null,
      },
    });
    await recordEvent(tx, {
      exchangeId: input.exchangeId,
      actorId: access.caller.userId,
      kind: input.disqualified ? 'disqualified' : 'restored',
      details: { name },
    });
  });
  return { ok: true };
}

export function changeFailed(message: string): AppError {
  return new AppError('CONFLICT', { message: `The draw cannot be changed that way: ${message}` });
}

/** Removes a person; after the draw only the givers whose recipient must change get a new one. */
export async function removeParticipant(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; userId: string },
) {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  await seatToChange(access, input.userId);
  if (!(await findSeat(deps.db, input.exchangeId, input.userId))) throw new AppError('NOT_FOUND');
  const name = await nameOf(deps, input.userId);
  return deps.db.$transaction(async (tx) => {
    const status = await lockExchange(tx, input.exchangeId);
    let changed: string[] = [];
    const pairs = await tx.exchangeAssignment.findMany({ where: { exchangeId: input.exchangeId } });
    if (status !== 'open' && pairs.some((pair) => pair.giverId === input.userId)) {
      const setup = await loadDrawSetup(tx, access.exchange);
      const result = removeFromDraw(
        new Map(pairs.map((pair) => [pair.giverId, pair.receiverId])),
        input.userId,
        setup.restrictions.filter((r) => r.giver !== input.userId && r.receiver !== input.userId),
        { households: setup.households, ...setup.options },
      );
      if (!result.ok) throw changeFailed(result.message);
      changed = result.changedGivers;
      await rewriteAssignments(tx, input.exchangeId, {
        leaving: input.userId,
        givers: [input.userId, ...changed],
        changed,
        assignment: result.assignment,
      });
    }
    await dropSeat(tx, input.exchangeId, input.userId);
    await recordEvent(tx, {
      exchangeId: input.exchangeId,
      actorId: access.caller.userId,
      kind: 'participant-removed',
      details: { name },
    });
    if (changed.length > 0) await queueChangedMails(tx, input.exchangeId, changed);
    return outcome(
      status,
      changed.length,
      await tx.exchangeAssignment.count({ where: { exchangeId: input.exchangeId } }),
    );
  }, TX_OPTIONS);
}

/** Replaces a person by someone new (name and e-mail); after the draw the newcomer takes their place. */
export async function replaceParticipant(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; userId: string; replacement: TInvitee },
) {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  await seatToChange(access, input.userId);
  const old = await findSeat(deps.db, input.exchangeId, input.userId);
  if (!old) throw new AppError('NOT_FOUND');
  const name = await nameOf(deps, input.userId);
  return deps.db.$transaction(async (tx) => {
    const status = await lockExchange(tx, input.exchangeId);
    const drawn = status !== 'open';
    const { results, invitedIds } = await addInvitees(tx, {
      exchangeId: input.exchangeId,
      invitedById: access.caller.userId,
      rows: [{ row: 1, name: input.replacement.name, email: input.replacement.email }],
      status: drawn ? 'accepted' : 'invited',
    });
    const newcomer = invitedIds[0];
    if (!newcomer)
      throw new AppError('VALIDATION', {
        fieldErrors: { 'replacement.email': results[0]?.message ?? 'Value is not a valid email address' },
      });
    let changed: string[] = [];
    const pairs = await tx.exchangeAssignment.findMany({ where: { exchangeId: input.exchangeId } });
    if (drawn && pairs.some((pair) => pair.giverId === input.userId)) {
      const setup = await loadDrawSetup(tx, access.exchange);
      const result = replacementDraw(
        new Map(pairs.map((pair) => [pair.giverId, pair.receiverId])),
        { leaving: input.userId, newcomer },
        setup,
        { secret: !mayViewDraw(access) },
      );
      changed = result.changed;
      await rewriteAssignments(tx, input.exchangeId, {
        leaving: input.userId,
        givers: [...new Set([input.userId, ...changed.filter((id) => id !== newcomer)])],
        changed,
        assignment: result.assignment,
      });
    }
    await dropSeat(tx, input.exchangeId, input.userId);
    await queueInviteMails(tx, { exchangeId: input.exchangeId, userIds: [newcomer], kind: drawn ? 'added' : 'invite' });
    await recordEvent(tx, {
      exchangeId: input.exchangeId,
      actorId: access.caller.userId,
      kind: 'participant-replaced',
      details: { name, replacement: input.replacement.name ?? input.replacement.email },
    });
    const others = changed.filter((id) => id !== newcomer);
    if (others.length > 0) await queueChangedMails(tx, input.exchangeId, others);
    return outcome(
      status,
      changed.length,
      await tx.exchangeAssignment.count({ where: { exchangeId: input.exchangeId } }),
    );
  }, TX_OPTIONS);
}

type TTx = Parameters<Parameters<TDeps['db']['$transaction']>[0]>[0];

/**
 * The draw once `leaving` is replaced by `newcomer`: the engine's smallest local repair (the
 * newcomer usually takes over the leaver's giver and recipient). When the draw is secret from the
 * person making the change (`secret`), that would hand them the leaver's recipient for certain
 * through an address they may control, so a small random set of givers around the newcomer is then
 * re-paired among their recipients (draw engine reshuffleAround: every rule kept, and the newcomer
 * keeps the leaver's recipient only by chance). `changed`: the givers whose recipient differs from
 * before (the newcomer always).
 */
export function replacementDraw(
  before: Map<string, string>,
  people: { leaving: string; newcomer: string },
  setup: TDrawSetup,
  options: { secret: boolean },
): { assignment: Map<string, string>; changed: string[] } {
  const { leaving, newcomer } = people;
  const restrictions = setup.restrictions.filter((r) => r.giver !== leaving && r.receiver !== leaving);
  const rules = {
    households: setup.households.map((members) => members.filter((id) => id !== leaving)),
    ...setup.options,
  };
  const replaced = replaceInDraw(before, leaving, newcomer, restrictions, rules);
  if (!replaced.ok) throw changeFailed(replaced.message);
  let assignment = replaced.assignment;
  if (options.secret) {
    const reshuffled = reshuffleAround(assignment, newcomer, restrictions, rules);
    if (!reshuffled.ok)
      throw changeFailed(
        'no random re-pairing keeps the draw secret from you with these restrictions; draw the names again instead',
      );
    assignment = reshuffled.assignment;
  }
  const changed = [...assignment].filter(([giver, receiver]) => before.get(giver) !== receiver).map(([giver]) => giver);
  return { assignment, changed };
}

/**
 * Stores a change to the draw: the listed givers' old assignments go, the changed ones are written
 * with their new recipients, and the messages of pairs that no longer exist go with them.
 */
export async function rewriteAssignments(
  tx: TTx,
  exchangeId: string,
  change: { leaving: string; givers: string[]; changed: string[]; assignment: Map<string, string> },
): Promise<void> {
  await tx.exchangeAssignment.deleteMany({ where: { exchangeId, giverId: { in: change.givers } } });
  await tx.exchangeAssignment.createMany({
    data: change.changed.map((giverId) => ({ exchangeId, giverId, receiverId: change.assignment.get(giverId)! })),
  });
  await tx.exchangeMessage.deleteMany({
    where: { exchangeId, OR: [{ giverId: { in: change.givers } }, { receiverId: change.leaving }] },
  });
}

/** Takes a person out of an exchange with their restrictions. */
export async function dropSeat(tx: TTx, exchangeId: string, userId: string): Promise<void> {
  await tx.exchangeRestriction.deleteMany({ where: { exchangeId, OR: [{ giverId: userId }, { receiverId: userId }] } });
  await tx.exchangeParticipant.delete({ where: { exchangeId_userId: { exchangeId, userId } } });
}

export async function queueChangedMails(tx: TTx, exchangeId: string, givers: string[]) {
  const stamp = Date.now();
  await enqueueJobs(
    tx,
    givers.map((userId) => ({
      kind: DRAWN_MAIL_JOB,
      payload: { exchangeId, userId, redraw: true },
      uniqueKey: `exchange-changed:${exchangeId}:${userId}:${stamp}`,
    })),
  );
}

function outcome(status: string, changedGivers: number, participantCount: number) {
  return {
    status: status as 'open' | 'drawn',
    drawnAt: new Date().toISOString(),
    participantCount,
    changedGivers,
  };
}

const SIGN_UP_CLOSED_MESSAGE = 'Sign-up has closed: the names are drawn';

/** The copyable sign-up link: a signed-in member who has the exchange's code joins (then answers). */
export async function joinByLink(
  deps: Pick<TAppDeps, 'db' | 'config'>,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; code: string },
) {
  const caller = requireMember(identity);
  const exchange = await deps.db.exchange.findUnique({
    where: { id: input.exchangeId },
    select: { joinCode: true, status: true, lateJoinsOpen: true },
  });
  if (!exchange || exchange.joinCode !== input.code)
    throw new AppError('NOT_FOUND', { message: 'This sign-up link is not valid' });
  requireJoinsOpen(exchange, SIGN_UP_CLOSED_MESSAGE);
  await deps.db.$transaction(async (tx) => {
    requireJoinsOpen(await lockJoinable(tx, input.exchangeId), SIGN_UP_CLOSED_MESSAGE);
    if (await findSeat(tx, input.exchangeId, caller.userId)) return;
    await tx.exchangeParticipant.create({ data: { exchangeId: input.exchangeId, userId: caller.userId } });
    await recordEvent(tx, { exchangeId: input.exchangeId, actorId: caller.userId, kind: 'joined' });
  }, TX_OPTIONS);
  return getExchange(deps, caller, input.exchangeId);
}

/** Family manager: the open exchanges the caller manages, and whether their child is in each. */
export async function listChildExchangeChoices(deps: TDeps, identity: TVerifiedIdentity | null, childId: string) {
  const caller = requireMember(identity);
  if (!(await managesChild(deps.db, caller, childId))) throw new AppError('FORBIDDEN');
  const seats = await deps.db.exchangeParticipant.findMany({
    where: {
      userId: caller.userId,
      exchange: { status: 'open' },
      OR: [{ isAssistant: true }, { exchange: { organizerId: caller.userId } }],
    },
    select: { exchange: { select: { id: true, title: true, exchangeDate: true } } },
    orderBy: { exchange: { exchangeDate: 'asc' } },
  });
  const ids = seats.map((seat) => seat.exchange.id);
  const childIn = new Set(
    (
      await deps.db.exchangeParticipant.findMany({
        where: { userId: childId, exchangeId: { in: ids } },
        select: { exchangeId: true },
      })
    ).map((seat) => seat.exchangeId),
  );
  return seats.map(({ exchange }) => ({
    exchangeId: exchange.id,
    title: exchange.title,
    exchangeDate: exchange.exchangeDate.toISOString().slice(0, 10),
    childIsIn: childIn.has(exchange.id),
  }));
}

/** Family manager: puts their child in an exchange they manage (the manager answers for the child). */
export async function addChild(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; userId: string },
): Promise<{ ok: true }> {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  requireOpen(access, 'People can only be added before the names are drawn');
  if (!(await managesChild(deps.db, access.caller, input.userId)))
    throw new AppError('FORBIDDEN', { message: 'You can only add children whose family manager you are' });
  await deps.db.$transaction(async (tx) => {
    await lockExchange(tx, input.exchangeId);
    if (await findSeat(tx, input.exchangeId, input.userId)) return;
    await tx.exchangeParticipant.create({
      data: {
        exchangeId: input.exchangeId,
        userId: input.userId,
        status: 'accepted',
        respondedAt: new Date(),
        invitedById: access.caller.userId,
      },
    });
    await recordEvent(tx, {
      exchangeId: input.exchangeId,
      actorId: access.caller.userId,
      kind: 'invited',
      details: { count: 1 },
    });
  }, TX_OPTIONS);
  return { ok: true };
}
