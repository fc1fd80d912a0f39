/**
 * After the draw (issue 31): "Draw latecomers" places those who joined after the names were drawn,
 * and the practice draw lets a manager try the restrictions before the real draw.
 *
 * Latecomers are placed by the draw engine (`draw/latecomers.ts`) so every rule still holds and as
 * few existing givers change as possible (one latecomer: exactly one). Only the givers whose
 * recipient changed are told, and the latecomers themselves (mail + notification); the answer says
 * how many changed, never who (docs/secrecy.md, section 1). Messages of pairs that no longer exist
 * go, as after any repair.
 *
 * The practice draw runs the same engine on the same setup, with the same "last time's pairs where
 * possible" fallback (so its answer never depends on a secret earlier pair), and returns counts and
 * the refusal's words only: nothing is stored, nobody is told, no pair leaves the function.
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TPracticeDraw } from '../../contracts/exchanges';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { enqueueJobs } from '../../jobs/queue';
import { manageExchange, mayViewDraw, todayIso } from './access';
import { placeLatecomers, SPLICE_NOT_SURE, type Restriction } from './draw';
import { DRAWN_MAIL_JOB, loadDrawSetup, lockedRow, refusal, runDraw, tooFewError, type TTx } from './draw-exchange';
import { recordEvent } from './events';
import { lockExchange, TX_OPTIONS } from './invitations';
import { MIN_DRAW_SIZE } from './shapes';

export const NO_LATECOMERS_MESSAGE = 'Nobody is waiting to be drawn';
export const LATECOMERS_TIGHT_MESSAGE =
  'The latecomers’ restrictions leave too few people they may draw or be drawn by to place them without a new draw: lift a restriction or draw the names again';
export const LATECOMERS_NO_FIT_MESSAGE =
  'The latecomers cannot be placed without breaking a rule of the draw (restrictions, households, one loop or no pairs drawing each other): lift a restriction or draw the names again';

async function queueLatecomerMails(tx: TTx, exchangeId: string, latecomers: string[], changed: string[]) {
  const stamp = Date.now();
  await enqueueJobs(tx, [
    ...latecomers.map((userId) => ({
      kind: DRAWN_MAIL_JOB,
      payload: { exchangeId, userId, redraw: false },
      uniqueKey: `exchange-latecomer:${exchangeId}:${userId}:${stamp}`,
    })),
    ...changed.map((userId) => ({
      kind: DRAWN_MAIL_JOB,
      payload: { exchangeId, userId, redraw: true, latecomers: true },
      uniqueKey: `exchange-latecomer-changed:${exchangeId}:${userId}:${stamp}`,
    })),
  ]);
}

export async function drawLatecomers(
  deps: Pick<TAppDeps, 'db'>,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
  options: { seed?: string } = {},
): Promise<{ placed: number; changedGivers: number }> {
  const access = await manageExchange(deps.db, identity, exchangeId);
  if (access.exchange.status === 'open')
    throw new AppError('CONFLICT', { message: 'The names have not been drawn yet: draw everyone at once' });
  if (access.exchange.status !== 'drawn' || todayIso() >= access.exchange.exchangeDate.toISOString().slice(0, 10))
    throw new AppError('CONFLICT', { message: 'The exchange date has come: the draw can no longer change' });
  return deps.db.$transaction(async (tx) => {
    if ((await lockExchange(tx, exchangeId)) !== 'drawn')
      throw new AppError('CONFLICT', { message: 'The draw just changed; reload to see it' });
    const row = await lockedRow(tx, exchangeId);
    const setup = await loadDrawSetup(tx, row);
    const pairs = await tx.exchangeAssignment.findMany({
      where: { exchangeId },
      select: { giverId: true, receiverId: true },
    });
    const existing = new Map(pairs.map((pair) => [pair.giverId, pair.receiverId]));
    const latecomers = setup.ids.filter((id) => !existing.has(id));
    if (latecomers.length === 0) throw new AppError('CONFLICT', { message: NO_LATECOMERS_MESSAGE });
    // Only rules about people in the draw (the stored draw may name no one else).
    const inDraw = new Set([...existing.keys(), ...latecomers]);
    const rules = (restrictions: Restriction[]) =>
      restrictions.filter((r) => inDraw.has(r.giver) && inDraw.has(r.receiver));
    const place = (restrictions: Restriction[]) =>
      placeLatecomers(existing, latecomers, rules(restrictions), {
        households,
        ...setup.options,
        ...(secret ? { spliceOnlyIfSure: { restrictions: visible } } : {}),
        ...(options.seed ? { seed: options.seed } : {}),
      });
    const households = setup.households.map((members) => members.filter((id) => inDraw.has(id)));
    const visible = rules(setup.restrictions.slice(0, setup.restrictions.length - setup.previousPairs));
    // When the draw is secret from the caller, whether the latecomers fit must not depend on it:
    // with restrictions tight enough that some draws would refuse a splice, none is tried
    // (docs/secrecy.md, section 1, rule 8). Judged on the rules the managers can see.
    const secret = !mayViewDraw(access);
    let result = place(setup.restrictions);
    // As for the draw: last time's pairs are avoided where possible, never at the cost of a refusal.
    if (!result.ok && setup.previousPairs > 0)
      result = place(setup.restrictions.slice(0, setup.restrictions.length - setup.previousPairs));
    if (!result.ok) {
      const tight = result.message === SPLICE_NOT_SURE;
      const message = tight ? LATECOMERS_TIGHT_MESSAGE : LATECOMERS_NO_FIT_MESSAGE;
      throw new AppError('BAD_REQUEST', {
        message,
        details: { reason: tight ? 'latecomer-restrictions' : 'no-local-repair', message },
      });
    }
    const changed = result.changedGivers;
    // Unique per recipient: the changed givers' old rows go first, then every new row is written.
    await tx.exchangeAssignment.deleteMany({ where: { exchangeId, giverId: { in: changed } } });
    await tx.exchangeAssignment.createMany({
      data: [...changed, ...latecomers].map((giverId) => ({
        exchangeId,
        giverId,
        receiverId: result.assignment.get(giverId)!,
      })),
    });
    // A changed giver's old thread must not reach their old recipient's new Santa.
    if (changed.length > 0) await tx.exchangeMessage.deleteMany({ where: { exchangeId, giverId: { in: changed } } });
    await recordEvent(tx, {
      exchangeId,
      actorId: access.caller.userId,
      kind: 'latecomers-drawn',
      details: { count: latecomers.length, changed: changed.length },
    });
    await queueLatecomerMails(tx, exchangeId, latecomers, changed);
    return { placed: latecomers.length, changedGivers: changed.length };
  }, TX_OPTIONS);
}

/** Who the disqualification rules would keep out if the draw ran now (applyDisqualifications' rules). */
async function wouldBeDisqualified(
  deps: Pick<TAppDeps, 'db'>,
  exchange: {
    id: string;
    signUpDate: Date | null;
    requireWishList: boolean;
    disqualifyLateResponders: boolean;
    organizerId: string;
  },
): Promise<{ count: number; ids: Set<string> }> {
  const passed = exchange.signUpDate !== null && exchange.signUpDate.toISOString().slice(0, 10) < todayIso();
  if (!passed || !exchange.requireWishList) return { count: 0, ids: new Set() };
  // Late responders are not in the draw either way (they have not accepted): only the wish-list rule
  // takes accepted people out.
  const rows = await deps.db.exchangeParticipant.findMany({
    where: {
      exchangeId: exchange.id,
      status: 'accepted',
      isDisqualified: false,
      wishlistId: null,
      userId: { not: exchange.organizerId },
    },
    select: { userId: true },
  });
  return { count: rows.length, ids: new Set(rows.map((row) => row.userId)) };
}

export async function practiceDraw(
  deps: Pick<TAppDeps, 'db'>,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
): Promise<TPracticeDraw> {
  const access = await manageExchange(deps.db, identity, exchangeId);
  if (access.exchange.status !== 'open')
    throw new AppError('CONFLICT', {
      message: 'The names have already been drawn: a practice draw is for before the draw',
    });
  const full = await loadDrawSetup(deps.db, access.exchange);
  const out = await wouldBeDisqualified(deps, access.exchange);
  const ids = full.ids.filter((id) => !out.ids.has(id));
  const keep = (r: Restriction) => !out.ids.has(r.giver) && !out.ids.has(r.receiver);
  const own = full.restrictions.slice(0, full.restrictions.length - full.previousPairs).filter(keep);
  const previous = full.restrictions.slice(full.restrictions.length - full.previousPairs).filter(keep);
  const setup = {
    ids,
    restrictions: [...own, ...previous],
    previousPairs: previous.length,
    households: full.households
      .map((members) => members.filter((id) => !out.ids.has(id)))
      .filter((members) => members.length > 1),
    options: full.options,
  };
  const counts = {
    participantCount: ids.length,
    // Last time's pairs are a secret: never counted here.
    restrictionCount: own.length,
    householdCount: setup.households.length,
    wouldBeDisqualified: out.count,
  };
  const refused = (error: AppError) => {
    const details = (error.details ?? {}) as { reason?: string; people?: string[] };
    return {
      possible: false,
      message: error.message,
      reason: details.reason ?? 'not-found',
      people: details.people ?? [],
      ...counts,
    };
  };
  if (ids.length < MIN_DRAW_SIZE) return refused(tooFewError(ids.length));
  const result = runDraw(setup, undefined);
  if (!result.ok) return refused(await refusal(deps.db, result));
  return { possible: true, message: 'Everyone can be drawn', reason: null, people: [], ...counts };
}
