import mysql from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../../server/db/database-url';
import { migrate } from '../../../server/db/migrate';
import { findSchemaDrift, readDmmf } from '../../helpers/schema-drift';
import { scratchDatabase } from '../../helpers/scratch-db';

async function exec(url: string, sql: string): Promise<void> {
  const connection = await mysql.createConnection(parseDatabaseUrl(url));
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

describe('schema drift: schema.prisma against the migrated database', () => {
  it('finds no drift after the migrations', async () => {
    expect(await findSchemaDrift(process.env.DATABASE_URL!)).toEqual([]);
  });

  it('reads the schema through Prisma DMMF (every model is checked)', async () => {
    const { models } = await readDmmf();
    expect(models.map((model) => model.name)).toEqual(expect.arrayContaining(['User', 'Market', 'GiftGuide']));
  });

  it('fails when a column is dropped by hand', async () => {
    const url = await scratchDatabase('drift');
    await migrate(url);
    await exec(url, 'ALTER TABLE `users` DROP COLUMN `gender`');
    expect(await findSchemaDrift(url)).toContain('column users.gender (User.gender) is missing');
  });

  it('fails on nullability, type, index and foreign-key changes', async () => {
    const url = await scratchDatabase('drift');
    await migrate(url);
    await exec(url, 'ALTER TABLE `users` MODIFY `first_name` VARCHAR(50) NOT NULL DEFAULT ""');
    await exec(url, 'ALTER TABLE `markets` MODIFY `sort_order` VARCHAR(10) NOT NULL');
    await exec(url, 'ALTER TABLE `users` DROP INDEX `users_username_key`');
    await exec(url, 'ALTER TABLE `gift_guides` DROP FOREIGN KEY `gift_guides_market_code_fkey`');
    const problems = await findSchemaDrift(url);
    expect(problems).toContain('column users.first_name is NOT NULL, schema says optional');
    expect(problems).toContain('column markets.sort_order is varchar, schema expects int');
    expect(problems).toContain('unique on users(username) is missing');
    expect(problems).toContain(
      'foreign key gift_guides.market_code → markets.country_code (GiftGuide.market) is missing',
    );
  });

  it('fails when a table is missing', async () => {
    const url = await scratchDatabase('drift');
    await migrate(url);
    // A leaf table (nothing references it), so it drops without touching other tables.
    await exec(url, 'DROP TABLE `favorite_guides`');
    expect(await findSchemaDrift(url)).toContain('table favorite_guides (model FavoriteGuide) is missing');
  });
});
