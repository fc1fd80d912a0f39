/**
 * `npm run db:replica-pair`: a MariaDB primary and a GTID replica of it beside the app, to try
 * DATABASE_REPLICA_URLS by hand (scripts/lib/replication-pair.ts). Data under .data/replica-pair
 * (kept between runs), ports 3417 (primary) and 3418 (replica) unless PRIMARY_PORT / REPLICA_PORT
 * say otherwise. Migrates the primary, waits for the replica, prints the variables for `npm start`
 * and the SQL to make the replica lag, then keeps both running until Ctrl-C (which stops them).
 */
import path from 'node:path';
import { migrate } from '../server/db/migrate';
import { createDatabaseIfMissing, PROJECT_ROOT } from './lib/database-server';
import { startReplicationPair } from './lib/replication-pair';

const primaryPort = Number(process.env.PRIMARY_PORT ?? 3417);
const replicaPort = Number(process.env.REPLICA_PORT ?? 3418);
const pair = await startReplicationPair({
  dir: path.join(PROJECT_ROOT, '.data', 'replica-pair'),
  primaryPort,
  replicaPort,
  log: console.log,
});
await createDatabaseIfMissing(pair.primaryUrl);
await migrate(pair.primaryUrl, { log: console.log });
await pair.waitForReplica();
console.log(`
Primary and replica are running. Start the app against them:

  DATABASE_URL=${pair.primaryUrl} DATABASE_REPLICA_URLS=${pair.replicaUrl} npm start

Make the replica lag (it stays in rotation up to DATABASE_REPLICA_MAX_LAG_MS, 5 s by default):
  mariadb -h127.0.0.1 -P${replicaPort} -uroot -e 'STOP SLAVE SQL_THREAD'    (and START SLAVE SQL_THREAD)
Watch: GET /readyz (the replica's state), GET /metrics (db_reads_total, db_replica_lag_seconds).

Ctrl-C stops both servers (their data stays under .data/replica-pair).`);
const stop = (): void => {
  void pair.stop('SIGTERM').then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => undefined, 60_000);
