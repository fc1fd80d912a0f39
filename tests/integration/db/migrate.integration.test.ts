import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, appendFileSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../../server/db/database-url';
import { MIGRATIONS_DIR, migrate, readMigrations } from '../../../server/db/migrate';
import { scratchDatabase } from '../../helpers/scratch-db';

function copyMigrations(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gifting-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

async function query<T extends mysql.RowDataPacket>(url: string, sql: string): Promise<T[]> {
  const connection = await mysql.createConnection(parseDatabaseUrl(url));
  try {
    const [rows] = await connection.query<T[]>(sql);
    return rows;
  } finally {
    await connection.end();
  }
}

describe('npm run db:migrate (the runner)', () => {
  it('applies every migration once, in order, with the columns and sha256 checksums Prisma writes', async () => {
    const url = await scratchDatabase('mig');
    const files = await readMigrations();
    const first = await migrate(url);
    expect(first.applied).toEqual(files.map((file) => file.name));

    const rows = await query(url, 'SELECT * FROM _prisma_migrations ORDER BY migration_name');
    expect(rows.map((row) => row.migration_name)).toEqual(files.map((file) => file.name));
    for (const row of rows) {
      const sql = readFileSync(path.join(MIGRATIONS_DIR, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'applied_steps_count',
        'checksum',
        'finished_at',
        'id',
        'logs',
        'migration_name',
        'rolled_back_at',
        'started_at',
      ].sort(),
    );
  });

  it('run twice changes nothing', async () => {
    const url = await scratchDatabase('twice');
    await migrate(url);
    const before = await query(url, 'SELECT id, finished_at FROM _prisma_migrations ORDER BY id');
    const second = await migrate(url);
    expect(second.applied).toEqual([]);
    expect(second.alreadyApplied.length).toBe(before.length);
    expect(await query(url, 'SELECT id, finished_at FROM _prisma_migrations ORDER BY id')).toEqual(before);
  });

  it('two processes at once apply each migration exactly once (the lock)', async () => {
    const url = await scratchDatabase('race');
    const [a, b] = await Promise.all([migrate(url), migrate(url)]);
    const total = (await readMigrations()).length;
    expect(a.applied.length + b.applied.length).toBe(total);
    const rows = await query(url, 'SELECT migration_name FROM _prisma_migrations');
    expect(rows.length).toBe(total);
  });

  it('refuses to run when an applied migration file was edited', async () => {
    const url = await scratchDatabase('edit');
    const dir = copyMigrations();
    await migrate(url, { dir });
    const [first] = await readMigrations(dir);
    appendFileSync(path.join(dir, first!.name, 'migration.sql'), '\n-- an innocent edit\n');
    await expect(migrate(url, { dir })).rejects.toThrow(
      new RegExp(`Migration ${first!.name} was edited after it was applied`),
    );
  });

  it('applies a new migration added later and refuses after a failed one', async () => {
    const url = await scratchDatabase('later');
    const dir = copyMigrations();
    await migrate(url, { dir });
    mkdirSync(path.join(dir, '29990101000000_add_probe'));
    writeFileSync(
      path.join(dir, '29990101000000_add_probe', 'migration.sql'),
      'CREATE TABLE `probe` (`id` INTEGER NOT NULL, PRIMARY KEY (`id`));\n',
    );
    expect((await migrate(url, { dir })).applied).toEqual(['29990101000000_add_probe']);

    mkdirSync(path.join(dir, '29990102000000_broken'));
    writeFileSync(path.join(dir, '29990102000000_broken', 'migration.sql'), 'CREATE TABLE `probe` (`id` INTEGER);\n');
    await expect(migrate(url, { dir })).rejects.toThrow(/Migration 29990102000000_broken failed/);
    await expect(migrate(url, { dir })).rejects.toThrow(/failed earlier/);
    const [row] = await query(
      url,
      "SELECT logs FROM _prisma_migrations WHERE migration_name = '29990102000000_broken'",
    );
    expect(String(row!.logs)).toMatch(/already exists/);
  });
});
