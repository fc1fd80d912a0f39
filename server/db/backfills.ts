/**
 * Data backfills that SQL cannot compute, run by the migration runner after the SQL migrations
 * (server/db/migrate.ts). Each one is idempotent and cheap when there is nothing to do, so it runs on
 * every `migrate()`; rows written by the application never need it.
 */
import type mysql from 'mysql2/promise';
import { canonicalEmail } from '../contracts/email-identity';

interface TUserRow extends mysql.RowDataPacket {
  id: string;
  email: string;
  registered: number;
}

async function hasColumn(connection: mysql.Connection, table: string, column: string): Promise<boolean> {
  const [rows] = await connection.query<mysql.RowDataPacket[]>(
    'SELECT 1 FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?',
    [table, column],
  );
  return rows.length > 0;
}

/**
 * `users.email_canonical` for the addresses the email-identity migration left to the application
 * (Unicode, punycode or otherwise unusual ones): the same canonicalEmail the product uses. A live
 * registered account then takes its canonical address as `registered_email` unless an older live
 * account already holds it (the unique index decides). Addresses that are not valid stay NULL: they
 * own nothing. Returns how many rows got a canonical form.
 */
export async function backfillEmailCanonical(connection: mysql.Connection): Promise<number> {
  if (!(await hasColumn(connection, 'users', 'email_canonical'))) return 0;
  const [rows] = await connection.query<TUserRow[]>(
    `SELECT u.id, u.email,
            (u.deleted_at IS NULL AND (EXISTS (SELECT 1 FROM user_credentials c WHERE c.user_id = u.id)
              OR EXISTS (SELECT 1 FROM external_identities e WHERE e.user_id = u.id))) AS registered
     FROM users u
     WHERE u.email_canonical IS NULL AND u.email IS NOT NULL
     ORDER BY u.created_at, u.id`,
  );
  let done = 0;
  for (const row of rows) {
    const canonical = canonicalEmail(row.email);
    if (!canonical) continue;
    await connection.query('UPDATE users SET email_canonical = ? WHERE id = ? AND email_canonical IS NULL', [
      canonical,
      row.id,
    ]);
    done += 1;
    if (Number(row.registered) !== 1) continue;
    // The oldest live registered holder keeps the address; a younger one stays unregistered.
    await connection.query(
      `UPDATE users SET registered_email = ?
       WHERE id = ? AND registered_email IS NULL
         AND NOT EXISTS (SELECT 1 FROM (SELECT id FROM users WHERE registered_email = ?) AS holder)`,
      [canonical, row.id, canonical],
    );
  }
  return done;
}

/** Every backfill, in order. */
export async function runBackfills(connection: mysql.Connection, log: (line: string) => void): Promise<void> {
  const canonical = await backfillEmailCanonical(connection);
  if (canonical > 0) log(`backfilled users.email_canonical for ${canonical} account(s)`);
}
