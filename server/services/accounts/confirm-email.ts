import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { assertCodeAccepted, consumeCode, consumeLinkToken } from './email-tokens';

async function markConfirmed(deps: TAppDeps, userId: string, email: string): Promise<void> {
  await deps.db.user.updateMany({ where: { id: userId, email }, data: { emailConfirmedAt: new Date() } });
}

/** Confirms the signed-in member's e-mail with the six-digit code. */
export async function confirmEmailByCode(
  deps: TAppDeps,
  { userId, code }: { userId: string; code: string },
): Promise<void> {
  const user = await deps.db.user.findUnique({ where: { id: userId } });
  if (!user?.email) throw new AppError('NOT_FOUND');
  if (user.emailConfirmedAt) return;
  assertCodeAccepted(await consumeCode(deps.db, userId, code));
  await markConfirmed(deps, userId, user.email);
}

/** Confirms an e-mail from the mailed link; returns the member, or null for a bad or used link. */
export async function confirmEmailByLink(deps: TAppDeps, token: string): Promise<{ userId: string } | null> {
  const claimed = await consumeLinkToken(deps.db, 'confirm-link', token);
  if (!claimed) return null;
  await markConfirmed(deps, claimed.userId, claimed.email);
  return { userId: claimed.userId };
}
