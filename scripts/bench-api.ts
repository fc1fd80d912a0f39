/**
 * `npm run bench:api`: how our API compares with a bare Fastify + mysql2 handler answering the
 * same data (printed, never asserted).
 *
 * On a throw-away database (on the local server, or DATABASE_URL's), migrated and seeded with the
 * demo data plus a little more (the demo member follows 40 people; a public person has a public
 * list of 20 wishes, some claimed), it starts two processes:
 *   - ours: `server/main.ts` as production runs it (NODE_ENV=production, info logging, job worker);
 *   - raw: scripts/lib/bench-raw-server.ts, a bare Fastify + mysql2 pool with hand-written SQL;
 * checks that both give the same answer, then drives each with autocannon (100 connections, no
 * pipelining) on
 *   - REST  GET /v1/users/{userId}/followed-users?limit=20 (the demo member's own list), and
 *   - tRPC  wishLists.get (a public list with its 20 wishes, read by the demo member),
 * and prints requests per second, p50/p99 latency and the peak RSS of each server, and ours/raw.
 * Target: ratio ≥ 0.6 and p99 < 50 ms on a 2-core machine.
 *
 *   npm run bench:api                        → table
 *   npm run bench:api -- --json              → one JSON object per measure
 *   npm run bench:api -- --duration 10       → seconds of load per measure (default 10)
 *   npm run bench:api -- --rounds 3          → repeat ours/raw alternately and report the median
 *   npm run bench:api -- --only wish         → only the calls whose name contains the word
 *   npm run bench:api -- --explain           → first, MariaDB's EXPLAIN of every statement both calls run
 *   BENCH_LOG_LEVEL=warn, BENCH_POOL_SIZE=20 → what logging or the pool size cost (defaults: info, 10)
 *   npm run bench:api -- --check             → only check that both answer the same, no load (a test runs this,
 *                                              so the bare baseline cannot drift from our answers unnoticed)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PrismaMariaDb } from '@prisma/adapter-mariadb';
import autocannon from 'autocannon';
import mysql from 'mysql2/promise';
import type { TVerifiedIdentity } from '../server/auth/tokens';
import { parseDatabaseUrl } from '../server/db/database-url';
import { PrismaClient } from '../server/generated/prisma/client';
import { listFollowed } from '../server/services/people/follows';
import { getWishList } from '../server/services/wish-lists/lists';
import { createDb, type TDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { DEMO_LOGIN, seedDemoData, seedId } from '../prisma/seed';
import { dropDatabase, ensureDatabaseServer, PROJECT_ROOT } from './lib/database-server';
import { freePort } from './lib/free-port';

const JSON_OUT = process.argv.includes('--json');
const argValue = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Math.max(1, Number(process.argv[at + 1]) || fallback) : fallback;
};
const DURATION_S = argValue('--duration', 10);
const ROUNDS = argValue('--rounds', 1);
const WARMUP_S = 3;
const CONNECTIONS = 100;
const JWT_SECRET = 'bench-secret-that-is-at-least-32-bytes-long';
const PUBLIC_URL = 'http://127.0.0.1';
const FOLLOWED = 40;
const WISHES = 20;

const log = (line: string): void => {
  if (!JSON_OUT) console.log(line);
};

/** Demo data plus what the measured calls read. Returns the ids they need. */
export async function addBenchData(db: TDb): Promise<{ memberId: string; wishlistId: string }> {
  const memberId = seedId('user:demo');
  const now = Date.now();
  const people = Array.from({ length: FOLLOWED }, (_, i) => ({
    id: randomUUID(),
    name: `Bench Person ${i}`,
    firstName: `Bench${i}`,
    lastName: `Person`,
    email: `bench-${i}@bench.test`,
    registeredEmail: `bench-${i}@bench.test`,
  }));
  await db.user.createMany({ data: people });
  await db.userSettings.createMany({
    data: people.map((p) => ({ userId: p.id, emailGuid: randomUUID(), isPrivate: false })),
  });
  await db.follow.createMany({
    data: people.map((p, i) => ({ followerId: memberId, followedId: p.id, createdAt: new Date(now - i * 60_000) })),
  });
  // A quarter follow back.
  await db.follow.createMany({
    data: people.filter((_, i) => i % 4 === 0).map((p) => ({ followerId: p.id, followedId: memberId })),
  });
  const owner = people[1]!;
  const wishlistId = randomUUID();
  await db.wishList.create({
    data: { id: wishlistId, ownerId: owner.id, title: 'Bench list', description: 'Twenty wishes', privacy: 'public' },
  });
  const wishes = Array.from({ length: WISHES }, (_, i) => ({
    id: randomUUID(),
    wishlistId,
    title: `Wish ${i}`,
    description: i % 2 ? `About wish ${i}` : null,
    priceAmount: i % 3 ? `${10 + i}.50` : null,
    currency: i % 3 ? 'USD' : null,
    merchant: 'Bench Shop',
    quantity: 1 + (i % 3),
    url: `https://example.com/wish/${i}`,
    priority: 1 + (i % 4),
    sortOrder: i,
    createdAt: new Date(now - (WISHES - i) * 1000),
  }));
  await db.wish.createMany({ data: wishes });
  await db.wishClaim.createMany({
    data: wishes
      .filter((_, i) => i % 5 === 0)
      .flatMap((wish, i) => [
        { id: randomUUID(), wishId: wish.id, claimerId: people[2 + i]!.id, quantity: 1 },
        ...(i % 2 ? [] : [{ id: randomUUID(), wishId: wish.id, claimerId: memberId, quantity: 1 }]),
      ]),
  });
  // Other people's data, so the plans (EXPLAIN) are those of a table with more than one member in it.
  const lists = people.map((p) => ({ id: randomUUID(), ownerId: p.id, title: `List of ${p.name}`, privacy: 'public' }));
  await db.wishList.createMany({ data: lists });
  await db.wish.createMany({
    data: lists.flatMap((list) =>
      Array.from({ length: 50 }, (_, i) => ({
        id: randomUUID(),
        wishlistId: list.id,
        title: `Filler ${i}`,
        sortOrder: i,
      })),
    ),
  });
  await db.follow.createMany({
    data: people.flatMap((a, i) =>
      people.filter((_, j) => j !== i && (i + j) % 3 === 0).map((b) => ({ followerId: a.id, followedId: b.id })),
    ),
    skipDuplicates: true,
  });
  return { memberId, wishlistId };
}

interface TProcess {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

async function startProcess(
  name: string,
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<TProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    // Ours logs every request at info, as in production; the lines go nowhere here.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} stopped before it was ready`);
    if (Date.now() > deadline) throw new Error(`${name} was not ready within 60 s`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    child,
    base,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

interface TMeasure {
  reqPerSec: number;
  p50: number;
  p99: number;
  rssMiB: number;
  non2xx: number;
  errors: number;
}

async function load(target: TProcess, path: string, headers: Record<string, string>): Promise<TMeasure> {
  const run = (duration: number) =>
    autocannon({ url: `${target.base}${path}`, connections: CONNECTIONS, pipelining: 1, duration, headers });
  await run(WARMUP_S);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(target.child.pid!))), 250);
  const result = await run(DURATION_S);
  clearInterval(sampler);
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    rssMiB: peak,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * `--explain`: runs both measured services once on a client that records its SQL, and prints
 * MariaDB's EXPLAIN of every statement (the access path of each table: the index used, rows read).
 */
async function explainHotQueries(url: string, ids: { memberId: string; wishlistId: string }): Promise<void> {
  const options = parseDatabaseUrl(url);
  const recorded: { query: string; params: string }[] = [];
  const adapter = new PrismaMariaDb(
    {
      host: options.host,
      port: options.port,
      user: options.user,
      password: options.password,
      database: options.database,
    },
    { useTextProtocol: true },
  );
  const db = new PrismaClient({ adapter, log: [{ level: 'query', emit: 'event' }] });
  db.$on('query', (event) => recorded.push({ query: event.query, params: event.params }));
  const viewer = { userId: ids.memberId, roles: [], rootIdentity: null } as unknown as TVerifiedIdentity;
  const connection = await mysql.createConnection({ ...options });
  try {
    for (const [name, run] of [
      ['REST followed-users', () => listFollowed(db, viewer, ids.memberId, { limit: 20, offset: 0 })],
      ['tRPC wishLists.get', () => getWishList(db, viewer, { wishlistId: ids.wishlistId })],
    ] as const) {
      recorded.length = 0;
      await run();
      log(`EXPLAIN ${name}: ${recorded.length} statements`);
      for (const statement of recorded) {
        const [plan] = await connection.query<mysql.RowDataPacket[]>(
          `EXPLAIN ${statement.query}`,
          JSON.parse(statement.params),
        );
        const summary = plan
          .map((row) => `${row.table}:${row.type}${row.key ? `(${row.key})` : ''}~${row.rows}`)
          .join(' ');
        if (JSON_OUT) console.log(JSON.stringify({ explain: name, sql: statement.query.replace(/\s+/g, ' '), plan }));
        else log(`  ${summary}\n    ${statement.query.replace(/\s+/g, ' ').slice(0, 160)}…`);
      }
    }
  } finally {
    await connection.end();
    await db.$disconnect();
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function sameAnswer(ours: TProcess, raw: TProcess, path: string, headers: Record<string, string>) {
  const [a, b] = await Promise.all([ours, raw].map((p) => fetch(`${p.base}${path}`, { headers })));
  const [bodyA, bodyB] = await Promise.all([a!.text(), b!.text()]);
  if (a!.status !== 200 || b!.status !== 200 || bodyA !== bodyB) {
    throw new Error(`ours and raw answer ${path} differently:\nours ${a!.status} ${bodyA}\nraw  ${b!.status} ${bodyB}`);
  }
  if (a!.headers.get('x-paging') !== b!.headers.get('x-paging'))
    throw new Error(`paging headers differ: ${a!.headers.get('x-paging')} / ${b!.headers.get('x-paging')}`);
}

async function main(): Promise<void> {
  const database = `gifting_bench_api_${process.pid}`;
  const server = await ensureDatabaseServer({ database });
  const url = server.url;
  const processes: TProcess[] = [];
  try {
    log(`Preparing ${database}…`);
    await migrate(url);
    const db = createDb(url, 4);
    let ids: { memberId: string; wishlistId: string };
    try {
      await seedDemoData(db);
      ids = await addBenchData(db);
    } finally {
      await db.$disconnect();
    }
    if (process.argv.includes('--explain')) await explainHotQueries(url, ids);
    const env = {
      DATABASE_URL: url,
      JWT_SECRET,
      PUBLIC_URL,
      REDIS_URL: '',
      DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '10',
    };
    const ours = await startProcess(
      'ours',
      'server/main.ts',
      {
        ...env,
        NODE_ENV: 'production',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        RENDERER_DIST: '/nonexistent',
      },
      // e.g. BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile ours under load.
      (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean),
    );
    processes.push(ours);
    const raw = await startProcess('raw', 'scripts/lib/bench-raw-server.ts', env);
    processes.push(raw);

    const login = await fetch(`${ours.base}/auth/v2/log-in/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_LOGIN),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    if (!accessToken) throw new Error(`log-in failed (${login.status})`);
    const headers = { authorization: `Bearer ${accessToken}` };
    const calls = [
      { name: 'REST followed-users', path: `/v1/users/${ids.memberId}/followed-users?limit=20` },
      {
        name: 'tRPC wishLists.get',
        path: `/trpc/wishLists.get?input=${encodeURIComponent(JSON.stringify({ wishlistId: ids.wishlistId }))}`,
      },
    ];
    for (const call of calls) await sameAnswer(ours, raw, call.path, headers);
    // `--only wish` measures the calls whose name contains the word (when profiling one).
    const only = process.argv.indexOf('--only');
    const measured = only > 0 ? calls.filter((call) => call.name.includes(process.argv[only + 1] ?? '')) : calls;
    if (process.argv.includes('--check')) {
      console.log(`Both answer the same: ${calls.map((call) => call.name).join(', ')}.`);
      return;
    }
    log(`Both answer the same. ${CONNECTIONS} connections, no pipelining, ${DURATION_S} s per measure.\n`);

    const rows: Record<string, unknown>[] = [];
    for (const call of measured) {
      const runs: { ours: TMeasure; raw: TMeasure }[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const oursRun = await load(ours, call.path, headers);
        const rawRun = await load(raw, call.path, headers);
        runs.push({ ours: oursRun, raw: rawRun });
      }
      const pick = (side: 'ours' | 'raw'): TMeasure => ({
        reqPerSec: median(runs.map((r) => r[side].reqPerSec)),
        p50: median(runs.map((r) => r[side].p50)),
        p99: median(runs.map((r) => r[side].p99)),
        rssMiB: Math.max(...runs.map((r) => r[side].rssMiB)),
        non2xx: runs.reduce((sum, r) => sum + r[side].non2xx, 0),
        errors: runs.reduce((sum, r) => sum + r[side].errors, 0),
      });
      const oursRow = pick('ours');
      const rawRow = pick('raw');
      const ratio = Math.round((oursRow.reqPerSec / rawRow.reqPerSec) * 100) / 100;
      rows.push({ measure: call.name, side: 'raw', ...rawRow });
      rows.push({
        measure: call.name,
        side: 'ours',
        ...oursRow,
        ratio,
        rounds: ROUNDS,
        ratios: runs.map((r) => Math.round((r.ours.reqPerSec / r.raw.reqPerSec) * 100) / 100),
        target: 'ratio >= 0.6, p99 < 50 ms',
        met: ratio >= 0.6 && oursRow.p99 < 50,
      });
    }

    if (JSON_OUT) {
      for (const row of rows) console.log(JSON.stringify(row));
    } else {
      const head = ['measure', 'side', 'req/s', 'p50 ms', 'p99 ms', 'RSS MiB', 'non-2xx', 'ratio', 'target met'];
      const table = rows.map((row) => [
        String(row.measure),
        String(row.side),
        String(row.reqPerSec),
        String(row.p50),
        String(row.p99),
        String(row.rssMiB),
        String(Number(row.non2xx) + Number(row.errors)),
        row.ratio === undefined ? '' : String(row.ratio),
        row.met === undefined ? '' : row.met ? 'yes' : 'no',
      ]);
      const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
      const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
      console.log(line(head));
      for (const row of table) console.log(line(row));
      console.log('\nTarget: ours/raw ≥ 0.6 and p99 < 50 ms (2 cores; autocannon shares them).');
    }
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    await dropDatabase(url);
  }
}

// Imported for its data (tests, profiling) it does nothing by itself.
if (import.meta.url === `file://${process.argv[1]}`) await main();
