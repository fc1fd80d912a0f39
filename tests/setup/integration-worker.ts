/**
 * Gives this worker its own migrated database (DATABASE_URL) and mail catcher (SMTP_URL), and closes
 * what each file opened when it ends (tests/helpers/cleanup.ts).
 *
 * The integration files share their worker's modules (`isolate: false` in vitest.config.ts), and
 * vitest runs this file again before each of them: the database and the catcher are made once per
 * worker process and kept on globalThis, so every file (and every module a file before it left
 * loaded) sees the same ones.
 */
import { afterAll, inject } from 'vitest';
import { withDatabase } from '../../server/db/database-url';
import { migrate } from '../../server/db/migrate';
import { createDatabaseIfMissing } from '../../scripts/lib/database-server';
import { startMailCatcher, type TMailCatcher } from '../../scripts/lib/mail-catcher';
import { closeFileResources } from '../helpers/cleanup';

const worker = globalThis as { __workerDatabaseUrl?: string; __mailCatcher?: TMailCatcher };

if (!worker.__workerDatabaseUrl) {
  const poolId = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0';
  const url = withDatabase(inject('databaseServerUrl'), `gt_${inject('testRunId')}_w${poolId}`);
  await createDatabaseIfMissing(url);
  await migrate(url);
  worker.__workerDatabaseUrl = url;
}
process.env.DATABASE_URL = worker.__workerDatabaseUrl;

// Every worker catches its own mail: the mailer's SMTP_URL points here (tests/helpers/mail.ts reads it).
worker.__mailCatcher ??= await startMailCatcher();
process.env.SMTP_URL = worker.__mailCatcher.url;

// Registered before the file's own hooks, so it runs after them (vitest runs after-hooks newest first).
afterAll(closeFileResources);
