/**
 * A signed-in member changes their password or e-mail. Both need the current password; a new
 * e-mail takes effect only once the six-digit code mailed to it is entered, and the old address is
 * told. Neither is possible while impersonating (the routes refuse before calling these).
 */
import { z } from 'zod';
import { ZEmail, ZPassword } from '../../contracts/validation';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { changeEmailCodeMail, emailChangedNoticeMail } from '../../mail/templates';
import { CONFIRM_CODE_TTL_MINUTES, assertCodeAccepted, consumeCode, createEmailToken } from './email-tokens';

export const ZChangePasswordInput = z.object({ currentPassword: z.string().max(128), newPassword: ZPassword });
export const ZChangeEmailInput = z.object({ newEmail: ZEmail, password: z.string().max(128) });

async function assertPassword(
  deps: TAppDeps,
  userId: string,
  password: string,
): Promise<{ email: string | null; name: string; firstName: string | null }> {
  const key = `password-check:${userId}`;
  const retryAfter = await deps.limits.loginAccount.retryAfter(key);
  if (retryAfter > 0)
    throw new AppError('RATE_LIMITED', { message: 'Too many wrong passwords; please wait and try again', retryAfter });
  const user = await deps.db.user.findUnique({ where: { id: userId }, include: { credential: true } });
  if (!user || user.deletedAt) throw new AppError('UNAUTHENTICATED');
  if (!user.credential) throw new AppError('CONFLICT', { message: 'This account has no password yet: set one first' });
  if (!(await verifyPassword(user.credential.passwordHash, password))) {
    await deps.limits.loginAccount.record(key);
    throw new AppError('VALIDATION', {
      message: 'The current password is not right',
      fieldErrors: { currentPassword: 'The password is not right', password: 'The password is not right' },
    });
  }
  await deps.limits.loginAccount.reset(key);
  return user;
}

/** Sets a new password and ends every other sign-in of the member (this one stays). */
export async function changePassword(
  deps: TAppDeps,
  input: { userId: string; familyId: string | null; currentPassword: string; newPassword: string; ip?: string },
): Promise<void> {
  await assertPassword(deps, input.userId, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.$transaction([
    deps.db.userCredential.update({
      where: { userId: input.userId },
      data: { passwordHash, passwordUpdatedAt: new Date() },
    }),
    deps.db.refreshTokenFamily.updateMany({
      where: { userId: input.userId, revokedAt: null, ...(input.familyId ? { id: { not: input.familyId } } : {}) },
      data: { revokedAt: new Date(), revokedReason: 'password-changed' },
    }),
    deps.db.auditLog.create({
      data: {
        actorUserId: input.userId,
        subjectUserId: input.userId,
        action: 'account.password-change',
        ip: input.ip ?? null,
      },
    }),
  ]);
}

/** Mails a code to the new address; nothing changes until it is entered. */
export async function requestEmailChange(
  deps: TAppDeps,
  input: { userId: string; newEmail: string; password: string },
): Promise<void> {
  const user = await assertPassword(deps, input.userId, input.password);
  if (user.email === input.newEmail)
    throw new AppError('VALIDATION', { fieldErrors: { newEmail: 'That is already your e-mail' } });
  const taken = await deps.db.user.findFirst({
    where: { email: input.newEmail, deletedAt: null, credential: { isNot: null } },
  });
  if (taken)
    throw new AppError('CONFLICT', {
      message: 'Another account uses that e-mail',
      fieldErrors: { newEmail: 'Another account uses that e-mail' },
    });
  const code = await createEmailToken(deps.db, {
    userId: input.userId,
    email: input.newEmail,
    purpose: 'change-email',
    ttlMinutes: CONFIRM_CODE_TTL_MINUTES,
  });
  await deps.mailer.send(
    changeEmailCodeMail({
      to: input.newEmail,
      name: user.firstName ?? user.name,
      code,
      expiresMinutes: CONFIRM_CODE_TTL_MINUTES,
    }),
  );
}

/** Switches to the new e-mail once its code is entered (confirmed by it), and tells the old address. */
export async function confirmEmailChange(
  deps: TAppDeps,
  input: { userId: string; code: string; ip?: string },
): Promise<{ email: string }> {
  const result = await consumeCode(deps.db, input.userId, input.code, 'change-email');
  assertCodeAccepted(result);
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: input.userId } });
  const taken = await deps.db.user.findFirst({
    where: { email: result.email, id: { not: user.id }, deletedAt: null, credential: { isNot: null } },
  });
  if (taken) throw new AppError('CONFLICT', { message: 'Another account uses that e-mail' });
  await deps.db.$transaction([
    deps.db.user.update({ where: { id: user.id }, data: { email: result.email, emailConfirmedAt: new Date() } }),
    deps.db.auditLog.create({
      data: {
        actorUserId: user.id,
        subjectUserId: user.id,
        action: 'account.email-change',
        details: JSON.stringify({ from: user.email, to: result.email }),
        ip: input.ip ?? null,
      },
    }),
  ]);
  if (user.email)
    await deps.mailer.send(
      emailChangedNoticeMail({ to: user.email, name: user.firstName ?? user.name, newEmail: result.email }),
    );
  return { email: result.email };
}
