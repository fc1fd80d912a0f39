/**
 * Scale-out: two instances of the monolith on different ports against one database and one Redis
 * (a random key prefix), as behind a load balancer, each with its own job worker:
 * - a live message sent through one instance arrives on a stream held by the other;
 * - a request-rate limit counts calls made through both;
 * - scheduled and queued jobs run exactly once across both workers;
 * - the log-in throttle counts wrong passwords tried through both.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJobs } from '../../../server/jobs/queue';
import { PRICE_DROP_SCAN_EVERY_MS } from '../../../server/jobs/registry';
import { PRICE_DROP_SCAN_JOB } from '../../../server/services/shop/price-drops';
import { ensureRedis } from '../../../scripts/lib/redis-server';
import { createMember, identityFor } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';
import { trpcClientFor } from '../../helpers/trpc-client';

const JOB_KIND = `scale-test:${randomBytes(4).toString('hex')}`;
/** Which instance ran which job, in the order they ran. */
const ran: { jobId: string; instance: string }[] = [];
let redis: Awaited<ReturnType<typeof ensureRedis>>;
let first: TTestServer;
let second: TTestServer;
const deps = testDeps();

beforeAll(async () => {
  redis = await ensureRedis();
  // This worker's database is shared with the files that ran before this one: jobs they left
  // queued (mail, scans) would come first in the queue and, on a busy machine, take the whole wait.
  await testDb().job.deleteMany({ where: { status: { in: ['queued', 'running'] } } });
  // Queued before the workers start, so both find them on their first polls.
  await enqueueJobs(
    testDb(),
    Array.from({ length: 40 }, (_, i) => ({ kind: JOB_KIND, payload: { n: i }, maxAttempts: 1 })),
  );
  const env = {
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: `scale-${randomBytes(4).toString('hex')}:`,
    LOGIN_MAX_FAILURES: '3',
    RATE_LIMIT_MESSAGES_PER_MINUTE: '4',
    RENDERER_DIST: '/nonexistent',
  };
  const worker = (instance: string) => ({
    pollMs: 200,
    extraHandlers: {
      [JOB_KIND]: async (_deps: unknown, _payload: unknown, job: { id: bigint }) => {
        ran.push({ jobId: String(job.id), instance });
        // Long enough that both workers are busy at once.
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    },
  });
  first = await startTestServer(env, { jobs: worker('first') });
  second = await startTestServer(env, { jobs: worker('second') });
});
afterAll(() => redis.stop());

const clientFor = trpcClientFor;

async function publicPerson() {
  const member = await createMember(testDb());
  await testDb().userSettings.create({ data: { userId: member.id, emailGuid: randomUUID(), isPrivate: false } });
  return { ...member, token: (await identityFor(deps, member.id)).token };
}

describe('two instances, one database, one Redis', () => {
  it('a live message sent through one instance arrives on a stream held by the other', async () => {
    const [ann, bob] = [await publicPerson(), await publicPerson()];
    const annOnFirst = clientFor(first.baseUrl, ann.token);
    const bobOnSecond = clientFor(second.baseUrl, bob.token);
    const { conversationId } = await annOnFirst.messages.startDirect.mutate({ userId: bob.id });
    const received: string[] = [];
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const subscription = bobOnSecond.messages.onMessage.subscribe(undefined, {
      onStarted: () => started(),
      onData: (value) => {
        // Events without a message carry the stream's resume position only.
        const message = (value as unknown as { data: { messageId: string } | null }).data;
        if (!message) return;
        received.push(message.messageId);
        arrived();
      },
    });
    await ready;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = await annOnFirst.messages.send.mutate({ conversationId, body: 'Across instances' });
    await Promise.race([arrival, new Promise((resolve) => setTimeout(resolve, 8_000))]);
    subscription.unsubscribe();
    expect(received).toEqual([sent.messageId]);
  });

  it('a rate limit counts calls through both instances', async () => {
    const [ann, bob] = [await publicPerson(), await publicPerson()];
    const { conversationId } = await clientFor(first.baseUrl, ann.token).messages.startDirect.mutate({
      userId: bob.id,
    });
    const send = (server: TTestServer, body: string) =>
      new TestBrowser(server.baseUrl).request('POST', '/trpc/messages.send', {
        json: { conversationId, body },
        bearer: ann.token,
      });
    const statuses = [];
    // Four allowed a minute, two through each instance; the fifth is refused wherever it goes.
    for (const [i, server] of [first, second, first, second].entries())
      statuses.push((await send(server, `m${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect((await send(first, 'fifth')).status).toBe(429);
    expect((await send(second, 'sixth')).status).toBe(429);
  });

  it('scheduled and queued jobs run exactly once across both workers', async () => {
    // A deadline for a hang, not a pace: 40 jobs of 20 ms take about a second on a quiet machine.
    const deadline = Date.now() + 90_000;
    while (ran.length < 40 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    // A moment more: a job run twice would show up now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ran).toHaveLength(40);
    expect(new Set(ran.map((run) => run.jobId)).size).toBe(40);
    // Both workers took part.
    expect(new Set(ran.map((run) => run.instance))).toEqual(new Set(['first', 'second']));
    const rows = await testDb().job.findMany({ where: { kind: JOB_KIND }, select: { status: true, attempts: true } });
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
    // The recurring price-drop scan of this period: both instances scheduled it, one row exists, run once.
    const slot = Math.floor(Date.now() / PRICE_DROP_SCAN_EVERY_MS);
    const scansOfThisPeriod = () =>
      testDb().job.findMany({
        where: { uniqueKey: { in: [`${PRICE_DROP_SCAN_JOB}:${slot}`, `${PRICE_DROP_SCAN_JOB}:${slot - 1}`] } },
        select: { status: true, attempts: true },
      });
    // Wait for it to have run (a scan still queued has run 0 times, which would prove nothing).
    let scans = await scansOfThisPeriod();
    while (!scans.some((scan) => scan.status === 'done') && Date.now() < deadline + 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      scans = await scansOfThisPeriod();
    }
    expect(scans.filter((scan) => scan.status === 'done').length).toBeGreaterThanOrEqual(1);
    expect(scans.filter((scan) => scan.status === 'done').every((scan) => scan.attempts === 1)).toBe(true);
    expect(scans.every((scan) => scan.attempts <= 1)).toBe(true);
  }, 120_000);

  it('the log-in throttle counts wrong passwords tried through both instances', async () => {
    const member = await createMember(testDb());
    const logIn = (server: TTestServer, password: string) =>
      new TestBrowser(server.baseUrl).post('/auth/v2/log-in/', { email: member.email, password });
    // Three failures allowed per account and client: two through the first, one through the second.
    expect((await logIn(first, 'wrong-1')).status).toBe(401);
    expect((await logIn(first, 'wrong-2')).status).toBe(401);
    expect((await logIn(second, 'wrong-3')).status).toBe(401);
    const locked = await logIn(first, member.password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await logIn(second, member.password)).status).toBe(429);
  });
});
