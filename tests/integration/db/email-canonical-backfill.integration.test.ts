/**
 * The email-identity migration on a database that already holds accounts: every address gets the
 * canonical form the application computes (SQL for plain ASCII ones, the runner's TS backfill for
 * the rest), registered addresses move to it, and writes that forget `email_canonical` cannot keep a
 * stale identity (the triggers).
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { canonicalEmail } from '../../../server/contracts/email-identity';
import { parseDatabaseUrl } from '../../../server/db/database-url';
import { MIGRATIONS_DIR, migrate } from '../../../server/db/migrate';
import { scratchDatabase } from '../../helpers/scratch-db';

const EMAIL_IDENTITY = '20261202000100_email_identity';

const ADDRESSES = [
  'plain@example.test',
  ' Spaced.Upper@Example.TEST ',
  'x@bücher.de',
  'y@xn--bcher-kva.de',
  'dúp@example.test',
  'dup@example.test',
  'x@gmáil.com',
  'x@gmail.com',
  'trailing@example.com.',
  'under@b_c.com',
  'a+tag@sub.example.co.uk',
  'one@letter.c',
  'ip@1.2.3.4',
];

describe('the email_canonical backfill', () => {
  it('gives every address the application’s canonical form and registers it exactly', async () => {
    const url = await scratchDatabase('emailcanonical');
    const before = mkdtempSync(path.join(os.tmpdir(), 'gifting-migrations-'));
    cpSync(MIGRATIONS_DIR, before, { recursive: true });
    for (const name of readdirSync(MIGRATIONS_DIR).filter((entry) => entry >= EMAIL_IDENTITY))
      rmSync(path.join(before, name), { recursive: true, force: true });
    await migrate(url, { dir: before });

    const connection = await mysql.createConnection({ ...parseDatabaseUrl(url), multipleStatements: true });
    try {
      const ids = ADDRESSES.map((_address, index) => `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`);
      for (const [index, email] of ADDRESSES.entries())
        await connection.query('INSERT INTO users (id, email, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [
          ids[index],
          email,
          `Person ${index}`,
          `2026-01-${String(index + 1).padStart(2, '0')}`,
          '2026-01-01',
        ]);
      // Everyone is registered (a password) except x@bücher.de, a floater.
      for (const [index, email] of ADDRESSES.entries())
        if (email !== 'x@bücher.de')
          await connection.query("INSERT INTO user_credentials (user_id, password_hash) VALUES (?, 'h')", [ids[index]]);
      // Under the old collation only one of each accent-folded group could hold its address.
      for (const email of ['plain@example.test', 'dúp@example.test', 'x@gmáil.com'])
        await connection.query('UPDATE users SET registered_email = email WHERE id = ?', [
          ids[ADDRESSES.indexOf(email)],
        ]);

      await migrate(url);

      const [rows] = await connection.query<mysql.RowDataPacket[]>(
        'SELECT email, email_canonical, registered_email FROM users ORDER BY id',
      );
      for (const row of rows) expect([row.email, row.email_canonical]).toEqual([row.email, canonicalEmail(row.email)]);
      const registered = Object.fromEntries(rows.map((row) => [row.email, row.registered_email]));
      expect(registered).toEqual({
        'plain@example.test': 'plain@example.test',
        ' Spaced.Upper@Example.TEST ': 'spaced.upper@example.test',
        'x@bücher.de': null,
        'y@xn--bcher-kva.de': 'y@xn--bcher-kva.de',
        'dúp@example.test': 'dúp@example.test',
        'dup@example.test': 'dup@example.test',
        'x@gmáil.com': 'x@xn--gmil-6na.com',
        'x@gmail.com': 'x@gmail.com',
        'trailing@example.com.': null,
        'under@b_c.com': null,
        'a+tag@sub.example.co.uk': 'a+tag@sub.example.co.uk',
        'one@letter.c': null,
        'ip@1.2.3.4': null,
      });
      // Registered addresses are unique on the exact canonical form.
      await expect(
        connection.query("UPDATE users SET registered_email = 'dup@example.test' WHERE email = 'plain@example.test'"),
      ).rejects.toThrow(/Duplicate entry/);

      // A write that forgets the identity: recomputed for plain ASCII, cleared otherwise, never stale.
      await connection.query("UPDATE users SET email = 'moved@example.test' WHERE id = ?", [ids[0]]);
      await connection.query("UPDATE users SET email = 'z@bücher.de' WHERE id = ?", [ids[2]]);
      await connection.query(
        "INSERT INTO users (id, email, name, created_at, updated_at) VALUES ('00000000-0000-4000-9000-000000000001', 'New@Example.test', 'N', NOW(), NOW())",
      );
      const [after] = await connection.query<mysql.RowDataPacket[]>(
        'SELECT id, email_canonical FROM users WHERE id IN (?, ?, ?) ORDER BY id',
        [ids[0], ids[2], '00000000-0000-4000-9000-000000000001'],
      );
      expect(after.map((row) => row.email_canonical)).toEqual(['moved@example.test', null, 'new@example.test']);
      // The runner's backfill then gives the Unicode one its identity.
      await migrate(url);
      const [idn] = await connection.query<mysql.RowDataPacket[]>('SELECT email_canonical FROM users WHERE id = ?', [
        ids[2],
      ]);
      expect(idn[0]?.email_canonical).toBe('z@xn--bcher-kva.de');
    } finally {
      await connection.end();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
