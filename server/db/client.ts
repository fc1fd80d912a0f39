/** The Prisma client over the MariaDB driver adapter (works with MariaDB 10.11+ and MySQL 8). */
import { PrismaMariaDb } from '@prisma/adapter-mariadb';
import { PrismaClient, type Prisma } from '../generated/prisma/client';
import { parseDatabaseUrl } from './database-url';

export type TDb = PrismaClient;

/** What the connection pool holds now (for /metrics). */
export interface TPoolStats {
  active: number;
  idle: number;
  total: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

type TPool = ReturnType<Awaited<ReturnType<PrismaMariaDb['connect']>>['underlyingDriver']>;
const pools = new WeakMap<TDb, () => TPool | null>();

/** The pool's counts for a client made by createDb, or null before its first query. */
export function databasePoolStats(db: TDb): TPoolStats | null {
  const pool = pools.get(db)?.();
  return pool
    ? {
        active: pool.activeConnections(),
        idle: pool.idleConnections(),
        total: pool.totalConnections(),
        waiting: pool.taskQueueSize(),
      }
    : null;
}

/** How a client made by server/db/replicas.ts runs a read: on this request's replica, or on the primary. */
export type TReadRoute = <T>(onPrimary: () => Promise<T>, onReplica: (replica: TDb) => Promise<T>) => Promise<T>;
const readRoutes = new WeakMap<TDb, { primary: TDb; route: TReadRoute }>();

/** Makes `queryRows(db, …)` follow the read routing of `db`, a client over `primary`; its pool counts are the primary's. */
export function routeReads(db: TDb, primary: TDb, route: TReadRoute): void {
  readRoutes.set(db, { primary, route });
  pools.set(db, () => pools.get(primary)?.() ?? null);
}

/** Prepared statements a pooled connection keeps (queryRows `prepared`); the least recently used is closed. */
const PREPARE_CACHE = 32;

const utc = (value: Date): string => value.toISOString().slice(0, 23).replace('T', ' ');

/**
 * The rows of a hot read, straight from the pool: the same text-protocol query Prisma would send,
 * without its per-value result mapping (a third of the CPU of a wish list read, measured by
 * npm run bench:api). DATETIME and DATE come back as Dates (UTC, as Prisma writes them), BIGINT
 * as numbers, DECIMAL as strings. A client this module did not make (a transaction) goes through
 * `$queryRaw`, so a read inside a transaction still sees its writes; so does a read before Prisma
 * has opened the pool (its first query opens it; BIGINTs then come as bigints). With read replicas, a read
 * request's rows come from its replica (server/db/replicas.ts).
 *
 * `prepared`: for a hot statement of a few texts at most (no list of varying length, such as
 * `IN (${Prisma.join(ids)})` over a page of people; a viewer's one or two own ids are fine), which
 * each connection then prepares once and executes after (the binary protocol, the pool's prepare
 * cache). MariaDB skips parsing and resolving it again: a wish list read's two statements cost the
 * database about 30 % less CPU (npm run bench:api). The cache keeps the PREPARE_CACHE most recently
 * used statements per connection, so the server's limit (max_prepared_stmt_count) stays far away.
 * Its values must be strings, numbers below 2^31, Dates or null (the binary protocol sends other
 * objects as JSON text and larger integers as DOUBLE).
 */
export async function queryRows<T>(db: TDb, query: Prisma.Sql, options?: { prepared: boolean }): Promise<T[]> {
  const routed = readRoutes.get(db);
  if (routed)
    return routed.route(
      () => queryRows<T>(routed.primary, query, options),
      (replica) => queryRows<T>(replica, query, options),
    );
  const pool = pools.get(db)?.();
  if (!pool) return db.$queryRaw<T[]>(query);
  // The SQL alone, no per-query options: with options the driver copies its whole connection
  // configuration for the query (an object of about a hundred fields), which cost about a tenth of
  // the CPU of a wish-list read under npm run bench:api. Dates come as text by the pool's option
  // (createDb); dates and BIGINTs are turned into Dates and numbers column by column below (a
  // typeCast callback would run for every value of every row).
  const values = query.values.map((value) => (value instanceof Date ? utc(value) : value));
  const rows = (await (options?.prepared ? pool.execute(query.sql, values) : pool.query(query.sql, values))) as Record<
    string,
    unknown
  >[] & { meta?: { type: string; name(): string }[] };
  const dates: string[] = [];
  const bigints: string[] = [];
  for (const field of rows.meta ?? []) {
    if (field.type === 'DATETIME' || field.type === 'TIMESTAMP' || field.type === 'DATE') dates.push(field.name());
    else if (field.type === 'BIGINT') bigints.push(field.name());
  }
  if (dates.length > 0 || bigints.length > 0) {
    for (const row of rows) {
      for (const name of dates) {
        const text = row[name];
        if (typeof text === 'string')
          row[name] = new Date(text.length === 10 ? `${text}T00:00:00Z` : `${text.replace(' ', 'T')}Z`);
      }
      for (const name of bigints) {
        const value = row[name];
        if (typeof value === 'bigint') row[name] = Number(value);
      }
    }
  }
  return rows as unknown as T[];
}

export function createDb(
  databaseUrl: string,
  poolSize = 10,
  timeouts: { connectMs?: number; acquireMs?: number } = {},
): TDb {
  const options = parseDatabaseUrl(databaseUrl);
  const adapter = new PrismaMariaDb(
    {
      host: options.host,
      port: options.port,
      user: options.user,
      password: options.password,
      database: options.database,
      connectionLimit: poolSize,
      // MySQL 8 uses caching_sha2_password; allow the RSA key exchange over loopback without TLS.
      allowPublicKeyRetrieval: true,
      ...(options.socketPath ? { socketPath: options.socketPath } : {}),
      // A lost database must not hold requests for long: a connection attempt gives up after 2 s
      // and a query waiting for a connection after 3 s (then 503, see server/http/database-health.ts).
      connectTimeout: timeouts.connectMs ?? 2_000,
      acquireTimeout: timeouts.acquireMs ?? 3_000,
      // For queryRows, which sends no per-query options; Prisma's adapter asks for text dates itself.
      dateStrings: true,
      // Only queryRows' `prepared` statements use it (the adapter sends Prisma's as text, below).
      prepareCacheLength: PREPARE_CACHE,
    },
    // The text protocol, as mysql2's query(): one round trip per statement. The binary protocol the
    // adapter uses by default prepares, executes and closes a statement each time (its prepare cache
    // is off), which cost a third of the throughput of the hot reads (npm run bench:api).
    { useTextProtocol: true },
  );
  // Keep the pool the adapter opens, for its counts.
  let pool: TPool | null = null;
  const connect = adapter.connect.bind(adapter);
  adapter.connect = async () => {
    const connected = await connect();
    pool = connected.underlyingDriver();
    return connected;
  };
  // Prisma's query-plan cache (on by default, 1,000 shapes): every model query shape is planned
  // once and reused with new values. The app has a few hundred shapes; 2,000 leaves room to grow
  // without ever re-planning a hot one.
  const db = new PrismaClient({ adapter, queryPlanCacheMaxSize: 2_000 });
  pools.set(db, () => pool);
  return db;
}
