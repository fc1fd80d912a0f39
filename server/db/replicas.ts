/**
 * Read replicas with read-your-writes (DATABASE_REPLICA_URLS), for MariaDB GTID replication.
 *
 * Routing is per request (server/db/request-routing.ts), not per call site: the services keep
 * taking `deps.db`, which is the primary's client extended here. In a read request (tRPC queries,
 * a REST GET under /v1) its reads - model reads, plain `SELECT` raw queries and the hot reads of
 * `queryRows` - go to the replica chosen for that request; writes, transactions and everything in
 * them, the job worker, live streams, the sign-in routes and every read after the request's first
 * write go to the primary.
 *
 * Read-your-writes: when a request by a member wrote, the primary's `@@gtid_binlog_pos` is kept
 * for that member (Redis with REDIS_URL, shared by every instance; in process otherwise) for a few
 * minutes. A later read request by that member uses a replica that has applied it (known from the
 * monitor's last look), or asks the chosen replica `MASTER_GTID_WAIT(position, DATABASE_REPLICA_WAIT_MS)`
 * and reads the primary when that times out. No fixed sleeps: a replica that keeps up answers at once.
 *
 * Faults: a monitor asks every replica `@@gtid_slave_pos` and the primary `@@gtid_binlog_pos` every
 * half second, on connections of its own. A replica that does not answer is down; one that has not
 * applied a position the primary had more than DATABASE_REPLICA_MAX_LAG_MS ago is lagging. Either
 * is out of rotation (its reads go to the primary) until it answers and is back within half the
 * allowed lag. A read that fails on a replica for any reason but "not found" is run again on the
 * primary at once, and one that found the replica lost (unreachable, shutting down) takes it out of
 * rotation, so a replica lost between two looks changes nothing a member sees.
 *
 * Why not `@prisma/extension-read-replicas` (it supports Prisma 7): it routes by operation only and
 * picks a replica at random with no health, lag or position check. Reads inside a mutation request
 * (which must see the primary) would go to a replica unless every call site asked for `$primary()`,
 * a replica that is down or behind would keep its share of reads, its raw queries always go to the
 * primary, and there is no place for the GTID wait before a member's read. What it does - send
 * model reads outside a transaction to another client - is the small query extension below.
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import mysql, { type Connection } from 'mysql2/promise';
import { databaseUnavailableError } from '../http/database-health';
import { createDb, routeReads, type TDb } from './client';
import { parseDatabaseUrl } from './database-url';
import { gtidCovers, parseGtidPosition, type TGtidPosition } from './gtid';
import { currentRouting, runWithRouting, type TRequestRouting } from './request-routing';

export type TReplicaState = 'in-rotation' | 'lagging' | 'down';

export interface TReplicaStatus {
  /** host:port of the replica (no credentials). */
  name: string;
  state: TReplicaState;
  /** How long the replica has been behind the primary (null while it cannot be asked). */
  lagSeconds: number | null;
}

export type TReadYourWritesOutcome = 'caught_up' | 'waited' | 'primary';

export interface TReplication {
  /** The client the services use: a read request's reads on a replica, all else on the primary. */
  readonly db: TDb;
  status(): TReplicaStatus[];
  /** Reads answered by each target ('primary' or a replica's name) since start. */
  readonly reads: ReadonlyMap<string, number>;
  /** How read requests of members with a remembered write were answered. */
  readonly readYourWrites: Readonly<Record<TReadYourWritesOutcome, number>>;
  /** After a request that wrote: keeps the primary's position for its members. */
  rememberWrites(routing: TRequestRouting): Promise<void>;
  /** Called when a replica enters or leaves rotation. */
  onChange?: (status: TReplicaStatus) => void;
  /** One look at the primary and every replica now (the monitor does this every half second). */
  check(): Promise<void>;
  start(): void;
  close(): Promise<void>;
}

interface TReplica {
  name: string;
  client: TDb;
  probe: TProbe;
  state: TReplicaState;
  reachable: boolean;
  position: TGtidPosition;
  lagMs: number | null;
}

/** How long a member's last write position is kept: far past any lag a replica in rotation may have. */
const POSITION_TTL_MS = 5 * 60_000;
const CHECK_INTERVAL_MS = 500;
const CHECK_TIMEOUT_MS = 1_000;
/** Primary positions kept to measure lag (ten minutes at one a check). */
const MAX_SAMPLES = 1_200;

const MODEL_READS = new Set([
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'findUnique',
  'findUniqueOrThrow',
  'groupBy',
  'aggregate',
  'count',
]);
const RAW_QUERIES = new Set(['$queryRaw', '$queryRawUnsafe']);
const PLAIN_SELECT = /^\s*\(?\s*(select|with)\b/i;
/** Raw selects that lock, write or read session state stay on the primary. */
const NOT_PLAIN =
  /\bfor\s+update\b|\bfor\s+share\b|\block\s+in\s+share\s+mode\b|\binto\b|get_lock|release_lock|last_insert_id|@@/i;

/** The SQL text of a raw query's arguments as the extension sees them. */
function rawSql(args: unknown): string {
  const first: unknown = Array.isArray(args) ? args[0] : args;
  if (typeof first === 'string') return first;
  if (Array.isArray(first)) return first.join('?');
  const sql = (first as { sql?: unknown } | null)?.sql;
  return typeof sql === 'string' ? sql : '';
}

function isRead(model: string | undefined, operation: string, args: unknown): boolean {
  if (model) return MODEL_READS.has(operation);
  if (!RAW_QUERIES.has(operation)) return false;
  const sql = rawSql(args);
  return PLAIN_SELECT.test(sql) && !NOT_PLAIN.test(sql);
}

/** The errors of a server that cannot answer now: unreachable, shutting down, or its connection killed. */
const SHUTTING_DOWN = /shutdown in progress|connection was killed|lost connection|gone away/i;
function replicaLost(error: unknown): boolean {
  if (databaseUnavailableError(error)) return true;
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++, current = (current as { cause?: unknown }).cause)
    if (current instanceof Error && SHUTTING_DOWN.test(current.message)) return true;
  return false;
}

/**
 * The MariaDB driver's pool can leave a rejection nobody awaits when a server goes away under it
 * (seen with a replica shut down under reads: "socket has unexpectedly been closed"). Such a
 * rejection is logged instead of ending the process; any other unhandled rejection still ends it,
 * as Node's default would. Answers a function that removes the guard.
 */
export function surviveLostConnections(log: { warn(object: object, message: string): void }): () => void {
  const guard = (reason: unknown): void => {
    if (!replicaLost(reason)) throw reason;
    log.warn({ err: reason }, 'a database connection was lost with nobody waiting on it');
  };
  process.on('unhandledRejection', guard);
  return () => process.off('unhandledRejection', guard);
}

export function replicaName(url: string): string {
  const options = parseDatabaseUrl(url);
  return options.socketPath ?? `${options.host}:${options.port}`;
}

/** One connection of the monitor's own per server, so a busy pool is not taken for a lost server. */
interface TProbe {
  value(sql: string): Promise<string | null>;
  close(): void;
}

function createProbe(url: string): TProbe {
  let connection: Connection | null = null;
  let closed = false;
  const drop = (): void => {
    connection?.destroy();
    connection = null;
  };
  async function ask(sql: string): Promise<string | null> {
    try {
      if (!connection) {
        const opened = await mysql.createConnection({ ...parseDatabaseUrl(url), connectTimeout: CHECK_TIMEOUT_MS });
        opened.on('error', () => opened.destroy());
        // Closed (or given up on) while connecting: this connection is nobody's.
        if (closed || connection) {
          opened.destroy();
          return null;
        }
        connection = opened;
        opened.on('error', drop);
      }
      const [rows] = await connection.query({ sql, timeout: CHECK_TIMEOUT_MS });
      const value = (rows as Record<string, unknown>[])[0]?.value;
      return value === null || value === undefined ? '' : String(value);
    } catch {
      drop();
      return null;
    }
  }
  return {
    async value(sql) {
      let timeout: NodeJS.Timeout | undefined;
      const answer = await Promise.race([
        ask(sql),
        new Promise<null>((resolve) => (timeout = setTimeout(() => resolve(null), CHECK_TIMEOUT_MS + 100))),
      ]);
      clearTimeout(timeout);
      if (answer === null) drop();
      return answer;
    },
    close() {
      closed = true;
      drop();
    },
  };
}

/** Where members' last write positions are kept. */
interface TPositionStore {
  get(userId: string): Promise<string | null>;
  set(userId: string, position: string): Promise<void>;
}

function createPositionStore(redis: Redis | null, prefix: string): TPositionStore {
  if (redis)
    return {
      get: (userId) => redis.get(`${prefix}gtid:${userId}`),
      async set(userId, position) {
        await redis.set(`${prefix}gtid:${userId}`, position, 'PX', POSITION_TTL_MS);
      },
    };
  const positions = new Map<string, { position: string; expires: number }>();
  return {
    async get(userId) {
      const entry = positions.get(userId);
      if (!entry) return null;
      if (entry.expires > Date.now()) return entry.position;
      positions.delete(userId);
      return null;
    },
    async set(userId, position) {
      positions.delete(userId);
      positions.set(userId, { position, expires: Date.now() + POSITION_TTL_MS });
      // The oldest entries first (a Map keeps insertion order); a bound against unbounded growth.
      if (positions.size > 100_000) positions.delete(positions.keys().next().value as string);
    },
  };
}

export function createReplication(options: {
  primary: TDb;
  primaryUrl: string;
  replicaUrls: string[];
  poolSize: number;
  maxLagMs: number;
  waitMs: number;
  redis: Redis | null;
  redisKeyPrefix: string;
}): TReplication {
  const { primary, maxLagMs, waitMs } = options;
  const replicas: TReplica[] = options.replicaUrls.map((url) => ({
    name: replicaName(url),
    // A lost replica costs a read at most a second before it is run on the primary instead.
    client: createDb(url, options.poolSize, { connectMs: 1_000, acquireMs: 1_000 }),
    probe: createProbe(url),
    // Out of rotation until the first look says otherwise.
    state: 'down',
    reachable: false,
    position: new Map(),
    lagMs: null,
  }));
  const primaryProbe = createProbe(options.primaryUrl);
  const positions = createPositionStore(options.redis, options.redisKeyPrefix);
  const reads = new Map<string, number>([['primary', 0], ...replicas.map((r) => [r.name, 0] as [string, number])]);
  const readYourWrites: Record<TReadYourWritesOutcome, number> = { caught_up: 0, waited: 0, primary: 0 };
  /** The primary's positions as first seen, oldest first: a replica's lag is the age of the oldest it lacks. */
  const samples: { at: number; position: TGtidPosition }[] = [];
  let lastPrimaryText: string | null = null;
  let turn = 0;

  const count = (target: string): void => {
    reads.set(target, (reads.get(target) ?? 0) + 1);
  };
  const status = (replica: TReplica): TReplicaStatus => ({
    name: replica.name,
    state: replica.state,
    lagSeconds: replica.lagMs === null ? null : replica.lagMs / 1000,
  });
  function setState(replica: TReplica, state: TReplicaState): void {
    if (replica.state === state) return;
    replica.state = state;
    replication.onChange?.(status(replica));
  }
  function markDown(replica: TReplica): void {
    replica.reachable = false;
    replica.lagMs = null;
    setState(replica, 'down');
  }

  async function check(): Promise<void> {
    const now = Date.now();
    const primaryText = await primaryProbe.value('SELECT @@gtid_binlog_pos AS value');
    if (primaryText !== null && primaryText !== lastPrimaryText) {
      lastPrimaryText = primaryText;
      samples.push({ at: now, position: parseGtidPosition(primaryText) });
    }
    await Promise.all(
      replicas.map(async (replica) => {
        const text = await replica.probe.value('SELECT @@gtid_slave_pos AS value');
        if (text === null) return markDown(replica);
        replica.reachable = true;
        replica.position = parseGtidPosition(text);
        const behind = samples.find((sample) => !gtidCovers(replica.position, sample.position));
        replica.lagMs = behind ? Math.max(0, Date.now() - behind.at) : 0;
        const out = replica.lagMs > maxLagMs || (replica.state !== 'in-rotation' && replica.lagMs > maxLagMs / 2);
        setState(replica, out ? 'lagging' : 'in-rotation');
      }),
    );
    // Forget the positions every replica has applied (the newest stays, to compare with).
    while (
      samples.length > 1 &&
      (samples.length > MAX_SAMPLES || replicas.every((replica) => gtidCovers(replica.position, samples[0]!.position)))
    )
      samples.shift();
  }

  /** The replica whose reads this request uses, or null for the primary. */
  async function choose(routing: TRequestRouting): Promise<TReplica | null> {
    const candidates = replicas.filter((replica) => replica.state === 'in-rotation');
    if (candidates.length === 0) return null;
    const pick = (from: TReplica[]): TReplica => from[turn++ % from.length]!;
    // Where the member's last write is unknown (Redis away), their reads go to the primary.
    const wantedText = routing.reader ? await positions.get(routing.reader).catch(() => '') : null;
    if (wantedText === null) return pick(candidates);
    const wanted = parseGtidPosition(wantedText);
    // A primary without a binary log gives no position: the member's reads stay on it for a while.
    // (The same when the position could not be read.)
    if (wanted.size === 0) {
      readYourWrites.primary++;
      return null;
    }
    const caughtUp = candidates.filter((replica) => gtidCovers(replica.position, wanted));
    if (caughtUp.length > 0) {
      readYourWrites.caught_up++;
      return pick(caughtUp);
    }
    const replica = pick(candidates);
    if (waitMs > 0) {
      try {
        const [row] = await replica.client.$queryRawUnsafe<{ reached: bigint | number | null }[]>(
          'SELECT MASTER_GTID_WAIT(?, ?) AS reached',
          wantedText,
          waitMs / 1000,
        );
        // 0: reached; -1: timed out; NULL: replication is not set up there.
        if (row?.reached !== null && row?.reached !== undefined && Number(row.reached) === 0) {
          readYourWrites.waited++;
          return replica;
        }
      } catch (error) {
        if (replicaLost(error)) markDown(replica);
      }
    }
    readYourWrites.primary++;
    return null;
  }

  /** Runs a read on this request's replica, or on the primary; a lost replica's read is run again on the primary. */
  async function routeRead<T>(onPrimary: () => Promise<T>, onReplica: (client: TDb) => Promise<T>): Promise<T> {
    const routing = currentRouting();
    if (!routing?.read || routing.wrote) {
      count('primary');
      return onPrimary();
    }
    routing.target ??= choose(routing);
    const replica = (await routing.target) as TReplica | null;
    if (!replica || replica.state === 'down') {
      count('primary');
      return onPrimary();
    }
    try {
      const result = await onReplica(replica.client);
      count(replica.name);
      return result;
    } catch (error) {
      // "Not found" would be the primary's answer too. Anything else (the replica lost or shutting
      // down, a migration it has not applied yet) is asked of the primary instead.
      if ((error as { code?: unknown }).code === 'P2025') throw error;
      if (replicaLost(error)) markDown(replica);
      count('primary');
      return onPrimary();
    }
  }

  const db = primary.$extends({
    name: 'read-replicas',
    query: {
      async $allOperations(params) {
        const { model, operation, args, query } = params;
        const transaction = (params as unknown as { __internalParams?: { transaction?: unknown } }).__internalParams
          ?.transaction;
        if (!isRead(model, operation, args)) {
          const routing = currentRouting();
          if (routing) routing.wrote = true;
          return query(args);
        }
        if (transaction) return query(args);
        return routeRead(
          () => query(args),
          (client) => {
            const target = client as unknown as Record<string, unknown>;
            if (model) {
              const delegate = target[model.charAt(0).toLowerCase() + model.slice(1)] as Record<
                string,
                (input: unknown) => Promise<unknown>
              >;
              return delegate[operation]!(args);
            }
            const raw = target[operation] as (...input: unknown[]) => Promise<unknown>;
            return raw.apply(client, Array.isArray(args) ? args : [args]);
          },
        );
      },
    },
  }) as unknown as TDb;
  routeReads(db, primary, routeRead);

  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => void check().finally(schedule), CHECK_INTERVAL_MS);
    timer.unref();
  }

  const replication: TReplication = {
    db,
    reads,
    readYourWrites,
    status: () => replicas.map(status),
    async rememberWrites(routing) {
      if (routing.members.size === 0) return;
      const [row] = await primary.$queryRawUnsafe<{ position: string | null }[]>(
        'SELECT @@gtid_binlog_pos AS position',
      );
      const position = row?.position ?? '';
      await Promise.all([...routing.members].map((member) => positions.set(member, position)));
    },
    check,
    start() {
      if (!stopped) return;
      stopped = false;
      void check().finally(schedule);
    },
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      primaryProbe.close();
      for (const replica of replicas) replica.probe.close();
      await Promise.all(replicas.map((replica) => replica.client.$disconnect()));
    },
  };
  return replication;
}

/** Whether a request's reads may go to a replica: a REST GET under /v1, or a tRPC GET calling only queries. */
export function isReadRequest(method: string, url: string, trpcQueries: ReadonlySet<string>): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? '';
  if (path.startsWith('/v1/')) return true;
  if (!path.startsWith('/trpc/')) return false;
  return path
    .slice('/trpc/'.length)
    .split(',')
    .every((name) => trpcQueries.has(decodeURIComponent(name)));
}

/**
 * The HTTP side: every request runs in its own routing store; REST GETs under /v1 and tRPC GETs
 * that call only queries (a subscription's stream is a GET too) read replicas; a request that
 * wrote remembers the primary's position for its caller before its answer leaves, so the next
 * request sees it.
 */
export function registerReadRouting(
  app: FastifyInstance,
  replication: TReplication,
  options: { trpcQueries: ReadonlySet<string>; log: { warn(object: object, message: string): void } },
): void {
  app.addHook('onRequest', (_request, _reply, done) => runWithRouting(done));
  app.addHook('preHandler', async (request) => {
    const routing = currentRouting();
    if (!routing) return;
    const userId = request.identity?.userId ?? null;
    routing.reader = userId;
    if (userId) routing.members.add(userId);
    if (isReadRequest(request.method, request.url, options.trpcQueries)) routing.read = true;
  });
  app.addHook('onSend', async (_request, _reply, payload) => {
    const routing = currentRouting();
    if (routing?.wrote && routing.members.size > 0) {
      try {
        await replication.rememberWrites(routing);
      } catch (error) {
        // The write is done; only its visibility on replicas for the next second is at stake.
        options.log.warn({ err: error }, 'could not remember the primary position after a write');
      }
    }
    return payload;
  });
}
