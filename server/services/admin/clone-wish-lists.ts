/**
 * clonewishlists: copies lists and their wishes from one member to another (a family moving a
 * child's lists to their own account, a member starting over). New ids; the copies are never the
 * target's default list; a list kept for an exchange's participants becomes private (the target is
 * not in that exchange); who bought what (claims) and "received" marks stay with the originals.
 * One transaction with the audit row: all lists are copied, or none.
 */
import { randomUUID } from 'node:crypto';
import type { TAdminWishList, TCloneResult, TCloneWishListsInput } from '../../contracts/admin';
import type { TDb } from '../../db/client';
import { WISH_LISTS_PER_USER_MAX } from '../../contracts/wish-lists';
import { AppError } from '../../errors';
import { TX_OPTIONS } from '../exchanges/invitations';
import { loadAdminUser } from './find-users';
import { requireActing, writeStaffAudit, type TStaffActor } from './staff-access';

export async function listUserWishLists(db: TDb, input: { userId: string }): Promise<TAdminWishList[]> {
  await loadAdminUser(db, input.userId);
  const lists = await db.wishList.findMany({
    where: { ownerId: input.userId },
    select: {
      id: true,
      title: true,
      privacy: true,
      defaultOwnerId: true,
      exchangeId: true,
      _count: { select: { wishes: true } },
    },
    orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }],
  });
  return lists.map((list) => ({
    wishlistId: list.id,
    title: list.title,
    privacy: list.privacy,
    isDefault: list.defaultOwnerId !== null,
    wishCount: list._count.wishes,
    exchangeId: list.exchangeId,
  }));
}

export async function cloneWishLists(db: TDb, actor: TStaffActor, input: TCloneWishListsInput): Promise<TCloneResult> {
  requireActing(actor);
  const target = await loadAdminUser(db, input.toUserId);
  await loadAdminUser(db, input.fromUserId);
  if (target.deletedAt) throw new AppError('CONFLICT', { message: 'Lists cannot be copied to a closed account' });
  const wanted = [...new Set(input.wishlistIds)];
  return db.$transaction(async (tx) => {
    const lists = await tx.wishList.findMany({
      where: { id: { in: wanted }, ownerId: input.fromUserId },
      include: { wishes: { orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }] } },
      orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }],
    });
    if (lists.length !== wanted.length)
      throw new AppError('NOT_FOUND', { message: 'Some of these lists do not belong to the member copied from' });
    // The member's list limit holds for copies too (counted inside the transaction).
    const owned = await tx.wishList.count({ where: { ownerId: input.toUserId } });
    if (owned + lists.length > WISH_LISTS_PER_USER_MAX)
      throw new AppError('CONFLICT', {
        message: `A member can keep at most ${WISH_LISTS_PER_USER_MAX} wish lists: this would make ${owned + lists.length}`,
      });
    const last = await tx.wishList.aggregate({ where: { ownerId: input.toUserId }, _max: { sortOrder: true } });
    let sortOrder = (last._max.sortOrder ?? -1) + 1;
    const copies = lists.map((list) => ({ list, copyId: randomUUID() }));
    await tx.wishList.createMany({
      data: copies.map(({ list, copyId }) => ({
        id: copyId,
        ownerId: input.toUserId,
        title: list.title,
        description: list.description,
        privacy: list.privacy === 'exchange' ? 'private' : list.privacy,
        exchangeId: null,
        eventDate: list.eventDate,
        defaultOwnerId: null,
        sortOrder: sortOrder++,
      })),
    });
    const wishes = copies.flatMap(({ list, copyId }) =>
      list.wishes.map((wish) => ({
        id: randomUUID(),
        wishlistId: copyId,
        title: wish.title,
        description: wish.description,
        priceAmount: wish.priceAmount,
        currency: wish.currency,
        merchant: wish.merchant,
        quantity: wish.quantity,
        url: wish.url,
        imageUrl: wish.imageUrl,
        priority: wish.priority,
        notes: wish.notes,
        productId: wish.productId,
        sortOrder: wish.sortOrder,
      })),
    );
    if (wishes.length > 0) await tx.wish.createMany({ data: wishes });
    await writeStaffAudit(tx, actor, {
      action: 'admin.clone-wish-lists',
      subjectUserId: input.toUserId,
      reason: input.reason,
      details: {
        fromUserId: input.fromUserId,
        toUserId: input.toUserId,
        originals: copies.map(({ list }) => list.id),
        copies: copies.map(({ copyId }) => copyId),
        wishes: wishes.length,
      },
    });
    return { lists: copies.length, wishes: wishes.length, wishlistIds: copies.map(({ copyId }) => copyId) };
  }, TX_OPTIONS);
}
