/**
 * The settings_for_everyone migration on a database holding accounts made before every account got
 * its settings row: each live account without one gets one (the schema's defaults, a fresh random
 * UUID as email_guid); existing rows and closed accounts are left as they are.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { isUuid } from '../../../server/contracts/validation';
import { parseDatabaseUrl } from '../../../server/db/database-url';
import { MIGRATIONS_DIR, migrate } from '../../../server/db/migrate';
import { scratchDatabase } from '../../helpers/scratch-db';

const BACKFILL = '20261201000000_settings_for_everyone';

describe('the settings backfill', () => {
  it('gives every live account lacking one a settings row with a fresh e-mail guid and the defaults', async () => {
    const url = await scratchDatabase('settings');
    const before = mkdtempSync(path.join(os.tmpdir(), 'gifting-migrations-'));
    cpSync(MIGRATIONS_DIR, before, { recursive: true });
    for (const name of readdirSync(MIGRATIONS_DIR).filter((entry) => entry >= BACKFILL))
      rmSync(path.join(before, name), { recursive: true, force: true });
    await migrate(url, { dir: before });

    const connection = await mysql.createConnection({ ...parseDatabaseUrl(url), multipleStatements: true });
    try {
      await connection.query(`
        INSERT INTO users (id, email, name, created_at, updated_at, deleted_at) VALUES
          ('00000000-0000-4000-8000-000000000001', 'a@example.test', 'No row', '2026-01-01', '2026-01-01', NULL),
          ('00000000-0000-4000-8000-000000000002', 'b@example.test', 'Also no row', '2026-01-01', '2026-01-01', NULL),
          ('00000000-0000-4000-8000-000000000003', 'c@example.test', 'Has a row', '2026-01-01', '2026-01-01', NULL),
          ('00000000-0000-4000-8000-000000000004', NULL, 'Former member', '2026-01-01', '2026-01-01', '2026-02-01');
        INSERT INTO user_settings (user_id, email_guid, is_private, subscribe_newsletter, updated_at) VALUES
          ('00000000-0000-4000-8000-000000000003', '11111111-1111-4111-8111-111111111111', false, false, '2026-01-01');`);
      await migrate(url);
      const [rows] = await connection.query<mysql.RowDataPacket[]>(
        `SELECT u.name, s.email_guid, s.is_private, s.subscribe_notifications, s.subscribe_newsletter,
                s.subscribe_price_drop_notifications
         FROM users u LEFT JOIN user_settings s ON s.user_id = u.id ORDER BY u.id`,
      );
      expect(rows.map((row) => row.name)).toEqual(['No row', 'Also no row', 'Has a row', 'Former member']);
      const [first, second, kept, closed] = rows;
      for (const fresh of [first!, second!]) {
        expect(isUuid(String(fresh.email_guid)), String(fresh.email_guid)).toBe(true);
        expect(String(fresh.email_guid)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
        // The schema's defaults: every setting on, the profile private.
        expect([
          fresh.is_private,
          fresh.subscribe_notifications,
          fresh.subscribe_newsletter,
          fresh.subscribe_price_drop_notifications,
        ]).toEqual([1, 1, 1, 1]);
      }
      expect(first!.email_guid).not.toBe(second!.email_guid);
      expect(kept).toMatchObject({ email_guid: '11111111-1111-4111-8111-111111111111', is_private: 0 });
      expect(kept!.subscribe_newsletter).toBe(0);
      expect(closed!.email_guid).toBeNull();
    } finally {
      await connection.end();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
