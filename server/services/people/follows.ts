/**
 * Following (one-way), blocking, and the people lists built on them: followed, followers,
 * suggestions, blocked, and search. Lists are paged (limit/offset) and never show people who
 * blocked the viewer or whom the viewer blocked.
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import { pagingFor, type TPage, type TPagingQuery } from '../../contracts/paging';
import type { TListedPerson } from '../../contracts/people';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import type { Prisma } from '../../generated/prisma/client';
import {
  assertCanManage,
  assertCanSeePrivate,
  blockedEitherWay,
  PERSON_SELECT,
  publicRelation,
  relationsTo,
  requireMember,
  summarize,
  type TPersonRow,
} from './access';

async function listed(
  db: TDb,
  viewer: TVerifiedIdentity | null,
  people: (TPersonRow & { _count?: { parentAccounts: number } })[],
): Promise<TListedPerson[]> {
  const relations = await relationsTo(
    db,
    viewer,
    people.map((person) => person.id),
  );
  return people.map((person) => ({
    ...summarize(person, (person._count?.parentAccounts ?? 0) > 0),
    relation: publicRelation(relations.get(person.id)!),
  }));
}

const LISTED_SELECT = { ...PERSON_SELECT, _count: { select: { parentAccounts: true } } } as const;
type TListedRow = TPersonRow & { _count: { parentAccounts: number } };

async function hiddenFor(db: TDb, viewer: TVerifiedIdentity | null): Promise<string[]> {
  return viewer ? blockedEitherWay(db, viewer.userId) : [];
}

type TDirection = 'followed' | 'followers';

/** People `userId` follows ('followed') or who follow them ('followers'), newest first. */
async function listFollows(
  db: TDb,
  viewer: TVerifiedIdentity | null,
  userId: string,
  page: TPagingQuery,
  direction: TDirection,
): Promise<TPage<TListedPerson>> {
  await assertCanSeePrivate(db, viewer, userId);
  const hidden = await hiddenFor(db, viewer);
  const where: Prisma.FollowWhereInput =
    direction === 'followed'
      ? { followerId: userId, followedId: { notIn: hidden }, followed: { deletedAt: null } }
      : { followedId: userId, followerId: { notIn: hidden }, follower: { deletedAt: null } };
  const query = { where, skip: page.offset, take: page.limit } as const;
  const loadPeople = (): Promise<TListedRow[]> =>
    direction === 'followed'
      ? db.follow
          .findMany({
            ...query,
            orderBy: [{ createdAt: 'desc' }, { followedId: 'asc' }],
            select: { followed: { select: LISTED_SELECT } },
          })
          .then((rows) => rows.map((row) => row.followed))
      : db.follow
          .findMany({
            ...query,
            orderBy: [{ createdAt: 'desc' }, { followerId: 'asc' }],
            select: { follower: { select: LISTED_SELECT } },
          })
          .then((rows) => rows.map((row) => row.follower));
  const [total, people] = await Promise.all([db.follow.count({ where }), loadPeople()]);
  const items = await listed(db, viewer, people);
  return { items, paging: pagingFor(page, items.length, total) };
}

export const listFollowed = (db: TDb, viewer: TVerifiedIdentity | null, userId: string, page: TPagingQuery) =>
  listFollows(db, viewer, userId, page, 'followed');

export const listFollowers = (db: TDb, viewer: TVerifiedIdentity | null, userId: string, page: TPagingQuery) =>
  listFollows(db, viewer, userId, page, 'followers');

/** People the member blocked (spec: blocked follower users); only the member sees this list. */
export async function listBlocked(
  db: TDb,
  identity: TVerifiedIdentity | null,
  userId: string,
  page: TPagingQuery,
): Promise<TPage<TListedPerson>> {
  await assertCanManage(db, identity, userId);
  const where: Prisma.BlockWhereInput = { blockerId: userId, blocked: { deletedAt: null } };
  const [total, rows] = await Promise.all([
    db.block.count({ where }),
    db.block.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { blockedId: 'asc' }],
      skip: page.offset,
      take: page.limit,
      select: { blocked: { select: LISTED_SELECT } },
    }),
  ]);
  const items = await listed(
    db,
    identity,
    rows.map((row) => row.blocked),
  );
  return { items, paging: pagingFor(page, items.length, total) };
}

/**
 * Suggestions: people followed by the people the member follows (friends of friends), ranked by
 * how many of them do, then newest; never the member, people already followed, blocked either way,
 * child accounts or closed accounts. Groups and exchanges add their members when they land.
 */
export async function listSuggestions(db: TDb, identity: TVerifiedIdentity | null, userId: string, page: TPagingQuery) {
  await assertCanManage(db, identity, userId);
  const [followed, hidden] = await Promise.all([
    db.follow.findMany({ where: { followerId: userId }, select: { followedId: true } }),
    blockedEitherWay(db, userId),
  ]);
  const followedIds = followed.map((row) => row.followedId);
  const excluded = [userId, ...followedIds, ...hidden];
  if (followedIds.length === 0) return { items: [], paging: pagingFor(page, 0, 0) };
  const where: Prisma.FollowWhereInput = {
    followerId: { in: followedIds },
    followedId: { notIn: excluded },
    followed: { deletedAt: null, parentAccounts: { none: {} } },
  };
  const grouped = await db.follow.groupBy({
    by: ['followedId'],
    where,
    _count: { followerId: true },
    orderBy: [{ _count: { followerId: 'desc' } }, { followedId: 'asc' }],
  });
  const total = grouped.length;
  const slice = page.limit === 0 ? [] : grouped.slice(page.offset, page.offset + page.limit);
  const people = await db.user.findMany({
    where: { id: { in: slice.map((row) => row.followedId) } },
    select: LISTED_SELECT,
  });
  const byId = new Map(people.map((person) => [person.id, person]));
  const ordered = slice.map((row) => byId.get(row.followedId)).filter((person) => person !== undefined);
  const items = await listed(db, identity, ordered);
  const counts = new Map(slice.map((row) => [row.followedId, row._count.followerId]));
  return {
    items: items.map((item) => ({ ...item, mutualCount: counts.get(item.userId) ?? 0 })),
    paging: pagingFor(page, items.length, total),
  };
}

/** Finds members by name, username or exact e-mail; children and closed accounts are never found. */
export async function searchPeople(
  db: TDb,
  identity: TVerifiedIdentity | null,
  query: string,
  page: TPagingQuery,
): Promise<TPage<TListedPerson>> {
  const caller = requireMember(identity);
  const hidden = await blockedEitherWay(db, caller.userId);
  const words = query.split(/\s+/).filter(Boolean).slice(0, 3);
  const where: Prisma.UserWhereInput = {
    deletedAt: null,
    id: { notIn: [caller.userId, ...hidden] },
    parentAccounts: { none: {} },
    OR: [
      { email: query.toLowerCase() },
      { username: query },
      {
        AND: words.map((word) => ({
          OR: [{ firstName: { startsWith: word } }, { lastName: { startsWith: word } }, { name: { contains: word } }],
        })),
      },
    ],
  };
  const [total, people] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({
      where,
      orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }, { id: 'asc' }],
      skip: page.offset,
      take: page.limit,
      select: LISTED_SELECT,
    }),
  ]);
  const items = await listed(db, caller, people);
  return { items, paging: pagingFor(page, items.length, total) };
}

async function liveTarget(db: TDb, caller: TVerifiedIdentity, targetId: string): Promise<void> {
  if (targetId === caller.userId) throw new AppError('BAD_REQUEST', { message: 'You cannot do that to yourself' });
  const target = await db.user.findUnique({ where: { id: targetId }, select: { deletedAt: true } });
  if (!target || target.deletedAt) throw new AppError('NOT_FOUND');
}

/** Follows someone; idempotent. Blocked either way: 404, as if they did not exist. */
export async function follow(db: TDb, identity: TVerifiedIdentity | null, targetId: string): Promise<void> {
  const caller = requireMember(identity);
  await liveTarget(db, caller, targetId);
  const blocked = await db.block.findFirst({
    where: {
      OR: [
        { blockerId: targetId, blockedId: caller.userId },
        { blockerId: caller.userId, blockedId: targetId },
      ],
    },
  });
  if (blocked) throw new AppError('NOT_FOUND');
  // Decided by the primary key: a double click or a race makes one row, never an error.
  await db.follow.createMany({ data: [{ followerId: caller.userId, followedId: targetId }], skipDuplicates: true });
}

export async function unfollow(db: TDb, identity: TVerifiedIdentity | null, targetId: string): Promise<void> {
  const caller = requireMember(identity);
  await db.follow.deleteMany({ where: { followerId: caller.userId, followedId: targetId } });
}

/** Blocks someone: both follows end, and they can no longer follow or see the member. */
export async function block(db: TDb, identity: TVerifiedIdentity | null, targetId: string): Promise<void> {
  const caller = requireMember(identity);
  await liveTarget(db, caller, targetId);
  await db.$transaction([
    db.block.createMany({ data: [{ blockerId: caller.userId, blockedId: targetId }], skipDuplicates: true }),
    db.follow.deleteMany({
      where: {
        OR: [
          { followerId: caller.userId, followedId: targetId },
          { followerId: targetId, followedId: caller.userId },
        ],
      },
    }),
  ]);
}

export async function unblock(db: TDb, identity: TVerifiedIdentity | null, targetId: string): Promise<void> {
  const caller = requireMember(identity);
  await db.block.deleteMany({ where: { blockerId: caller.userId, blockedId: targetId } });
}
