/**
 * Thank-yous from a recipient to their (still anonymous) giver, from the exchange date on, and the
 * gallery (issue 31): a thank-you may carry a photo (checked and re-encoded like a profile picture,
 * people/picture.ts), and the thank-yous with a photo are shown to everyone in the exchange, by
 * their author, never naming the giver.
 */
import { randomUUID } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TGalleryItem } from '../../contracts/exchanges';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { createNotification } from '../notifications/notify';
import { PERSON_SELECT, summarize } from '../people/access';
import { accessExchange, requireDrawSeat, todayIso, type TExchangeAccess } from './access';
import { recordActivity } from '../activity/record';
import { recordEvent } from './events';
import { SANTA_NAME } from './messages';
import { readPictureFile, reencodePicture, removePictureFiles, writePictureFile } from '../people/picture';

type TDeps = Pick<TAppDeps, 'db'>;

/** A gallery photo's box: it keeps its shape within it. */
export const GALLERY_PHOTO_BOX = 1200;

export function thankYouPhotoUrl(row: { id: string; exchangeId: string; photoKey: string | null }): string | null {
  if (!row.photoKey) return null;
  const version = row.photoKey
    .replace(/\.webp$/, '')
    .split('-')
    .pop();
  return `/v1/exchanges/${row.exchangeId}/thank-yous/${row.id}/photo?v=${version}`;
}

function notYetReason(access: TExchangeAccess): string | null {
  const { exchange } = access;
  if (exchange.status === 'open') return 'Thank-yous open once the names are drawn and the exchange date has come';
  const date = exchange.exchangeDate.toISOString().slice(0, 10);
  if (todayIso() < date) return `Thank-yous open on the exchange date, ${date}`;
  return null;
}

export async function listThankYous(deps: TDeps, identity: TVerifiedIdentity | null, exchangeId: string) {
  const access = await accessExchange(deps.db, identity, exchangeId);
  const me = access.caller.userId;
  const rows = await deps.db.exchangeThankYou.findMany({
    where: { exchangeId, OR: [{ fromUserId: me }, { toUserId: me }] },
    orderBy: { createdAt: 'asc' },
  });
  const senders = new Map(
    (
      await deps.db.user.findMany({
        where: { id: { in: rows.filter((row) => row.toUserId === me).map((row) => row.fromUserId) } },
        select: PERSON_SELECT,
      })
    ).map((person) => [person.id, summarize(person).displayName]),
  );
  const inDraw = access.seat?.status === 'accepted' && !access.seat.isDisqualified;
  const santa = inDraw
    ? await deps.db.exchangeAssignment.findUnique({
        where: { exchangeId_receiverId: { exchangeId, receiverId: me } },
        select: { giverId: true },
      })
    : null;
  const reason = !inDraw ? 'Only people in the draw say thank you' : notYetReason(access);
  const sent = rows.some((row) => row.fromUserId === me);
  return {
    canSend: reason === null && Boolean(santa) && !sent,
    notYetReason: reason ?? (sent ? 'You have thanked your Secret Santa' : null),
    canAddPhoto: sent && access.exchange.status !== 'archived',
    items: rows.map((row) => ({
      thankYouId: row.id,
      direction: row.fromUserId === me ? ('sent' as const) : ('received' as const),
      otherName: row.fromUserId === me ? SANTA_NAME : (senders.get(row.fromUserId) ?? 'Former member'),
      body: row.body,
      photoUrl: thankYouPhotoUrl(row),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

export async function sendThankYou(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; body: string },
) {
  const access = await accessExchange(deps.db, identity, input.exchangeId);
  const seat = requireDrawSeat(access);
  const reason = notYetReason(access);
  if (reason) throw new AppError('CONFLICT', { message: reason });
  const santa = await deps.db.exchangeAssignment.findUnique({
    where: { exchangeId_receiverId: { exchangeId: input.exchangeId, receiverId: seat.userId } },
    select: { giverId: true },
  });
  if (!santa) throw new AppError('NOT_FOUND', { message: 'You have no Secret Santa in this exchange' });
  const id = randomUUID();
  const createdAt = new Date();
  try {
    await deps.db.$transaction(async (tx) => {
      await tx.exchangeThankYou.create({
        data: {
          id,
          exchangeId: input.exchangeId,
          fromUserId: seat.userId,
          toUserId: santa.giverId,
          body: input.body,
          createdAt,
        },
      });
      await createNotification(tx, {
        userId: santa.giverId,
        kind: 'exchange',
        payload: { exchangeId: input.exchangeId, event: 'thank-you', fromUserId: seat.userId },
      });
      await recordEvent(tx, { exchangeId: input.exchangeId, actorId: seat.userId, kind: 'thanked' });
      // The feed says who said thank you, never to whom.
      await recordActivity(tx, {
        actorId: seat.userId,
        kind: 'thank-you',
        exchangeId: input.exchangeId,
        payload: { exchangeTitle: access.exchange.title },
      });
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002')
      throw new AppError('CONFLICT', { message: 'You have already thanked your Secret Santa' });
    throw error;
  }
  return {
    thankYouId: id,
    direction: 'sent' as const,
    otherName: SANTA_NAME,
    body: input.body,
    photoUrl: null,
    createdAt: createdAt.toISOString(),
  };
}

// ---- The gallery ----

type TPictureDeps = Pick<TAppDeps, 'db' | 'config' | 'log'>;

/** Ids on the other side of a block from `userId` (either way): hidden from each other. */
async function blockedEitherWay(db: TAppDeps['db'], userId: string): Promise<Set<string>> {
  const rows = await db.block.findMany({
    where: { OR: [{ blockerId: userId }, { blockedId: userId }] },
    select: { blockerId: true, blockedId: true },
  });
  return new Set(rows.map((row) => (row.blockerId === userId ? row.blockedId : row.blockerId)));
}

/** The caller's own thank-you of this exchange (the only one they may put a photo on). */
async function ownThankYou(deps: TDeps, identity: TVerifiedIdentity | null, exchangeId: string, thankYouId: string) {
  const access = await accessExchange(deps.db, identity, exchangeId);
  const row = await deps.db.exchangeThankYou.findFirst({
    where: { id: thankYouId, exchangeId, fromUserId: access.caller.userId },
    select: { id: true, exchangeId: true, photoKey: true },
  });
  if (!row) throw new AppError('NOT_FOUND');
  if (access.exchange.status === 'archived')
    throw new AppError('CONFLICT', { message: 'This exchange is archived; it can no longer change' });
  return row;
}

/**
 * Puts a photo on the caller's thank-you (replacing one it had): checked and re-encoded like a
 * profile picture, kept within GALLERY_PHOTO_BOX. The swap is one conditional update, so of two
 * uploads at once each removes exactly the file it replaced.
 */
export async function setThankYouPhoto(
  deps: TPictureDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; thankYouId: string },
  upload: { contentType: string; bytes: unknown },
): Promise<{ photoUrl: string }> {
  const row = await ownThankYou(deps, identity, input.exchangeId, input.thankYouId);
  const webp = await reencodePicture(upload, { width: GALLERY_PHOTO_BOX, height: GALLERY_PHOTO_BOX, fit: 'inside' });
  const key = `thanks-${row.id}-${randomUUID().slice(0, 8)}.webp`;
  await writePictureFile(deps.config, key, webp);
  const previous = await swapPhotoKey(deps.db, row.id, key).catch(async (error: unknown) => {
    await removePictureFiles(deps, [key]);
    throw error;
  });
  await removePictureFiles(deps, [previous]);
  return { photoUrl: thankYouPhotoUrl({ ...row, photoKey: key })! };
}

async function swapPhotoKey(db: TAppDeps['db'], thankYouId: string, key: string | null): Promise<string | null> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ photo_key: string | null }[]>`
      SELECT photo_key FROM exchange_thank_yous WHERE id = ${thankYouId} FOR UPDATE`;
    if (!rows[0]) throw new AppError('NOT_FOUND');
    await tx.exchangeThankYou.update({ where: { id: thankYouId }, data: { photoKey: key } });
    return rows[0].photo_key;
  });
}

export async function removeThankYouPhoto(
  deps: TPictureDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; thankYouId: string },
): Promise<void> {
  const row = await ownThankYou(deps, identity, input.exchangeId, input.thankYouId);
  await removePictureFiles(deps, [await swapPhotoKey(deps.db, row.id, null)]);
}

/**
 * A thank-you's photo, for everyone in the exchange (as the gallery shows it); 404 otherwise and
 * across a block between the reader and its author.
 */
export async function readThankYouPhoto(
  deps: TPictureDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; thankYouId: string },
): Promise<Buffer> {
  const access = await accessExchange(deps.db, identity, input.exchangeId);
  const row = await deps.db.exchangeThankYou.findFirst({
    where: { id: input.thankYouId, exchangeId: input.exchangeId },
    select: { fromUserId: true, photoKey: true },
  });
  if (!row?.photoKey) throw new AppError('NOT_FOUND');
  if ((await blockedEitherWay(deps.db, access.caller.userId)).has(row.fromUserId)) throw new AppError('NOT_FOUND');
  return readPictureFile(deps.config, row.photoKey);
}

/** The gallery: thank-yous with a photo, newest first, once the exchange date has come. */
export async function listGallery(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  exchangeId: string,
): Promise<{ notYetReason: string | null; items: TGalleryItem[] }> {
  const access = await accessExchange(deps.db, identity, exchangeId);
  const date = access.exchange.exchangeDate.toISOString().slice(0, 10);
  if (todayIso() < date)
    return { notYetReason: `The gallery opens on the exchange date, ${date}, with the thank-yous’ photos`, items: [] };
  const hidden = await blockedEitherWay(deps.db, access.caller.userId);
  const rows = await deps.db.exchangeThankYou.findMany({
    where: { exchangeId, photoKey: { not: null }, fromUserId: { notIn: [...hidden] } },
    orderBy: { createdAt: 'desc' },
    select: { id: true, exchangeId: true, photoKey: true, body: true, createdAt: true, fromUserId: true },
    take: 200,
  });
  const authors = new Map(
    (
      await deps.db.user.findMany({ where: { id: { in: rows.map((row) => row.fromUserId) } }, select: PERSON_SELECT })
    ).map((person) => [person.id, summarize(person)]),
  );
  return {
    notYetReason: null,
    items: rows.flatMap((row) => {
      const from = authors.get(row.fromUserId);
      return from
        ? [
            {
              thankYouId: row.id,
              from,
              body: row.body,
              photoUrl: thankYouPhotoUrl(row)!,
              createdAt: row.createdAt.toISOString(),
            },
          ]
        : [];
    }),
  };
}
