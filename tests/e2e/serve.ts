/**
 * The server Playwright runs against: a fresh `gifting_e2e_<port>` database (dropped and migrated),
 * demo data, the built renderer, a mail catcher writing to test-results/e2e-mail-<port>, on E2E_PORT.
 */
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { startMailCatcher } from '../../scripts/lib/mail-catcher';
import { createDb } from '../../server/db/client';
import { withDatabase } from '../../server/db/database-url';
import { migrate } from '../../server/db/migrate';
import { startServer } from '../../server/main';
import { seedDemoData } from '../../prisma/seed';
import { createDatabaseIfMissing, dropDatabase, ensureDatabaseServer } from '../../scripts/lib/database-server';

const server = await ensureDatabaseServer({
  env: { DATABASE_URL: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL },
});
// One database per port, so two runs on one machine never share data.
const url = withDatabase(server.url, `gifting_e2e_${process.env.E2E_PORT ?? '3101'}`);
await dropDatabase(url);
await createDatabaseIfMissing(url);
await migrate(url);
const db = createDb(url, 2);
await seedDemoData(db);
await db.$disconnect();

// Mail is caught by a real SMTP server and written as .eml files the Playwright tests read.
const mailDir = path.resolve(import.meta.dirname, `../../test-results/e2e-mail-${process.env.E2E_PORT ?? '3101'}`);
rmSync(mailDir, { recursive: true, force: true });
// Recipients named bounce-… are refused (550), tempfail-… deferred (451): the bounce tests' addresses.
const catcher = await startMailCatcher({ dir: mailDir, refusePattern: true });

const port = process.env.E2E_PORT ?? '3101';

// Real product pages for /wish-it/ to import, on the next port (the e2e server may read loopback
// pages: URL_IMPORT_ALLOW_PRIVATE below; production refuses them).
const pagesDir = path.resolve(import.meta.dirname, '../fixtures/product-pages');
createServer((request, response) => {
  const name = path.basename(new URL(request.url ?? '/', 'http://x').pathname);
  try {
    const html = readFileSync(path.join(pagesDir, name.endsWith('.html') ? name : `${name}.html`));
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  } catch {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('no such page');
  }
}).listen(Number(port) + 1, '127.0.0.1');
await startServer(
  loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: url,
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SMTP_URL: catcher.url,
    JWT_SECRET: 'e2e-secret-that-is-at-least-32-bytes-long',
    // Generous throttling: the suite logs in many times from one address.
    LOGIN_MAX_FAILURES: '50',
    MAIL_MAX_PER_CLIENT: '1000',
    URL_IMPORT_ALLOW_PRIVATE: 'true',
    // No 503 for a lagging event loop: four such servers, their browsers and the runners share two
    // cores, where a starved process lags past the 1 s default without being overloaded by its own
    // requests. Overload answers are tested in tests/integration/ops/operations.integration.test.ts.
    EVENT_LOOP_MAX_DELAY_MS: '0',
  }),
);
