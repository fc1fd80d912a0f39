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
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';

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
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, deletedAt: true } });
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
 * when a manager is switched into the child and acts as it, allowed from the manager's own account.
 */
export async function assertNotActingAsChild(db: TDb, identity: TVerifiedIdentity, userId: string): Promise<void> {
  if (identity.userId !== userId) return;
  const isChild = await db.parentAccount.findFirst({ where: { childId: userId }, select: { parentId: true } });
  if (isChild) throw new AppError('FORBIDDEN', { message: 'Only a family manager can change this' });
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

/** How the viewer relates to each of `ownerIds`, in a fixed number of queries. */
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
  const [following, followedBy, blocking, blockedBy, managed] = await Promise.all([
    db.follow.findMany({ where: { followerId: viewer.userId, followedId: { in: ids } }, select: { followedId: true } }),
    db.follow.findMany({ where: { followedId: viewer.userId, followerId: { in: ids } }, select: { followerId: true } }),
    db.block.findMany({ where: { blockerId: viewer.userId, blockedId: { in: ids } }, select: { blockedId: true } }),
    db.block.findMany({ where: { blockedId: viewer.userId, blockerId: { in: ids } }, select: { blockerId: true } }),
    db.parentAccount.findMany({
      where: { parentId: { in: managers }, childId: { in: ids } },
      select: { childId: true },
    }),
  ]);
  const set = <T>(rows: T[], key: (row: T) => string): Set<string> => new Set(rows.map(key));
  const followingSet = set(following, (row) => row.followedId);
  const followedBySet = set(followedBy, (row) => row.followerId);
  const blockingSet = set(blocking, (row) => row.blockedId);
  const blockedBySet = set(blockedBy, (row) => row.blockerId);
  const managedSet = set(managed, (row) => row.childId);
  for (const id of ids) {
    result.set(id, {
      isSelf: id === viewer.userId,
      isFollowing: followingSet.has(id),
      isFollowedBy: followedBySet.has(id),
      isBlocking: blockingSet.has(id),
      isManagedByMe: managedSet.has(id),
      isBlockedBy: blockedBySet.has(id),
    });
  }
  return result;
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
  const person = await db.user.findUnique({
    where: { id: userId },
    select: { ...PERSON_SELECT, settings: { select: { isPrivate: true } } },
  });
  if (!person) throw new AppError('NOT_FOUND');
  const relation = (await relationsTo(db, viewer, [userId])).get(userId) ?? { ...NO_RELATION };
  if (relation.isBlockedBy) throw new AppError('NOT_FOUND');
  const isPrivate = person.settings?.isPrivate ?? true;
  return { person, relation, isPrivate };
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
  const [blocking, blockedBy] = await Promise.all([
    db.block.findMany({ where: { blockerId: viewerId }, select: { blockedId: true } }),
    db.block.findMany({ where: { blockedId: viewerId }, select: { blockerId: true } }),
  ]);
  return [...blocking.map((row) => row.blockedId), ...blockedBy.map((row) => row.blockerId)];
}
