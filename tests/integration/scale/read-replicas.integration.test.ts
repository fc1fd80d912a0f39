/**
 * Read replicas on a real MariaDB primary and GTID replica, both private to this file (their own
 * ports and data folders under the system's temporary folder, never the shared server; started by
 * scripts/lib/replication-pair.ts and killed at the end). Two servers read from them: `steady`
 * allows a minute of lag, `strict` one second.
 * - reads of queries and REST GETs land on the replica; a mutation's reads do not;
 * - with the replica's SQL thread stopped, a member reads back their own write at once (the GTID
 *   wait times out and the read goes to the primary) while another member still sees the replica's
 *   older answer;
 * - a replica shut down or killed under reads changes nothing a member sees: every answer 200 and
 *   current, /readyz 200 naming it down; restarted, it catches up and takes reads again;
 * - a replica lagging past the threshold is out of rotation (its reads go to the primary) and
 *   comes back once it catches up.
 * Every wait is for a state (the replica's position, /readyz, an answer), never a fixed time.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type TServer } from '../../../server/app';
import { createDb, type TDb } from '../../../server/db/client';
import { surviveLostConnections } from '../../../server/db/replicas';
import { migrate } from '../../../server/db/migrate';
import { createDatabaseIfMissing } from '../../../scripts/lib/database-server';
import { freePort } from '../../../scripts/lib/free-port';
import { startReplicationPair, type TReplicationPair } from '../../../scripts/lib/replication-pair';
import { createMember, identityFor } from '../../factories/identities';
import { testConfig } from '../../helpers/server';

const METRICS_TOKEN = 'replica-metrics-token-0123456789';
let dir: string;
let pair: TReplicationPair;
let replicaName: string;
let db: TDb;
let steady: { app: TServer; base: string };
let strict: { app: TServer; base: string };
let writer: { id: string; token: string };
let reader: { id: string; token: string };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function startServer(overrides: Record<string, string>): Promise<{ app: TServer; base: string }> {
  const config = testConfig({
    DATABASE_URL: pair.primaryUrl,
    DATABASE_REPLICA_URLS: pair.replicaUrl,
    DATABASE_POOL_SIZE: '4',
    METRICS_TOKEN,
    RENDERER_DIST: '/nonexistent',
    ...overrides,
  });
  const app = await buildServer(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

type TMember = { id: string; token: string };
const auth = (member: TMember) => ({ authorization: `Bearer ${member.token}` });

async function profile(server: { base: string }, as: TMember, of: string): Promise<{ status: number; name: string }> {
  const response = await fetch(`${server.base}/v1/users/${of}`, { headers: auth(as) });
  const body = (await response.json()) as { firstName?: string };
  return { status: response.status, name: body.firstName ?? '' };
}

async function rename(server: { base: string }, member: TMember, firstName: string): Promise<void> {
  const response = await fetch(`${server.base}/v1/users/${member.id}`, {
    method: 'PATCH',
    headers: { ...auth(member), 'content-type': 'application/json' },
    body: JSON.stringify({ firstName }),
  });
  expect(response.status, await response.text()).toBe(200);
}

async function metric(server: { base: string }, name: string, labels: string): Promise<number> {
  const text = await (
    await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const line = text.split('\n').find((row) => row.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').pop()) : 0;
}
const replicaReads = (server: { base: string }) => metric(server, 'db_reads_total', `target="${replicaName}"`);

async function replicaState(server: { base: string }): Promise<{ status: number; state: string }> {
  const response = await fetch(`${server.base}/readyz`);
  const body = (await response.json()) as { replicas?: { state: string }[] };
  return { status: response.status, state: body.replicas?.[0]?.state ?? 'none' };
}
const inState = (server: { base: string }, state: string) =>
  until(`the replica to be ${state}`, async () => (await replicaState(server)).state === state);

// As server/main.ts does with replicas: a stray driver rejection of a lost replica is logged, not fatal.
const lostConnections: unknown[] = [];
const unguard = surviveLostConnections({ warn: (object) => lostConnections.push(object) });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gifting-replicas-'));
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  pair = await startReplicationPair({ dir, primaryPort, replicaPort });
  replicaName = `127.0.0.1:${replicaPort}`;
  await createDatabaseIfMissing(pair.primaryUrl);
  await migrate(pair.primaryUrl);
  db = createDb(pair.primaryUrl, 2);
  const config = testConfig({ DATABASE_URL: pair.primaryUrl });
  const member = async (): Promise<TMember> => {
    const { id } = await createMember(db);
    return { id, token: (await identityFor({ db, config }, id)).token };
  };
  writer = await member();
  reader = await member();
  await pair.waitForReplica();
  steady = await startServer({ DATABASE_REPLICA_MAX_LAG_MS: '60000', DATABASE_REPLICA_WAIT_MS: '300' });
  strict = await startServer({ DATABASE_REPLICA_MAX_LAG_MS: '1000', DATABASE_REPLICA_WAIT_MS: '300' });
  await inState(steady, 'in-rotation');
  await inState(strict, 'in-rotation');
}, 120_000);

afterAll(async () => {
  await steady?.app.close();
  await strict?.app.close();
  await db?.$disconnect();
  await pair?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  unguard();
});

describe('read replicas', () => {
  it('sends the reads of queries and REST GETs to the replica, and a mutation’s to the primary', async () => {
    const before = await replicaReads(steady);
    expect((await profile(steady, reader, writer.id)).status).toBe(200);
    const mine = await fetch(`${steady.base}/trpc/wishLists.mine`, { headers: auth(reader) });
    expect(mine.status).toBe(200);
    const afterReads = await replicaReads(steady);
    expect(afterReads).toBeGreaterThan(before);

    await rename(steady, reader, `Reader${randomBytes(2).toString('hex')}`);
    expect(await replicaReads(steady)).toBe(afterReads);
    expect(await metric(steady, 'db_replica_in_rotation', `replica="${replicaName}"`)).toBe(1);
  });

  it('lets a member read back their own write at once while the replica lags; others see the replica', async () => {
    const old = (await profile(steady, writer, writer.id)).name;
    await pair.onReplica('STOP SLAVE SQL_THREAD');
    try {
      const fallbacks = await metric(steady, 'db_read_your_writes_total', 'outcome="primary"');
      const name = `Lagged${randomBytes(3).toString('hex')}`;
      await rename(steady, writer, name);
      expect(await profile(steady, writer, writer.id)).toEqual({ status: 200, name });

      // A write and its read through tRPC: the new wish is the writer's at once.
      const added = await fetch(`${steady.base}/trpc/wishLists.addWish`, {
        method: 'POST',
        headers: { ...auth(writer), 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Wish ${name}` }),
      });
      expect(added.status, await added.clone().text()).toBe(200);
      const wishId = ((await added.json()) as { result: { data: { wishId: string } } }).result.data.wishId;
      const input = encodeURIComponent(JSON.stringify({ wishId }));
      const wish = await fetch(`${steady.base}/trpc/wishLists.wish?input=${input}`, { headers: auth(writer) });
      expect(wish.status, await wish.clone().text()).toBe(200);
      expect(((await wish.json()) as { result: { data: { title: string } } }).result.data.title).toBe(`Wish ${name}`);

      // Another member reads the replica, which has not applied the write: the older answer.
      const readsBefore = await replicaReads(steady);
      expect(await profile(steady, reader, writer.id)).toEqual({ status: 200, name: old });
      expect(await replicaReads(steady)).toBeGreaterThan(readsBefore);
      expect(await metric(steady, 'db_read_your_writes_total', 'outcome="primary"')).toBeGreaterThanOrEqual(
        fallbacks + 2,
      );
      expect(await replicaState(steady)).toEqual({ status: 200, state: 'in-rotation' });
    } finally {
      await pair.onReplica('START SLAVE SQL_THREAD');
    }
    await pair.waitForReplica();
    const name = (await profile(steady, writer, writer.id)).name;
    await until('the replica to serve the write to others', async () => {
      return (await profile(steady, reader, writer.id)).name === name;
    });
  });

  it.each(['SIGTERM', 'SIGKILL'] as const)(
    'a replica stopped under reads (%s) changes nothing a member sees, and takes reads again once back',
    async (signal) => {
      const old = (await profile(steady, writer, writer.id)).name;
      const name = `Down${randomBytes(3).toString('hex')}`;
      // Reads that start once the rename has been answered must show it; earlier ones either name.
      let renamed = false;
      const seen: { status: number; name: string; afterRename: boolean }[] = [];
      let running = true;
      const loop = async (as: TMember): Promise<void> => {
        while (running) {
          const afterRename = renamed;
          seen.push({ ...(await profile(steady, as, writer.id)), afterRename });
        }
      };
      const load = Promise.all([loop(writer), loop(reader), loop(writer), loop(reader)]);
      try {
        await until('reads under load', async () => seen.length > 20);
        await pair.stopReplica(signal);
        await inState(steady, 'down');
        expect((await replicaState(steady)).status).toBe(200);
        await rename(steady, writer, name);
        renamed = true;
        expect(await profile(steady, writer, writer.id)).toEqual({ status: 200, name });
        expect(await profile(steady, reader, writer.id)).toEqual({ status: 200, name });
        const count = seen.length;
        await until('more reads with the replica down', async () => seen.length > count + 20);
      } finally {
        running = false;
        await load;
      }
      expect(seen.filter((answer) => answer.status !== 200)).toEqual([]);
      expect(seen.filter((answer) => answer.name !== name && (answer.afterRename || answer.name !== old))).toEqual([]);

      await pair.startReplica();
      await pair.waitForReplica();
      await inState(steady, 'in-rotation');
      const before = await replicaReads(steady);
      expect(await profile(steady, reader, writer.id)).toEqual({ status: 200, name });
      expect(await replicaReads(steady)).toBeGreaterThan(before);
    },
  );

  it('takes a replica lagging past the threshold out of rotation, and back once it catches up', async () => {
    // Back from the restarts above first, so "lagging" below is this lag.
    await inState(strict, 'in-rotation');
    await pair.onReplica('STOP SLAVE SQL_THREAD');
    const name = `Behind${randomBytes(3).toString('hex')}`;
    try {
      await rename(strict, writer, name);
      await inState(strict, 'lagging');
      expect((await replicaState(strict)).status).toBe(200);
      expect(await metric(strict, 'db_replica_in_rotation', `replica="${replicaName}"`)).toBe(0);
      expect(await metric(strict, 'db_replica_lag_seconds', `replica="${replicaName}"`)).toBeGreaterThan(1);
      // Out of rotation: another member's read is the primary's, so it is current.
      const before = await replicaReads(strict);
      expect(await profile(strict, reader, writer.id)).toEqual({ status: 200, name });
      expect(await replicaReads(strict)).toBe(before);
    } finally {
      await pair.onReplica('START SLAVE SQL_THREAD');
    }
    await inState(strict, 'in-rotation');
    const before = await replicaReads(strict);
    expect(await profile(strict, reader, writer.id)).toEqual({ status: 200, name });
    expect(await replicaReads(strict)).toBeGreaterThan(before);
  });
});
