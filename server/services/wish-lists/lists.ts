/** Wish lists: read (with the viewer's privacy), create, edit, make default, delete. */
import { randomUUID } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import {
  WISH_LISTS_PER_USER_MAX,
  type TWishListCreate,
  type TWishListDetail,
  type TWishListSummary,
  type TWishListUpdate,
  type TWishSort,
} from '../../contracts/wish-lists';
import { recordActivity } from '../activity/record';
import { queueWishListMail } from '../notifications/follow-mails';
import { noticeNewWishList, publishNotifications } from '../notifications/notify';
import { queryRows, type TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { Prisma } from '../../generated/prisma/client';
import {
  PERSON_SELECT,
  isPrivateColumn,
  personFromColumns,
  relationColumns,
  relationFromColumns,
  requireMember,
  type TPersonColumns,
  type TRelationColumns,
} from '../people/access';
import {
  accessToOwner,
  canEditListsOf,
  decideOwnerAccess,
  listPrivacyAllows,
  listToEdit,
  ownerSideCondition,
} from './access';
import { guestWishFromTotals, ownWish, wishListSummary, type TWishRow } from './shapes';

export const WISH_LIST_SELECT = {
  id: true,
  ownerId: true,
  title: true,
  description: true,
  privacy: true,
  exchangeId: true,
  eventDate: true,
  defaultOwnerId: true,
  createdAt: true,
  updatedAt: true,
  owner: { select: PERSON_SELECT },
  _count: { select: { wishes: true } },
} as const;

export const WISH_SELECT = {
  id: true,
  wishlistId: true,
  title: true,
  description: true,
  priceAmount: true,
  currency: true,
  merchant: true,
  quantity: true,
  url: true,
  imageUrl: true,
  priority: true,
  notes: true,
  productId: true,
  sortOrder: true,
  receivedAt: true,
  giversRevealedAt: true,
  createdAt: true,
} as const;

export const DEFAULT_LIST_TITLE = 'My wish list';

/** The lists of `ownerId` the viewer may see (all of them for the owner and their managers). */
export async function listWishLists(
  db: TDb,
  viewer: TVerifiedIdentity | null,
  ownerId: string,
): Promise<TWishListSummary[]> {
  const access = await accessToOwner(db, viewer, ownerId);
  const rows = await db.wishList.findMany({
    where: { ownerId },
    select: WISH_LIST_SELECT,
    orderBy: [{ defaultOwnerId: 'desc' }, { sortOrder: 'asc' }, { createdAt: 'asc' }],
  });
  const { canEdit } = access;
  const visible: TWishListSummary[] = [];
  for (const row of rows) {
    if (canEdit || (await listPrivacyAllows(db, viewer, row, access.relation)))
      visible.push(wishListSummary(row, canEdit));
  }
  return visible;
}

/** The signed-in member's own lists (/wish-lists). */
export async function listMyWishLists(db: TDb, identity: TVerifiedIdentity | null): Promise<TWishListSummary[]> {
  const caller = requireMember(identity);
  return listWishLists(db, caller, caller.userId);
}

function orderWishes<T extends TWishRow>(rows: T[], sort: TWishSort, direction?: 'asc' | 'desc'): T[] {
  const sign = (direction ?? (sort === 'price' || sort === 'custom' ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  const byCustom = (a: TWishRow, b: TWishRow) =>
    a.sortOrder - b.sortOrder || a.createdAt.getTime() - b.createdAt.getTime();
  const compare: Record<TWishSort, (a: TWishRow, b: TWishRow) => number> = {
    custom: (a, b) => sign * byCustom(a, b),
    priority: (a, b) => sign * (a.priority - b.priority) || byCustom(a, b),
    date: (a, b) => sign * (a.createdAt.getTime() - b.createdAt.getTime()) || byCustom(a, b),
    // Wishes without a price go last whichever way.
    price: (a, b) => {
      if (a.priceAmount === null || b.priceAmount === null)
        return a.priceAmount === null ? (b.priceAmount === null ? 0 : 1) : -1;
      return sign * (Number(a.priceAmount.toString()) - Number(b.priceAmount.toString())) || byCustom(a, b);
    },
  };
  return [...rows].sort(compare[sort]);
}

/** One list with its wishes: the owner's view has no claims; others see counts, never names. */
export async function getWishList(
  db: TDb,
  viewer: TVerifiedIdentity | null,
  input: { wishlistId: string; sort?: TWishSort; direction?: 'asc' | 'desc' },
): Promise<TWishListDetail> {
  // A hot read (measured by npm run bench:api): two queries side by side, one for the list with its
  // owner, the owner's privacy, the wish count, the viewer's relation to the owner and whether the
  // viewer is on the owner's side, one for the wishes with their claim totals; then the same access
  // decision as every list read. The totals are subqueries, not a GROUP BY (which made MariaDB walk
  // every wish by primary key: EXPLAIN).
  const viewerId = viewer?.userId ?? null;
  const [lists, wishRows] = await Promise.all([
    queryRows<TListDetailRow>(
      db,
      Prisma.sql`
      SELECT l.id, l.owner_id, l.title, l.description, l.privacy, l.exchange_id, l.event_date, l.default_owner_id,
             l.created_at, l.updated_at, u.name, u.first_name, u.last_name, u.picture_key, u.deleted_at, s.is_private,
             (SELECT COUNT(*) FROM wishes c WHERE c.wishlist_id = l.id) AS wish_count,
             ${relationColumns(viewer, Prisma.sql`l.owner_id`)},
             ${ownerSideCondition(viewer, Prisma.sql`l.owner_id`)} AS owner_side
      FROM wish_lists l JOIN users u ON u.id = l.owner_id LEFT JOIN user_settings s ON s.user_id = l.owner_id
      WHERE l.id = ${input.wishlistId}`,
      { prepared: true },
    ),
    queryRows<TWishTotalsRow>(
      db,
      Prisma.sql`
      SELECT w.id, w.wishlist_id, w.title, w.description, w.price_amount, w.currency, w.merchant, w.quantity, w.url,
             w.image_url, w.priority, w.notes, w.product_id, w.sort_order, w.received_at, w.givers_revealed_at, w.created_at,
             (SELECT COALESCE(SUM(c.quantity), 0) FROM wish_claims c WHERE c.wish_id = w.id) AS claimed,
             (SELECT COALESCE(SUM(m.quantity), 0) FROM wish_claims m WHERE m.wish_id = w.id AND m.claimer_id = ${viewerId}) AS mine
      FROM wishes w
      WHERE w.wishlist_id = ${input.wishlistId}`,
      { prepared: true },
    ),
  ]);
  const row = lists[0];
  if (!row) throw new AppError('NOT_FOUND');
  const relation = relationFromColumns(row, viewer, row.owner_id);
  const isPrivate = isPrivateColumn(row.is_private);
  const { view, canEdit } = await decideOwnerAccess(
    db,
    viewer,
    { id: row.owner_id, deletedAt: row.deleted_at, isPrivate },
    relation,
    Number(row.owner_side) > 0,
  );
  const listRow = { ownerId: row.owner_id, privacy: row.privacy, exchangeId: row.exchange_id };
  if (!canEdit && !(await listPrivacyAllows(db, viewer, listRow, relation))) throw new AppError('NOT_FOUND');
  const list = wishListSummary(
    {
      id: row.id,
      ...listRow,
      title: row.title,
      description: row.description,
      eventDate: row.event_date,
      defaultOwnerId: row.default_owner_id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      owner: personFromColumns({ ...row, id: row.owner_id }),
      _count: { wishes: Number(row.wish_count) },
    },
    canEdit,
  );
  const wishes = wishRows.map((wish) => ({
    row: {
      id: wish.id,
      wishlistId: wish.wishlist_id,
      title: wish.title,
      description: wish.description,
      priceAmount: wish.price_amount,
      currency: wish.currency,
      merchant: wish.merchant,
      quantity: Number(wish.quantity),
      url: wish.url,
      imageUrl: wish.image_url,
      priority: Number(wish.priority),
      notes: wish.notes,
      productId: wish.product_id,
      sortOrder: Number(wish.sort_order),
      receivedAt: wish.received_at,
      giversRevealedAt: wish.givers_revealed_at,
      createdAt: wish.created_at,
    },
    claimed: Number(wish.claimed),
    mine: Number(wish.mine),
  }));
  const ordered = orderWishes(
    wishes.map((wish) => wish.row),
    input.sort ?? 'custom',
    input.direction,
  );
  if (view === 'owner') return { view, list, wishes: ordered.map(ownWish) };
  const totals = new Map(wishes.map((wish) => [wish.row.id, wish]));
  return {
    view,
    list,
    wishes: ordered.map((wish) => guestWishFromTotals(wish, totals.get(wish.id)!.claimed, totals.get(wish.id)!.mine)),
  };
}

interface TListDetailRow extends TPersonColumns, TRelationColumns {
  owner_id: string;
  title: string;
  description: string | null;
  privacy: string;
  exchange_id: string | null;
  event_date: Date | null;
  default_owner_id: string | null;
  created_at: Date;
  updated_at: Date;
  is_private: number | boolean | null;
  wish_count: number | bigint;
  owner_side: number | bigint | boolean;
}

interface TWishTotalsRow {
  id: string;
  wishlist_id: string;
  title: string;
  description: string | null;
  price_amount: { toString(): string } | null;
  currency: string | null;
  merchant: string | null;
  quantity: number;
  url: string | null;
  image_url: string | null;
  priority: number;
  notes: string | null;
  product_id: string | null;
  sort_order: number;
  received_at: Date | null;
  givers_revealed_at: Date | null;
  created_at: Date;
  claimed: number | bigint | { toString(): string };
  mine: number | bigint | { toString(): string };
}

function toDate(value: string | null | undefined): Date | null | undefined {
  if (value === undefined) return undefined;
  return value === null ? null : new Date(`${value}T00:00:00Z`);
}

/** A lost race on the unique default index means another default was just set: tell the caller. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'P2002';
}

/**
 * A list kept for an exchange is for an exchange its owner takes part in (invited, accepted or
 * organizing): otherwise its only readers would be strangers.
 */
async function requireExchangeSeat(db: TDb, ownerId: string, exchangeId: string | null | undefined): Promise<void> {
  if (!exchangeId) return; // the schema already asks for it ('The value is required')
  const seat = await db.exchangeParticipant.findFirst({
    where: { exchangeId, userId: ownerId, status: { in: ['invited', 'accepted', 'organizing'] } },
    select: { userId: true },
  });
  if (!seat) {
    throw new AppError('VALIDATION', {
      fieldErrors: { exchangeId: 'Choose a gift exchange this list’s owner takes part in' },
    });
  }
}

export async function createWishList(
  deps: Pick<TAppDeps, 'db'> & Partial<Pick<TAppDeps, 'bus' | 'log'>>,
  identity: TVerifiedIdentity | null,
  input: TWishListCreate,
): Promise<TWishListSummary> {
  const { db } = deps;
  const caller = requireMember(identity);
  const ownerId = input.ownerId ?? caller.userId;
  if (!(await canEditListsOf(db, caller, ownerId))) throw new AppError('FORBIDDEN');
  const count = await db.wishList.count({ where: { ownerId } });
  if (count >= WISH_LISTS_PER_USER_MAX) {
    throw new AppError('CONFLICT', { message: `A member can keep at most ${WISH_LISTS_PER_USER_MAX} wish lists` });
  }
  if (input.privacy === 'exchange') await requireExchangeSeat(db, ownerId, input.exchangeId);
  const id = randomUUID();
  let notices: { userId: string; notificationId: string }[] = [];
  try {
    await db.$transaction(async (tx) => {
      // The first list is the default one; asking for a new default moves it.
      const makeDefault = input.isDefault === true || count === 0;
      if (makeDefault)
        await tx.wishList.updateMany({
          where: { ownerId, NOT: { defaultOwnerId: null } },
          data: { defaultOwnerId: null },
        });
      await tx.wishList.create({
        data: {
          id,
          ownerId,
          title: input.title,
          description: input.description ?? null,
          privacy: input.privacy,
          exchangeId: input.privacy === 'exchange' ? (input.exchangeId ?? null) : null,
          eventDate: toDate(input.eventDate) ?? null,
          defaultOwnerId: makeDefault ? ownerId : null,
          sortOrder: count,
        },
      });
      await recordActivity(tx, {
        actorId: ownerId,
        kind: 'wish-list-created',
        wishListId: id,
        // An exchange's list is news for that exchange's participants.
        exchangeId: input.privacy === 'exchange' ? (input.exchangeId ?? null) : null,
        payload: { title: input.title },
      });
      notices = await noticeNewWishList(tx, { ownerId, wishlistId: id, privacy: input.privacy });
      await queueWishListMail(tx, { ownerId, wishlistId: id, privacy: input.privacy });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', { message: 'Another default list was just chosen; please try again' });
    throw error;
  }
  // Followers' open pages hear of the new list once it is committed.
  if (deps.bus) await publishNotifications({ bus: deps.bus, log: deps.log }, notices);
  const row = await db.wishList.findUniqueOrThrow({ where: { id }, select: WISH_LIST_SELECT });
  return wishListSummary(row, true);
}

/** The caller's default list, created ("My wish list", public) when they have none. */
export async function ensureDefaultList(db: TDb, identity: TVerifiedIdentity, ownerId: string): Promise<string> {
  const existing = await db.wishList.findUnique({ where: { defaultOwnerId: ownerId }, select: { id: true } });
  if (existing) return existing.id;
  const first = await db.wishList.findFirst({
    where: { ownerId },
    orderBy: { sortOrder: 'asc' },
    select: { id: true },
  });
  if (first) return first.id;
  try {
    return (
      await createWishList({ db }, identity, { ownerId, title: DEFAULT_LIST_TITLE, privacy: 'public', isDefault: true })
    ).wishlistId;
  } catch (error) {
    // Two first wishes at once: the other request made the list.
    const made = await db.wishList.findUnique({ where: { defaultOwnerId: ownerId }, select: { id: true } });
    if (made) return made.id;
    throw error;
  }
}

export async function updateWishList(
  db: TDb,
  identity: TVerifiedIdentity | null,
  input: TWishListUpdate,
): Promise<TWishListSummary> {
  const list = await listToEdit(db, requireMember(identity), input.wishlistId);
  const privacy = input.privacy ?? list.privacy;
  if (privacy === 'exchange' && !(input.exchangeId ?? list.exchangeId)) {
    throw new AppError('VALIDATION', { fieldErrors: { exchangeId: 'The value is required' } });
  }
  if (privacy === 'exchange' && input.exchangeId) await requireExchangeSeat(db, list.ownerId, input.exchangeId);
  try {
    await db.$transaction(async (tx) => {
      if (input.isDefault) {
        await tx.wishList.updateMany({
          where: { ownerId: list.ownerId, NOT: { id: list.id, defaultOwnerId: null } },
          data: { defaultOwnerId: null },
        });
      }
      await tx.wishList.update({
        where: { id: list.id },
        data: {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.privacy !== undefined ? { privacy: input.privacy } : {}),
          ...(privacy === 'exchange'
            ? input.exchangeId !== undefined
              ? { exchangeId: input.exchangeId }
              : {}
            : { exchangeId: null }),
          ...(input.eventDate !== undefined ? { eventDate: toDate(input.eventDate) } : {}),
          ...(input.isDefault ? { defaultOwnerId: list.ownerId } : {}),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', { message: 'Another default list was just chosen; please try again' });
    throw error;
  }
  const row = await db.wishList.findUniqueOrThrow({ where: { id: list.id }, select: WISH_LIST_SELECT });
  return wishListSummary(row, true);
}

/** Deletes a list and its wishes (claims on them go too); the newest other list becomes the default. */
export async function deleteWishList(
  db: TDb,
  identity: TVerifiedIdentity | null,
  wishlistId: string,
): Promise<{ ok: true }> {
  const list = await listToEdit(db, requireMember(identity), wishlistId);
  await db.$transaction(async (tx) => {
    const wasDefault = await tx.wishList.findFirst({
      where: { id: list.id, NOT: { defaultOwnerId: null } },
      select: { id: true },
    });
    await tx.wishList.delete({ where: { id: list.id } });
    if (wasDefault) {
      const next = await tx.wishList.findFirst({
        where: { ownerId: list.ownerId },
        orderBy: { updatedAt: 'desc' },
        select: { id: true },
      });
      if (next) await tx.wishList.update({ where: { id: next.id }, data: { defaultOwnerId: list.ownerId } });
    }
  });
  return { ok: true };
}
