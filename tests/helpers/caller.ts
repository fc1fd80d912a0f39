/** The typed tRPC test caller over the real database. */
import type { TVerifiedIdentity } from '../../server/auth/tokens';
import type { TAppDeps } from '../../server/deps';
import { createContextInner } from '../../server/trpc/context';
import { createCallerFactory } from '../../server/trpc/init';
import { appRouter } from '../../server/trpc/router';
import { testDeps } from './server';

const createCaller = createCallerFactory(appRouter);

export function callerFor(identity: TVerifiedIdentity | null = null, deps: TAppDeps = testDeps()) {
  return createCaller(createContextInner({ ...deps, identity }));
}
