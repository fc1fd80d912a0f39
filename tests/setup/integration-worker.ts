/**
 * Gives this worker its own migrated database and exposes it as DATABASE_URL, and its own mail
 * catcher as SMTP_URL. Made once per worker process and kept on globalThis, so that files sharing
 * their worker's modules (vitest's `isolate: false`, tried and put back: under a busy second core
 * three mail-job tests found their jobs gone, cause not yet found) would see the same ones.
 */
import { inject } from 'vitest';
import { withDatabase } from '../../server/db/database-url';
import { migrate } from '../../server/db/migrate';
import { createDatabaseIfMissing } from '../../scripts/lib/database-server';
import { startMailCatcher, type TMailCatcher } from '../../scripts/lib/mail-catcher';

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
