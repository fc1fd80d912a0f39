/**
 * Idempotency keys for creating writes (`Idempotency-Key` header, through REST and tRPC alike):
 * a retry with the same key answers the first result, a retry while the first is still running
 * answers 409, and the same key with a different request answers 422.
 *
 * Decided by the database, in the same transaction as the write: the key's row (primary key: the
 * caller and the key's hash) is inserted first in the transaction that then runs the write and
 * stores its answer. So the write, its key and its answer commit together or not at all: a crash
 * or a lost database mid-write leaves neither, and the retry simply runs; a write that committed
 * but whose answer never reached the client is answered from the row. A concurrent duplicate
 * meets the uncommitted row: its insert does not wait for the lock (lock wait 0 on MariaDB, the
 * minimum of 1 s on MySQL) and answers 409; a duplicate after the commit meets the row and replays.
 *
 * The write runs on the transaction through a client whose `$transaction` joins it (the services
 * open their own transactions and need no change), and its live events are published only once
 * the transaction has committed (the streams read rows the events point to).
 *
 * Hand-written: no library does this against our database; the table and the SQL are the mechanism.
 */
import { createHash } from 'node:crypto';
import type { TDb } from '../db/client';
import type { TAppDeps } from '../deps';
import { AppError } from '../errors';
import { Prisma } from '../generated/prisma/client';
import type { TRealtimeBus } from '../realtime/bus';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key is remembered; after that the same key starts a new write. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The header's key, or null when none was sent; 400 when it is not 1 to 255 visible characters. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !KEY_PATTERN.test(value)) {
    throw new AppError('BAD_REQUEST', {
      message: 'The Idempotency-Key header must be 1 to 255 visible characters',
    });
  }
  return value;
}

export interface TIdempotentRequest {
  /** Whose key it is: keys are per caller, so two people never see each other's answers. */
  actorId: string;
  key: string;
  /** What is being done (`wishLists.addWish`, `POST /v1/users`): part of the request's fingerprint. */
  operation: string;
  payload: unknown;
}

export interface TIdempotentAnswer<T> {
  status: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/** The dependencies a guarded write runs with: the transaction as its database, events held back. */
export type TIdempotentScope = { db: TDb; bus: TRealtimeBus };

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** JSON with object keys sorted, so the same request always has the same fingerprint. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** A transaction client that also answers `$transaction` by joining the transaction it is. */
function joinedTransaction(tx: Prisma.TransactionClient): TDb {
  return new Proxy(tx, {
    get(target, property, receiver) {
      if (property === '$transaction') {
        return (work: unknown) =>
          typeof work === 'function'
            ? (work as (client: Prisma.TransactionClient) => Promise<unknown>)(target)
            : Promise.all(work as Promise<unknown>[]);
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  }) as unknown as TDb;
}

/** A bus that holds publications until `flush` (after the commit). */
function heldBus(bus: TRealtimeBus): TRealtimeBus & { flush(): Promise<void> } {
  const held: Parameters<TRealtimeBus['publish']>[] = [];
  return {
    async publish(userIds, event) {
      held.push([userIds, event]);
    },
    subscribe: (userId, listener) => bus.subscribe(userId, listener),
    async close() {},
    async flush() {
      for (const [userIds, event] of held.splice(0)) await bus.publish(userIds, event);
    },
  };
}

/** The MariaDB/MySQL error number behind a Prisma error, when there is one. */
function driverErrorCode(error: unknown): number | null {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === 'P2002') return 1062;
    if (error.code === 'P2034') return 1205;
  }
  const text = error instanceof Error ? error.message : String(error);
  if (/\b1062\b|Duplicate entry/i.test(text)) return 1062;
  if (/\b1205\b|Lock wait timeout/i.test(text)) return 1205;
  return null;
}

/** The key's row exists and is committed (the insert met a duplicate). */
class KeyTaken extends Error {}

const IN_PROGRESS = (): AppError =>
  new AppError('CONFLICT', {
    message: 'A request with this Idempotency-Key is still in progress; retry shortly',
    retryAfter: 1,
  });

function replay<T>(
  row: { requestHash: string; responseStatus: number; responseBody: string | null },
  requestHash: string,
): TIdempotentAnswer<T> {
  if (row.requestHash !== requestHash) {
    throw new AppError('UNPROCESSABLE', {
      message: 'This Idempotency-Key was already used for a different request',
    });
  }
  return { status: row.responseStatus, body: JSON.parse(row.responseBody ?? 'null') as T, replayed: true };
}

/**
 * Runs `write` once per (caller, key): the first time inside one transaction with the key's row;
 * afterwards its stored answer. `write` gets the transaction as its database and a bus that
 * publishes after the commit.
 */
export async function runIdempotent<T>(
  deps: Pick<TAppDeps, 'db' | 'bus'>,
  request: TIdempotentRequest,
  write: (scope: TIdempotentScope) => Promise<{ status?: number; body: T }>,
): Promise<TIdempotentAnswer<T>> {
  const { db } = deps;
  const keyHash = sha256(request.key);
  const requestHash = sha256(`${request.operation}\n${canonicalJson(request.payload ?? null)}`);
  const id = { actorId: request.actorId, keyHash };

  const stored = await db.idempotencyKey.findUnique({ where: { actorId_keyHash: id } });
  if (stored && stored.expiresAt > new Date()) return replay<T>(stored, requestHash);
  if (stored) await db.idempotencyKey.deleteMany({ where: { ...id, expiresAt: { lte: new Date() } } });

  const bus = heldBus(deps.bus);
  let answer: { status: number; body: T };
  try {
    answer = await db.$transaction(
      async (tx) => {
        // Claim the key without waiting on a concurrent request's lock (1205 at once → 409).
        await tx.$executeRawUnsafe('SET SESSION innodb_lock_wait_timeout = 0');
        try {
          await tx.$executeRaw`
            INSERT INTO idempotency_keys (actor_id, key_hash, operation, request_hash, expires_at)
            VALUES (${request.actorId}, ${keyHash}, ${request.operation.slice(0, 100)}, ${requestHash},
                    ${new Date(Date.now() + IDEMPOTENCY_TTL_MS)})`;
        } catch (error) {
          const code = driverErrorCode(error);
          if (code === 1205) throw IN_PROGRESS();
          if (code === 1062) throw new KeyTaken();
          throw error;
        } finally {
          await tx.$executeRawUnsafe('SET SESSION innodb_lock_wait_timeout = DEFAULT');
        }
        const result = await write({ db: joinedTransaction(tx), bus });
        const status = result.status ?? 200;
        await tx.idempotencyKey.update({
          where: { actorId_keyHash: id },
          data: { responseStatus: status, responseBody: JSON.stringify(result.body ?? null) },
        });
        return { status, body: result.body };
      },
      { maxWait: 5_000, timeout: 30_000 },
    );
  } catch (error) {
    if (error instanceof KeyTaken) {
      // Another request with the key committed between our look and our insert.
      const winner = await db.idempotencyKey.findUnique({ where: { actorId_keyHash: id } });
      if (winner) return replay<T>(winner, requestHash);
      throw IN_PROGRESS();
    }
    throw error;
  }
  await bus.flush();
  return { ...answer, replayed: false };
}

export const IDEMPOTENCY_CLEANUP_JOB = 'idempotency:cleanup';

/** Deletes the keys past their time, a thousand rows per statement (an hourly job). Returns how many. */
export async function deleteExpiredIdempotencyKeys(db: Pick<TDb, '$executeRaw'>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await db.$executeRaw`DELETE FROM idempotency_keys WHERE expires_at < NOW(3) LIMIT 1000`;
    deleted += batch;
    if (batch < 1000) return deleted;
  }
}
