/**
 * Requests that make us send an account e-mail (sign-up, code resend, password reset, e-mail
 * change) spend a budget per recipient and per client address, so nobody can use the product to
 * flood a mailbox. Spent whether or not the recipient has an account, so the answer tells nothing.
 */
import type { TAppDeps } from '../deps';
import { AppError } from '../errors';

export async function spendMailBudget(
  deps: Pick<TAppDeps, 'limits'>,
  input: { recipient: string; ip: string },
): Promise<void> {
  const recipientKey = `mail:to:${input.recipient.toLowerCase()}`;
  const clientKey = `mail:from:${input.ip}`;
  const retryAfter = Math.max(
    await deps.limits.mailPerRecipient.retryAfter(recipientKey),
    await deps.limits.mailPerClient.retryAfter(clientKey),
  );
  if (retryAfter > 0) {
    throw new AppError('RATE_LIMITED', {
      message: 'Too many e-mails asked for; please wait and try again',
      retryAfter,
    });
  }
  await Promise.all([deps.limits.mailPerRecipient.record(recipientKey), deps.limits.mailPerClient.record(clientKey)]);
}
