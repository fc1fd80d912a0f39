/**
 * Following (one-way), blocking, and the people lists built on them: followed, followers,
 * suggestions, blocked, and search. Lists are paged (limit/offset) and never show people who
 * blocked the viewer or whom the viewer blocked.
 */
import { canonicalEmail } from '../../contracts/email-identity';
import type { TVerifiedIdentity } from '../../auth/tokens';
import { pagingFor, type TPage, type TPagingQuery } from '../../contracts/paging';
import type { TListedPerson } from '../../contracts/people';
import { queryRows, type TDb } from '../../db/client';
import { retryOnDeadlock } from '../../db/retry';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { noticeNewFollower } from '../notifications/follow-mails';
import { Prisma } from '../../generated/prisma/client';
import {
  assertCanManage,
  assertCanSeePrivate,
  blockedEitherWay,
  PERSON_SELECT,
  activePersonFromColumns,
  publicRelation,
  relationColumns,
  relationFromColumns,
  relationsTo,
  requireMember,
  summarize,
  type TPersonRow,
  type TRelationColumns,
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
  // Object.assign, not `{ ...summary, relation }`: V8 (Node 20) builds an object spread followed by
  // more properties many times slower than either alone, and lists build one per person.
  return people.map((person) =>
    Object.assign(summarize(person, (person._count?.parentAccounts ?? 0) > 0), {
      relation: publicRelation(relations.get(person.id)!),
    }),
  );
}

const LISTED_SELECT = { ...PERSON_SELECT, _count: { select: { parentAccounts: true } } } as const;

type TDirection = 'followed' | 'followers';

interface TFollowRow {
  id: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  picture_key: string | null;
  is_child: bigint | number;
  following: bigint | number;
  followed_by: bigint | number;
  managed: bigint | number;
}

/**
 * People `userId` follows ('followed') or who follow them ('followers'), newest first. A hot read
 * (REST followed-users, the friends screens): the page comes with the viewer's relation to each
 * person in one query, its count and the privacy check in two more run alongside (measured by npm
 * run bench:api).
 */
async function listFollows(
  db: TDb,
  viewer: TVerifiedIdentity | null,
  userId: string,
  page: TPagingQuery,
  direction: TDirection,
): Promise<TPage<TListedPerson>> {
  const [person, owner] =
    direction === 'followed'
      ? [Prisma.raw('f.followed_id'), Prisma.raw('f.follower_id')]
      : [Prisma.raw('f.follower_id'), Prisma.raw('f.followed_id')];
  const me = viewer?.userId ?? null;
  // People who blocked the viewer or whom the viewer blocked are hidden from the list.
  const hidden = me
    ? // Two lookups by primary key (an OR of both directions made MariaDB scan the blocks index).
      Prisma.sql`AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${me} AND b.blocked_id = u.id)
                 AND NOT EXISTS (SELECT 1 FROM blocks b2 WHERE b2.blocker_id = u.id AND b2.blocked_id = ${me})`
    : Prisma.empty;
  const from = Prisma.sql`FROM follows f JOIN users u ON u.id = ${person} AND u.deleted_at IS NULL
    WHERE ${owner} = ${userId} ${hidden}`;
  const managers = [me, viewer?.rootIdentity].filter((id): id is string => Boolean(id));
  const relation = me
    ? Prisma.sql`EXISTS (SELECT 1 FROM follows g WHERE g.follower_id = ${me} AND g.followed_id = u.id) AS following,
        EXISTS (SELECT 1 FROM follows g WHERE g.follower_id = u.id AND g.followed_id = ${me}) AS followed_by,
        EXISTS (SELECT 1 FROM parent_accounts m WHERE m.child_id = u.id AND m.parent_id IN (${Prisma.join(managers)})) AS managed`
    : Prisma.sql`0 AS following, 0 AS followed_by, 0 AS managed`;
  // The privacy check runs alongside the page (one round trip instead of two); when it refuses,
  // the page read with it is dropped unseen.
  const [, counted, rows] = await Promise.all([
    assertCanSeePrivate(db, viewer, userId),
    queryRows<{ n: bigint | number }>(db, Prisma.sql`SELECT COUNT(*) AS n ${from}`, { prepared: true }),
    page.limit === 0
      ? Promise.resolve([] as TFollowRow[])
      : queryRows<TFollowRow>(
          db,
          Prisma.sql`
          SELECT u.id, u.name, u.first_name, u.last_name, u.picture_key,
                 EXISTS (SELECT 1 FROM parent_accounts p WHERE p.child_id = u.id) AS is_child, ${relation}
          ${from}
          ORDER BY f.created_at DESC, ${person} ASC
          LIMIT ${page.limit} OFFSET ${page.offset}`,
          { prepared: true },
        ),
  ]);
  const items = rows.map((row) =>
    Object.assign(summarize(activePersonFromColumns(row), Number(row.is_child) > 0), {
      relation: {
        isSelf: row.id === me,
        isFollowing: Number(row.following) > 0,
        isFollowedBy: Number(row.followed_by) > 0,
        // Blocked people are not listed (see `hidden`).
        isBlocking: false,
        isManagedByMe: Number(row.managed) > 0,
      },
    }),
  );
  return { items, paging: pagingFor(page, items.length, Number(counted[0]?.n ?? 0)) };
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

/** Seats that count as "in the exchange" (everyone but those who declined), as in exchanges/access.ts. */
const IN_EXCHANGE = Prisma.sql`('invited', 'accepted', 'organizing')`;

interface TSuggestionRow extends TRelationColumns {
  id: string;
  mutual: bigint | number;
  grp: bigint | number;
  exch: bigint | number;
  name: string;
  first_name: string | null;
  last_name: string | null;
  picture_key: string | null;
  total: bigint | number;
}

/**
 * Suggestions: people the member shares a circle with — followed by people the member follows
 * (friends of friends), fellow active members of their groups, fellow participants of their
 * exchanges — ranked by how many such ties, then by friends of friends; never the member, people
 * already followed, blocked either way, child accounts, a child's own family managers (the parent
 * is not a stranger to suggest to the child), floaters (no account yet) or closed accounts. Exchange mates count only where the exchange shows its participants to the member
 * (the organizer may hide them). One set-wise query (a UNION of the three circles), paged in the
 * database.
 */
export async function listSuggestions(db: TDb, identity: TVerifiedIdentity | null, userId: string, page: TPagingQuery) {
  const circles = Prisma.sql`
    SELECT c.id, SUM(c.mutual) AS mutual, SUM(c.grp) AS grp, SUM(c.exch) AS exch
    FROM (
      SELECT f2.followed_id AS id, COUNT(*) AS mutual, 0 AS grp, 0 AS exch
      FROM follows f1 JOIN follows f2 ON f2.follower_id = f1.followed_id
      WHERE f1.follower_id = ${userId}
      GROUP BY f2.followed_id
      UNION ALL
      SELECT b.user_id, 0, COUNT(DISTINCT b.group_id), 0
      FROM group_members a
      JOIN \`groups\` g ON g.id = a.group_id AND g.deleted_at IS NULL
      JOIN group_members b ON b.group_id = a.group_id AND b.status = 'active'
      WHERE a.user_id = ${userId} AND a.status = 'active'
      GROUP BY b.user_id
      UNION ALL
      SELECT b.user_id, 0, 0, COUNT(DISTINCT b.exchange_id)
      FROM exchange_participants a
      JOIN exchanges e ON e.id = a.exchange_id
        AND (e.participants_visible OR a.is_assistant OR e.organizer_id = ${userId})
      JOIN exchange_participants b ON b.exchange_id = a.exchange_id AND b.status IN ${IN_EXCHANGE}
      WHERE a.user_id = ${userId} AND a.status IN ${IN_EXCHANGE}
      GROUP BY b.user_id
    ) c
    JOIN users u ON u.id = c.id AND u.deleted_at IS NULL AND u.registered_email IS NOT NULL
    WHERE c.id <> ${userId}
      AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${userId} AND f.followed_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM blocks k WHERE (k.blocker_id = ${userId} AND k.blocked_id = c.id)
                                                 OR (k.blocker_id = c.id AND k.blocked_id = ${userId}))
      AND NOT EXISTS (SELECT 1 FROM parent_accounts p WHERE p.child_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM parent_accounts q WHERE q.child_id = ${userId} AND q.parent_id = c.id)
    GROUP BY c.id`;
  // A hot read (the home page's suggestions, measured by npm run bench:api): the page with each
  // person and the total in one statement (a window count); the total is counted on its own only
  // when the page came back empty. Someone else's suggestions (a family manager reading a child's)
  // are checked before that query runs; for one's own, the check only finds the account, so it runs
  // alongside.
  const allowed = assertCanManage(db, identity, userId);
  if (identity?.userId !== userId) await allowed;
  const [, slice] = await Promise.all([
    allowed,
    page.limit === 0
      ? Promise.resolve([] as TSuggestionRow[])
      : queryRows<TSuggestionRow>(
          db,
          Prisma.sql`
          SELECT s.id, s.mutual, s.grp, s.exch, u.name, u.first_name, u.last_name, u.picture_key,
                 ${relationColumns(identity, Prisma.sql`s.id`)}, COUNT(*) OVER () AS total
          FROM (${circles}) s JOIN users u ON u.id = s.id
          ORDER BY s.mutual + s.grp + s.exch DESC, s.mutual DESC, s.id
          LIMIT ${page.limit} OFFSET ${page.offset}`,
        ),
  ]);
  const total =
    slice.length > 0
      ? Number(slice[0]!.total)
      : Number(
          (await queryRows<{ n: bigint | number }>(db, Prisma.sql`SELECT COUNT(*) AS n FROM (${circles}) s`))[0]?.n ??
            0,
        );
  // Suggested people are never children (see `circles`): none is shown as one.
  const items = slice.map((row) =>
    Object.assign(summarize(activePersonFromColumns(row), false), {
      // The viewer's relation (a family manager may read a child's suggestions).
      relation: publicRelation(relationFromColumns(row, identity, row.id)),
      mutualCount: Number(row.mutual),
      sharedGroupCount: Number(row.grp),
      sharedExchangeCount: Number(row.exch),
    }),
  );
  return { items, paging: pagingFor(page, items.length, total) };
}

/**
 * A search word as literal text inside a LIKE pattern: Prisma's startsWith and contains put the
 * value into LIKE as it is, so '%' and '_' were wildcards ('%%' listed every member). Backslash is
 * LIKE's default escape character.
 */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
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
  const words = query.split(/\s+/).filter(Boolean).slice(0, 3).map(escapeLike);
  const where: Prisma.UserWhereInput = {
    deletedAt: null,
    id: { notIn: [caller.userId, ...hidden] },
    parentAccounts: { none: {} },
    OR: [
      // An address finds its owner only by exact identity (a look-alike domain is someone else).
      { emailCanonical: canonicalEmail(query) ?? '\u0000' },
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
export async function follow(
  deps: Pick<TAppDeps, 'db' | 'bus' | 'log'>,
  identity: TVerifiedIdentity | null,
  targetId: string,
): Promise<void> {
  const caller = requireMember(identity);
  await liveTarget(deps.db, caller, targetId);
  await addFollow(deps, caller.userId, targetId);
}

type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

/**
 * Locks both people's user rows, one at a time in id order, until the transaction ends: a follow
 * and a block between the same two people (either way round) queue up behind each other instead of
 * interleaving, and the fixed order means two of them never wait on each other in a circle.
 */
async function lockPair(tx: TTx, a: string, b: string): Promise<void> {
  for (const id of [a, b].sort()) await tx.$queryRaw`SELECT id FROM users WHERE id = ${id} FOR UPDATE`;
}

/**
 * `followerId` follows `targetId` (both live, checked by the caller): refused with 404 across a
 * block either way; decided by the primary key, so a double click or a race makes one row, never
 * an error; a new follow tells the followed person (notifications/follow-mails.ts). The block check
 * and the insert run in one transaction holding both people's rows (lockPair), as blocking does, so
 * a block racing this follow either comes first (the follow is refused) or after (it deletes the
 * follow): never a follow across a block.
 */
export async function addFollow(
  deps: Pick<TAppDeps, 'db' | 'bus' | 'log'>,
  followerId: string,
  targetId: string,
): Promise<void> {
  const { db } = deps;
  const inserted = await retryOnDeadlock(() =>
    db.$transaction(async (tx) => {
      await lockPair(tx, followerId, targetId);
      // A locking read: it sees the latest committed blocks, whatever the transaction's snapshot.
      const blocked = await tx.$queryRaw<{ found: number }[]>`
        SELECT 1 AS found FROM blocks
        WHERE (blocker_id = ${targetId} AND blocked_id = ${followerId})
           OR (blocker_id = ${followerId} AND blocked_id = ${targetId})
        LIMIT 1 LOCK IN SHARE MODE`;
      if (blocked.length > 0) throw new AppError('NOT_FOUND');
      const { count } = await tx.follow.createMany({
        data: [{ followerId, followedId: targetId }],
        skipDuplicates: true,
      });
      return count;
    }),
  );
  if (inserted > 0) await noticeNewFollower(deps, { followerId, followedId: targetId });
}

export async function unfollow(db: TDb, identity: TVerifiedIdentity | null, targetId: string): Promise<void> {
  const caller = requireMember(identity);
  await db.follow.deleteMany({ where: { followerId: caller.userId, followedId: targetId } });
}

/** Blocks someone: both follows end, and they can no longer follow or see the member. */
export async function block(db: TDb, identity: TVerifiedIdentity | null, targetId: string): Promise<void> {
  const caller = requireMember(identity);
  await liveTarget(db, caller, targetId);
  // One transaction holding both people's rows (lockPair, as addFollow): a follow racing this block
  // is either refused after it or deleted by it.
  await retryOnDeadlock(() =>
    db.$transaction(async (tx) => {
      await lockPair(tx, caller.userId, targetId);
      await tx.block.createMany({ data: [{ blockerId: caller.userId, blockedId: targetId }], skipDuplicates: true });
      await tx.follow.deleteMany({
        where: {
          OR: [
            { followerId: caller.userId, followedId: targetId },
            { followerId: targetId, followedId: caller.userId },
          ],
        },
      });
    }),
  );
}

export async function unblock(db: TDb, identity: TVerifiedIdentity | null, targetId: string): Promise<void> {
  const caller = requireMember(identity);
  await db.block.deleteMany({ where: { blockerId: caller.userId, blockedId: targetId } });
}
