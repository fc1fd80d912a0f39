/**
 * `npm start`: one command from a fresh clone to a working app with demo data.
 * Finds or starts the database, migrates, seeds when empty, builds the renderer when stale, serves.
 */
import { ConfigError, loadConfig } from '../server/config';
import { createDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { startServer } from '../server/main';
import { DEMO_LOGIN, isDatabaseEmpty, seedDemoData } from '../prisma/seed';
import { ensureDatabaseServer } from './lib/database-server';
import { ensureRendererBuilt } from './lib/renderer-build';

const log = (line: string): void => console.log(`[start] ${line}`);

try {
  const database = await ensureDatabaseServer({ log });
  log(`Database: ${database.url.replace(/\/\/[^@]*@/, '//…@')} (${database.source})`);
  const migrated = await migrate(database.url, { log });
  if (migrated.applied.length) log(`Applied ${migrated.applied.length} migration(s)`);

  const config = loadConfig({ ...process.env, DATABASE_URL: database.url });

  const seedDb = createDb(database.url, 2);
  try {
    if (await isDatabaseEmpty(seedDb)) {
      const seeded = await seedDemoData(seedDb);
      log(`Seeded demo data: ${seeded.users} members, ${seeded.giftGuides} gift guides`);
    }
  } finally {
    await seedDb.$disconnect();
  }

  ensureRendererBuilt({ log });
  await startServer(config);
  const url = config.publicUrl.endsWith('/') ? config.publicUrl : `${config.publicUrl}/`;
  console.log(`\n  Gifting is running at ${url}\n  Demo log-in: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}\n`);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
