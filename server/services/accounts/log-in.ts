import { z } from 'zod';
import { canonicalEmail } from '../../contracts/email-identity';
import { VALIDATION_MESSAGES } from '../../contracts/messages';
import { ZEmail } from '../../contracts/validation';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { accountSubject, throttledPasswordCheck, unknownEmailSubject } from '../../auth/password-throttle';

export const ZLogInInput = z.object({
  email: ZEmail,
  password: z.string({ error: VALIDATION_MESSAGES.required }).min(1, VALIDATION_MESSAGES.required).max(128),
});

export const LOGIN_FAILED_MESSAGE = 'The e-mail or password is not right';

/**
 * Checks an e-mail and password. Unknown e-mails and wrong passwords get the same answer after the
 * same argon2 work; failures are throttled per account and client (password-throttle.ts).
 */
export async function logIn(
  deps: TAppDeps,
  input: z.output<typeof ZLogInInput>,
  ip: string,
): Promise<{ userId: string }> {
  // The registered account holding the address, compared on its canonical form (email-identity.ts).
  const canonical = canonicalEmail(input.email);
  const user = canonical
    ? await deps.db.user.findUnique({
        where: { registeredEmail: canonical },
        select: { id: true, credential: { select: { passwordHash: true } } },
      })
    : null;
  const ok = await throttledPasswordCheck(deps, {
    subject: user ? accountSubject(user.id) : unknownEmailSubject(input.email),
    ip,
    check: () =>
      user?.credential
        ? verifyPassword(user.credential.passwordHash, input.password)
        : verifyAgainstDummy(input.password),
  });
  if (!ok || !user?.credential) throw new AppError('UNAUTHENTICATED', { message: LOGIN_FAILED_MESSAGE });
  return { userId: user.id };
}
