/**
 * Draw restrictions: who may not draw whom (one way or both ways) and households (nobody draws
 * inside their own). Managers see and set everyone's; a participant sees only their own row.
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TDrawRestrictedUser } from '../../contracts/exchanges';
import { pagingFor, type TPage, type TPagingQuery } from '../../contracts/paging';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { PERSON_SELECT, summarize } from '../people/access';
import { accessExchange, findSeat, manageExchange, requireOpen } from './access';
import { recordEvent } from './events';

type TDeps = Pick<TAppDeps, 'db'>;

export async function listRestrictions(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
  query: TPagingQuery,
): Promise<TPage<TDrawRestrictedUser>> {
  const access = await accessExchange(deps.db, identity, exchangeId);
  const where = {
    exchangeId,
    status: { notIn: ['declined', 'organizing'] },
    ...(access.isManager ? {} : { userId: access.caller.userId }),
  };
  const [seats, total] = await Promise.all([
    deps.db.exchangeParticipant.findMany({
      where,
      select: { userId: true, household: true, user: { select: PERSON_SELECT } },
      orderBy: [{ user: { name: 'asc' } }, { userId: 'asc' }],
      skip: query.offset,
      take: query.limit,
    }),
    deps.db.exchangeParticipant.count({ where }),
  ]);
  const rows = await deps.db.exchangeRestriction.findMany({
    where: { exchangeId, giverId: { in: seats.map((seat) => seat.userId) } },
    select: { giverId: true, receiverId: true },
  });
  return {
    items: seats.map((seat) => ({
      person: summarize(seat.user),
      household: seat.household,
      cannotDraw: rows.filter((row) => row.giverId === seat.userId).map((row) => row.receiverId),
    })),
    paging: pagingFor(query, seats.length, total),
  };
}

export async function setRestrictions(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; userId: string; cannotDraw: string[]; bothWays: boolean },
): Promise<{ ok: true }> {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  requireOpen(access, 'Restrictions can only change before the names are drawn');
  const seat = await findSeat(deps.db, input.exchangeId, input.userId);
  if (!seat) throw new AppError('NOT_FOUND');
  const others = [...new Set(input.cannotDraw)].filter((id) => id !== input.userId);
  const known = await deps.db.exchangeParticipant.count({
    where: { exchangeId: input.exchangeId, userId: { in: others } },
  });
  if (known !== others.length)
    throw new AppError('VALIDATION', { fieldErrors: { cannotDraw: 'Choose people of this exchange' } });
  const person = await deps.db.user.findUniqueOrThrow({ where: { id: input.userId }, select: PERSON_SELECT });
  await deps.db.$transaction(async (tx) => {
    // Replaces this person's list. Both ways, the people taken off it may draw them again too;
    // restrictions other people set on them stay.
    const before = await tx.exchangeRestriction.findMany({
      where: { exchangeId: input.exchangeId, giverId: input.userId },
      select: { receiverId: true },
    });
    const takenOff = before.map((row) => row.receiverId).filter((id) => !others.includes(id));
    await tx.exchangeRestriction.deleteMany({ where: { exchangeId: input.exchangeId, giverId: input.userId } });
    if (input.bothWays && takenOff.length > 0)
      await tx.exchangeRestriction.deleteMany({
        where: { exchangeId: input.exchangeId, giverId: { in: takenOff }, receiverId: input.userId },
      });
    const pairs = others.flatMap((other) =>
      input.bothWays
        ? [
            { giverId: input.userId, receiverId: other },
            { giverId: other, receiverId: input.userId },
          ]
        : [{ giverId: input.userId, receiverId: other }],
    );
    await tx.exchangeRestriction.createMany({
      data: pairs.map((pair) => ({ exchangeId: input.exchangeId, ...pair })),
      skipDuplicates: true,
    });
    await recordEvent(tx, {
      exchangeId: input.exchangeId,
      actorId: access.caller.userId,
      kind: 'restrictions-changed',
      details: { name: summarize(person).displayName },
    });
  });
  return { ok: true };
}

export async function setHousehold(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; userId: string; household?: string | null },
): Promise<{ ok: true }> {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  requireOpen(access, 'Households can only change before the names are drawn');
  const updated = await deps.db.exchangeParticipant.updateMany({
    where: { exchangeId: input.exchangeId, userId: input.userId },
    data: { household: input.household ?? null },
  });
  if (updated.count === 0) throw new AppError('NOT_FOUND');
  return { ok: true };
}
