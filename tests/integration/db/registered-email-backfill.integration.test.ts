/**
 * The identity-hardening migration on a database that already holds duplicate registrations (made
 * before the unique index existed): the oldest live registered account of each address keeps it,
 * case and accent variants count as one address (the column's collation), floaters keep none; the
 * later email-identity migration then tells accent variants apart (registered_email is canonical).
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../../server/db/database-url';
import { MIGRATIONS_DIR, migrate } from '../../../server/db/migrate';
import { scratchDatabase } from '../../helpers/scratch-db';

const HARDENING = '20261124000000_identity_hardening';

describe('the registered_email backfill', () => {
  it('keeps the oldest registration of each address and lets the unique index build', async () => {
    const url = await scratchDatabase('backfill');
    const before = mkdtempSync(path.join(os.tmpdir(), 'gifting-migrations-'));
    cpSync(MIGRATIONS_DIR, before, { recursive: true });
    // This migration and every later one are applied after the data exists.
    const later = readdirSync(MIGRATIONS_DIR).filter((name) => name >= HARDENING);
    for (const name of later) rmSync(path.join(before, name), { recursive: true, force: true });
    await migrate(url, { dir: before });

    const connection = await mysql.createConnection({ ...parseDatabaseUrl(url), multipleStatements: true });
    try {
      await connection.query(`
        INSERT INTO users (id, email, name, created_at, updated_at, deleted_at) VALUES
          ('00000000-0000-4000-8000-000000000001', 'dup@example.test', 'Oldest', '2026-01-01', '2026-01-01', NULL),
          ('00000000-0000-4000-8000-000000000002', 'DUP@example.test', 'Case twin', '2026-01-02', '2026-01-02', NULL),
          ('00000000-0000-4000-8000-000000000003', 'dup@example.test', 'Floater', '2026-01-03', '2026-01-03', NULL),
          ('00000000-0000-4000-8000-000000000004', 'dúp@example.test', 'Accent twin', '2026-01-04', '2026-01-04', NULL),
          ('00000000-0000-4000-8000-000000000005', 'solo@example.test', 'Social', '2026-01-05', '2026-01-05', NULL),
          ('00000000-0000-4000-8000-000000000006', 'gone@example.test', 'Closed', '2025-01-01', '2025-01-01', '2025-06-01'),
          ('00000000-0000-4000-8000-000000000007', 'gone@example.test', 'Live', '2026-01-07', '2026-01-07', NULL);
        INSERT INTO user_credentials (user_id, password_hash) VALUES
          ('00000000-0000-4000-8000-000000000001', 'h'), ('00000000-0000-4000-8000-000000000002', 'h'),
          ('00000000-0000-4000-8000-000000000004', 'h'), ('00000000-0000-4000-8000-000000000006', 'h'),
          ('00000000-0000-4000-8000-000000000007', 'h');
        INSERT INTO external_identities (id, user_id, provider, subject) VALUES
          ('e1', '00000000-0000-4000-8000-000000000005', 'idp', 'subject-1');`);
      await migrate(url);
      const [rows] = await connection.query<mysql.RowDataPacket[]>(
        'SELECT name, registered_email FROM users ORDER BY id',
      );
      expect(rows.map((row) => [row.name, row.registered_email])).toEqual([
        ['Oldest', 'dup@example.test'],
        ['Case twin', null],
        ['Floater', null],
        // The email-identity migration (applied after) compares canonical forms exactly: dúp is
        // another address than dup, so this account gets its own address back.
        ['Accent twin', 'dúp@example.test'],
        ['Social', 'solo@example.test'],
        ['Closed', null],
        ['Live', 'gone@example.test'],
      ]);
      await expect(
        connection.query("UPDATE users SET registered_email = 'dup@example.test' WHERE name = 'Case twin'"),
      ).rejects.toThrow(/Duplicate entry/);
    } finally {
      await connection.end();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
