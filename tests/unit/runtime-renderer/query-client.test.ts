/**
 * The app's QueryClient: an invalidation that arrives while a query's first fetch is in flight
 * ends with data read after it (renderer/data/query-client.ts). The server is a counter the
 * "write" bumps; the first read answers what it saw before the write, as a request the server read
 * before the write committed would.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { AppQueryClient } from '../../../renderer/data/query-client';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** A query whose first read is held until `releaseFirst`, answering the value it read at its start. */
function scenario(client: QueryClient) {
  let stored = 'before';
  let reads = 0;
  const first = deferred<void>();
  const observer = new QueryObserver(client, {
    queryKey: ['me'],
    staleTime: 60_000,
    queryFn: async () => {
      reads += 1;
      const seen = stored;
      if (reads === 1) await first.promise;
      return seen;
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return {
    observer,
    unsubscribe,
    reads: () => reads,
    write: () => (stored = 'after'),
    releaseFirst: () => first.resolve(),
  };
}

/** A write while the first fetch is in flight, then the invalidation: how many reads, and what the cache holds. */
async function writeDuringFirstFetch(client: QueryClient): Promise<{ reads: number; data: unknown }> {
  const run = scenario(client);
  await expect.poll(run.reads).toBe(1);
  run.write();
  const invalidated = client.invalidateQueries({ queryKey: ['me'] });
  run.releaseFirst();
  await invalidated;
  run.unsubscribe();
  return { reads: run.reads(), data: client.getQueryData(['me']) };
}

describe('AppQueryClient', () => {
  it('fetches again a query whose first fetch was in flight when it was invalidated', async () => {
    const client = new AppQueryClient();
    expect(await writeDuringFirstFetch(client)).toEqual({ reads: 2, data: 'after' });
  });

  it('react-query alone keeps the first fetch’s answer (why the class exists)', async () => {
    expect(await writeDuringFirstFetch(new QueryClient())).toEqual({ reads: 1, data: 'before' });
  });

  it('refetches a query that has data once, as react-query does', async () => {
    const client = new AppQueryClient();
    const run = scenario(client);
    run.releaseFirst();
    await expect.poll(() => client.getQueryData(['me'])).toBe('before');
    run.write();
    await client.invalidateQueries({ queryKey: ['me'] });
    expect(run.reads()).toBe(2);
    expect(client.getQueryData(['me'])).toBe('after');
    run.unsubscribe();
  });

  it('leaves queries alone when told not to refetch', async () => {
    const client = new AppQueryClient();
    const run = scenario(client);
    await expect.poll(run.reads).toBe(1);
    const invalidated = client.invalidateQueries({ queryKey: ['me'], refetchType: 'none' });
    run.releaseFirst();
    await invalidated;
    await expect.poll(() => client.getQueryData(['me'])).toBe('before');
    expect(run.reads()).toBe(1);
    run.unsubscribe();
  });
});
