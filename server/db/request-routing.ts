/**
 * Which database a request's reads may use, decided per request rather than per call site (the
 * services keep taking `deps.db`): an AsyncLocalStorage store opened for every HTTP request when
 * read replicas are configured (server/db/replicas.ts).
 * - `read` is set for tRPC queries and REST GETs under /v1 (registerReadRouting); everything else (mutations, the sign-in
 *   routes, live streams, the job worker, work outside a request) reads the primary.
 * - `wrote` is set by the first write; from then on the request reads the primary, and before its
 *   answer leaves, the primary's GTID position is remembered for `members` (read-your-writes).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface TRequestRouting {
  read: boolean;
  wrote: boolean;
  /** The caller, whose last remembered write this request's replica reads must see. */
  reader: string | null;
  /** Members whose next reads must see this request's writes: the caller, and anyone it signed in. */
  members: Set<string>;
  /** The replica chosen for this request's reads (null: the primary), chosen at its first read. */
  target?: Promise<unknown>;
}

const storage = new AsyncLocalStorage<TRequestRouting>();

export function currentRouting(): TRequestRouting | undefined {
  return storage.getStore();
}

export function runWithRouting<T>(run: () => T): T {
  return storage.run({ read: false, wrote: false, reader: null, members: new Set() }, run);
}

/** Runs `run` outside any request: its reads go to the primary (the job worker). */
export function outsideRequest<T>(run: () => T): T {
  return storage.exit(run);
}

/** The request signs `userId` in (a new access token): that member's next reads must see its writes. */
export function noteSignedIn(userId: string): void {
  storage.getStore()?.members.add(userId.toLowerCase());
}
