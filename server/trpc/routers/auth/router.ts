import { z } from 'zod';
import { deriveAuthFlags } from '../../../contracts/identity';
import { ZPagingQuery, pagedOutput } from '../../../contracts/paging';
import { ZRelatedAccount } from '../../../contracts/rest';
import { sessionProvesEmail, switchTargetsFor, type TSwitchingSession } from '../../../auth/switching';
import type { TVerifiedIdentity } from '../../../auth/tokens';
import { refuseWhileImpersonating } from '../../../auth/impersonation';
import { AppError } from '../../../errors';
import { ZMergeAccountsInput, listMyRelatedAccounts, mergeAccounts } from '../../../services/accounts/related-accounts';
import { pictureUrlOf } from '../../../services/people/access';
import { authedProcedure, knownProcedure, publicProcedure, router } from '../../init';

/** The sign-in behind a token: its root account (before any switch) and its family. */
function sessionOf(identity: TVerifiedIdentity): TSwitchingSession {
  return { rootUserId: identity.rootIdentity ?? identity.userId, familyId: identity.familyId };
}

export const authRouter = router({
  /** Social sign-in providers the log-in screen offers (from configuration). */
  providers: publicProcedure
    .output(z.array(z.object({ id: z.string(), label: z.string() })))
    .query(({ ctx }) => ctx.config.oidcProviders.map((provider) => ({ id: provider.id, label: provider.label }))),
  /**
   * Who the caller is: the decoded identity's flags and a profile summary; null for visitors. While
   * a family manager acts as one of their children (switched into the child's account, not a
   * support session), `familyManager` names the manager, for the "whose account" banner and its
   * way back.
   */
  me: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.identity) return null;
    const { userId, rootIdentity, impersonatorUserId } = ctx.identity;
    const switchedFrom = rootIdentity && rootIdentity !== userId && !impersonatorUserId ? rootIdentity : null;
    const [user, managed] = await Promise.all([
      ctx.db.user.findUnique({ where: { id: userId } }),
      switchedFrom
        ? ctx.db.parentAccount.findUnique({
            where: { childId_parentId: { childId: userId, parentId: switchedFrom } },
            select: { parent: { select: { id: true, name: true, firstName: true, lastName: true, deletedAt: true } } },
          })
        : null,
    ]);
    if (!user) throw new AppError('UNAUTHENTICATED');
    const manager = managed && !managed.parent.deletedAt ? managed.parent : null;
    return {
      userId: user.id,
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      pictureUrl: pictureUrlOf(user),
      familyManager: manager
        ? { userId: manager.id, name: manager.name, firstName: manager.firstName, lastName: manager.lastName }
        : null,
      emailConfirmed: Boolean(user.emailConfirmedAt),
      /** Whether this sign-in proved the e-mail address (switching, related accounts, merge). */
      emailProven: await sessionProvesEmail(ctx.db, sessionOf(ctx.identity)),
      roles: ctx.identity.roles,
      flags: deriveAuthFlags(ctx.identity),
      impersonatorUserId: ctx.identity.impersonatorUserId,
      rootIdentity: ctx.identity.rootIdentity,
      scope: ctx.identity.scope,
    };
  }),
  /** Accounts sharing the e-mail: only for a sign-in that proved the address (switching.ts). */
  relatedAccounts: knownProcedure
    .input(ZPagingQuery.optional())
    .output(pagedOutput(ZRelatedAccount))
    .query(({ ctx, input }) => listMyRelatedAccounts(ctx, { identity: ctx.identity, page: input, ip: ctx.ip })),
  mergeAccounts: authedProcedure.input(ZMergeAccountsInput).mutation(async ({ ctx, input }) => {
    await refuseWhileImpersonating(ctx, { identity: ctx.identity, action: 'Merging accounts', ip: ctx.ip });
    await mergeAccounts(ctx, {
      userId: ctx.identity.userId,
      session: sessionOf(ctx.identity),
      otherUserId: input.otherUserId,
      password: input.password,
      ip: ctx.ip,
    });
    return { ok: true };
  }),
  /**
   * Accounts the signed-in person may switch to (their root and related accounts). A sign-in that
   * has not proved the address may switch nowhere, so it sees only its root (the menu asks on every
   * page: an empty answer, not a 403); the switch itself is refused and audited.
   */
  switchTargets: knownProcedure.query(async ({ ctx }) => {
    if (ctx.identity.impersonatorUserId) return [];
    const session = sessionOf(ctx.identity);
    const proven = await sessionProvesEmail(ctx.db, session);
    const targets = await switchTargetsFor(ctx.db, session.rootUserId);
    return targets
      .filter((target) => proven || target.relation !== 'related')
      .map(({ pictureKey, ...target }) => ({
        ...target,
        pictureUrl: pictureUrlOf({ id: target.userId, pictureKey }),
        isCurrent: target.userId === ctx.identity.userId,
      }));
  }),
});
