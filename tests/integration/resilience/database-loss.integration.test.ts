/**
 * Losing the database under load, against a private MariaDB this file starts on its own port and
 * data folder (scripts/lib/database-server.ts; never the shared server), killed with SIGKILL:
 * - while twenty clients read, it is gone for ten seconds: /readyz turns 503 within two seconds,
 *   requests answer 503 with Retry-After and never hang, the process never dies, and 200s come
 *   back within ten seconds of the database's return;
 * - nothing lost: a stream of keyed writes (Idempotency-Key) is cut by a kill; every write not
 *   acknowledged is retried with its key until it is, and there is exactly one wish per key.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../../server/create-deps';
import { createDb, type TDb } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import {
  canConnect,
  createDatabaseIfMissing,
  startEmbeddedMariadb,
  stopEmbeddedMariadb,
} from '../../../scripts/lib/database-server';
import { createMember, identityFor } from '../../factories/identities';
import { testConfig } from '../../helpers/server';
import { freePort, runLoad, sleep, startServerProcess, type TServerProcess } from './processes';

let dataDir: string;
let port: number;
let url: string;
let db: TDb;
let server: TServerProcess;
let token: string;
let memberId: string;

async function startDatabase(): Promise<void> {
  await startEmbeddedMariadb({ dataDir, port });
}

async function killDatabase(): Promise<void> {
  stopEmbeddedMariadb(dataDir, 'SIGKILL');
  while (await canConnect(url, 200)) await sleep(50);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'gifting-db-loss-'));
  port = await freePort();
  await startDatabase();
  url = `mysql://root@127.0.0.1:${port}/gifting`;
  await createDatabaseIfMissing(url);
  await migrate(url);
  db = createDb(url, 2);
  const deps = createDeps(testConfig({ DATABASE_URL: url }), { db });
  const member = await createMember(db);
  memberId = member.id;
  token = (await identityFor(deps, member.id)).token;
  deps.mailer.close();
  server = await startServerProcess({ DATABASE_URL: url, LOG_LEVEL: 'warn' });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await db?.$disconnect();
  stopEmbeddedMariadb(dataDir, 'SIGKILL');
  await sleep(300);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('database loss under load', () => {
  it(
    '503 with Retry-After at once while it is away, /readyz 503 within 2 s, 200s within 10 s of its return',
    {
      timeout: 90_000,
    },
    async () => {
      // Warm: the pool has its connections before the clock starts.
      const profile = (): Promise<Response> => fetch(`${server.base}/v1/users/${memberId}`);
      while ((await Promise.all(Array.from({ length: 20 }, profile))).some((response) => response.status !== 200))
        await sleep(200);
      const load = runLoad(20, profile);
      await sleep(1_500);
      const killed = Date.now();
      await killDatabase();
      let notReadyAt = 0;
      while (Date.now() - killed < 5_000) {
        if ((await fetch(`${server.base}/readyz`)).status === 503) {
          notReadyAt = Date.now();
          break;
        }
        await sleep(100);
      }
      expect(notReadyAt, '/readyz never turned 503').toBeGreaterThan(0);
      expect(notReadyAt - killed).toBeLessThan(2_000);

      await sleep(10_000 - (Date.now() - killed));
      // startDatabase resolves once the database answers, and the server may reconnect before it
      // does: "away" ends when the restart begins, "back" when the database answers.
      const restarting = Date.now();
      await startDatabase();
      const back = Date.now();
      let firstOk = 0;
      while (Date.now() - back < 15_000) {
        if (load.outcomes.some((outcome) => outcome.status === 200 && outcome.started > back)) {
          firstOk = Math.min(...load.outcomes.filter((o) => o.status === 200 && o.started > back).map((o) => o.ended));
          break;
        }
        await sleep(100);
      }
      await sleep(500);
      const outcomes = await load.stop();

      expect(firstOk, 'no 200 after the database came back').toBeGreaterThan(0);
      expect(firstOk - back).toBeLessThan(10_000);
      expect(server.child.exitCode, server.output()).toBeNull();
      // Never hang: the pool gives up on a lost connection within seconds.
      expect(Math.max(...outcomes.map((outcome) => outcome.ended - outcome.started))).toBeLessThan(5_000);
      // While it is away: only 503s with Retry-After, never a 500 or a dropped connection.
      const away = outcomes.filter((outcome) => outcome.started > killed + 2_000 && outcome.ended < restarting);
      expect(away.length).toBeGreaterThan(20);
      expect(away.filter((outcome) => outcome.status !== 503 || !(Number(outcome.retryAfter) > 0))).toEqual([]);
      expect(outcomes.filter((outcome) => outcome.status === 0 || outcome.status === 500)).toEqual([]);
      // Fast: a 503 answers without waiting for the database.
      const median = away.map((o) => o.ended - o.started).sort((a, b) => a - b)[Math.floor(away.length / 2)]!;
      expect(median).toBeLessThan(200);
    },
  );

  it(
    'nothing lost: keyed writes cut by a kill, retried with their keys, leave exactly one wish per key',
    {
      timeout: 90_000,
    },
    async () => {
      const run = randomBytes(3).toString('hex');
      const keys = Array.from({ length: 60 }, (_, i) => `${run}-${i}-${randomUUID()}`);
      const acknowledged = new Set<string>();
      const send = async (key: string): Promise<boolean> => {
        try {
          const response = await fetch(`${server.base}/trpc/wishLists.addWish`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
            body: JSON.stringify({ title: key.slice(0, 100) }),
          });
          await response.arrayBuffer();
          if (response.status === 200) acknowledged.add(key);
          return response.status === 200;
        } catch {
          return false;
        }
      };
      // Four writers stream the keys; the database is killed a moment in and back three seconds later.
      let next = 0;
      const writers = Array.from({ length: 4 }, async () => {
        while (next < keys.length) {
          const key = keys[next++]!;
          await send(key);
        }
      });
      await sleep(150);
      await killDatabase();
      await Promise.all(writers);
      const unacknowledged = keys.filter((key) => !acknowledged.has(key));
      expect(unacknowledged.length, 'the kill cut no write').toBeGreaterThan(0);
      await sleep(3_000);
      await startDatabase();

      // Retry every unacknowledged write with its own key until it is acknowledged.
      const deadline = Date.now() + 30_000;
      for (const key of unacknowledged) {
        while (!(await send(key))) {
          if (Date.now() > deadline) throw new Error(`write ${key} was never acknowledged`);
          await sleep(200);
        }
      }
      expect(acknowledged.size).toBe(keys.length);
      const rows = await db.wish.groupBy({
        by: ['title'],
        where: { title: { startsWith: `${run}-` } },
        _count: { _all: true },
      });
      expect(rows).toHaveLength(keys.length);
      expect(rows.filter((row) => row._count._all !== 1)).toEqual([]);
    },
  );
});
