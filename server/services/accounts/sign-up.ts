import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ZEmail, ZName, ZPassword, ZUsername } from '../../contracts/validation';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { hashPassword } from '../../auth/passwords';
import { claimingEmail, emailTakenError, findRegisteredAccount, isUniqueViolationOn } from './registered-email';
import { TERMS_VERSION } from '../users/terms-of-service';
import { sendConfirmationEmail } from './send-confirmation-email';

export const ZSignUpInput = z.object({
  name: ZName,
  email: ZEmail,
  password: ZPassword,
  username: ZUsername.optional(),
  /** Ticked on the sign-up form (which links the terms): accepted with the account, no dialog later. */
  acceptTerms: z.boolean().optional(),
});
export type TSignUpInput = z.input<typeof ZSignUpInput>;

const usernameTaken = (): AppError =>
  new AppError('CONFLICT', { message: 'That username is taken', fieldErrors: { username: 'That username is taken' } });

/**
 * Creates a registered member with a password and mails a six-digit confirmation code. The address
 * is claimed by the database (users.registered_email): a second sign-up with it, even a concurrent
 * one or a case/accent variant, answers 409. Floaters invited at this address are not touched here:
 * they are claimed when the mailed code is confirmed (confirm-email.ts), never on an unproven sign-up.
 */
export async function signUp(deps: TAppDeps, input: z.output<typeof ZSignUpInput>): Promise<{ userId: string }> {
  // A friendly early answer; the unique index below is what actually decides.
  if (await findRegisteredAccount(deps.db, input.email)) throw emailTakenError();
  if (input.username && (await deps.db.user.findUnique({ where: { username: input.username } }))) throw usernameTaken();
  const [firstName, ...rest] = input.name.split(/\s+/);
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  try {
    await claimingEmail(() =>
      deps.db.user.create({
        data: {
          id: userId,
          email: input.email,
          registeredEmail: input.email,
          name: input.name,
          firstName: firstName ?? input.name,
          lastName: rest.length ? rest.join(' ') : null,
          username: input.username ?? null,
          credential: { create: { passwordHash } },
          // Every account has its settings row (and e-mail settings guid) from the start.
          settings: { create: { emailGuid: randomUUID() } },
          ...(input.acceptTerms ? { termsAcceptance: { create: { version: TERMS_VERSION } } } : {}),
        },
      }),
    );
  } catch (error) {
    if (isUniqueViolationOn(error, 'username')) throw usernameTaken();
    throw error;
  }
  await sendConfirmationEmail(deps, userId);
  return { userId };
}
