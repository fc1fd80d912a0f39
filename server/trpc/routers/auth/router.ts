import { z } from 'zod';
import { deriveAuthFlags } from '../../../contracts/identity';
import { ZPagingQuery, pagedOutput } from '../../../contracts/paging';
import { switchTargetsFor } from '../../../auth/switching';
import { refuseWhileImpersonating } from '../../../auth/impersonation';
import { AppError } from '../../../errors';
import { ZMergeAccountsInput, listRelatedAccounts, mergeAccounts } from '../../../services/accounts/related-accounts';
import { authedProcedure, knownProcedure, publicProcedure, router } from '../../init';

const ZRelatedAccount = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  isRegistered: z.boolean(),
  createdAt: z.string(),
});

export const authRouter = router({
  /** Social sign-in providers the log-in screen offers (from configuration). */
  providers: publicProcedure
    .output(z.array(z.object({ id: z.string(), label: z.string() })))
    .query(({ ctx }) => ctx.config.oidcProviders.map((provider) => ({ id: provider.id, label: provider.label }))),
  /** Who the caller is: the decoded identity's flags and a profile summary; null for visitors. */
  me: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.identity) return null;
    const user = await ctx.db.user.findUnique({ where: { id: ctx.identity.userId } });
    if (!user) throw new AppError('UNAUTHENTICATED');
    return {
      userId: user.id,
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      emailConfirmed: Boolean(user.emailConfirmedAt),
      roles: ctx.identity.roles,
      flags: deriveAuthFlags(ctx.identity),
      impersonatorUserId: ctx.identity.impersonatorUserId,
      rootIdentity: ctx.identity.rootIdentity,
      scope: ctx.identity.scope,
    };
  }),
  relatedAccounts: knownProcedure
    .input(ZPagingQuery.optional())
    .output(pagedOutput(ZRelatedAccount))
    .query(({ ctx, input }) => listRelatedAccounts(ctx, { userId: ctx.identity.userId, page: input })),
  mergeAccounts: authedProcedure.input(ZMergeAccountsInput).mutation(async ({ ctx, input }) => {
    refuseWhileImpersonating(ctx.identity, 'Merging accounts');
    await mergeAccounts(ctx, {
      userId: ctx.identity.userId,
      otherUserId: input.otherUserId,
      password: input.password,
      ip: ctx.ip,
    });
    return { ok: true };
  }),
  /** Accounts the signed-in person may switch to (their root and related accounts). */
  switchTargets: knownProcedure.query(async ({ ctx }) => {
    const root = ctx.identity.rootIdentity ?? ctx.identity.userId;
    if (ctx.identity.impersonatorUserId) return [];
    const targets = await switchTargetsFor(ctx.db, root);
    return targets.map((target) => ({ ...target, isCurrent: target.userId === ctx.identity.userId }));
  }),
});
