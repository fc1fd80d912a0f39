/**
 * The server Playwright runs against: a fresh `gifting_e2e` database (dropped and migrated),
 * demo data, the built renderer, on E2E_PORT.
 */
import { loadConfig } from '../../server/config';
import { createDb } from '../../server/db/client';
import { withDatabase } from '../../server/db/database-url';
import { migrate } from '../../server/db/migrate';
import { startServer } from '../../server/main';
import { seedDemoData } from '../../prisma/seed';
import { createDatabaseIfMissing, dropDatabase, ensureDatabaseServer } from '../../scripts/lib/database-server';

const server = await ensureDatabaseServer({ env: { DATABASE_URL: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL } });
const url = withDatabase(server.url, 'gifting_e2e');
await dropDatabase(url);
await createDatabaseIfMissing(url);
await migrate(url);
const db = createDb(url, 2);
await seedDemoData(db);
await db.$disconnect();

const port = process.env.E2E_PORT ?? '3101';
await startServer(
  loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: url,
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  }),
);
