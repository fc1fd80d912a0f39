/**
 * Applies the SQL migrations in prisma/migrations in order, recording them in `_prisma_migrations`
 * with the columns and sha256 checksums Prisma writes, so `prisma migrate deploy` and this runner agree.
 *
 * - Refuses to run when an applied migration's file was edited (checksum mismatch) or a migration
 *   failed earlier (finished_at empty), naming the migration.
 * - Safe to run twice (applied ones are skipped) and from two processes at once (GET_LOCK).
 * - Then runs the data backfills that SQL cannot compute (backfills.ts), idempotently.
 * MySQL cannot roll back DDL, so a failed migration is recorded with its log, as Prisma does.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { runBackfills } from './backfills';
import { parseDatabaseUrl } from './database-url';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../prisma/migrations');
const LOCK_NAME = 'gifting_prisma_migrate';
const LOCK_TIMEOUT_SECONDS = 60;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             DATETIME(3),
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          DATETIME(3),
    started_at              DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    applied_steps_count     INTEGER UNSIGNED NOT NULL DEFAULT 0
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`;

export interface TMigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface TMigrateResult {
  applied: string[];
  alreadyApplied: string[];
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<TMigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory() && /^\d{14}_[a-z0-9_]+$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const bytes = await readFile(path.join(dir, name, 'migration.sql'));
      return { name, sql: bytes.toString('utf8'), checksum: createHash('sha256').update(bytes).digest('hex') };
    }),
  );
}

interface TAppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export async function migrate(
  databaseUrl: string,
  options: { dir?: string; log?: (line: string) => void } = {},
): Promise<TMigrateResult> {
  const log = options.log ?? (() => undefined);
  const files = await readMigrations(options.dir);
  const connection = await mysql.createConnection({
    ...parseDatabaseUrl(databaseUrl),
    multipleStatements: true,
  });
  try {
    const [lockRows] = await connection.query<mysql.RowDataPacket[]>('SELECT GET_LOCK(?, ?) AS locked', [
      LOCK_NAME,
      LOCK_TIMEOUT_SECONDS,
    ]);
    if (lockRows[0]?.locked !== 1) {
      throw new MigrationError(`Could not take the migration lock within ${LOCK_TIMEOUT_SECONDS} s`);
    }
    try {
      await connection.query(CREATE_TABLE);
      const [rows] = await connection.query<(TAppliedRow & mysql.RowDataPacket)[]>(
        'SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at',
      );
      const live = rows.filter((row) => row.rolled_back_at === null);
      const failed = live.find((row) => row.finished_at === null);
      if (failed) {
        throw new MigrationError(
          `Migration ${failed.migration_name} failed earlier; fix the database and delete its row from _prisma_migrations before migrating again`,
        );
      }
      const applied = new Map(live.map((row) => [row.migration_name, row.checksum]));
      const byName = new Map(files.map((file) => [file.name, file]));
      for (const [name, checksum] of applied) {
        const file = byName.get(name);
        if (!file) {
          throw new MigrationError(`Migration ${name} is applied to the database but missing from ${MIGRATIONS_DIR}`);
        }
        if (file.checksum !== checksum) {
          throw new MigrationError(
            `Migration ${name} was edited after it was applied (checksum ${checksum.slice(0, 12)}… in the database, ${file.checksum.slice(0, 12)}… on disk); add a new migration instead`,
          );
        }
      }
      const result: TMigrateResult = { applied: [], alreadyApplied: [] };
      for (const file of files) {
        if (applied.has(file.name)) {
          result.alreadyApplied.push(file.name);
          continue;
        }
        const id = randomUUID();
        await connection.query(
          'INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, CURRENT_TIMESTAMP(3), 0)',
          [id, file.checksum, file.name],
        );
        try {
          await connection.query(file.sql);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await connection.query('UPDATE _prisma_migrations SET logs = ? WHERE id = ?', [message, id]);
          throw new MigrationError(`Migration ${file.name} failed: ${message}`);
        }
        await connection.query(
          'UPDATE _prisma_migrations SET finished_at = CURRENT_TIMESTAMP(3), applied_steps_count = 1 WHERE id = ?',
          [id],
        );
        log(`applied ${file.name}`);
        result.applied.push(file.name);
      }
      // What SQL cannot compute (e.g. IDNA forms of e-mail domains), under the same lock.
      await runBackfills(connection, log);
      return result;
    } finally {
      await connection.query('SELECT RELEASE_LOCK(?)', [LOCK_NAME]);
    }
  } finally {
    await connection.end();
  }
}
