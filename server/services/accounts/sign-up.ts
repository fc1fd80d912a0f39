import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ZEmail, ZName, ZPassword, ZUsername } from '../../contracts/validation';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { hashPassword } from '../../auth/passwords';
import { sendConfirmationEmail } from './send-confirmation-email';

export const ZSignUpInput = z.object({
  name: ZName,
  email: ZEmail,
  password: ZPassword,
  username: ZUsername.optional(),
});
export type TSignUpInput = z.input<typeof ZSignUpInput>;

/** Creates a registered member with a password and mails a six-digit confirmation code. */
export async function signUp(deps: TAppDeps, input: z.output<typeof ZSignUpInput>): Promise<{ userId: string }> {
  const existing = await deps.db.user.findFirst({
    where: { email: input.email, deletedAt: null, credential: { isNot: null } },
  });
  if (existing) {
    throw new AppError('CONFLICT', {
      message: 'An account with this e-mail already exists. Log in or reset your password.',
      fieldErrors: { email: 'An account with this e-mail already exists' },
    });
  }
  if (input.username && (await deps.db.user.findUnique({ where: { username: input.username } }))) {
    throw new AppError('CONFLICT', {
      message: 'That username is taken',
      fieldErrors: { username: 'That username is taken' },
    });
  }
  const [firstName, ...rest] = input.name.split(/\s+/);
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  await deps.db.user.create({
    data: {
      id: userId,
      email: input.email,
      name: input.name,
      firstName: firstName ?? input.name,
      lastName: rest.length ? rest.join(' ') : null,
      username: input.username ?? null,
      credential: { create: { passwordHash } },
    },
  });
  await sendConfirmationEmail(deps, userId);
  return { userId };
}
