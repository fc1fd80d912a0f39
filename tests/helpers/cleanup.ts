/**
 * What a test file opened (servers, database clients) and must close when it ends.
 *
 * Vitest's `afterAll` registers a hook only while a file is being collected: called from inside a
 * `beforeAll` or a test it is silently dropped (checked with vitest 4.1), and most files start their
 * servers in `beforeAll`. Their servers, with any job worker polling the database, then outlived
 * the file. Helpers register here instead; tests/setup/integration-worker.ts closes everything at
 * the end of every integration file, newest first (servers before the database they use).
 */
const open: (() => Promise<void>)[] = [];

export function closeWhenFileEnds(close: () => Promise<void>): void {
  open.push(close);
}

export async function closeFileResources(): Promise<void> {
  const errors: unknown[] = [];
  while (open.length > 0) {
    const close = open.pop()!;
    try {
      await close();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, 'closing a test file’s resources failed');
}
