/**
 * Claims: others mark (part of) a wish as bought. Group gifting: several people each take a share
 * of the quantity. The owner never learns of a claim until they mark the gift received.
 *
 * A claim sets the caller's share (it is not added to it), so a double submit changes nothing. The
 * last unit is decided by the database: the wish row is locked (SELECT … FOR UPDATE) before the
 * others' shares are summed, so two people claiming it at once are served one after the other.
 */
import { randomUUID } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TPurchase, TReceivedGift, TWish } from '../../contracts/wish-lists';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { assertCanManage, PERSON_SELECT, requireKnown, summarize } from '../people/access';
import { accessToList } from './access';
import { WISH_SELECT } from './lists';
import { guestWish, priceOf } from './shapes';

async function wishToClaim(db: TDb, identity: TVerifiedIdentity, wishId: string) {
  const wish = await db.wish.findUnique({ where: { id: wishId }, select: { id: true, wishlistId: true } });
  if (!wish) throw new AppError('NOT_FOUND');
  const { view } = await accessToList(db, identity, wish.wishlistId);
  // The owner (and their managers, who see the owner's view) can't claim: they'd learn of claims.
  if (view === 'owner') throw new AppError('FORBIDDEN', { message: 'You cannot mark your own wish as bought' });
  return wish;
}

async function guestView(db: TDb, wishId: string, viewerId: string): Promise<TWish> {
  const row = await db.wish.findUniqueOrThrow({
    where: { id: wishId },
    select: { ...WISH_SELECT, claims: { select: { claimerId: true, quantity: true } } },
  });
  return guestWish(row, row.claims, viewerId);
}

export async function claimWish(
  db: TDb,
  identity: TVerifiedIdentity | null,
  input: { wishId: string; quantity: number },
): Promise<TWish> {
  const caller = requireKnown(identity);
  const wish = await wishToClaim(db, caller, input.wishId);
  await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ quantity: number; received_at: Date | null }[]>`
      SELECT quantity, received_at FROM wishes WHERE id = ${wish.id} FOR UPDATE`;
    if (!locked) throw new AppError('NOT_FOUND');
    if (locked.received_at) throw new AppError('CONFLICT', { message: 'This gift was already received' });
    const others = await tx.wishClaim.aggregate({
      where: { wishId: wish.id, NOT: { claimerId: caller.userId } },
      _sum: { quantity: true },
    });
    const remaining = Number(locked.quantity) - (others._sum.quantity ?? 0);
    if (input.quantity > remaining) {
      throw new AppError('CONFLICT', {
        message: remaining > 0 ? `Only ${remaining} still wanted` : 'Someone else already bought the last one',
        details: { remainingQuantity: Math.max(0, remaining) },
      });
    }
    await tx.wishClaim.upsert({
      where: { wishId_claimerId: { wishId: wish.id, claimerId: caller.userId } },
      create: { id: randomUUID(), wishId: wish.id, claimerId: caller.userId, quantity: input.quantity },
      update: { quantity: input.quantity },
    });
  });
  return guestView(db, wish.id, caller.userId);
}

/** Takes back the caller's claim (not once the gift was received). */
export async function unclaimWish(db: TDb, identity: TVerifiedIdentity | null, wishId: string): Promise<TWish> {
  const caller = requireKnown(identity);
  const wish = await wishToClaim(db, caller, wishId);
  const received = await db.wish.findFirst({ where: { id: wish.id, NOT: { receivedAt: null } }, select: { id: true } });
  if (received) throw new AppError('CONFLICT', { message: 'This gift was already received' });
  await db.wishClaim.deleteMany({ where: { wishId: wish.id, claimerId: caller.userId } });
  return guestView(db, wish.id, caller.userId);
}

/** What `userId` bought and for whom (themselves or their family manager only). */
export async function listPurchases(db: TDb, identity: TVerifiedIdentity | null, userId: string): Promise<TPurchase[]> {
  await assertCanManage(db, identity, userId, { floaters: true });
  const rows = await db.wishClaim.findMany({
    where: { claimerId: userId },
    orderBy: { createdAt: 'desc' },
    take: 500,
    select: {
      id: true,
      quantity: true,
      createdAt: true,
      wish: {
        select: {
          id: true,
          title: true,
          priceAmount: true,
          currency: true,
          imageUrl: true,
          url: true,
          wishlistId: true,
          receivedAt: true,
          wishList: { select: { owner: { select: PERSON_SELECT } } },
        },
      },
    },
  });
  return rows.map((row) => ({
    claimId: row.id,
    quantity: row.quantity,
    claimedAt: row.createdAt.toISOString(),
    wish: {
      wishId: row.wish.id,
      title: row.wish.title,
      price: priceOf(row.wish.priceAmount, row.wish.currency),
      imageUrl: row.wish.imageUrl,
      url: row.wish.url,
      wishlistId: row.wish.wishlistId,
      isReceived: row.wish.receivedAt !== null,
    },
    recipient: summarize(row.wish.wishList.owner),
  }));
}

/** What `userId` marked received, with who gave it (themselves or their family manager only). */
export async function listGiftsReceived(
  db: TDb,
  identity: TVerifiedIdentity | null,
  userId: string,
): Promise<TReceivedGift[]> {
  await assertCanManage(db, identity, userId);
  const rows = await db.wish.findMany({
    where: { wishList: { ownerId: userId }, NOT: { receivedAt: null } },
    orderBy: { receivedAt: 'desc' },
    take: 500,
    select: {
      id: true,
      wishlistId: true,
      title: true,
      priceAmount: true,
      currency: true,
      imageUrl: true,
      receivedAt: true,
      claims: { select: { quantity: true, claimer: { select: PERSON_SELECT } }, orderBy: { createdAt: 'asc' } },
    },
  });
  return rows.map((row) => ({
    wishId: row.id,
    wishlistId: row.wishlistId,
    title: row.title,
    price: priceOf(row.priceAmount, row.currency),
    imageUrl: row.imageUrl,
    receivedAt: row.receivedAt!.toISOString(),
    givers: row.claims.map((claim) => ({ person: summarize(claim.claimer), quantity: claim.quantity })),
  }));
}
