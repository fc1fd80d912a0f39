/**
 * The exchange's wish list of each participant: one of their lists, or a new one kept for the
 * exchange's participants. Floaters (invited by e-mail, no password yet) may do this too, so it
 * writes lists and wishes itself rather than through the member-only wish-list services.
 */
import { randomUUID } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import { WISH_LISTS_PER_USER_MAX, WISHES_PER_LIST_MAX, type TWishListSummary } from '../../contracts/wish-lists';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { WISH_LIST_SELECT } from '../wish-lists/lists';
import { wishListSummary } from '../wish-lists/shapes';
import { accessExchange, type TExchangeAccess } from './access';

type TDeps = Pick<TAppDeps, 'db'>;

function requireTakingPart(access: TExchangeAccess): string {
  const seat = access.seat;
  if (!seat || seat.status === 'organizing' || seat.status === 'declined')
    throw new AppError('FORBIDDEN', { message: 'Only people taking part keep a wish list for the exchange' });
  return seat.userId;
}

export async function listWishListChoices(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
): Promise<TWishListSummary[]> {
  const access = await accessExchange(deps.db, identity, exchangeId);
  const rows = await deps.db.wishList.findMany({
    where: { ownerId: access.caller.userId },
    orderBy: { sortOrder: 'asc' },
    select: WISH_LIST_SELECT,
  });
  return rows.map((row) => wishListSummary(row, true));
}

export async function chooseExchangeWishList(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; wishlistId?: string; newListTitle?: string },
): Promise<TWishListSummary> {
  const access = await accessExchange(deps.db, identity, input.exchangeId);
  const userId = requireTakingPart(access);
  let wishlistId = input.wishlistId;
  if (wishlistId) {
    const list = await deps.db.wishList.findUnique({
      where: { id: wishlistId },
      select: { ownerId: true, privacy: true, exchangeId: true },
    });
    if (!list || list.ownerId !== userId) throw new AppError('NOT_FOUND');
    // The giver must be able to open it: everyone's lists, or one kept for this exchange.
    if (list.privacy !== 'public' && !(list.privacy === 'exchange' && list.exchangeId === input.exchangeId))
      throw new AppError('VALIDATION', {
        fieldErrors: {
          wishlistId: 'Your Secret Santa could not see this list: choose one everyone can see, or make a new one',
        },
      });
  } else {
    const count = await deps.db.wishList.count({ where: { ownerId: userId } });
    if (count >= WISH_LISTS_PER_USER_MAX)
      throw new AppError('CONFLICT', { message: `A member can keep at most ${WISH_LISTS_PER_USER_MAX} wish lists` });
    wishlistId = randomUUID();
    await deps.db.wishList.create({
      data: {
        id: wishlistId,
        ownerId: userId,
        title: input.newListTitle ?? access.exchange.title,
        privacy: 'exchange',
        exchangeId: input.exchangeId,
        eventDate: access.exchange.exchangeDate,
        sortOrder: count,
      },
    });
  }
  await deps.db.exchangeParticipant.update({
    where: { exchangeId_userId: { exchangeId: input.exchangeId, userId } },
    data: { wishlistId },
  });
  return wishListSummary(
    await deps.db.wishList.findUniqueOrThrow({ where: { id: wishlistId }, select: WISH_LIST_SELECT }),
    true,
  );
}

export async function addExchangeWish(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; title: string; url?: string | null; notes?: string | null },
): Promise<{ ok: true }> {
  const access = await accessExchange(deps.db, identity, input.exchangeId);
  const userId = requireTakingPart(access);
  const wishlistId = access.seat?.wishlistId;
  if (!wishlistId) throw new AppError('CONFLICT', { message: 'Choose or make your wish list for the exchange first' });
  await deps.db.$transaction(async (tx) => {
    const list = await tx.wishList.findUnique({ where: { id: wishlistId }, select: { ownerId: true } });
    if (!list || list.ownerId !== userId) throw new AppError('NOT_FOUND');
    const last = await tx.wish.aggregate({ where: { wishlistId }, _max: { sortOrder: true }, _count: true });
    if (last._count >= WISHES_PER_LIST_MAX)
      throw new AppError('CONFLICT', { message: `A list can hold at most ${WISHES_PER_LIST_MAX} wishes` });
    await tx.wish.create({
      data: {
        id: randomUUID(),
        wishlistId,
        title: input.title,
        url: input.url ?? null,
        notes: input.notes ?? null,
        sortOrder: (last._max.sortOrder ?? -1) + 1,
      },
    });
  });
  return { ok: true };
}
