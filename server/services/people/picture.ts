/**
 * Profile pictures: an upload (JPEG, PNG or WebP within size and pixel limits) is decoded and
 * re-encoded by sharp (libvips) into a square WebP, which drops every bit of metadata (EXIF GPS
 * included), and stored under DATA_DIR/pictures. The stored name changes with every upload, so the
 * picture URL can be cached for a long time.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TConfig } from '../../config';
import { PICTURE_MAX_BYTES, PICTURE_MAX_PIXELS, PICTURE_SIZE, PICTURE_TYPES } from '../../contracts/people';
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { assertCanManage, pictureUrlOf } from './access';

type TPictureDeps = { db: TDb; config: Pick<TConfig, 'dataDir'>; log?: TAppDeps['log'] };

const PICTURE_FORMATS = new Set(['jpeg', 'png', 'webp']);

export const PICTURE_TYPE_MESSAGE = 'Choose a JPEG, PNG or WebP picture';
export const PICTURE_BYTES_MESSAGE = `Choose a picture of at most ${PICTURE_MAX_BYTES / (1024 * 1024)} MB`;
export const PICTURE_PIXELS_MESSAGE = `Choose a picture of at most ${PICTURE_MAX_PIXELS / 1_000_000} megapixels`;
export const PICTURE_UNREADABLE_MESSAGE = 'That picture could not be read';

function pictureDir(config: Pick<TConfig, 'dataDir'>): string {
  return path.resolve(config.dataDir, 'pictures');
}

export function invalidPicture(message: string): AppError {
  return new AppError('VALIDATION', { message, fieldErrors: { picture: message } });
}

/**
 * Removes stored picture files after the change that let go of them committed. Best-effort: the
 * database already says there is no such picture, so a file that cannot be removed is logged (to
 * be cleaned up by hand), never the member's error.
 */
export async function removePictureFiles(
  deps: Pick<TPictureDeps, 'config' | 'log'>,
  keys: readonly (string | null | undefined)[],
): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    const file = path.join(pictureDir(deps.config), path.basename(key));
    try {
      await rm(file, { force: true });
    } catch (error) {
      deps.log?.warn({ err: error, file }, 'could not remove a picture file');
    }
  }
}

/**
 * Sets the user's picture key in one transaction holding their row (SELECT … FOR UPDATE) and
 * answers the key it replaced: of two uploads at once, each learns exactly the file it replaced,
 * so every replaced file is removed (reading the old key before a plain update let both uploads
 * read the same one and orphaned a file). A closed account takes no picture (410).
 */
async function swapPictureKey(db: TDb, userId: string, key: string | null): Promise<string | null> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ picture_key: string | null; deleted_at: Date | null }[]>`
      SELECT picture_key, deleted_at FROM users WHERE id = ${userId} FOR UPDATE`;
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND');
    if (row.deleted_at) throw new AppError('GONE');
    await tx.user.update({ where: { id: userId }, data: { pictureKey: key } });
    return row.picture_key;
  });
}

/**
 * Checks an upload (type, bytes, pixels, a readable JPEG, PNG or WebP) and re-encodes it as WebP,
 * which drops every bit of metadata (EXIF GPS included). `resize` says how: a profile picture is a
 * square; a gallery photo keeps its shape within a box. Shared by every picture the product keeps.
 */
export async function reencodePicture(
  upload: { contentType: string; bytes: unknown },
  resize: { width: number; height: number; fit: 'cover' | 'inside' } = {
    width: PICTURE_SIZE,
    height: PICTURE_SIZE,
    fit: 'cover',
  },
): Promise<Buffer> {
  const type = upload.contentType.split(';')[0]!.trim().toLowerCase();
  if (!Buffer.isBuffer(upload.bytes) || !(PICTURE_TYPES as readonly string[]).includes(type)) {
    throw invalidPicture(PICTURE_TYPE_MESSAGE);
  }
  if ((upload.bytes as Buffer).length > PICTURE_MAX_BYTES) throw invalidPicture(PICTURE_BYTES_MESSAGE);
  // sharp loads libvips (about 9 MiB resident): at the first picture, not at start.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(upload.bytes as Buffer, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !PICTURE_FORMATS.has(meta.format)) throw invalidPicture(PICTURE_TYPE_MESSAGE);
    return await image
      .rotate()
      .resize(resize.width, resize.height, { fit: resize.fit, withoutEnlargement: resize.fit === 'inside' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // libvips: "Input image exceeds pixel limit".
    if (/pixel limit/i.test(String((error as Error)?.message))) throw invalidPicture(PICTURE_PIXELS_MESSAGE);
    throw invalidPicture(PICTURE_UNREADABLE_MESSAGE);
  }
}

/**
 * Writes a re-encoded picture under DATA_DIR/pictures (via a temporary name, so it appears whole).
 * The temporary name is the writer's own: two writers of the same key (the demo data's pictures,
 * seeded by several servers at once into one folder) each rename a whole file, where a shared
 * temporary name let one move it away from under the other (ENOENT).
 */
export async function writePictureFile(config: Pick<TConfig, 'dataDir'>, key: string, bytes: Buffer): Promise<void> {
  const dir = pictureDir(config);
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${key}.${randomUUID()}.tmp`);
  await writeFile(temporary, bytes);
  await rename(temporary, path.join(dir, key));
}

/** A stored picture's bytes, or 404. */
export async function readPictureFile(config: Pick<TConfig, 'dataDir'>, key: string): Promise<Buffer> {
  try {
    return await readFile(path.join(pictureDir(config), path.basename(key)));
  } catch {
    throw new AppError('NOT_FOUND');
  }
}

export async function setPicture(
  deps: TPictureDeps,
  identity: TVerifiedIdentity | null,
  userId: string,
  upload: { contentType: string; bytes: unknown },
): Promise<{ pictureUrl: string }> {
  await assertCanManage(deps.db, identity, userId);
  const webp = await reencodePicture(upload);
  const key = `${userId}-${randomUUID().slice(0, 8)}.webp`;
  await writePictureFile(deps.config, key, webp);
  let previous: string | null;
  try {
    previous = await swapPictureKey(deps.db, userId, key);
  } catch (error) {
    // Nothing points at the new file: it goes.
    await removePictureFiles(deps, [key]);
    throw error;
  }
  await removePictureFiles(deps, [previous]);
  return { pictureUrl: pictureUrlOf({ id: userId, pictureKey: key })! };
}

export async function removePicture(deps: TPictureDeps, identity: TVerifiedIdentity | null, userId: string) {
  await assertCanManage(deps.db, identity, userId);
  await removePictureFiles(deps, [await swapPictureKey(deps.db, userId, null)]);
}

/**
 * The stored picture's bytes, or 404. Public like the name, except across a block: a viewer who
 * blocked the person or whom the person blocked gets 404, as for the profile.
 */
export async function readPicture(
  deps: TPictureDeps,
  viewer: TVerifiedIdentity | null,
  userId: string,
): Promise<Buffer> {
  const user = await deps.db.user.findUnique({ where: { id: userId }, select: { pictureKey: true, deletedAt: true } });
  if (!user?.pictureKey || user.deletedAt) throw new AppError('NOT_FOUND');
  if (viewer && viewer.userId !== userId) {
    const blocks = await deps.db.block.count({
      where: {
        OR: [
          { blockerId: userId, blockedId: viewer.userId },
          { blockerId: viewer.userId, blockedId: userId },
        ],
      },
    });
    if (blocks > 0) throw new AppError('NOT_FOUND');
  }
  return readPictureFile(deps.config, user.pictureKey);
}
