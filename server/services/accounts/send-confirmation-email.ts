import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TJobHandler } from '../../jobs/queue';
import { confirmEmailMail } from '../../mail/templates';
import { CONFIRM_CODE_TTL_MINUTES, createEmailToken } from './email-tokens';

/** The job that mails a new member's confirmation code, queued with the account (sign-up.ts). */
export const CONFIRMATION_MAIL_JOB = 'accounts:confirmation-mail';

export const confirmationMailJobKey = (userId: string): string => `${CONFIRMATION_MAIL_JOB}:${userId}`;

/** Mails a fresh six-digit code (and a one-click link) to confirm the member's e-mail. */
export async function sendConfirmationEmail(deps: TAppDeps, userId: string): Promise<void> {
  const user = await deps.db.user.findUnique({ where: { id: userId } });
  if (!user?.email) throw new AppError('BAD_REQUEST', { message: 'This account has no e-mail address' });
  if (user.emailConfirmedAt) return;
  const code = await createEmailToken(deps.db, {
    userId,
    email: user.email,
    purpose: 'confirm-code',
    ttlMinutes: CONFIRM_CODE_TTL_MINUTES,
  });
  const link = await createEmailToken(deps.db, {
    userId,
    email: user.email,
    purpose: 'confirm-link',
    ttlMinutes: CONFIRM_CODE_TTL_MINUTES,
  });
  const confirmUrl = `${deps.config.publicUrl}/auth/v2/confirm-email/?token=${encodeURIComponent(link)}`;
  await deps.mailer.send(
    confirmEmailMail({
      to: user.email,
      name: user.firstName ?? user.name,
      code,
      confirmUrl,
      expiresMinutes: CONFIRM_CODE_TTL_MINUTES,
    }),
  );
}

/**
 * The job's handler: mails the code unless the account is gone, has no address or was confirmed
 * meanwhile. Each run makes a fresh code (the secret is never stored in the job's payload).
 */
export const sendConfirmationMailJob: TJobHandler = async (deps, payload) => {
  const { userId } = payload as { userId: string };
  const user = await deps.db.user.findUnique({
    where: { id: userId },
    select: { email: true, emailConfirmedAt: true, deletedAt: true },
  });
  if (!user?.email || user.emailConfirmedAt || user.deletedAt) return;
  await sendConfirmationEmail(deps, userId);
};
