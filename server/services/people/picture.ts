/**
 * Profile pictures: an upload (JPEG, PNG or WebP within size and pixel limits) is decoded and
 * re-encoded by sharp (libvips) into a square WebP, which drops every bit of metadata (EXIF GPS
 * included), and stored under DATA_DIR/pictures. The stored name changes with every upload, so the
 * picture URL can be cached for a long time.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TConfig } from '../../config';
import { PICTURE_MAX_BYTES, PICTURE_MAX_PIXELS, PICTURE_SIZE, PICTURE_TYPES } from '../../contracts/people';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { assertCanManage, pictureUrlOf } from './access';

type TPictureDeps = { db: TDb; config: Pick<TConfig, 'dataDir'> };

const PICTURE_FORMATS = new Set(['jpeg', 'png', 'webp']);

function pictureDir(config: Pick<TConfig, 'dataDir'>): string {
  return path.resolve(config.dataDir, 'pictures');
}

function invalidPicture(message: string): AppError {
  return new AppError('VALIDATION', { message, fieldErrors: { picture: message } });
}

export async function setPicture(
  deps: TPictureDeps,
  identity: TVerifiedIdentity | null,
  userId: string,
  upload: { contentType: string; bytes: unknown },
): Promise<{ pictureUrl: string }> {
  await assertCanManage(deps.db, identity, userId);
  const type = upload.contentType.split(';')[0]!.trim().toLowerCase();
  if (!Buffer.isBuffer(upload.bytes) || !(PICTURE_TYPES as readonly string[]).includes(type)) {
    throw invalidPicture('Choose a JPEG, PNG or WebP picture');
  }
  if ((upload.bytes as Buffer).length > PICTURE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  let webp: Buffer;
  try {
    const image = sharp(upload.bytes as Buffer, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !PICTURE_FORMATS.has(meta.format)) throw invalidPicture('Choose a JPEG, PNG or WebP picture');
    webp = await image.rotate().resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidPicture('That picture could not be read, or it is too large');
  }
  const key = `${userId}-${randomUUID().slice(0, 8)}.webp`;
  const dir = pictureDir(deps.config);
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${key}.tmp`);
  await writeFile(temporary, webp);
  await rename(temporary, path.join(dir, key));
  const previous = await deps.db.user.findUnique({ where: { id: userId }, select: { pictureKey: true } });
  await deps.db.user.update({ where: { id: userId }, data: { pictureKey: key } });
  if (previous?.pictureKey) await rm(path.join(dir, path.basename(previous.pictureKey)), { force: true });
  return { pictureUrl: pictureUrlOf({ id: userId, pictureKey: key })! };
}

export async function removePicture(deps: TPictureDeps, identity: TVerifiedIdentity | null, userId: string) {
  await assertCanManage(deps.db, identity, userId);
  const previous = await deps.db.user.findUnique({ where: { id: userId }, select: { pictureKey: true } });
  await deps.db.user.update({ where: { id: userId }, data: { pictureKey: null } });
  if (previous?.pictureKey)
    await rm(path.join(pictureDir(deps.config), path.basename(previous.pictureKey)), { force: true });
}

/** The stored picture's bytes (public, like the name), or 404. */
export async function readPicture(deps: TPictureDeps, userId: string): Promise<Buffer> {
  const user = await deps.db.user.findUnique({ where: { id: userId }, select: { pictureKey: true, deletedAt: true } });
  if (!user?.pictureKey || user.deletedAt) throw new AppError('NOT_FOUND');
  try {
    return await readFile(path.join(pictureDir(deps.config), path.basename(user.pictureKey)));
  } catch {
    throw new AppError('NOT_FOUND');
  }
}
