import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, pagingFor, type TPage, type TPagingQuery } from '../../contracts/paging';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { verifyPassword } from '../../auth/passwords';
import { revokeAllFamilies } from '../../auth/sessions';

export interface TRelatedAccount {
  userId: string;
  name: string;
  email: string | null;
  isRegistered: boolean;
  createdAt: string;
}

/** Other live accounts sharing the member's e-mail (spec §3 "related accounts"), a page at a time. */
export async function listRelatedAccounts(
  deps: Pick<TAppDeps, 'db'>,
  { userId, page = { limit: DEFAULT_PAGE_LIMIT, offset: 0 } }: { userId: string; page?: TPagingQuery },
): Promise<TPage<TRelatedAccount>> {
  const user = await deps.db.user.findUnique({ where: { id: userId } });
  if (!user?.email) return { items: [], paging: pagingFor(page, 0, 0) };
  const where = { email: user.email, id: { not: userId }, deletedAt: null };
  const [total, related] = await Promise.all([
    deps.db.user.count({ where }),
    deps.db.user.findMany({
      where,
      include: { credential: { select: { userId: true } }, externalIdentities: { select: { id: true } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      skip: page.offset,
      take: page.limit,
    }),
  ]);
  const items = related.map((account) => ({
    userId: account.id,
    name: account.name,
    email: account.email,
    isRegistered: Boolean(account.credential) || account.externalIdentities.length > 0,
    createdAt: account.createdAt.toISOString(),
  }));
  return { items, paging: pagingFor(page, items.length, total) };
}

export const ZMergeAccountsInput = z.object({
  otherUserId: z.uuid({ error: 'Id must be a UUID' }).transform((value) => value.toLowerCase()),
  /** The other account's password, required when it has one. */
  password: z.string().max(128).optional(),
});

/**
 * Merges a related account into the member's: its social identities move over, it is closed and
 * its sign-ins end. The member must have confirmed the shared e-mail, and prove the other account
 * when it has a password. Domain data moves here too as later domains add it.
 */
export async function mergeAccounts(
  deps: TAppDeps,
  input: { userId: string; otherUserId: string; password?: string | undefined; ip?: string },
): Promise<void> {
  if (input.userId === input.otherUserId)
    throw new AppError('BAD_REQUEST', { message: 'An account cannot be merged into itself' });
  const [user, other] = await Promise.all([
    deps.db.user.findUnique({ where: { id: input.userId } }),
    deps.db.user.findUnique({ where: { id: input.otherUserId }, include: { credential: true } }),
  ]);
  if (!user || user.deletedAt || !other || other.deletedAt || !user.email || other.email !== user.email) {
    throw new AppError('NOT_FOUND', { message: 'No related account with that id' });
  }
  if (!user.emailConfirmedAt)
    throw new AppError('FORBIDDEN', { message: 'Confirm your e-mail before merging accounts' });
  if (other.credential) {
    const ok = input.password ? await verifyPassword(other.credential.passwordHash, input.password) : false;
    if (!ok)
      throw new AppError('VALIDATION', {
        message: 'The password of the other account is not right',
        fieldErrors: { password: 'The password is not right' },
      });
  }
  await deps.db.$transaction([
    deps.db.externalIdentity.updateMany({ where: { userId: other.id }, data: { userId: user.id } }),
    deps.db.user.update({ where: { id: other.id }, data: { deletedAt: new Date(), username: null } }),
    deps.db.auditLog.create({
      data: {
        actorUserId: user.id,
        subjectUserId: other.id,
        action: 'account.merge',
        details: JSON.stringify({ into: user.id }),
        ip: input.ip ?? null,
      },
    }),
  ]);
  await revokeAllFamilies(deps, other.id, 'merged');
}
