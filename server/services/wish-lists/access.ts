/**
 * Who may see and change a wish list — the one place the wish-list domain decides it.
 *
 * - Changing: the owner, or one of their family managers.
 * - The owner's side (`ownerSideOf`): every session in which the owner could be reading gets the
 *   owner's view, which never carries claims, and may not claim the owner's wishes. That is a session
 *   whose signed-in person (the account acted as, the root account it switched from, or the staff
 *   member impersonating) is the owner, manages the owner (a family manager of a child), or could
 *   switch into the owner (a related account: same e-mail). So a parent switched into their child
 *   does not read the claims on the parent's own lists, nor a member through a related account.
 * - Seeing, for everyone else, two gates in turn:
 *   1. the person's own privacy (people/access.ts: blocked → 404, private → 403 unless they follow
 *      the viewer or share a circle);
 *   2. the list's privacy: public; followers (the viewer follows the owner); private (nobody);
 *      exchange (the participants of that exchange: `exchangeListViewers`, registered by the
 *      exchanges domain when it lands). A list hidden by its own privacy answers 404, so its
 *      existence does not leak.
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TWishListPrivacy } from '../../contracts/wish-lists';
import { queryRows, type TDb } from '../../db/client';
import { AppError } from '../../errors';
import { Prisma } from '../../generated/prisma/client';
import {
  canSeePrivate,
  isPrivateColumn,
  managesChild,
  relationsTo,
  visiblePerson,
  type TViewerRelation,
} from '../people/access';

/** Answers whether `viewerId` takes part in `exchangeId` (the exchanges domain registers it). */
export type TExchangeListViewer = (db: TDb, viewerId: string, exchangeId: string) => Promise<boolean>;
export const exchangeListViewers: TExchangeListViewer[] = [];

/** 'owner': the owner's view (no claims); 'guest': claimed and remaining quantities. */
export type TListView = 'owner' | 'guest';

/** The people a session speaks for: the account acted as, its root sign-in and an impersonating staff member. */
export function sessionPeople(actor: TVerifiedIdentity): string[] {
  const people = [actor.userId, actor.rootIdentity, actor.impersonatorUserId];
  return [...new Set(people.filter((id): id is string => Boolean(id)))];
}

/**
 * Which of `ownerIds` are on the actor's own side (see the header): their lists read as the owner's
 * view, and their wishes can't be claimed. One query whatever the number of owners. "Could switch
 * into" is the related-accounts rule of auth/switching.ts (`switchTargetsFor`: same e-mail, both
 * live) and its managed children; it does not ask whether this sign-in proved the address, since
 * hiding claims from someone who merely shares the address takes nothing from anyone.
 */
export async function ownerSideOf(
  db: TDb,
  actor: TVerifiedIdentity | null,
  ownerIds: readonly string[],
): Promise<Set<string>> {
  const side = new Set<string>();
  if (!actor || ownerIds.length === 0) return side;
  const people = sessionPeople(actor);
  const rest = [...new Set(ownerIds)].filter((id) => {
    if (people.includes(id)) side.add(id);
    return !people.includes(id);
  });
  if (rest.length === 0) return side;
  const rows = await queryRows<{ id: string }>(
    db,
    Prisma.sql`SELECT o.id FROM users o WHERE o.id IN (${Prisma.join(rest)}) AND ${ownerSideCondition(actor, Prisma.sql`o.id`)}`,
  );
  for (const row of rows) side.add(row.id);
  return side;
}

/**
 * `ownerSideOf` as an SQL condition on the person in `owner` (a column such as `l.owner_id`), for a
 * read that decides it in the same statement as the rest (a hot path: one round trip less).
 */
export function ownerSideCondition(actor: TVerifiedIdentity | null, owner: Prisma.Sql): Prisma.Sql {
  if (!actor) return Prisma.sql`FALSE`;
  const me = Prisma.join(sessionPeople(actor));
  return Prisma.sql`(
    ${owner} IN (${me})
    OR EXISTS (SELECT 1 FROM parent_accounts s1 WHERE s1.parent_id IN (${me}) AND s1.child_id = ${owner})
    OR EXISTS (SELECT 1 FROM users s2 JOIN users s3 ON s3.email_canonical = s2.email_canonical
               WHERE s2.id = ${owner} AND s3.id IN (${me}) AND s2.email_canonical IS NOT NULL
                 AND s2.deleted_at IS NULL AND s3.deleted_at IS NULL))`;
}

/** Whether `ownerId` is on the actor's own side: the one decision behind every claim read and write. */
export async function isOwnerSide(db: TDb, actor: TVerifiedIdentity | null, ownerId: string): Promise<boolean> {
  return (await ownerSideOf(db, actor, [ownerId])).has(ownerId);
}

export interface TListRow {
  id: string;
  ownerId: string;
  privacy: string;
  exchangeId: string | null;
}

/** Whether the viewer may edit the lists of `ownerId` (themselves or a family manager). */
export async function canEditListsOf(db: TDb, viewer: TVerifiedIdentity | null, ownerId: string): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.userId === ownerId) return true;
  return managesChild(db, viewer, ownerId);
}

/** A list's own privacy for a viewer who already passed the person's privacy. */
export async function listPrivacyAllows(
  db: TDb,
  viewer: TVerifiedIdentity | null,
  list: Pick<TListRow, 'privacy' | 'exchangeId'>,
  relation: TViewerRelation,
): Promise<boolean> {
  const privacy = list.privacy as TWishListPrivacy;
  if (privacy === 'public') return true;
  if (!viewer) return false;
  if (privacy === 'followers') return relation.isFollowing;
  if (privacy === 'exchange' && list.exchangeId) {
    for (const takesPart of exchangeListViewers) {
      if (await takesPart(db, viewer.userId, list.exchangeId)) return true;
    }
  }
  return false;
}

export interface TOwnerAccess {
  /** 'owner' for the owner's side (isOwnerSide), else 'guest'. */
  view: TListView;
  /** The owner or a family manager: may change the lists, and sees all of them whatever their privacy. */
  canEdit: boolean;
  relation: TViewerRelation;
}

/**
 * The viewer's access to the lists of `ownerId`: 404 for unknown, closed or blocking owners, 403
 * (401 for visitors) when the owner is private to them; else the view they get.
 */
export async function accessToOwner(db: TDb, viewer: TVerifiedIdentity | null, ownerId: string): Promise<TOwnerAccess> {
  // The owner, their privacy and the viewer's relation in one round trip (404 when unknown or blocking).
  const { person, relation, isPrivate } = await visiblePerson(db, viewer, ownerId);
  return decideOwnerAccess(db, viewer, { id: ownerId, deletedAt: person.deletedAt, isPrivate }, relation);
}

/** The decision of `accessToOwner` for an owner (and relation) already read. */
export async function decideOwnerAccess(
  db: TDb,
  viewer: TVerifiedIdentity | null,
  owner: { id: string; deletedAt: Date | null; isPrivate: boolean },
  relation: TViewerRelation,
  /** `ownerSideCondition` already read with the owner; else it is asked here. */
  ownerSide?: boolean,
): Promise<TOwnerAccess> {
  if (await mayEditOrRead(db, viewer, owner, relation)) return { view: 'owner', canEdit: true, relation };
  // Not an editor, but maybe the owner by another door (a switch, a related account): no claims.
  const side = ownerSide ?? (await isOwnerSide(db, viewer, owner.id));
  return { view: side ? 'owner' : 'guest', canEdit: false, relation };
}

/** True for an editor (owner, family manager), false for a reader; 404 / 403 / 401 when hidden. */
async function mayEditOrRead(
  db: TDb,
  viewer: TVerifiedIdentity | null,
  owner: { id: string; deletedAt: Date | null; isPrivate: boolean },
  relation: TViewerRelation,
): Promise<boolean> {
  if (owner.deletedAt || relation.isBlockedBy) throw new AppError('NOT_FOUND');
  if (relation.isSelf || relation.isManagedByMe) return true;
  if (!(await canSeePrivate(db, viewer, { id: owner.id, isPrivate: owner.isPrivate }, relation))) {
    throw new AppError(viewer ? 'FORBIDDEN' : 'UNAUTHENTICATED');
  }
  return false;
}

/** The list and the viewer's access to it; 404 when the list is unknown or hidden from them. */
export async function accessToList(
  db: TDb,
  viewer: TVerifiedIdentity | null,
  wishlistId: string,
): Promise<TOwnerAccess & { list: TListRow }> {
  const list = await db.wishList.findUnique({
    where: { id: wishlistId },
    select: { id: true, ownerId: true, privacy: true, exchangeId: true },
  });
  if (!list) throw new AppError('NOT_FOUND');
  return { ...(await accessToListRow(db, viewer, list)), list };
}

/** The viewer's access to a list already read; 404 when it is hidden from them. */
export async function accessToListRow(
  db: TDb,
  viewer: TVerifiedIdentity | null,
  list: Pick<TListRow, 'ownerId' | 'privacy' | 'exchangeId'>,
): Promise<TOwnerAccess> {
  const access = await accessToOwner(db, viewer, list.ownerId);
  if (!access.canEdit && !(await listPrivacyAllows(db, viewer, list, access.relation))) {
    throw new AppError('NOT_FOUND');
  }
  return access;
}

/** The list, for a change: the owner or a family manager; 404 when they can't even see it, else 403. */
export async function listToEdit(db: TDb, viewer: TVerifiedIdentity | null, wishlistId: string): Promise<TListRow> {
  if (!viewer) throw new AppError('UNAUTHENTICATED');
  const { canEdit, list } = await accessToList(db, viewer, wishlistId);
  if (!canEdit) throw new AppError('FORBIDDEN');
  return list;
}

/**
 * Which of `wishlistIds` the viewer may see now, decided as `accessToListRow` decides one list (an
 * unknown list, a closed or blocking owner, the person's privacy, then the list's own privacy), for
 * many lists at once: for reads that must drop what a block or a privacy change hid since (the
 * notifications about new lists). The lists with their owners' privacy come in one query and the
 * viewer's relations to the owners in one more; only a private owner who does not follow the viewer
 * (shared circles) or an exchange-only list costs a query of its own, once per owner or list.
 */
export async function visibleListIds(
  db: TDb,
  viewer: TVerifiedIdentity | null,
  wishlistIds: readonly string[],
): Promise<Set<string>> {
  const visible = new Set<string>();
  const ids = [...new Set(wishlistIds)];
  if (ids.length === 0) return visible;
  // One statement with its owner (Prisma's relation select sent three, one after another): the home
  // page's notifications check their lists with it on every load (npm run bench:api's home batch).
  const rows = await queryRows<{
    id: string;
    ownerId: string;
    privacy: TWishListPrivacy;
    exchangeId: string | null;
    deletedAt: Date | null;
    isPrivate: number | boolean | null;
  }>(
    db,
    Prisma.sql`
    SELECT l.id, l.owner_id AS ownerId, l.privacy, l.exchange_id AS exchangeId, u.deleted_at AS deletedAt,
           s.is_private AS isPrivate
    FROM wish_lists l JOIN users u ON u.id = l.owner_id LEFT JOIN user_settings s ON s.user_id = l.owner_id
    WHERE l.id IN (${Prisma.join(ids)})`,
  );
  const relations = await relationsTo(
    db,
    viewer,
    rows.map((list) => list.ownerId),
  );
  /** Per owner: 'edit' (sees every list), 'read' (the list's privacy decides) or null (hidden). */
  const owners = new Map<string, Promise<'edit' | 'read' | null>>();
  for (const list of rows) {
    const relation = relations.get(list.ownerId)!;
    let view = owners.get(list.ownerId);
    if (!view) {
      const owner = { id: list.ownerId, deletedAt: list.deletedAt, isPrivate: isPrivateColumn(list.isPrivate) };
      // Hidden (404, 403) reads as not visible; anything else (the database) is an error.
      // Visibility only: which view a reader would get does not matter here (no owner-side query).
      view = mayEditOrRead(db, viewer, owner, relation).then(
        (canEdit): 'edit' | 'read' => (canEdit ? 'edit' : 'read'),
        (error: unknown) => {
          if (error instanceof AppError) return null;
          throw error;
        },
      );
      owners.set(list.ownerId, view);
    }
    const seen = await view;
    if (seen === 'edit' || (seen === 'read' && (await listPrivacyAllows(db, viewer, list, relation))))
      visible.add(list.id);
  }
  return visible;
}
