/**
 * tRPC context, split so tests build it directly (`createContextInner`) and the HTTP adapter wraps it.
 */
import type { TVerifiedIdentity } from '../auth/tokens';
import type { TAppDeps } from '../deps';
import type { TRatePolicy } from '../http/rate-limits';

export interface TContext extends TAppDeps {
  identity: TVerifiedIdentity | null;
  /** Request metadata for audit logs and rate limits. */
  ip: string;
  userAgent: string;
  /** The `Idempotency-Key` header as sent (checked by the procedures that honour it). */
  idempotencyKey: string | null;
  /** Counts the call against a request-rate policy; answers the seconds to wait (0: go on). */
  rateLimit: (policy: TRatePolicy) => Promise<number>;
  /**
   * The calls of one HTTP request of queries (their procedures' paths) and the reads they share (see
   * `sharedRead`); null elsewhere: a mutation's batch writes, a subscription lives on, and a direct
   * caller (tests, server-side calls) may write between its calls.
   */
  sharedReads: TSharedReads | null;
}

export interface TSharedReads {
  paths: ReadonlySet<string>;
  reads: Map<string, Promise<unknown>>;
}

/** Shared reads for a request of queries calling these procedures. */
export function sharedReadsFor(paths: Iterable<string>): TSharedReads {
  return { paths: new Set(paths), reads: new Map() };
}

/**
 * `load()`, run once for all the calls of one HTTP request of queries (a GET batch, which writes nothing)
 * that ask for the same `key`; on its own in any other call. The member's home sends one batch whose
 * birthdays and reminders both need the viewer's birthday audience (three statements).
 */
export function sharedRead<T>(ctx: Pick<TContext, 'sharedReads'>, key: string, load: () => Promise<T>): Promise<T> {
  if (!ctx.sharedReads) return load();
  const { reads } = ctx.sharedReads;
  let read = reads.get(key) as Promise<T> | undefined;
  if (!read) {
    read = load();
    reads.set(key, read);
  }
  return read;
}

export function createContextInner(
  input: TAppDeps & {
    identity?: TVerifiedIdentity | null;
    ip?: string;
    userAgent?: string;
    idempotencyKey?: string | null;
    rateLimit?: (policy: TRatePolicy) => Promise<number>;
    sharedReads?: TSharedReads | null;
  },
): TContext {
  // Object.assign, not `{ ...input, identity, … }`: on Node 20's V8 an object spread followed by
  // more fields costs about 10 µs here (every tRPC request builds one), Object.assign about 1.
  return Object.assign({}, input, {
    identity: input.identity ?? null,
    ip: input.ip ?? '127.0.0.1',
    userAgent: input.userAgent ?? 'test',
    idempotencyKey: input.idempotencyKey ?? null,
    // Direct callers (tests, server-side calls) are not rate limited; the HTTP adapter passes its check.
    rateLimit: input.rateLimit ?? (async () => 0),
    sharedReads: input.sharedReads ?? null,
  });
}
