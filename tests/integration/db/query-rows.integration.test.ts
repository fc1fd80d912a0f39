/**
 * queryRows (server/db/client.ts) sends hot reads to the pool without per-query options: dates come
 * as text by the pool's option and become UTC Dates, BIGINTs become numbers, DECIMALs stay strings;
 * Prisma's own reads and writes over the same pool keep their types.
 */
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/client';
import { Prisma } from '../../../server/generated/prisma/client';
import { testDb } from '../../helpers/db';

describe('queryRows', () => {
  // Text protocol, and a prepared statement's binary protocol: the same values either way.
  for (const prepared of [false, true])
    it(`answers dates as UTC Dates, BIGINTs as numbers and DECIMALs as text${prepared ? ' (prepared)' : ''}`, async () => {
      const at = new Date('2026-03-04T05:06:07.089Z');
      // Until Prisma has opened its pool, queryRows goes through $queryRaw (see its comment).
      await testDb().$queryRaw`SELECT 1`;
      const read = () =>
        queryRows<Record<string, unknown>>(
          testDb(),
          Prisma.sql`SELECT CAST(${at} AS DATETIME(3)) AS at, DATE('2026-12-24') AS day, CAST(${'2026-12-25'} AS DATE) AS bound_day,
                          COUNT(*) AS n, CAST(9007199254740991 AS SIGNED) AS big, SUM(two.one) AS total,
                          CAST(12.5 AS DECIMAL(10,2)) AS amount, 7 AS small, EXISTS (SELECT 1) AS yes, ${'text'} AS word,
                          NULL AS nothing
                   FROM (SELECT 1 AS one UNION ALL SELECT 2) two WHERE two.one <= ${5}`,
          { prepared },
        );
      // Twice: a prepared statement's second run reuses the connection's statement.
      for (const [row] of [await read(), await read()])
        expect(row).toEqual({
          at,
          day: new Date('2026-12-24T00:00:00Z'),
          bound_day: new Date('2026-12-25T00:00:00Z'),
          n: 2,
          big: Number.MAX_SAFE_INTEGER,
          total: '3',
          amount: '12.50',
          small: 7,
          yes: 1,
          word: 'text',
          nothing: null,
        });
    });

  it('leaves the types of Prisma’s reads over the same pool as they were', async () => {
    const db = testDb();
    // A read with queryRows first, so the pool is the one both use.
    await queryRows(db, Prisma.sql`SELECT 1 AS one`);
    const [raw] = await db.$queryRaw<{ at: Date; n: bigint }[]>`SELECT NOW(3) AS at, COUNT(*) AS n FROM users`;
    expect(raw?.at).toBeInstanceOf(Date);
    expect(typeof raw?.n).toBe('bigint');
    const user = await db.user.findFirst({ select: { createdAt: true } });
    if (user) expect(user.createdAt).toBeInstanceOf(Date);
  });
});
