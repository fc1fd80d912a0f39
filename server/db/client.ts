/** The Prisma client over the MariaDB driver adapter (works with MariaDB 10.11+ and MySQL 8). */
import { PrismaMariaDb } from '@prisma/adapter-mariadb';
import { PrismaClient } from '../generated/prisma/client';
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

const pools = new WeakMap<TDb, () => TPoolStats | null>();

/** The pool's counts for a client made by createDb, or null before its first query. */
export function databasePoolStats(db: TDb): TPoolStats | null {
  return pools.get(db)?.() ?? null;
}

export function createDb(databaseUrl: string, poolSize = 10): TDb {
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
      connectTimeout: 2_000,
      acquireTimeout: 3_000,
    },
    // The text protocol, as mysql2's query(): one round trip per statement. The binary protocol the
    // adapter uses by default prepares, executes and closes a statement each time (its prepare cache
    // is off), which cost a third of the throughput of the hot reads (npm run bench:api).
    { useTextProtocol: true },
  );
  // Keep the pool the adapter opens, for its counts.
  let pool: ReturnType<Awaited<ReturnType<typeof adapter.connect>>['underlyingDriver']> | null = null;
  const connect = adapter.connect.bind(adapter);
  adapter.connect = async () => {
    const connected = await connect();
    pool = connected.underlyingDriver();
    return connected;
  };
  const db = new PrismaClient({ adapter });
  pools.set(db, () =>
    pool
      ? {
          active: pool.activeConnections(),
          idle: pool.idleConnections(),
          total: pool.totalConnections(),
          waiting: pool.taskQueueSize(),
        }
      : null,
  );
  return db;
}
