/**
 * The exchange wall (issue 31): posts by everyone in the exchange, live like chats (the realtime
 * bus and the resumable stream of server/realtime/streams.ts: `wallStream`).
 *
 * An anonymous post is shown as "Someone in the exchange" to everyone but its author, the
 * organizer and assistants included (docs/secrecy.md §8): no face carries its author's id, name or
 * picture, the live event names only the post, and the activity log says only that a post was
 * removed. Signed posts are hidden across a block (either way), as the profile and pictures are;
 * anonymous posts are not filtered by blocks, since a post missing from one reader's wall but
 * present on another's would tell that its author is on the other side of a block of theirs.
 *
 * Managers remove any post; an author removes their own. The live stream carries new posts, and
 * a removal as a cue to reload (the event names the post only), so it shows on every open wall.
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import { ANONYMOUS_WALL_NAME, type TWallPost } from '../../contracts/exchanges';
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { PERSON_SELECT, summarize } from '../people/access';
import { accessExchange, IN_EXCHANGE, peopleInExchange } from './access';
import { recordEvent } from './events';

type TDeps = Pick<TAppDeps, 'db'>;

const POST_SELECT = {
  id: true,
  exchangeId: true,
  authorId: true,
  isAnonymous: true,
  body: true,
  createdAt: true,
  author: { select: PERSON_SELECT },
} as const;

/** How many posts the wall shows (newest); older ones are not paged yet. */
export const WALL_PAGE = 200;

interface TPostRow {
  id: bigint;
  exchangeId: string;
  authorId: string;
  isAnonymous: boolean;
  body: string;
  createdAt: Date;
  author: Parameters<typeof summarize>[0];
}

/** A post as `viewerId` may know it: an anonymous post names nobody to anyone but its author. */
export function wallPostFor(row: TPostRow, viewerId: string): TWallPost {
  const mine = row.authorId === viewerId;
  const author = row.isAnonymous || row.author.deletedAt ? null : summarize(row.author);
  return {
    postId: row.id.toString(),
    exchangeId: row.exchangeId,
    author,
    authorName: mine
      ? row.isAnonymous
        ? 'You (anonymously)'
        : 'You'
      : row.isAnonymous
        ? ANONYMOUS_WALL_NAME
        : (author?.displayName ?? 'Former member'),
    anonymous: row.isAnonymous,
    mine,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The condition for the posts `viewerId` may read on one exchange's wall: they are in it (organizer,
 * or a seat not declined), and a signed post's author is not across a block from them.
 */
async function readableWhere(db: Pick<TDb, 'block'>, viewerId: string, exchangeId: string) {
  const blocks = await db.block.findMany({
    where: { OR: [{ blockerId: viewerId }, { blockedId: viewerId }] },
    select: { blockerId: true, blockedId: true },
  });
  const hidden = blocks.map((row) => (row.blockerId === viewerId ? row.blockedId : row.blockerId));
  return {
    exchangeId,
    exchange: {
      OR: [{ organizerId: viewerId }, { participants: { some: { userId: viewerId, status: { in: IN_EXCHANGE } } } }],
    },
    ...(hidden.length > 0 ? { NOT: { isAnonymous: false, authorId: { in: hidden } } } : {}),
  };
}

export async function listWall(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
): Promise<{ canPost: boolean; canRemove: boolean; posts: TWallPost[] }> {
  const access = await accessExchange(deps.db, identity, exchangeId);
  const viewerId = access.caller.userId;
  const rows = await deps.db.exchangeWallPost.findMany({
    where: await readableWhere(deps.db, viewerId, exchangeId),
    select: POST_SELECT,
    orderBy: { id: 'desc' },
    take: WALL_PAGE,
  });
  return {
    canPost: access.exchange.status !== 'archived',
    canRemove: access.isManager && access.exchange.status !== 'archived',
    posts: rows.reverse().map((row) => wallPostFor(row, viewerId)),
  };
}

export async function postToWall(
  deps: Pick<TAppDeps, 'db' | 'bus' | 'log'>,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; body: string; anonymous: boolean },
): Promise<TWallPost> {
  const access = await accessExchange(deps.db, identity, input.exchangeId);
  if (access.exchange.status === 'archived')
    throw new AppError('CONFLICT', { message: 'This exchange is archived; it can no longer change' });
  const row = await deps.db.exchangeWallPost.create({
    data: {
      exchangeId: input.exchangeId,
      authorId: access.caller.userId,
      isAnonymous: input.anonymous,
      body: input.body,
    },
    select: POST_SELECT,
  });
  // Everyone in the exchange hears of it live; the event names the post only, and each reader's
  // stream reads it back shaped for them (wallPostFor).
  const readers = await peopleInExchange(deps.db, input.exchangeId);
  await deps.bus
    .publish(readers, { kind: 'wall', exchangeId: input.exchangeId, postId: row.id.toString() })
    .catch((error: unknown) => deps.log?.warn({ err: error }, 'live wall post not published'));
  return wallPostFor(row, access.caller.userId);
}

export async function removeWallPost(
  deps: Pick<TAppDeps, 'db' | 'bus' | 'log'>,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; postId: string },
): Promise<{ ok: true }> {
  const access = await accessExchange(deps.db, identity, input.exchangeId);
  const post = await deps.db.exchangeWallPost.findFirst({
    where: { id: BigInt(input.postId), exchangeId: input.exchangeId },
    select: { id: true, authorId: true },
  });
  if (!post) throw new AppError('NOT_FOUND');
  const mine = post.authorId === access.caller.userId;
  if (!mine && !access.isManager)
    throw new AppError('FORBIDDEN', { message: 'Only the organizer and assistants can remove posts' });
  if (access.exchange.status === 'archived')
    throw new AppError('CONFLICT', { message: 'This exchange is archived; it can no longer change' });
  await deps.db.$transaction(async (tx) => {
    await tx.exchangeWallPost.deleteMany({ where: { id: post.id } });
    // A manager's removal is logged without its author (an anonymous post stays anonymous).
    if (!mine)
      await recordEvent(tx, { exchangeId: input.exchangeId, actorId: access.caller.userId, kind: 'wall-post-removed' });
  });
  // Open walls hear of it live: the event names the post only, and each wall reloads for its reader.
  const readers = await peopleInExchange(deps.db, input.exchangeId);
  await deps.bus
    .publish(readers, { kind: 'wall-removed', exchangeId: input.exchangeId, postId: post.id.toString() })
    .catch((error: unknown) => deps.log?.warn({ err: error }, 'live wall removal not published'));
  return { ok: true };
}

// ---- For the live stream (server/realtime/streams.ts) ----

/** One post for a live stream, if `viewerId` may read it. */
export async function wallPostForViewer(
  db: TDb,
  viewerId: string,
  exchangeId: string,
  postId: bigint,
): Promise<TWallPost | null> {
  const row = await db.exchangeWallPost.findFirst({
    where: { id: postId, ...(await readableWhere(db, viewerId, exchangeId)) },
    select: POST_SELECT,
  });
  return row ? wallPostFor(row, viewerId) : null;
}

/** Readable posts with an id in (afterId, upToId], oldest first (a resumed stream catching up). */
export async function wallPostsBetween(
  db: TDb,
  viewerId: string,
  exchangeId: string,
  afterId: bigint,
  upToId: bigint | null,
  limit: number,
): Promise<TWallPost[]> {
  const rows = await db.exchangeWallPost.findMany({
    where: {
      id: { gt: afterId, ...(upToId !== null ? { lte: upToId } : {}) },
      ...(await readableWhere(db, viewerId, exchangeId)),
    },
    select: POST_SELECT,
    orderBy: { id: 'asc' },
    take: limit,
  });
  return rows.map((row) => wallPostFor(row, viewerId));
}

/** Id and time of the newest `limit` readable posts above `afterId`, newest first. */
export async function newestWallStamps(
  db: TDb,
  viewerId: string,
  exchangeId: string,
  afterId: bigint,
  limit: number,
): Promise<{ id: bigint; createdAt: Date }[]> {
  return db.exchangeWallPost.findMany({
    where: { id: { gt: afterId }, ...(await readableWhere(db, viewerId, exchangeId)) },
    select: { id: true, createdAt: true },
    orderBy: { id: 'desc' },
    take: limit,
  });
}

/** The id of the newest post (any exchange's) written at or before `before`, 0 when none. */
export async function newestWallPostIdBefore(db: TDb, before: Date): Promise<bigint> {
  const row = await db.exchangeWallPost.findFirst({
    where: { createdAt: { lte: before } },
    select: { id: true },
    orderBy: { id: 'desc' },
  });
  return row?.id ?? 0n;
}
