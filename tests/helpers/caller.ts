/** The typed tRPC test caller over the real database. */
import type { TIdentity } from '../../server/contracts/identity';
import { createContextInner } from '../../server/trpc/context';
import { createCallerFactory } from '../../server/trpc/init';
import { appRouter } from '../../server/trpc/router';
import { testDeps } from './server';

const createCaller = createCallerFactory(appRouter);

export function callerFor(identity: TIdentity | null = null) {
  return createCaller(createContextInner({ ...testDeps(), identity }));
}
