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
import { accountSubject, throttledPasswordCheck } from '../../auth/password-throttle';
import { forgetFamilies, revokeFamiliesWhere } from '../../auth/revocation';
import { changeEmailCodeMail, emailChangedNoticeMail } from '../../mail/templates';
import { assertNotChildAccount } from '../people/access';
import { sameEmail } from '../../contracts/email-identity';
import {
  claimingEmail,
  emailColumns,
  emailTakenError,
  findRegisteredAccount,
  requireCanonicalEmail,
} from './registered-email';
import { CONFIRM_CODE_TTL_MINUTES, assertCodeAccepted, consumeCode, createEmailToken } from './email-tokens';

export const ZChangePasswordInput = z.object({ currentPassword: z.string().max(128), newPassword: ZPassword });
const EMAIL_IN_USE = 'Another account uses that e-mail';

export const ZChangeEmailInput = z.object({ newEmail: ZEmail, password: z.string().max(128) });

async function assertPassword(
  deps: TAppDeps,
  input: { userId: string; password: string; ip: string },
): Promise<{ email: string | null; name: string; firstName: string | null }> {
  // A child account (a manager switched into it) never changes its credentials.
  await assertNotChildAccount(deps.db, input.userId);
  const user = await deps.db.user.findUnique({ where: { id: input.userId }, include: { credential: true } });
  if (!user || user.deletedAt) throw new AppError('UNAUTHENTICATED');
  const credential = user.credential;
  if (!credential) throw new AppError('CONFLICT', { message: 'This account has no password yet: set one first' });
  const ok = await throttledPasswordCheck(deps, {
    subject: accountSubject(user.id),
    ip: input.ip,
    check: () => verifyPassword(credential.passwordHash, input.password),
    message: 'Too many wrong passwords; please wait and try again',
  });
  if (!ok) {
    throw new AppError('VALIDATION', {
      message: 'The current password is not right',
      fieldErrors: { currentPassword: 'The password is not right', password: 'The password is not right' },
    });
  }
  return user;
}

/** Sets a new password and ends every other sign-in of the member (this one stays). */
export async function changePassword(
  deps: TAppDeps,
  input: { userId: string; familyId: string | null; currentPassword: string; newPassword: string; ip: string },
): Promise<void> {
  await assertPassword(deps, { userId: input.userId, password: input.currentPassword, ip: input.ip });
  const passwordHash = await hashPassword(input.newPassword);
  const revoked = await deps.db.$transaction(async (tx) => {
    await tx.userCredential.update({
      where: { userId: input.userId },
      data: { passwordHash, passwordUpdatedAt: new Date() },
    });
    await tx.auditLog.create({
      data: {
        actorUserId: input.userId,
        subjectUserId: input.userId,
        action: 'account.password-change',
        ip: input.ip ?? null,
      },
    });
    const others = input.familyId ? { id: { not: input.familyId } } : {};
    return revokeFamiliesWhere(tx, { userId: input.userId, ...others }, 'password-changed');
  });
  await forgetFamilies(deps.cache, revoked);
}

/** Mails a code to the new address; nothing changes until it is entered. */
export async function requestEmailChange(
  deps: TAppDeps,
  input: { userId: string; newEmail: string; password: string; ip: string },
): Promise<void> {
  const user = await assertPassword(deps, { userId: input.userId, password: input.password, ip: input.ip });
  if (sameEmail(user.email, input.newEmail))
    throw new AppError('VALIDATION', { fieldErrors: { newEmail: 'That is already your e-mail' } });
  if (await findRegisteredAccount(deps.db, input.newEmail)) throw emailTakenError('newEmail', EMAIL_IN_USE);
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
  await assertNotChildAccount(deps.db, input.userId);
  const result = await consumeCode(deps.db, input.userId, input.code, 'change-email');
  assertCodeAccepted(result);
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: input.userId } });
  // Only registered members (a password is required above) change e-mails, so the new address is
  // claimed on the unique index: a lost race answers 409 and changes nothing.
  await claimingEmail(
    () =>
      deps.db.$transaction([
        deps.db.user.update({
          where: { id: user.id },
          data: {
            ...emailColumns(result.email),
            registeredEmail: requireCanonicalEmail(result.email, 'newEmail'),
            emailConfirmedAt: new Date(),
          },
        }),
        deps.db.auditLog.create({
          data: {
            actorUserId: user.id,
            subjectUserId: user.id,
            action: 'account.email-change',
            details: JSON.stringify({ from: user.email, to: result.email }),
            ip: input.ip ?? null,
          },
        }),
      ]),
    'newEmail',
  );
  if (user.email)
    await deps.mailer.send(
      emailChangedNoticeMail({ to: user.email, name: user.firstName ?? user.name, newEmail: result.email }),
    );
  return { email: result.email };
}
