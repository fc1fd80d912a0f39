import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLES } from '../../../server/contracts/roles';
import { createContextInner } from '../../../server/trpc/context';
import { authedProcedure, createCallerFactory, router } from '../../../server/trpc/init';
import { createMember, impersonationIdentity } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { testDeps } from '../../helpers/server';

// Every procedure is built on publicProcedure, so the impersonation guard applies to all of them;
// a stand-in write proves it before the domains add real ones.
const probeRouter = router({
  renameThing: authedProcedure.input(z.object({ name: z.string() })).mutation(({ input }) => ({ renamed: input.name })),
});
const createCaller = createCallerFactory(probeRouter);

describe('writes made while impersonating', () => {
  it('an admin’s write goes through and is audited with both ids and the reason', async () => {
    const deps = testDeps();
    const lead = await createMember(testDb(), { roles: [ROLES.supportLead] });
    const target = await createMember(testDb());
    const { identity } = await impersonationIdentity(deps, lead.id, target.id, 'Fixing a typo for the member');
    const caller = createCaller(createContextInner({ ...deps, identity }));
    expect(await caller.renameThing({ name: 'x' })).toEqual({ renamed: 'x' });
    const row = await testDb().auditLog.findFirstOrThrow({
      where: { actorUserId: lead.id, action: 'impersonation.write:renameThing' },
    });
    expect(row).toMatchObject({ subjectUserId: target.id, reason: 'Fixing a typo for the member' });
  });

  it('an analyst’s write is refused and the attempt audited', async () => {
    const deps = testDeps();
    const analyst = await createMember(testDb(), { roles: [ROLES.supportAnalyst] });
    const target = await createMember(testDb());
    const { identity } = await impersonationIdentity(deps, analyst.id, target.id);
    const caller = createCaller(createContextInner({ ...deps, identity }));
    await expect(caller.renameThing({ name: 'x' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await testDb().auditLog.count({
        where: { actorUserId: analyst.id, action: 'impersonation.write:refused:renameThing' },
      }),
    ).toBe(1);
  });

  it('a member’s own writes are not audited', async () => {
    const deps = testDeps();
    const member = await createMember(testDb());
    const { identityFor } = await import('../../factories/identities');
    const caller = createCaller(createContextInner({ ...deps, identity: await identityFor(deps, member.id) }));
    await caller.renameThing({ name: 'y' });
    expect(await testDb().auditLog.count({ where: { subjectUserId: member.id } })).toBe(0);
  });
});
