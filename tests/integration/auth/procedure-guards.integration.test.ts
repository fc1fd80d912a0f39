import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../server/contracts/roles';
import { createContextInner } from '../../../server/trpc/context';
import {
  adminProcedure,
  authedProcedure,
  createCallerFactory,
  knownProcedure,
  publicProcedure,
  roleProcedure,
  router,
} from '../../../server/trpc/init';
import { ACTOR_NAMES, createActors, type TActorName, type TActors } from '../../factories/identities';
import { testDeps } from '../../helpers/server';

// The procedure builders every domain router uses, checked against the permission table's actors.
const guarded = router({
  open: publicProcedure.query(() => 'ok'),
  known: knownProcedure.query(() => 'ok'),
  authed: authedProcedure.query(() => 'ok'),
  admin: adminProcedure.query(() => 'ok'),
  merchandiser: roleProcedure(ROLES.merchandiser).query(() => 'ok'),
});
const createCaller = createCallerFactory(guarded);

const EXPECTED: Record<keyof typeof guarded._def.procedures & string, Record<TActorName, number>> = {
  open: {
    visitor: 200,
    floater: 200,
    registered: 200,
    otherUser: 200,
    analystImpersonating: 200,
    supportAdmin: 200,
    adminImpersonating: 200,
  },
  known: {
    visitor: 401,
    floater: 200,
    registered: 200,
    otherUser: 200,
    analystImpersonating: 200,
    supportAdmin: 200,
    adminImpersonating: 200,
  },
  authed: {
    visitor: 401,
    floater: 401,
    registered: 200,
    otherUser: 200,
    analystImpersonating: 200,
    supportAdmin: 200,
    adminImpersonating: 200,
  },
  // Admin area: admin or impersonator-admin (spec §6).
  admin: {
    visitor: 401,
    floater: 401,
    registered: 403,
    otherUser: 403,
    analystImpersonating: 200,
    supportAdmin: 200,
    adminImpersonating: 200,
  },
  merchandiser: {
    visitor: 401,
    floater: 401,
    registered: 403,
    otherUser: 403,
    analystImpersonating: 403,
    supportAdmin: 403,
    adminImpersonating: 403,
  },
};

let actors: TActors;
// One set of dependencies for the file: none of these calls counts against a rate limit.
const deps = testDeps();
beforeAll(async () => {
  actors = await createActors(deps);
});

describe.each(Object.entries(EXPECTED))('%s procedures', (name, expected) => {
  it.each(ACTOR_NAMES)('%s', async (actor) => {
    const caller = createCaller(
      createContextInner({ ...deps, identity: actors.identities[actor] }),
    ) as unknown as Record<string, () => Promise<unknown>>;
    let status = 200;
    try {
      await caller[name]!();
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      status = getHTTPStatusCodeFromError(error);
    }
    expect(status).toBe(expected[actor]);
  });
});
