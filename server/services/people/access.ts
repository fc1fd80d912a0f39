/**
 * Who may see and change what about a person — the one place the people domain decides it.
 *
 * - Changing a person: the person themselves, or one of their family managers (parent accounts).
 *   Staff impersonating act as the member (the write guards audit or refuse them).
 * - Seeing a person: name and picture are public. Blocked people see nothing of the blocker (404).
 *   A private person's birthday, lists, activity and friends are visible only to themselves, their
 *   family managers, people they follow, and people who share a circle with them (a group or an
 *   exchange: `sharedCircleCounters`, which those domains extend as they land).
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import { deriveAuthFlags, displayName, shortDisplayName } from '../../contracts/identity';
import type { TPersonSummary, TRelation } from '../../contracts/people';
import { queryRows, type TDb } from '../../db/client';
import { AppError } from '../../errors';
import { Prisma } from '../../generated/prisma/client';

export interface TPersonRow {
  id: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  pictureKey: string | null;
  deletedAt: Date | null;
}

export const PERSON_SELECT = {
  id: true,
  name: true,
  firstName: true,
  lastName: true,
  pictureKey: true,
  deletedAt: true,
} as const;

/** A person's columns as raw SQL answers them (`SELECT u.id, u.name, u.first_name, …`). */
export interface TPersonColumns {
  id: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  picture_key: string | null;
  deleted_at: Date | null;
}

export function personFromColumns(row: TPersonColumns): TPersonRow {
  return personOf(row, row.deleted_at);
}

/** A person read by a query that only finds people who are not deleted (no `deleted_at` column). */
export function activePersonFromColumns(row: Omit<TPersonColumns, 'deleted_at'>): TPersonRow {
  return personOf(row, null);
}

function personOf(row: Omit<TPersonColumns, 'deleted_at'>, deletedAt: Date | null): TPersonRow {
  return {
    id: row.id,
    name: row.name,
    firstName: row.first_name,
    lastName: row.last_name,
    pictureKey: row.picture_key,
    deletedAt,
  };
}

/**
 * A person's privacy from `user_settings.is_private` read through a LEFT JOIN: no settings row yet
 * means private, the default of spec §3.
 */
export function isPrivateColumn(value: number | boolean | null): boolean {
  return value === null ? true : Boolean(value);
}

export const FORMER_MEMBER_NAME = 'Former member';

export function pictureUrlOf(person: Pick<TPersonRow, 'id' | 'pictureKey'>): string | null {
  return person.pictureKey ? `/v1/users/${person.id}/picture?v=${encodeURIComponent(person.pictureKey)}` : null;
}

export function summarize(person: TPersonRow, isChild = false): TPersonSummary {
  if (person.deletedAt) {
    return {
      userId: person.id,
      name: FORMER_MEMBER_NAME,
      displayName: FORMER_MEMBER_NAME,
      shortName: FORMER_MEMBER_NAME,
      pictureUrl: null,
      isChild: false,
    };
  }
  return {
    userId: person.id,
    name: person.name,
    displayName: displayName(person),
    shortName: shortDisplayName(person),
    pictureUrl: pictureUrlOf(person),
    isChild,
  };
}

/** Any known identity (a floater, partly signed in by an invitation link, included); else 401. */
export function requireKnown(identity: TVerifiedIdentity | null): TVerifiedIdentity {
  if (!identity) throw new AppError('UNAUTHENTICATED');
  return identity;
}

/** A fully signed-in member (ElfFullAuth); floaters and visitors get 401, as in the tRPC builders. */
export function requireMember(identity: TVerifiedIdentity | null): TVerifiedIdentity {
  if (!identity || !deriveAuthFlags(identity).isAuthenticated) throw new AppError('UNAUTHENTICATED');
  return identity;
}

/** Whether `identity` manages the (child) account `userId`, acting as themselves or switched into it. */
export async function managesChild(db: TDb, identity: TVerifiedIdentity, userId: string): Promise<boolean> {
  const managers = [identity.userId, identity.rootIdentity].filter((id): id is string => Boolean(id) && id !== userId);
  if (managers.length === 0) return false;
  const link = await db.parentAccount.findFirst({
    where: { childId: userId, parentId: { in: managers } },
    select: { parentId: true },
  });
  return Boolean(link);
}

export type TManageAs = 'self' | 'manager';

/**
 * Who may change this person: themselves ('self') or a family manager ('manager'); 401 for
 * visitors (and floaters, unless `floaters`: their address, settings and preferences), 404 for unknown or deleted accounts (410 for writes to a deleted one), else 403.
 */
export async function assertCanManage(
  db: TDb,
  identity: TVerifiedIdentity | null,
  userId: string,
  options: { allowDeleted?: boolean; floaters?: boolean } = {},
): Promise<{ identity: TVerifiedIdentity; as: TManageAs }> {
  const caller = options.floaters ? requireKnown(identity) : requireMember(identity);
  // Prepared, straight to the driver: the home page's suggestions check the member's own account with it.
  const [user] = await queryRows<{ id: string; deletedAt: Date | null }>(
    db,
    Prisma.sql`SELECT id, deleted_at AS deletedAt FROM users WHERE id = ${userId}`,
    { prepared: true },
  );
  const isSelf = caller.userId === userId;
  if (!user) throw new AppError(isSelf ? 'UNAUTHENTICATED' : 'NOT_FOUND');
  if (isSelf) {
    if (user.deletedAt && !options.allowDeleted) throw new AppError('GONE');
    return { identity: caller, as: 'self' };
  }
  if (!(await managesChild(db, caller, userId))) throw new AppError('FORBIDDEN');
  if (user.deletedAt && !options.allowDeleted) throw new AppError('GONE');
  return { identity: caller, as: 'manager' };
}

/**
 * Settings reserved to the family manager (privacy, deleting the account, who manages it): refused
 * whenever the caller acts as a child account (a manager switched into any child: that child's own
 * settings, and a sibling's, which managesChild would allow through the root identity), allowed
 * from the manager's own account.
 */
export async function assertNotActingAsChild(db: TDb, identity: TVerifiedIdentity): Promise<void> {
  const actingAsChild = await db.parentAccount.findFirst({
    where: { childId: identity.userId },
    select: { parentId: true },
  });
  if (actingAsChild) throw new AppError('FORBIDDEN', { message: 'Only a family manager can change this' });
}

export const CHILD_SIGN_IN_MESSAGE =
  'A child account signs in through its family manager: it cannot have its own password, e-mail or log-in';

/**
 * A managed child account (parent_accounts) signs in only through a family manager's switch: it
 * never gets its own password, e-mail or registered roles, whoever asks (the manager switched into
 * it included). Refused with 403.
 */
export async function assertNotChildAccount(db: TDb, userId: string): Promise<void> {
  const isChild = await db.parentAccount.findFirst({ where: { childId: userId }, select: { parentId: true } });
  if (isChild) throw new AppError('FORBIDDEN', { message: CHILD_SIGN_IN_MESSAGE });
}

/**
 * Circles beyond following that open a private profile: each counter answers how many circles
 * `viewerId` and `ownerId` share. Groups and exchanges register theirs when they land
 * (server/services/groups, server/services/exchanges), so privacy stays decided here.
 */
export type TSharedCircleCounter = (db: TDb, viewerId: string, ownerId: string) => Promise<number>;
export const sharedCircleCounters: TSharedCircleCounter[] = [];

export interface TViewerRelation extends TRelation {
  /** The person blocked the viewer: the viewer must not see them at all. */
  isBlockedBy: boolean;
}

const NO_RELATION: TViewerRelation = {
  isSelf: false,
  isFollowing: false,
  isFollowedBy: false,
  isBlocking: false,
  isManagedByMe: false,
  isBlockedBy: false,
};

/**
 * How the viewer relates to each of `ownerIds`, in one round trip: the five relations (following,
 * followed by, blocking, blocked by, managed) come back as tagged rows of one UNION ALL, so a
 * list of people costs one query however long it is (this sits on every people and wish-list read).
 */
export async function relationsTo(
  db: TDb,
  viewer: TVerifiedIdentity | null,
  ownerIds: readonly string[],
): Promise<Map<string, TViewerRelation>> {
  const result = new Map<string, TViewerRelation>();
  if (!viewer || ownerIds.length === 0) {
    for (const id of ownerIds) result.set(id, { ...NO_RELATION });
    return result;
  }
  const ids = [...new Set(ownerIds)];
  const managers = [viewer.userId, viewer.rootIdentity].filter((id): id is string => Boolean(id));
  const me = viewer.userId;
  const inIds = Prisma.join(ids);
  const rows = await queryRows<{ kind: string; id: string }>(
    db,
    Prisma.sql`
    SELECT 'following' AS kind, followed_id AS id FROM follows WHERE follower_id = ${me} AND followed_id IN (${inIds})
    UNION ALL
    SELECT 'followedBy', follower_id FROM follows WHERE followed_id = ${me} AND follower_id IN (${inIds})
    UNION ALL
    SELECT 'blocking', blocked_id FROM blocks WHERE blocker_id = ${me} AND blocked_id IN (${inIds})
    UNION ALL
    SELECT 'blockedBy', blocker_id FROM blocks WHERE blocked_id = ${me} AND blocker_id IN (${inIds})
    UNION ALL
    SELECT 'managed', child_id FROM parent_accounts WHERE parent_id IN (${Prisma.join(managers)}) AND child_id IN (${inIds})`,
  );
  for (const id of ids) result.set(id, { ...NO_RELATION, isSelf: id === me });
  const flag = {
    following: 'isFollowing',
    followedBy: 'isFollowedBy',
    blocking: 'isBlocking',
    blockedBy: 'isBlockedBy',
    managed: 'isManagedByMe',
  } as const;
  for (const row of rows) {
    const relation = result.get(row.id);
    const key = flag[row.kind as keyof typeof flag];
    if (relation && key) relation[key] = true;
  }
  return result;
}

/** The viewer's relation to the person in `owner` (a column such as `u.id`), as five 0/1 columns. */
export function relationColumns(viewer: TVerifiedIdentity | null, owner: Prisma.Sql): Prisma.Sql {
  if (!viewer) {
    return Prisma.sql`0 AS rel_following, 0 AS rel_followed_by, 0 AS rel_blocking, 0 AS rel_blocked_by, 0 AS rel_managed`;
  }
  const me = viewer.userId;
  const managers = [me, viewer.rootIdentity].filter((id): id is string => Boolean(id));
  return Prisma.sql`
    EXISTS (SELECT 1 FROM follows r1 WHERE r1.follower_id = ${me} AND r1.followed_id = ${owner}) AS rel_following,
    EXISTS (SELECT 1 FROM follows r2 WHERE r2.follower_id = ${owner} AND r2.followed_id = ${me}) AS rel_followed_by,
    EXISTS (SELECT 1 FROM blocks r3 WHERE r3.blocker_id = ${me} AND r3.blocked_id = ${owner}) AS rel_blocking,
    EXISTS (SELECT 1 FROM blocks r4 WHERE r4.blocker_id = ${owner} AND r4.blocked_id = ${me}) AS rel_blocked_by,
    EXISTS (SELECT 1 FROM parent_accounts r5 WHERE r5.child_id = ${owner} AND r5.parent_id IN (${Prisma.join(managers)})) AS rel_managed`;
}

export interface TRelationColumns {
  rel_following: number | bigint | boolean;
  rel_followed_by: number | bigint | boolean;
  rel_blocking: number | bigint | boolean;
  rel_blocked_by: number | bigint | boolean;
  rel_managed: number | bigint | boolean;
}

export function relationFromColumns(
  row: TRelationColumns,
  viewer: TVerifiedIdentity | null,
  ownerId: string,
): TViewerRelation {
  return {
    isSelf: viewer?.userId === ownerId,
    isFollowing: Number(row.rel_following) > 0,
    isFollowedBy: Number(row.rel_followed_by) > 0,
    isBlocking: Number(row.rel_blocking) > 0,
    isManagedByMe: Number(row.rel_managed) > 0,
    isBlockedBy: Number(row.rel_blocked_by) > 0,
  };
}

export function publicRelation(relation: TViewerRelation): TRelation {
  const { isBlockedBy: _hidden, ...rest } = relation;
  return rest;
}

/**
 * Whether the viewer may see a person's private parts (birthday, lists, activity, friends).
 * Public people show them to everyone but those they blocked.
 */
export async function canSeePrivate(
  db: TDb,
  viewer: TVerifiedIdentity | null,
  owner: { id: string; isPrivate: boolean },
  relation: TViewerRelation,
): Promise<boolean> {
  if (relation.isBlockedBy) return false;
  if (relation.isSelf || relation.isManagedByMe) return true;
  if (!owner.isPrivate) return true;
  if (!viewer) return false;
  // "People they follow": the owner follows the viewer.
  if (relation.isFollowedBy) return true;
  for (const count of sharedCircleCounters) {
    if ((await count(db, viewer.userId, owner.id)) > 0) return true;
  }
  return false;
}

/** A live (not deleted) person the viewer may at least know exists; 404 otherwise. */
export async function visiblePerson(db: TDb, viewer: TVerifiedIdentity | null, userId: string) {
  // The person, their privacy and the viewer's relation to them in one query (a hot path).
  const rows = await queryRows<TPersonColumns & TRelationColumns & { is_private: number | boolean | null }>(
    db,
    Prisma.sql`
      SELECT u.id, u.name, u.first_name, u.last_name, u.picture_key, u.deleted_at, s.is_private,
             ${relationColumns(viewer, Prisma.sql`u.id`)}
      FROM users u LEFT JOIN user_settings s ON s.user_id = u.id
      WHERE u.id = ${userId}`,
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND');
  const relation = relationFromColumns(row, viewer, userId);
  if (relation.isBlockedBy) throw new AppError('NOT_FOUND');
  return { person: personFromColumns(row), relation, isPrivate: isPrivateColumn(row.is_private) };
}

/** The viewer may see the private parts of `userId`, or 403 (404 when blocked or unknown). */
export async function assertCanSeePrivate(db: TDb, viewer: TVerifiedIdentity | null, userId: string): Promise<void> {
  const { person, relation, isPrivate } = await visiblePerson(db, viewer, userId);
  if (person.deletedAt) throw new AppError('NOT_FOUND');
  if (!(await canSeePrivate(db, viewer, { id: userId, isPrivate }, relation))) {
    throw new AppError(viewer ? 'FORBIDDEN' : 'UNAUTHENTICATED');
  }
}

/** Ids of people who blocked `viewerId` or whom they blocked: hidden from each other's lists. */
export async function blockedEitherWay(db: TDb, viewerId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    Prisma.sql`
    SELECT blocked_id AS id FROM blocks WHERE blocker_id = ${viewerId}
    UNION ALL
    SELECT blocker_id FROM blocks WHERE blocked_id = ${viewerId}`,
  );
  return rows.map((row) => row.id);
}
