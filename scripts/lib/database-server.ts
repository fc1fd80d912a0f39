/**
 * Finds or starts a MySQL-compatible server so `npm start` and `npm test` work on a machine where
 * nobody set anything up:
 *   1. DATABASE_URL, when set;
 *   2. else a server answering on 127.0.0.1:3306 as root with an empty password (database `gifting`);
 *   3. else a project-local MariaDB under .data/mariadb on its own port and socket, installed with apt
 *      first on Debian when running as root; elsewhere one clear line says what to install.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, openSync } from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { assertSafeDatabaseName, parseDatabaseUrl, withDatabase } from '../../server/db/database-url';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
export const DEFAULT_LOCAL_URL = 'mysql://root@127.0.0.1:3306/gifting';
export const EMBEDDED_PORT = 3407;

export interface TDatabaseServer {
  /** URL of the application database (created if missing). */
  url: string;
  source: 'env' | 'local-3306' | 'embedded';
}

export async function canConnect(url: string, timeoutMs = 2000): Promise<boolean> {
  try {
    const options = parseDatabaseUrl(url);
    const connection = await mysql.createConnection({ ...options, database: undefined, connectTimeout: timeoutMs });
    await connection.end();
    return true;
  } catch {
    return false;
  }
}

export async function createDatabaseIfMissing(url: string): Promise<void> {
  const options = parseDatabaseUrl(url);
  const name = assertSafeDatabaseName(options.database);
  const connection = await mysql.createConnection({ ...options, database: undefined });
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await connection.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const options = parseDatabaseUrl(url);
  const name = assertSafeDatabaseName(options.database);
  const connection = await mysql.createConnection({ ...options, database: undefined });
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await connection.end();
  }
}

function which(command: string): string | null {
  const candidates = [
    `/usr/sbin/${command}`,
    `/usr/bin/${command}`,
    `/usr/local/bin/${command}`,
    `/usr/local/sbin/${command}`,
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found) return found;
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function isDebian(): boolean {
  return existsSync('/etc/debian_version');
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Installs mariadb-server with apt on Debian as root; otherwise throws one clear line. */
export function ensureMariadbInstalled(log: (line: string) => void): { mariadbd: string; installDb: string } {
  let mariadbd = which('mariadbd');
  let installDb = which('mariadb-install-db');
  if (mariadbd && installDb) return { mariadbd, installDb };
  if (isDebian() && isRoot()) {
    log('MariaDB is not installed; installing mariadb-server with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'mariadb-server'], {
      stdio: 'inherit',
      env,
    });
    if (install.status !== 0)
      throw new Error('apt-get install mariadb-server failed; install MariaDB 10.11+ or MySQL 8 and set DATABASE_URL');
    mariadbd = which('mariadbd');
    installDb = which('mariadb-install-db');
    if (mariadbd && installDb) return { mariadbd, installDb };
  }
  throw new Error(
    'No database found: install MariaDB 10.11+ (Debian: apt-get install mariadb-server) or MySQL 8, or set DATABASE_URL=mysql://user:pass@host:port/gifting',
  );
}

export interface TEmbeddedOptions {
  dataDir?: string;
  port?: number;
  log?: (line: string) => void;
  /** More mariadbd options (a replication test's binary log and server id). */
  extraArgs?: string[];
}

/**
 * A private server's own folder for temporary files. Never the shared /tmp: at start-up mariadbd
 * deletes every `#sql*` file in its tmpdir, which includes another running server's on-disk
 * temporary tables (a full run: a test starting its own server broke the shared server's
 * information_schema query with "Error on delete of '/tmp/#sql-temptable-…'").
 */
function tmpdirArg(dataDir: string): string {
  const dir = path.join(dataDir, 'tmp');
  mkdirSync(dir, { recursive: true });
  return `--tmpdir=${dir}`;
}

/** Creates MariaDB's system tables under dataDir/db unless they are there; answers that folder. */
export function initMariadbDataDir(dataDir: string, log: (line: string) => void = () => undefined): string {
  const { installDb } = ensureMariadbInstalled(log);
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(path.join(dbDir, 'mysql'))) {
    mkdirSync(dbDir, { recursive: true });
    log(`Initialising a private MariaDB in ${dbDir}…`);
    const user = isRoot() ? ['--user=root'] : [];
    const init = spawnSync(
      installDb,
      [
        '--no-defaults',
        `--datadir=${dbDir}`,
        tmpdirArg(dataDir),
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        ...user,
      ],
      { encoding: 'utf8' },
    );
    if (init.status !== 0) throw new Error(`mariadb-install-db failed: ${init.stderr || init.stdout}`);
  }
  return dbDir;
}

/** Starts (or reuses) a private MariaDB under dataDir, listening on 127.0.0.1:port and its own socket. */
export async function startEmbeddedMariadb(
  options: TEmbeddedOptions = {},
): Promise<{ url: string; pid: number | null }> {
  const log = options.log ?? (() => undefined);
  const dataDir = options.dataDir ?? path.join(PROJECT_ROOT, '.data', 'mariadb');
  const port = options.port ?? EMBEDDED_PORT;
  const url = `mysql://root@127.0.0.1:${port}/gifting`;
  if (await canConnect(url, 1000)) return { url, pid: readPid(dataDir) };

  const { mariadbd } = ensureMariadbInstalled(log);
  const dbDir = initMariadbDataDir(dataDir, log);
  const logFile = openSync(path.join(dataDir, 'mariadbd.log'), 'a');
  const child = spawn(
    mariadbd,
    [
      '--no-defaults',
      `--datadir=${dbDir}`,
      tmpdirArg(dataDir),
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${path.join(dataDir, 'mariadbd.sock')}`,
      `--pid-file=${path.join(dataDir, 'mariadbd.pid')}`,
      '--skip-name-resolve',
      '--innodb-buffer-pool-size=64M',
      ...(isRoot() ? ['--user=root'] : []),
      ...(options.extraArgs ?? []),
    ],
    { detached: true, stdio: ['ignore', logFile, logFile] },
  );
  child.unref();
  log(`Started MariaDB (pid ${child.pid}) on 127.0.0.1:${port}`);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await canConnect(url, 1000)) return { url, pid: child.pid ?? null };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`MariaDB did not start; see ${path.join(dataDir, 'mariadbd.log')}`);
}

function readPid(dataDir: string): number | null {
  try {
    return Number(readFileSync(path.join(dataDir, 'mariadbd.pid'), 'utf8').trim()) || null;
  } catch {
    return null;
  }
}

/** Stops the private MariaDB of `dataDir` (SIGKILL: as a crash or a lost machine would, for fault tests). */
export function stopEmbeddedMariadb(
  dataDir = path.join(PROJECT_ROOT, '.data', 'mariadb'),
  signal: NodeJS.Signals = 'SIGTERM',
): boolean {
  const pid = readPid(dataDir);
  if (!pid) return false;
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Resolves the database server by the rules above and makes sure the database exists. */
export async function ensureDatabaseServer(
  options: { env?: NodeJS.ProcessEnv; database?: string; log?: (line: string) => void } = {},
): Promise<TDatabaseServer> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => undefined);
  let server: TDatabaseServer;
  if (env.DATABASE_URL) {
    server = { url: env.DATABASE_URL, source: 'env' };
  } else if (await canConnect(DEFAULT_LOCAL_URL)) {
    server = { url: DEFAULT_LOCAL_URL, source: 'local-3306' };
  } else {
    const embedded = await startEmbeddedMariadb({ log });
    server = { url: embedded.url, source: 'embedded' };
  }
  if (options.database) server = { ...server, url: withDatabase(server.url, options.database) };
  await createDatabaseIfMissing(server.url);
  return server;
}
