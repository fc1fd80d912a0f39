/**
 * A MariaDB primary and a GTID replica of it, private to a folder and on ports of their own (never
 * the machine's shared server), for the read-replica tests and `npm run db:replica-pair`:
 *   - primary: binary log, server id 1, gtid_strict_mode;
 *   - replica: server id 2, read_only, replicating from the primary with MASTER_USE_GTID=slave_pos.
 * The replica's data folder is a copy of the primary's freshly initialised one (one
 * mariadb-install-db instead of two), and it replicates everything the primary logs from its start.
 */
import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { parseDatabaseUrl } from '../../server/db/database-url';
import { initMariadbDataDir, startEmbeddedMariadb, stopEmbeddedMariadb } from './database-server';

export interface TReplicationPair {
  /** Root URLs of the `gifting` database on each server (the database is created by the caller). */
  primaryUrl: string;
  replicaUrl: string;
  /** Runs SQL as root on the replica (STOP SLAVE SQL_THREAD, START SLAVE, …). */
  onReplica(sql: string, values?: unknown[]): Promise<unknown>;
  /** Waits until the replica has applied everything the primary has logged now. */
  waitForReplica(timeoutSeconds?: number): Promise<void>;
  /**
   * Stops the replica and waits until its process has ended: SIGTERM is a shutdown (connections
   * closed with "shutdown in progress"), SIGKILL a lost machine.
   */
  stopReplica(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts the replica again; replication resumes by itself from its last applied position. */
  startReplica(): Promise<void>;
  /** Stops both (SIGKILL by default: the tests throw their data away; SIGTERM shuts them down cleanly). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function withConnection<T>(url: string, run: (connection: mysql.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection({ ...parseDatabaseUrl(url), database: undefined });
  try {
    return await run(connection);
  } finally {
    await connection.end();
  }
}

export async function startReplicationPair(options: {
  dir: string;
  primaryPort: number;
  replicaPort: number;
  log?: (line: string) => void;
}): Promise<TReplicationPair> {
  const log = options.log ?? (() => undefined);
  const primaryDir = path.join(options.dir, 'primary');
  const replicaDir = path.join(options.dir, 'replica');
  const fresh = !existsSync(path.join(replicaDir, 'db', 'mysql'));
  if (fresh) {
    initMariadbDataDir(primaryDir, log);
    cpSync(path.join(primaryDir, 'db'), path.join(replicaDir, 'db'), { recursive: true });
  }
  const primaryArgs = ['--server-id=1', '--log-bin=primary-bin', '--binlog-format=ROW', '--gtid-strict-mode=1'];
  const replicaArgs = ['--server-id=2', '--relay-log=replica-relay-bin', '--gtid-strict-mode=1', '--read-only=1'];
  const startReplica = async (): Promise<void> => {
    await startEmbeddedMariadb({ dataDir: replicaDir, port: options.replicaPort, log, extraArgs: replicaArgs });
  };
  const [primary] = await Promise.all([
    startEmbeddedMariadb({ dataDir: primaryDir, port: options.primaryPort, log, extraArgs: primaryArgs }),
    startReplica(),
  ]);
  const replicaUrl = `mysql://root@127.0.0.1:${options.replicaPort}/gifting`;
  const onReplica = (sql: string, values: unknown[] = []): Promise<unknown> =>
    withConnection(replicaUrl, async (connection) => (await connection.query(sql, values))[0]);
  if (fresh) {
    await onReplica(
      `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=?, MASTER_USER='root', MASTER_PASSWORD='',
       MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1`,
      [options.primaryPort],
    );
    await onReplica('START SLAVE');
  }
  return {
    primaryUrl: primary.url,
    replicaUrl,
    onReplica,
    async waitForReplica(timeoutSeconds = 60) {
      const [rows] = await withConnection(primary.url, (connection) =>
        connection.query('SELECT @@gtid_binlog_pos AS position'),
      );
      const position = (rows as { position: string }[])[0]!.position;
      const reached = (await onReplica('SELECT MASTER_GTID_WAIT(?, ?) AS reached', [position, timeoutSeconds])) as {
        reached: number | null;
      }[];
      if (Number(reached[0]?.reached) !== 0)
        throw new Error(`the replica did not reach ${position} within ${timeoutSeconds} s`);
    },
    async stopReplica(signal = 'SIGKILL') {
      const pid = Number(readFileSync(path.join(replicaDir, 'mariadbd.pid'), 'utf8').trim());
      process.kill(pid, signal);
      for (;;) {
        try {
          process.kill(pid, 0);
        } catch {
          return;
        }
        await sleep(50);
      }
    },
    startReplica,
    async stop(signal = 'SIGKILL') {
      stopEmbeddedMariadb(replicaDir, signal);
      stopEmbeddedMariadb(primaryDir, signal);
      await sleep(300);
    },
  };
}
