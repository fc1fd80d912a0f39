/**
 * `npm start`: one command from a fresh clone to a working app with demo data.
 * Finds or starts the database, migrates, seeds when empty, builds the renderer when stale, serves.
 */
import { ConfigError, loadConfig } from '../server/config';
import { createDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { startServer } from '../server/main';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_LOGIN, DEMO_SUPPORT_LOGIN, isDatabaseEmpty, seedDemoData } from '../prisma/seed';
import { startMailCatcher } from './lib/mail-catcher';
import { PROJECT_ROOT, ensureDatabaseServer } from './lib/database-server';
import { ensureRendererBuilt } from './lib/renderer-build';

const log = (line: string): void => console.log(`[start] ${line}`);

function developmentSecret(): string {
  const file = path.join(PROJECT_ROOT, '.data', 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

try {
  const database = await ensureDatabaseServer({ log });
  log(`Database: ${database.url.replace(/\/\/[^@]*@/, '//…@')} (${database.source})`);
  const migrated = await migrate(database.url, { log });
  if (migrated.applied.length) log(`Applied ${migrated.applied.length} migration(s)`);

  // Without SMTP_URL, mail goes to a local catcher: every message lands in .data/mail as an .eml file.
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.url };
  if (!process.env.SMTP_URL) {
    const catcher = await startMailCatcher({ dir: path.join(PROJECT_ROOT, '.data', 'mail'), refusePattern: true });
    env.SMTP_URL = catcher.url;
    log(`Mail is caught locally: read it in .data/mail/ (SMTP ${catcher.url})`);
  }
  // Sessions survive restarts: the development token secret is kept in .data/.
  env.JWT_SECRET ??= developmentSecret();
  const config = loadConfig(env);
  if (config.databaseReplicaUrls.length > 0)
    log(`Read replicas: ${config.databaseReplicaUrls.map((url) => url.replace(/\/\/[^@]*@/, '//…@')).join(', ')}`);

  const seedDb = createDb(database.url, 2);
  try {
    if (await isDatabaseEmpty(seedDb)) {
      const seeded = await seedDemoData(seedDb, { dataDir: config.dataDir });
      log(`Seeded demo data: ${seeded.users} members, ${seeded.giftGuides} gift guides`);
    }
  } finally {
    await seedDb.$disconnect();
  }

  ensureRendererBuilt({ log });
  await startServer(config);
  const url = config.publicUrl.endsWith('/') ? config.publicUrl : `${config.publicUrl}/`;
  console.log(
    `\n  Gifting is running at ${url}\n  Demo log-in: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}` +
      `\n  Support staff: ${DEMO_SUPPORT_LOGIN.email} / ${DEMO_SUPPORT_LOGIN.password}\n`,
  );
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
