/** Gives this worker its own migrated database and exposes it as DATABASE_URL. */
import { inject } from 'vitest';
import { withDatabase } from '../../server/db/database-url';
import { migrate } from '../../server/db/migrate';
import { createDatabaseIfMissing } from '../../scripts/lib/database-server';
import { startMailCatcher, type TMailCatcher } from '../../scripts/lib/mail-catcher';

const poolId = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0';
const url = withDatabase(inject('databaseServerUrl'), `gt_${inject('testRunId')}_w${poolId}`);
await createDatabaseIfMissing(url);
await migrate(url);
process.env.DATABASE_URL = url;

// Every worker catches its own mail: the mailer's SMTP_URL points here (tests/helpers/mail.ts reads it).
const catcher = await startMailCatcher();
process.env.SMTP_URL = catcher.url;
(globalThis as { __mailCatcher?: TMailCatcher }).__mailCatcher = catcher;
