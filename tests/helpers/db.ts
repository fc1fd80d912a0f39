/** The worker's database client (see tests/setup/integration-worker.ts). */
import { createDb, type TDb } from '../../server/db/client';
import { closeWhenFileEnds } from './cleanup';

let db: TDb | null = null;

export function testDb(): TDb {
  if (!db) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: is this an *.integration.test.ts file?');
    db = createDb(url, 4);
    const client = db;
    closeWhenFileEnds(async () => {
      db = null;
      await client.$disconnect();
    });
  }
  return db;
}
