import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../../contracts/messages';
import { ZEmail } from '../../contracts/validation';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';

export const ZLogInInput = z.object({
  email: ZEmail,
  password: z.string({ error: VALIDATION_MESSAGES.required }).min(1, VALIDATION_MESSAGES.required).max(128),
});

export const LOGIN_FAILED_MESSAGE = 'The e-mail or password is not right';

/**
 * Checks an e-mail and password. Unknown e-mails and wrong passwords get the same answer after the
 * same argon2 work; failures are throttled per account and per address (429 with Retry-After).
 */
export async function logIn(
  deps: TAppDeps,
  input: z.output<typeof ZLogInInput>,
  ip: string,
): Promise<{ userId: string }> {
  const accountKey = `login:account:${input.email}`;
  const addressKey = `login:address:${ip}`;
  const retryAfter = Math.max(
    await deps.limits.loginAccount.retryAfter(accountKey),
    await deps.limits.loginAddress.retryAfter(addressKey),
  );
  if (retryAfter > 0) {
    throw new AppError('RATE_LIMITED', { message: 'Too many failed log-ins; please wait and try again', retryAfter });
  }
  const user = await deps.db.user.findFirst({
    where: { email: input.email, deletedAt: null, credential: { isNot: null } },
    include: { credential: true },
  });
  const ok = user?.credential
    ? await verifyPassword(user.credential.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!ok || !user) {
    await Promise.all([deps.limits.loginAccount.record(accountKey), deps.limits.loginAddress.record(addressKey)]);
    throw new AppError('UNAUTHENTICATED', { message: LOGIN_FAILED_MESSAGE });
  }
  await deps.limits.loginAccount.reset(accountKey);
  return { userId: user.id };
}
