/** Mailed secrets: six-digit codes and single-use links, stored hashed, expiring, attempt-limited. */
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';

export const CONFIRM_CODE_TTL_MINUTES = 30;
export const RESET_LINK_TTL_MINUTES = 60;
export const MAX_CODE_ATTEMPTS = 5;

export type TEmailTokenPurpose = 'confirm-code' | 'confirm-link' | 'reset-password' | 'change-email';
/** Purposes whose secret is a six-digit code typed by the member (salted with their id). */
type TCodePurpose = 'confirm-code' | 'change-email';

function isCodePurpose(purpose: TEmailTokenPurpose): purpose is TCodePurpose {
  return purpose === 'confirm-code' || purpose === 'change-email';
}

function hashSecret(purpose: TEmailTokenPurpose, userId: string, secret: string): string {
  return createHash('sha256')
    .update(`${purpose}:${isCodePurpose(purpose) ? userId : ''}:${secret}`)
    .digest('hex');
}

export async function createEmailToken(
  db: TDb,
  input: { userId: string; email: string; purpose: TEmailTokenPurpose; ttlMinutes: number },
): Promise<string> {
  const secret = isCodePurpose(input.purpose)
    ? String(randomInt(0, 1_000_000)).padStart(6, '0')
    : randomBytes(32).toString('base64url');
  // A new secret replaces the older ones of the same purpose. The older ones are found first and
  // retired by primary key, outside a transaction: a range UPDATE on (user, purpose) inside one
  // takes gap locks that deadlock concurrent sign-ups of different people.
  const older = await db.emailToken.findMany({
    where: { userId: input.userId, purpose: input.purpose, usedAt: null },
    select: { id: true },
  });
  await db.emailToken.create({
    data: {
      id: randomUUID(),
      userId: input.userId,
      email: input.email,
      purpose: input.purpose,
      secretHash: hashSecret(input.purpose, input.userId, secret),
      expiresAt: new Date(Date.now() + input.ttlMinutes * 60_000),
    },
  });
  if (older.length > 0)
    await db.emailToken.updateMany({
      where: { id: { in: older.map((token) => token.id) }, usedAt: null },
      data: { usedAt: new Date() },
    });
  return secret;
}

/** Consumes a link secret (reset password, confirm link); null when unknown, used or expired. */
export async function consumeLinkToken(
  db: TDb,
  purpose: Exclude<TEmailTokenPurpose, TCodePurpose>,
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

/**
 * Checks a six-digit code for a member; each wrong try counts, five spoil the code. Answers the
 * e-mail address the code was sent to when it is right.
 */
export async function consumeCode(
  db: TDb,
  userId: string,
  code: string,
  purpose: TCodePurpose = 'confirm-code',
): Promise<{ status: 'ok'; email: string } | { status: 'wrong'; attemptsLeft: number } | { status: 'expired' }> {
  const token = await db.emailToken.findFirst({
    where: { userId, purpose, usedAt: null },
    orderBy: { createdAt: 'desc' },
  });
  if (!token || token.expiresAt <= new Date() || token.attempts >= MAX_CODE_ATTEMPTS) return { status: 'expired' };
  // Every try spends one attempt before the code is compared, in one conditional UPDATE: the row
  // lock serialises concurrent tries, so a burst of them cannot get past the limit.
  const spent = await db.emailToken.updateMany({
    where: { id: token.id, usedAt: null, attempts: { lt: MAX_CODE_ATTEMPTS } },
    data: { attempts: { increment: 1 } },
  });
  if (spent.count !== 1) return { status: 'expired' };
  const expected = Buffer.from(token.secretHash, 'hex');
  const actual = Buffer.from(hashSecret(purpose, userId, code.trim()), 'hex');
  if (!timingSafeEqual(expected, actual)) {
    // This try was spent above: what is left of the limit (0 means the code is now spoilt).
    const attemptsLeft = Math.max(0, MAX_CODE_ATTEMPTS - token.attempts - 1);
    return attemptsLeft > 0 ? { status: 'wrong', attemptsLeft } : { status: 'expired' };
  }
  const claimed = await db.emailToken.updateMany({
    where: { id: token.id, usedAt: null },
    data: { usedAt: new Date() },
  });
  return claimed.count === 1 ? { status: 'ok', email: token.email } : { status: 'expired' };
}

/** Turns a wrong or expired code into the answer both faces give (400 / 410 with a field message). */
export function assertCodeAccepted(
  result: Awaited<ReturnType<typeof consumeCode>>,
): asserts result is { status: 'ok'; email: string } {
  if (result.status === 'wrong') {
    // The person learns how many tries remain before the code stops working (spec: five).
    const left = `${result.attemptsLeft} ${result.attemptsLeft === 1 ? 'try' : 'tries'} left`;
    throw new AppError('VALIDATION', {
      message: `That code is not right: ${left}`,
      fieldErrors: { code: `That code is not right: ${left}` },
      details: { attemptsLeft: result.attemptsLeft },
    });
  }
  if (result.status === 'expired') {
    throw new AppError('GONE', {
      message: 'That code has expired or was tried too many times; send a new one',
      fieldErrors: { code: 'That code has expired or was tried too many times' },
    });
  }
}
