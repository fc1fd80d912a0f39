/** Mailed secrets: six-digit codes and single-use links, stored hashed, expiring, attempt-limited. */
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { TDb } from '../../db/client';

export const CONFIRM_CODE_TTL_MINUTES = 30;
export const RESET_LINK_TTL_MINUTES = 60;
export const MAX_CODE_ATTEMPTS = 5;

export type TEmailTokenPurpose = 'confirm-code' | 'confirm-link' | 'reset-password';

function hashSecret(purpose: TEmailTokenPurpose, userId: string, secret: string): string {
  return createHash('sha256')
    .update(`${purpose}:${purpose === 'confirm-code' ? userId : ''}:${secret}`)
    .digest('hex');
}

export async function createEmailToken(
  db: TDb,
  input: { userId: string; email: string; purpose: TEmailTokenPurpose; ttlMinutes: number },
): Promise<string> {
  const secret =
    input.purpose === 'confirm-code'
      ? String(randomInt(0, 1_000_000)).padStart(6, '0')
      : randomBytes(32).toString('base64url');
  // A new secret replaces the older ones of the same purpose.
  await db.$transaction([
    db.emailToken.updateMany({
      where: { userId: input.userId, purpose: input.purpose, usedAt: null },
      data: { usedAt: new Date() },
    }),
    db.emailToken.create({
      data: {
        id: randomUUID(),
        userId: input.userId,
        email: input.email,
        purpose: input.purpose,
        secretHash: hashSecret(input.purpose, input.userId, secret),
        expiresAt: new Date(Date.now() + input.ttlMinutes * 60_000),
      },
    }),
  ]);
  return secret;
}

/** Consumes a link secret (reset password, confirm link); null when unknown, used or expired. */
export async function consumeLinkToken(
  db: TDb,
  purpose: Exclude<TEmailTokenPurpose, 'confirm-code'>,
  secret: string,
): Promise<{ userId: string; email: string } | null> {
  const secretHash = hashSecret(purpose, '', secret);
  const token = await db.emailToken.findFirst({ where: { secretHash, purpose } });
  if (!token || token.usedAt || token.expiresAt <= new Date()) return null;
  const claimed = await db.emailToken.updateMany({
    where: { id: token.id, usedAt: null },
    data: { usedAt: new Date() },
  });
  return claimed.count === 1 ? { userId: token.userId, email: token.email } : null;
}

/** Checks a six-digit code for a member; each wrong try counts, five spoil the code. */
export async function consumeCode(db: TDb, userId: string, code: string): Promise<'ok' | 'wrong' | 'expired'> {
  const token = await db.emailToken.findFirst({
    where: { userId, purpose: 'confirm-code', usedAt: null },
    orderBy: { createdAt: 'desc' },
  });
  if (!token || token.expiresAt <= new Date() || token.attempts >= MAX_CODE_ATTEMPTS) return 'expired';
  const expected = Buffer.from(token.secretHash, 'hex');
  const actual = Buffer.from(hashSecret('confirm-code', userId, code.trim()), 'hex');
  if (!timingSafeEqual(expected, actual)) {
    await db.emailToken.update({ where: { id: token.id }, data: { attempts: { increment: 1 } } });
    return 'wrong';
  }
  const claimed = await db.emailToken.updateMany({
    where: { id: token.id, usedAt: null },
    data: { usedAt: new Date() },
  });
  return claimed.count === 1 ? 'ok' : 'expired';
}
