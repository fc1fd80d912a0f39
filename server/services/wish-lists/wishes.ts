/** Wishes: add (by hand, from the shop or from an imported page), edit, move, reorder, delete, mark received. */
import { randomUUID } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import { WISHES_PER_LIST_MAX, type TOwnWish, type TWishCreate, type TWishUpdate } from '../../contracts/wish-lists';
import { recordActivity } from '../activity/record';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { requireMember } from '../people/access';
import { listToEdit } from './access';
import { ensureDefaultList, WISH_SELECT } from './lists';
import { ownWish } from './shapes';

/** The wish, for a change by the list's owner or their family manager. */
async function wishToEdit(db: TDb, identity: TVerifiedIdentity, wishId: string) {
  const wish = await db.wish.findUnique({ where: { id: wishId }, select: { id: true, wishlistId: true } });
  if (!wish) throw new AppError('NOT_FOUND');
  const list = await listToEdit(db, identity, wish.wishlistId);
  return { wish, list };
}

export async function createWish(db: TDb, identity: TVerifiedIdentity | null, input: TWishCreate): Promise<TOwnWish> {
  const caller = requireMember(identity);
  const wishlistId = input.wishlistId ?? (await ensureDefaultList(db, caller, caller.userId));
  await listToEdit(db, caller, wishlistId);
  const product = input.productId
    ? await db.product.findUnique({
        where: { id: input.productId },
        select: {
          id: true,
          description: true,
          priceAmount: true,
          currency: true,
          url: true,
          imageUrl: true,
          merchant: { select: { name: true } },
        },
      })
    : null;
  if (input.productId && !product)
    throw new AppError('VALIDATION', { fieldErrors: { productId: 'That product no longer exists' } });
  const id = randomUUID();
  await db.$transaction(async (tx) => {
    const last = await tx.wish.aggregate({ where: { wishlistId }, _max: { sortOrder: true }, _count: true });
    if (last._count >= WISHES_PER_LIST_MAX) {
      throw new AppError('CONFLICT', { message: `A list can hold at most ${WISHES_PER_LIST_MAX} wishes` });
    }
    await tx.wish.create({
      data: {
        id,
        wishlistId,
        title: input.title,
        description: input.description ?? product?.description ?? null,
        priceAmount: input.price?.amount ?? product?.priceAmount ?? null,
        currency: input.price?.currency ?? product?.currency ?? null,
        merchant: input.merchant ?? product?.merchant.name ?? null,
        quantity: input.quantity,
        url: input.url ?? product?.url ?? null,
        imageUrl: input.imageUrl ?? product?.imageUrl ?? null,
        priority: input.priority,
        notes: input.notes ?? null,
        productId: product?.id ?? null,
        sortOrder: (last._max.sortOrder ?? -1) + 1,
      },
    });
    const list = await tx.wishList.update({
      where: { id: wishlistId },
      data: { updatedAt: new Date() },
      select: { ownerId: true, title: true, privacy: true, exchangeId: true },
    });
    await recordActivity(tx, {
      actorId: list.ownerId,
      kind: 'wish-added',
      wishListId: wishlistId,
      exchangeId: list.privacy === 'exchange' ? list.exchangeId : null,
      payload: { wishTitle: input.title, listTitle: list.title },
    });
  });
  return ownWish(await db.wish.findUniqueOrThrow({ where: { id }, select: WISH_SELECT }));
}

/** One wish in the owner's view (the legacy wish edit screen). */
export async function getOwnWish(db: TDb, identity: TVerifiedIdentity | null, wishId: string): Promise<TOwnWish> {
  const { wish } = await wishToEdit(db, requireMember(identity), wishId);
  return ownWish(await db.wish.findUniqueOrThrow({ where: { id: wish.id }, select: WISH_SELECT }));
}

export async function updateWish(db: TDb, identity: TVerifiedIdentity | null, input: TWishUpdate): Promise<TOwnWish> {
  const caller = requireMember(identity);
  const { wish, list } = await wishToEdit(db, caller, input.wishId);
  if (input.wishlistId && input.wishlistId !== wish.wishlistId) {
    const target = await listToEdit(db, caller, input.wishlistId);
    if (target.ownerId !== list.ownerId)
      throw new AppError('FORBIDDEN', { message: 'A wish can only move between lists of one person' });
  }
  const moving = input.wishlistId && input.wishlistId !== wish.wishlistId;
  await db.$transaction(async (tx) => {
    const sortOrder = moving
      ? ((await tx.wish.aggregate({ where: { wishlistId: input.wishlistId }, _max: { sortOrder: true } }))._max
          .sortOrder ?? -1) + 1
      : undefined;
    await tx.wish.update({
      where: { id: wish.id },
      data: {
        ...(moving ? { wishlistId: input.wishlistId, sortOrder } : {}),
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.price !== undefined
          ? { priceAmount: input.price?.amount ?? null, currency: input.price?.currency ?? null }
          : {}),
        ...(input.merchant !== undefined ? { merchant: input.merchant } : {}),
        ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.imageUrl !== undefined ? { imageUrl: input.imageUrl } : {}),
        ...(input.priority !== undefined ? { priority: input.priority } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
      },
    });
  });
  return ownWish(await db.wish.findUniqueOrThrow({ where: { id: wish.id }, select: WISH_SELECT }));
}

export async function deleteWish(db: TDb, identity: TVerifiedIdentity | null, wishId: string): Promise<{ ok: true }> {
  const { wish } = await wishToEdit(db, requireMember(identity), wishId);
  await db.wish.delete({ where: { id: wish.id } });
  return { ok: true };
}

/** Drag-and-drop order: the client sends every wish of the list in its new order. */
export async function reorderWishes(
  db: TDb,
  identity: TVerifiedIdentity | null,
  input: { wishlistId: string; wishIds: string[] },
): Promise<{ ok: true }> {
  const list = await listToEdit(db, requireMember(identity), input.wishlistId);
  await db.$transaction(async (tx) => {
    const current = await tx.wish.findMany({ where: { wishlistId: list.id }, select: { id: true } });
    const ids = new Set(current.map((row) => row.id));
    const given = new Set(input.wishIds);
    if (given.size !== input.wishIds.length || given.size !== ids.size || [...given].some((id) => !ids.has(id))) {
      throw new AppError('CONFLICT', { message: 'The list changed meanwhile; reload it and try again' });
    }
    for (const [index, id] of input.wishIds.entries()) {
      await tx.wish.update({ where: { id }, data: { sortOrder: index } });
    }
  });
  return { ok: true };
}
