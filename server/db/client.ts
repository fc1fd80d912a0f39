/** The Prisma client over the MariaDB driver adapter (works with MariaDB 10.11+ and MySQL 8). */
import { PrismaMariaDb } from '@prisma/adapter-mariadb';
import { PrismaClient } from '../generated/prisma/client';
import { parseDatabaseUrl } from './database-url';

export type TDb = PrismaClient;

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
    },
    // The text protocol, as mysql2's query(): one round trip per statement. The binary protocol the
    // adapter uses by default prepares, executes and closes a statement each time (its prepare cache
    // is off), which cost a third of the throughput of the hot reads (npm run bench:api).
    { useTextProtocol: true },
  );
  return new PrismaClient({ adapter });
}
