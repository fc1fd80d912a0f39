import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, pagingFor, type TPage, type TPagingQuery } from '../../contracts/paging';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { verifyPassword } from '../../auth/passwords';
import { accountSubject, throttledPasswordCheck } from '../../auth/password-throttle';
import { revokeAllFamilies } from '../../auth/sessions';
import { assertSessionProvesEmail, type TSwitchingSession } from '../../auth/switching';
import type { TVerifiedIdentity } from '../../auth/tokens';
import { absorbAccount } from './absorb-account';

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
  if (!user?.emailCanonical) return { items: [], paging: pagingFor(page, 0, 0) };
  // The same address exactly (canonical form): a look-alike domain's accounts are not related.
  const where = { emailCanonical: user.emailCanonical, id: { not: userId }, deletedAt: null };
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

/** The sign-in behind a token: its root account (before any switch) and its family. */
export function switchingSessionOf(identity: TVerifiedIdentity): TSwitchingSession {
  return { rootUserId: identity.rootIdentity ?? identity.userId, familyId: identity.familyId };
}

/**
 * The caller's related accounts, for every face (tRPC auth.relatedAccounts, REST
 * /v1/users/{userId}/users-same-email): only from a sign-in that proved the shared e-mail
 * (switching.ts), else 403 and an audit row. Other accounts' names and addresses are not shown to a
 * sign-in that merely claims the address.
 */
export async function listMyRelatedAccounts(
  deps: Pick<TAppDeps, 'db'>,
  input: { identity: TVerifiedIdentity; page?: TPagingQuery | undefined; ip?: string | null },
): Promise<TPage<TRelatedAccount>> {
  await assertSessionProvesEmail(deps.db, {
    ...switchingSessionOf(input.identity),
    action: 'related-accounts',
    ip: input.ip ?? null,
  });
  return listRelatedAccounts(deps, { userId: input.identity.userId, page: input.page });
}

export const ZMergeAccountsInput = z.object({
  otherUserId: z.uuid({ error: 'Id must be a UUID' }).transform((value) => value.toLowerCase()),
  /** The other account's password, required when it has one. */
  password: z.string().max(128).optional(),
});

/**
 * Merges a related account into the member's: its social identities move over, it is closed and
 * its sign-ins end. Only from a sign-in that proved the shared e-mail (switching.ts), and with the
 * other account's password when it has one (behind the log-in throttle).
 */
export async function mergeAccounts(
  deps: TAppDeps,
  input: {
    /** The account that stays (the one the member acts as). */
    userId: string;
    /** The sign-in asking, which must have proven the address. */
    session: TSwitchingSession;
    otherUserId: string;
    password?: string | undefined;
    ip: string;
  },
): Promise<void> {
  if (input.userId === input.otherUserId)
    throw new AppError('BAD_REQUEST', { message: 'An account cannot be merged into itself' });
  await assertSessionProvesEmail(deps.db, {
    ...input.session,
    action: 'merge',
    targetUserId: input.otherUserId,
    ip: input.ip,
  });
  const [user, other] = await Promise.all([
    deps.db.user.findUnique({ where: { id: input.userId } }),
    deps.db.user.findUnique({ where: { id: input.otherUserId }, include: { credential: true } }),
  ]);
  const related =
    user && !user.deletedAt && other && !other.deletedAt && user.emailCanonical
      ? await deps.db.user.count({ where: { id: other.id, emailCanonical: user.emailCanonical } })
      : 0;
  if (!user || !other || related === 0) throw new AppError('NOT_FOUND', { message: 'No related account with that id' });
  const credential = other.credential;
  if (credential) {
    const password = input.password;
    const ok = await throttledPasswordCheck(deps, {
      subject: accountSubject(other.id),
      ip: input.ip,
      check: async () => (password ? verifyPassword(credential.passwordHash, password) : false),
    });
    if (!ok)
      throw new AppError('VALIDATION', {
        message: 'The password of the other account is not right',
        fieldErrors: { password: 'The password is not right' },
      });
  }
  await deps.db.$transaction((tx) =>
    absorbAccount(tx, { fromUserId: other.id, intoUserId: user.id, action: 'account.merge', ip: input.ip }),
  );
  await revokeAllFamilies(deps, other.id, 'merged');
}
