/**
 * The database job queue against the real database: every job runs exactly once across workers
 * racing for it (FOR UPDATE SKIP LOCKED), failures are retried with back-off and give up after
 * maxAttempts, a dead worker's lock expires and the job is taken again, unique keys schedule once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { backoffSeconds, createJobRunner, enqueueJob, type TJobHandler } from '../../../server/jobs/queue';
import { testDb } from '../../helpers/db';
import { testDeps } from '../../helpers/server';

const deps = testDeps();
const quiet = { info() {}, warn() {}, error() {} };
let kind = '';
afterEach(async () => {
  await testDb().job.deleteMany({ where: { kind: { startsWith: kind } } });
});

function uniqueKind(name: string): string {
  kind = `test:${name}:${crypto.randomUUID().slice(0, 8)}`;
  return kind;
}

describe('the job queue', () => {
  it('runs each of 60 jobs exactly once with three workers polling at the same time', async () => {
    const jobKind = uniqueKind('once');
    for (let index = 0; index < 60; index += 1) await enqueueJob(testDb(), { kind: jobKind, payload: { index } });
    const ran: number[] = [];
    const handler: TJobHandler = async (_deps, payload) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      ran.push((payload as { index: number }).index);
    };
    const runners = [1, 2, 3].map((n) =>
      createJobRunner({ deps, handlers: { [jobKind]: handler }, logger: quiet, batch: 7, workerId: `w${n}` }),
    );
    // Drain: every runner keeps claiming until nothing is due. All are awaited, also when one fails,
    // so none is still claiming when the next test starts.
    const drained = await Promise.allSettled(
      runners.map(async (runner) => {
        while ((await runner.runDue()) > 0);
      }),
    );
    expect(drained.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(ran.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, index) => index));
    expect(await testDb().job.count({ where: { kind: jobKind, status: 'done' } })).toBe(60);
  });

  it('retries a failing job with back-off, then gives up after maxAttempts', async () => {
    const jobKind = uniqueKind('retry');
    await enqueueJob(testDb(), { kind: jobKind, maxAttempts: 2 });
    let calls = 0;
    const runner = createJobRunner({
      deps,
      handlers: {
        [jobKind]: async () => {
          calls += 1;
          throw new Error('mail server down');
        },
      },
      logger: quiet,
    });
    await runner.runDue();
    const first = await testDb().job.findFirstOrThrow({ where: { kind: jobKind } });
    expect(first).toMatchObject({ status: 'queued', attempts: 1, lastError: 'mail server down' });
    expect(first.runAt.getTime()).toBeGreaterThan(Date.now() + (backoffSeconds(1) - 1) * 1000);
    // Not due yet: nothing runs.
    expect(await runner.runDue()).toBe(0);
    await testDb().job.update({ where: { id: first.id }, data: { runAt: new Date(Date.now() - 1000) } });
    await runner.runDue();
    expect(await testDb().job.findFirstOrThrow({ where: { kind: jobKind } })).toMatchObject({
      status: 'failed',
      attempts: 2,
    });
    expect(calls).toBe(2);
  });

  it('takes over a job whose worker died (its lock expired), and not before', async () => {
    const jobKind = uniqueKind('takeover');
    await enqueueJob(testDb(), { kind: jobKind });
    const done: string[] = [];
    const handlers = { [jobKind]: async () => void done.push('ran') };
    // A worker claims the job and dies before finishing (its lock is short).
    const { claimJobs } = await import('../../../server/jobs/queue');
    const claimed = await claimJobs(testDb(), 'dead-worker', 10, 300, [jobKind]);
    expect(claimed.filter((job) => job.kind === jobKind)).toHaveLength(1);
    const survivor = createJobRunner({ deps, handlers, logger: quiet, workerId: 'survivor' });
    expect(await survivor.runDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await survivor.runDue()).toBe(1);
    expect(done).toEqual(['ran']);
    expect(await testDb().job.findFirstOrThrow({ where: { kind: jobKind } })).toMatchObject({
      status: 'done',
      attempts: 2,
    });
  });

  it('claims again when its claim ends as a deadlock victim, and runs the job once', async () => {
    const jobKind = uniqueKind('deadlock');
    await enqueueJob(testDb(), { kind: jobKind });
    // InnoDB's choice of victim among racing claims is not something a test can steer; the
    // database's own answer to the victim (error 1213, P2034 from Prisma) is given to the first
    // claim here, and every other statement goes to the real database.
    let victims = 0;
    const real = testDb();
    const db = new Proxy(real, {
      get(target, property, receiver) {
        if (property !== '$transaction') return Reflect.get(target, property, receiver);
        return (...args: Parameters<typeof real.$transaction>) => {
          if (victims === 0) {
            victims += 1;
            return Promise.reject(
              Object.assign(new Error('Transaction failed due to a write conflict or a deadlock'), { code: 'P2034' }),
            );
          }
          return real.$transaction(...args);
        };
      },
    });
    const { claimJobs } = await import('../../../server/jobs/queue');
    const claimed = await claimJobs(db, 'w-victim', 10, 60_000, [jobKind]);
    expect(victims).toBe(1);
    expect(claimed.map((job) => job.kind)).toEqual([jobKind]);
    expect(await testDb().job.findFirstOrThrow({ where: { kind: jobKind } })).toMatchObject({
      status: 'running',
      attempts: 1,
      lockedBy: 'w-victim',
    });
  });

  it('leaves a job of a kind it has no handler for to a worker that has one (a rolling deploy)', async () => {
    const jobKind = uniqueKind('unknown');
    await enqueueJob(testDb(), { kind: jobKind, maxAttempts: 1 });
    const older = createJobRunner({ deps, handlers: { [`${jobKind}:other`]: async () => {} }, logger: quiet });
    expect(await older.runDue()).toBe(0);
    expect(await testDb().job.findFirstOrThrow({ where: { kind: jobKind } })).toMatchObject({
      status: 'queued',
      attempts: 0,
    });
    const done: string[] = [];
    const newer = createJobRunner({ deps, handlers: { [jobKind]: async () => void done.push('ran') }, logger: quiet });
    expect(await newer.runDue()).toBe(1);
    expect(done).toEqual(['ran']);
  });

  it('schedules a job with a unique key once, however many instances try', async () => {
    const jobKind = uniqueKind('unique');
    const key = `${jobKind}:slot-1`;
    const results = await Promise.all([1, 2, 3, 4].map(() => enqueueJob(testDb(), { kind: jobKind, uniqueKey: key })));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await testDb().job.count({ where: { uniqueKey: key } })).toBe(1);
  });
});
