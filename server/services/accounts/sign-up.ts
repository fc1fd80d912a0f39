import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ZEmail, ZName, ZPassword, ZUsername } from '../../contracts/validation';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { hashPassword } from '../../auth/passwords';
import { enqueueJob, runJobNow } from '../../jobs/queue';
import {
  claimingEmail,
  emailColumns,
  emailTakenError,
  findRegisteredAccount,
  isUniqueViolationOn,
  requireCanonicalEmail,
} from './registered-email';
import { TERMS_VERSION } from '../users/terms-of-service';
import { CONFIRMATION_MAIL_JOB, confirmationMailJobKey, sendConfirmationMailJob } from './send-confirmation-email';

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
 * is claimed by the database on its canonical form (users.registered_email): a second sign-up with
 * it, even a concurrent one or a case/NFD/IDN variant, answers 409; a look-alike domain is another
 * address. Floaters invited at this address are not touched here: they are claimed when the mailed
 * code is confirmed (confirm-email.ts), never on an unproven sign-up.
 *
 * The confirmation mail is a job queued in the account's own transaction: the account and its mail
 * exist together or not at all. It is then run at once (runJobNow); when sending fails, the sign-up
 * still stands and a worker retries the mail with back-off (the member may also ask for a new code).
 */
export async function signUp(deps: TAppDeps, input: z.output<typeof ZSignUpInput>): Promise<{ userId: string }> {
  const canonical = requireCanonicalEmail(input.email);
  // A friendly early answer; the unique index below is what actually decides.
  if (await findRegisteredAccount(deps.db, input.email)) throw emailTakenError();
  if (input.username && (await deps.db.user.findUnique({ where: { username: input.username } }))) throw usernameTaken();
  const [firstName, ...rest] = input.name.split(/\s+/);
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  try {
    await claimingEmail(() =>
      deps.db.$transaction(async (tx) => {
        await tx.user.create({
          data: {
            id: userId,
            ...emailColumns(input.email),
            registeredEmail: canonical,
            name: input.name,
            firstName: firstName ?? input.name,
            lastName: rest.length ? rest.join(' ') : null,
            username: input.username ?? null,
            credential: { create: { passwordHash } },
            // Every account has its settings row (and e-mail settings guid) from the start.
            settings: { create: { emailGuid: randomUUID() } },
            ...(input.acceptTerms ? { termsAcceptance: { create: { version: TERMS_VERSION } } } : {}),
          },
        });
        await enqueueJob(tx, {
          kind: CONFIRMATION_MAIL_JOB,
          payload: { userId },
          uniqueKey: confirmationMailJobKey(userId),
        });
      }),
    );
  } catch (error) {
    if (isUniqueViolationOn(error, 'username')) throw usernameTaken();
    throw error;
  }
  await runJobNow(deps, {
    uniqueKey: confirmationMailJobKey(userId),
    handlers: { [CONFIRMATION_MAIL_JOB]: sendConfirmationMailJob },
  }).catch((error: unknown) => {
    deps.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'confirmation mail left queued');
  });
  return { userId };
}
