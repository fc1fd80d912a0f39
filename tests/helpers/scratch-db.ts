/** Extra throw-away databases for tests that need an empty one (dropped with the run). */
import { inject } from 'vitest';
import { withDatabase } from '../../server/db/database-url';
import { createDatabaseIfMissing } from '../../scripts/lib/database-server';

let counter = 0;

export async function scratchDatabase(label: string): Promise<string> {
  counter += 1;
  const poolId = process.env.VITEST_POOL_ID ?? '0';
  const name = `gt_${inject('testRunId')}_w${poolId}_${label}${counter}`;
  const url = withDatabase(inject('databaseServerUrl'), name);
  await createDatabaseIfMissing(url);
  return url;
}
