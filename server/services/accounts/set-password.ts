import { z } from 'zod';
import { ZName, ZPassword } from '../../contracts/validation';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { hashPassword } from '../../auth/passwords';
import { assertNotChildAccount } from '../people/access';
import { canonicalEmail } from '../../contracts/email-identity';
import { findRegisteredAccount, isUniqueViolationOn } from './registered-email';

export const ZSetPasswordInput = z.object({ password: ZPassword, name: ZName.optional() });

/** A floater (invited, partly signed in) becomes a registered member by choosing a password. */
export async function registerFloater(
  deps: TAppDeps,
  input: { userId: string; password: string; name?: string },
): Promise<void> {
  // A child account (a manager switched into it) never gets a password and registered roles.
  await assertNotChildAccount(deps.db, input.userId);
  const user = await deps.db.user.findUnique({ where: { id: input.userId }, include: { credential: true } });
  if (!user || user.deletedAt) throw new AppError('NOT_FOUND');
  if (user.credential) throw new AppError('CONFLICT', { message: 'This account already has a password' });
  const taken = () =>
    new AppError('CONFLICT', {
      message: 'An account with this e-mail already exists: log in to it and merge the accounts instead',
    });
  if (user.email && (await findRegisteredAccount(deps.db, user.email))) throw taken();
  const passwordHash = await hashPassword(input.password);
  try {
    await deps.db.user.update({
      where: { id: user.id },
      data: {
        credential: { create: { passwordHash } },
        // Registered from now on: the address is claimed on the unique index (a lost race is a 409).
        registeredEmail: user.email ? canonicalEmail(user.email) : null,
        // The invitation reached this mailbox, so the e-mail is confirmed.
        emailConfirmedAt: user.email ? new Date() : null,
        ...(input.name ? { name: input.name, firstName: input.name.split(/\s+/)[0] ?? input.name } : {}),
      },
    });
  } catch (error) {
    if (isUniqueViolationOn(error, 'registered_email')) throw taken();
    throw error;
  }
  await deps.db.auditLog.create({
    data: { actorUserId: user.id, subjectUserId: user.id, action: 'account.floater-registered' },
  });
}
