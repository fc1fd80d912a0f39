/** What the exchange integration tests share: dates from today, unique tags, and signed-in people. */
import type { TVerifiedIdentity } from '../../server/auth/tokens';
import { createMember, identityFor } from '../factories/identities';
import { callerFor } from './caller';
import { testDb } from './db';
import type { testDeps } from './server';

/** A day `days` from today, as the API takes dates (YYYY-MM-DD). */
export const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** A short tag that keeps one test's titles and e-mail addresses apart from another's. */
export const unique = (): string => crypto.randomUUID().slice(0, 8);

export interface TPerson {
  id: string;
  identity: TVerifiedIdentity;
  caller: ReturnType<typeof callerFor>;
}

/**
 * A new member, or (with `userId`) someone already in the database, such as an invitee made by
 * an invitation: signed in with the typed caller.
 */
export async function personFor(deps: ReturnType<typeof testDeps>, userId?: string): Promise<TPerson> {
  const id = userId ?? (await createMember(testDb())).id;
  const identity = await identityFor(deps, id, userId ? { scope: ['exchange:test:*'] } : {});
  return { id, identity, caller: callerFor(identity, deps) };
}
