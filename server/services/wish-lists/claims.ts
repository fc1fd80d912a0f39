/**
 * Claims: others mark (part of) a wish as bought. Group gifting: several people each take a share
 * of the quantity. The owner's side (access.ts `isOwnerSide`: the owner, their family managers,
 * whoever is switched in from or could switch into the owner's account) never learns of a claim
 * until the gift is marked received, and can't claim the owner's wishes. Marking received reveals
 * the givers for good (received.ts): a revealed claim can no longer be changed or taken back.
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
import { accessToList, ownerSideOf } from './access';
import { WISH_SELECT } from './lists';
import { guestWish, priceOf } from './shapes';

export const OWN_WISH_CLAIM_MESSAGE =
  'You cannot mark this wish as bought: it is on your own list, or on the list of an account you manage or can switch into';
export const REVEALED_CLAIM_MESSAGE = 'The owner already knows you gave this gift, so your share can no longer change';

async function wishToClaim(db: TDb, identity: TVerifiedIdentity, wishId: string) {
  const wish = await db.wish.findUnique({ where: { id: wishId }, select: { id: true, wishlistId: true } });
  if (!wish) throw new AppError('NOT_FOUND');
  const { view } = await accessToList(db, identity, wish.wishlistId);
  // The owner's side (which sees the owner's view) can't claim: they'd learn of others' claims.
  if (view === 'owner') throw new AppError('FORBIDDEN', { message: OWN_WISH_CLAIM_MESSAGE });
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
    const own = await tx.wishClaim.findUnique({
      where: { wishId_claimerId: { wishId: wish.id, claimerId: caller.userId } },
      select: { quantity: true, revealedAt: true },
    });
    if (own?.revealedAt) {
      if (own.quantity === input.quantity) return;
      throw new AppError('CONFLICT', { message: REVEALED_CLAIM_MESSAGE });
    }
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

/** Takes back the caller's claim (not once the gift was received, nor once it was revealed). */
export async function unclaimWish(db: TDb, identity: TVerifiedIdentity | null, wishId: string): Promise<TWish> {
  const caller = requireKnown(identity);
  const wish = await wishToClaim(db, caller, wishId);
  await db.$transaction(async (tx) => {
    // The same lock as claiming and marking received: served one after the other.
    const [locked] = await tx.$queryRaw<{ received_at: Date | null }[]>`
      SELECT received_at FROM wishes WHERE id = ${wish.id} FOR UPDATE`;
    if (!locked) throw new AppError('NOT_FOUND');
    if (locked.received_at) throw new AppError('CONFLICT', { message: 'This gift was already received' });
    const own = await tx.wishClaim.findUnique({
      where: { wishId_claimerId: { wishId: wish.id, claimerId: caller.userId } },
      select: { revealedAt: true },
    });
    if (own?.revealedAt) throw new AppError('CONFLICT', { message: REVEALED_CLAIM_MESSAGE });
    await tx.wishClaim.deleteMany({ where: { wishId: wish.id, claimerId: caller.userId } });
  });
  return guestView(db, wish.id, caller.userId);
}

/**
 * What `userId` bought and for whom (themselves or their family manager only), leaving out what
 * they bought for the reading session's own side: a parent reading their child's purchases does
 * not learn what the child (another manager, switched in) bought them.
 */
export async function listPurchases(db: TDb, identity: TVerifiedIdentity | null, userId: string): Promise<TPurchase[]> {
  const { identity: caller } = await assertCanManage(db, identity, userId, { floaters: true });
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
  const ownSide = await ownerSideOf(
    db,
    caller,
    rows.map((row) => row.wish.wishList.owner.id),
  );
  return rows
    .filter((row) => !ownSide.has(row.wish.wishList.owner.id))
    .map((row) => ({
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

/**
 * The gifts of `userId` whose givers were revealed (marked received, perhaps un-marked since),
 * with the givers that marking showed (themselves or their family manager only). A claim made
 * after an un-marking is not among them until the gift is marked received again.
 */
export async function listGiftsReceived(
  db: TDb,
  identity: TVerifiedIdentity | null,
  userId: string,
): Promise<TReceivedGift[]> {
  await assertCanManage(db, identity, userId);
  const rows = await db.wish.findMany({
    where: { wishList: { ownerId: userId }, NOT: { giversRevealedAt: null } },
    orderBy: [{ giversRevealedAt: 'desc' }, { id: 'asc' }],
    take: 500,
    select: {
      id: true,
      wishlistId: true,
      title: true,
      priceAmount: true,
      currency: true,
      imageUrl: true,
      receivedAt: true,
      giversRevealedAt: true,
      claims: {
        where: { NOT: { revealedAt: null } },
        select: { quantity: true, claimer: { select: PERSON_SELECT } },
        orderBy: { createdAt: 'asc' },
      },
    },
  });
  return rows.map((row) => ({
    wishId: row.id,
    wishlistId: row.wishlistId,
    title: row.title,
    price: priceOf(row.priceAmount, row.currency),
    imageUrl: row.imageUrl,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    giversRevealedAt: row.giversRevealedAt!.toISOString(),
    givers: row.claims.map((claim) => ({ person: summarize(claim.claimer), quantity: claim.quantity })),
  }));
}
