import { z } from 'zod';
import { canonicalEmail } from '../../contracts/email-identity';
import { ZEmail, ZPassword } from '../../contracts/validation';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { hashPassword } from '../../auth/passwords';
import { revokeAllFamilies } from '../../auth/sessions';
import { resetPasswordMail } from '../../mail/templates';
import { RESET_LINK_TTL_MINUTES, consumeLinkToken, createEmailToken } from './email-tokens';

export const ZResetRequestInput = z.object({ email: ZEmail });
export const ZResetPasswordInput = z.object({ token: z.string().min(10).max(200), password: ZPassword });

/** Mails a single-use reset link when the e-mail has a password log-in; answers the same either way. */
export async function requestPasswordReset(deps: TAppDeps, { email }: { email: string }): Promise<void> {
  const canonical = canonicalEmail(email);
  if (!canonical) return;
  const user = await deps.db.user.findFirst({
    where: { emailCanonical: canonical, deletedAt: null, credential: { isNot: null } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  if (!user?.email) return;
  const token = await createEmailToken(deps.db, {
    userId: user.id,
    email: user.email,
    purpose: 'reset-password',
    ttlMinutes: RESET_LINK_TTL_MINUTES,
  });
  const resetUrl = `${deps.config.publicUrl}/auth/reset-password/?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    resetPasswordMail({
      to: user.email,
      name: user.firstName ?? user.name,
      resetUrl,
      expiresMinutes: RESET_LINK_TTL_MINUTES,
    }),
  );
}

/** Sets a new password from a reset link; every existing sign-in of the member ends. */
export async function resetPassword(
  deps: TAppDeps,
  input: { token: string; password: string },
): Promise<{ userId: string }> {
  const claimed = await consumeLinkToken(deps.db, 'reset-password', input.token);
  if (!claimed)
    throw new AppError('GONE', { message: 'This reset link has expired or was already used; ask for a new one' });
  const passwordHash = await hashPassword(input.password);
  await deps.db.$transaction([
    deps.db.userCredential.update({
      where: { userId: claimed.userId },
      data: { passwordHash, passwordUpdatedAt: new Date() },
    }),
    // The link proved the mailbox: the e-mail is confirmed.
    deps.db.user.updateMany({
      where: { id: claimed.userId, emailCanonical: canonicalEmail(claimed.email) ?? '', emailConfirmedAt: null },
      data: { emailConfirmedAt: new Date() },
    }),
  ]);
  await revokeAllFamilies(deps, claimed.userId, 'password-reset');
  await deps.db.auditLog.create({
    data: { actorUserId: claimed.userId, subjectUserId: claimed.userId, action: 'account.password-reset' },
  });
  return { userId: claimed.userId };
}
