/**
 * `npm run bench:api`: how our API compares with a bare Fastify + mysql2 handler answering the
 * same data (printed, never asserted), against the targets of issue 28.
 *
 * On a throw-away database (on the local server, or DATABASE_URL's), migrated and seeded with the
 * demo data plus a little more (the demo member follows 40 people; a public person has a public
 * list of 20 wishes, some claimed; a drawn Secret Santa of six the demo member takes part in; five
 * more chats; new lists in the activity feed), it starts two processes:
 *   - ours: as `npm run serve` runs it in production: the server bundle (built first,
 *     scripts/lib/server-build.ts) under plain Node with the `serve` script's heap limits,
 *     NODE_ENV=production, info logging, job worker, its mail going to an SMTP catcher in this process;
 *   - raw: scripts/lib/bench-raw-server.ts (+ bench-raw-calls.ts), a bare Fastify + mysql2 pool with
 *     hand-written SQL;
 * checks that both answer each call byte for byte the same, then measures, for each call:
 *   - REST  GET /v1/users/{userId}/followed-users?limit=20 (the demo member's own list);
 *   - tRPC  wishLists.get (a public list with its 20 wishes, read by the demo member);
 *   - tRPC  the home batch: the one GET /trpc/a,b,…?batch=1 the member's /home/ sends with its
 *           sections (notifications.state, exchanges.mine, messages.reminders, activity.birthdays,
 *           activity.feed, people.followSuggestions, home.landing);
 *   - tRPC  exchanges.get (the drawn exchange's overview, as a participant);
 *   - tRPC  messages.conversations (the chats list of /messages/);
 *   - tRPC  shop.search (the first page of /shop/search/?q=wool);
 * 1. saturated, closed loop: autocannon, 100 connections, no pipelining, after a 3 s warm-up, ours
 *    and raw alternately for each round: req/s, p50/p99/p99.9 latency, and ours/raw (median of the
 *    rounds);
 * 2. at a fixed offered load, open loop: a constant rate of half raw's median req/s for the call
 *    (scripts/lib/bench-load.ts; autocannon's overallRate sends each second's quota as a burst),
 *    latency counted from when each request was due: p99/p99.9, and each server's peak RSS meanwhile.
 * Ours carries live streams throughout (`--streams`, one per connection by default), as members'
 * open pages do. Targets (ours): ratio ≥ 0.8 (medians of 3 rounds); at the rate, p99 ≤ 50 ms,
 * p99.9 ≤ 150 ms and peak RSS ≤ 250 MiB; over a 10-minute soak, RSS at the end within 10 % of
 * minute 2. 2-core machine: the load generator shares the cores with both servers and MariaDB.
 *
 *   npm run bench:api                        → table (the targets beside the figures)
 *   npm run bench:api -- --json              → one JSON row per call and server: call, server, reqPerSec,
 *                                              p50, p99, p999 (saturated, ms), rssMiB (peak at the rate),
 *                                              ratio (ours' row), rate, p99AtRate, p999AtRate
 *   npm run bench:api -- --duration 10       → seconds of load per measure (default 10)
 *   npm run bench:api -- --rounds 3          → repeat ours/raw alternately and report the median
 *   npm run bench:api -- --only wish         → only the calls whose name contains the word
 *   npm run bench:api -- --streams 2800      → live streams held open on ours (default 100; 0 for none)
 *   npm run bench:api -- --soak 600          → only a soak: ours at the home batch's fixed rate (or the
 *                                              --only call's) for N s; RSS at minute 2 and at the end
 *   npm run bench:api -- --explain           → first, MariaDB's EXPLAIN of every statement ours runs
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
import type { TConfig } from '../server/config';
import { ROLES } from '../server/contracts/roles';
import { recordActivity } from '../server/services/activity/record';
import { drawExchange } from '../server/services/exchanges/draw-exchange';
import { createExchange, getExchange, listMyExchanges } from '../server/services/exchanges/exchanges';
import { startDirect } from '../server/services/messages/conversations';
import { listFollowed } from '../server/services/people/follows';
import { getWishList } from '../server/services/wish-lists/lists';
import { upcomingBirthdays } from '../server/services/activity/birthdays';
import { readFeed } from '../server/services/activity/feed';
import { getLandingSummary } from '../server/services/home/get-landing-summary';
import { listReminders } from '../server/services/messages/reminders';
import { listConversations } from '../server/services/messages/conversations';
import { notificationsState } from '../server/services/notifications/state';
import { listSuggestions } from '../server/services/people/follows';
import { searchProducts } from '../server/services/shop/products';
import { createMemoryCache } from '../server/cache';
import { createDb, type TDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { DEMO_LOGIN, seedDemoData, seedId } from '../prisma/seed';
import { dropDatabase, ensureDatabaseServer, PROJECT_ROOT } from './lib/database-server';
import { openStreams, runAtRateApart } from './lib/bench-load';
import { freePort } from './lib/free-port';
import { startMailCatcher, type TMailCatcher } from './lib/mail-catcher';
import { buildServerBundle, serveNodeOptions } from './lib/server-build';

const JSON_OUT = process.argv.includes('--json');
const argValue = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Math.max(1, Number(process.argv[at + 1]) || fallback) : fallback;
};
const DURATION_S = argValue('--duration', 10);
const ROUNDS = argValue('--rounds', 1);
const SOAK_S = process.argv.includes('--soak') ? argValue('--soak', 600) : 0;
const WARMUP_S = 3;
const CONNECTIONS = 100;
/** Live streams held open on ours while it is measured: one per connection unless told. */
const STREAMS = (() => {
  const at = process.argv.indexOf('--streams');
  const value = at > 0 ? Number(process.argv[at + 1]) : NaN;
  return Number.isInteger(value) && value >= 0 ? value : CONNECTIONS;
})();
const JWT_SECRET = 'bench-secret-that-is-at-least-32-bytes-long';
const PUBLIC_URL = 'http://127.0.0.1';
const FOLLOWED = 40;
const WISHES = 20;

const log = (line: string): void => {
  if (!JSON_OUT) console.log(line);
};

export interface TBenchIds {
  memberId: string;
  wishlistId: string;
  exchangeId: string;
}

/** Demo data plus what the measured calls read. Returns the ids they need. */
export async function addBenchData(db: TDb): Promise<TBenchIds> {
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

  // A drawn Secret Santa of six, organized by a followed person, the demo member taking part:
  // created and drawn through the product's own services, as the organizer would.
  const organizer = identityOf(people[0]!.id);
  const deps = { db, config: { publicUrl: PUBLIC_URL } as TConfig };
  const exchange = await createExchange(deps, organizer, {
    title: 'Bench office swap',
    description: 'Six people, names drawn.',
    // Not the seed's exchange dates (+10, +21, +30 days): exchanges.mine orders by date alone.
    exchangeDate: new Date(now + 26 * 86_400_000).toISOString().slice(0, 10),
    budget: { currency: 'USD', amount: 25 },
    participants: [
      { name: 'Dana Demo', email: DEMO_LOGIN.email },
      ...people.slice(3, 7).map((p) => ({ name: p.name, email: p.email })),
    ],
    participantsConfirmed: true,
    sendInvitations: false,
  });
  await drawExchange(deps, organizer, exchange.exchangeId, { seed: 'bench' });

  // A few more chats for the demo member (beside the seed's two groups and one direct chat),
  // opened through the product's service; the last of each unread.
  const member = identityOf(memberId);
  for (const [i, other] of people.slice(8, 13).entries()) {
    const { conversationId } = await startDirect(db, member, other.id);
    const at = (minutes: number) => new Date(now - (i * 90 + minutes) * 60_000);
    await db.chatMessage.createMany({
      data: [
        {
          conversationId,
          senderId: memberId,
          body: `Hello ${other.firstName}, what would you like?`,
          createdAt: at(40),
        },
        { conversationId, senderId: other.id, body: 'Something from my list, thanks!', createdAt: at(30) },
        { conversationId, senderId: other.id, body: `See you at the swap (${i})`, createdAt: at(20) },
      ],
    });
    const read = await db.chatMessage.findFirstOrThrow({
      where: { conversationId, senderId: other.id },
      orderBy: { id: 'asc' },
      select: { id: true },
    });
    await db.conversationMember.update({
      where: { conversationId_userId: { conversationId, userId: memberId } },
      data: { lastReadId: read.id },
    });
    await db.conversation.update({ where: { id: conversationId }, data: { lastMessageAt: at(20) } });
  }
  // What the people followed did lately (their new lists), for the home page's activity feed.
  for (const list of lists.slice(0, 3))
    await recordActivity(db, {
      actorId: list.ownerId,
      kind: 'wish-list-created',
      wishListId: list.id,
      payload: { title: list.title },
    });
  return { memberId, wishlistId, exchangeId: exchange.exchangeId };
}

/** A member's identity as the services take it (no session: the bench data is written directly). */
function identityOf(userId: string): TVerifiedIdentity {
  return {
    userId,
    roles: [ROLES.fullAuth, ROLES.registeredUser],
    created: 0,
    expires: 0,
    locale: 'en-US',
    testGroup: 0,
    isNoShow: false,
    facebookId: null,
    hasOnlyFacebookLogin: false,
    identityProvider: null,
    impersonatorUserId: null,
    impersonatorRoles: [],
    rootIdentity: null,
    token: '',
    auditToken: null,
    familyId: null,
    impersonationSessionId: null,
    scope: [],
  };
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
  // A TypeScript entry runs under tsx; ours is the production bundle, run by plain Node.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, script], {
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
    await sleep(250);
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** `work`'s result and the peak RSS of `target` from when `work` starts sampling (every 250 ms). */
async function withPeakRss<T>(
  target: TProcess,
  work: (startSampling: () => void) => Promise<T>,
): Promise<{ result: T; peak: number }> {
  const pid = target.child.pid!;
  let peak = 0;
  let sampler: NodeJS.Timeout | undefined;
  // `work` says when the measure starts (a fixed-rate run: after its uncounted warm-up second).
  const startSampling = (): void => {
    peak = Math.max(peak, rssMiB(pid));
    sampler ??= setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 250);
  };
  try {
    const result = await work(startSampling);
    return { result, peak: Math.max(peak, rssMiB(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

interface TSaturated {
  reqPerSec: number;
  p50: number;
  p99: number;
  p999: number;
  rssMiB: number;
  non2xx: number;
  errors: number;
}

/** Closed loop at saturation: autocannon, CONNECTIONS connections, no pipelining, after a warm-up. */
async function saturate(target: TProcess, path: string, headers: Record<string, string>): Promise<TSaturated> {
  const run = (duration: number) =>
    autocannon({ url: `${target.base}${path}`, connections: CONNECTIONS, pipelining: 1, duration, headers });
  await run(WARMUP_S);
  const { result, peak } = await withPeakRss(target, (startSampling) => {
    startSampling();
    return run(DURATION_S);
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    p999: result.latency.p99_9,
    rssMiB: peak,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

interface TAtRate {
  achievedRate: number;
  p99AtRate: number;
  p999AtRate: number;
  rssMiB: number;
  non2xx: number;
  errors: number;
}

/**
 * Open loop at a constant `rate` (scripts/lib/bench-load.ts, in a process of its own), after a second
 * that opens the connections; the server's peak RSS is sampled over the measured run.
 */
async function atRate(
  target: TProcess,
  path: string,
  headers: Record<string, string>,
  rate: number,
  durationS: number,
): Promise<TAtRate> {
  const options = { urls: [`${target.base}${path}`], headers, rate, connections: CONNECTIONS };
  const { result, peak } = await withPeakRss(target, (startSampling) =>
    runAtRateApart({ ...options, durationS }, 1, startSampling),
  );
  return {
    achievedRate: result.achievedRate,
    p99AtRate: result.p99,
    p999AtRate: result.p999,
    rssMiB: peak,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * `--explain`: runs our services behind every measured call once on a client that records its SQL,
 * and prints MariaDB's EXPLAIN of every statement (the access path of each table: the index used,
 * rows read).
 */
async function explainHotQueries(url: string, ids: TBenchIds): Promise<void> {
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
  const viewer = identityOf(ids.memberId);
  const deps = { db, cache: createMemoryCache(), config: { publicUrl: PUBLIC_URL } as TConfig };
  const connection = await mysql.createConnection({ ...options });
  try {
    for (const [name, run] of [
      ['REST followed-users', () => listFollowed(db, viewer, ids.memberId, { limit: 20, offset: 0 })],
      ['tRPC wishLists.get', () => getWishList(db, viewer, { wishlistId: ids.wishlistId })],
      [
        'tRPC home batch',
        () =>
          Promise.all([
            notificationsState(db, viewer),
            listMyExchanges(deps, viewer),
            listReminders(db, viewer),
            upcomingBirthdays(db, viewer, 30),
            readFeed(db, viewer, { limit: 5 }),
            listSuggestions(db, viewer, ids.memberId, { limit: 4, offset: 0 }),
            getLandingSummary(deps, { market: 'US' }),
          ]),
      ],
      ['tRPC exchanges.get', () => getExchange(deps, viewer, ids.exchangeId)],
      ['tRPC messages.conversations', () => listConversations(db, viewer)],
      ['tRPC shop.search', () => searchProducts(deps, { ...SEARCH, sort: 'relevance' })],
    ] as const) {
      recorded.length = 0;
      await run();
      log(`EXPLAIN ${name}: ${recorded.length} statements`);
      for (const statement of recorded) {
        // The log writes every parameter as text; LIMIT and OFFSET take numbers only.
        const params = (JSON.parse(statement.params) as unknown[]).map((value) =>
          typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
        );
        const [plan] = await connection.query<mysql.RowDataPacket[]>(`EXPLAIN ${statement.query}`, params);
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

/**
 * Both servers answer `path` with the same status 200, body and paging header. Ours' job worker
 * may write between the two reads (its start-up scans, the bench exchange's mails), so a
 * difference is read again a few times before it counts.
 */
async function sameAnswer(ours: TProcess, raw: TProcess, path: string, headers: Record<string, string>) {
  for (let attempt = 1; ; attempt += 1) {
    const [a, b] = await Promise.all([ours, raw].map((p) => fetch(`${p.base}${path}`, { headers })));
    const [bodyA, bodyB] = await Promise.all([a!.text(), b!.text()]);
    const problem =
      a!.status !== 200 || b!.status !== 200 || bodyA !== bodyB
        ? `ours and raw answer ${path} differently:\nours ${a!.status} ${bodyA}\nraw  ${b!.status} ${bodyB}`
        : a!.headers.get('x-paging') !== b!.headers.get('x-paging')
          ? `paging headers differ: ${a!.headers.get('x-paging')} / ${b!.headers.get('x-paging')}`
          : null;
    if (!problem) return;
    if (attempt === 10) throw new Error(problem);
    await sleep(1000);
  }
}

/** The shop search measured: what /shop/search/?q=wool asks for its first page. */
const SEARCH = { q: 'wool', market: 'US', limit: 12, offset: 0 } as const;

/** The measured calls, each one HTTP request as the renderer sends it. */
function benchCalls(ids: TBenchIds): { name: string; path: string }[] {
  const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  // The member home page's batch. /home/ sends two: first the app shell's (auth.me, shop.markets,
  // people.marketPreferences, home.landing without a market), then, once the market is known and
  // member-home.tsx has loaded, this one with the member's sections (and the landing summary for
  // the market): the main one, measured here. Read from Chromium's /trpc requests on /home/.
  const home = [
    ['notifications.state', undefined],
    ['exchanges.mine', undefined],
    ['messages.reminders', undefined],
    ['activity.birthdays', { withinDays: 30 }],
    ['activity.feed', { limit: 5 }],
    ['people.followSuggestions', { userId: ids.memberId, limit: 4, offset: 0 }],
    ['home.landing', { market: 'US' }],
  ] as const;
  const homeInput = Object.fromEntries(
    home.flatMap(([, value], index) => (value === undefined ? [] : [[String(index), value]])),
  );
  return [
    { name: 'REST followed-users', path: `/v1/users/${ids.memberId}/followed-users?limit=20` },
    { name: 'tRPC wishLists.get', path: `/trpc/wishLists.get?input=${input({ wishlistId: ids.wishlistId })}` },
    {
      name: 'tRPC home batch',
      path: `/trpc/${home.map(([procedure]) => procedure).join(',')}?batch=1&input=${input(homeInput)}`,
    },
    { name: 'tRPC exchanges.get', path: `/trpc/exchanges.get?input=${input({ exchangeId: ids.exchangeId })}` },
    { name: 'tRPC messages.conversations', path: '/trpc/messages.conversations' },
    // The renderer sends the sort too (its default, relevance).
    { name: 'tRPC shop.search', path: `/trpc/shop.search?input=${input({ ...SEARCH, sort: 'relevance' })}` },
  ];
}

const TARGETS = { ratio: 0.8, p99AtRate: 50, p999AtRate: 150, rssMiB: 250, soakDrift: 0.1 } as const;

/**
 * `--soak N`: the bare server's saturated throughput for the call (one measure), then ours at half
 * of it for N seconds, its RSS sampled every second: RSS at minute 2 (at a fifth of a soak shorter
 * than 10 minutes) against RSS at the end.
 */
async function soak(
  ours: TProcess,
  raw: TProcess,
  call: { name: string; path: string },
  headers: Record<string, string>,
  seconds: number,
  streams: number,
): Promise<void> {
  log(`Soak: ${call.name}. The bare server's saturated throughput first (${DURATION_S} s)…`);
  const bare = await saturate(raw, call.path, headers);
  const rate = Math.max(1, Math.round(bare.reqPerSec / 2));
  const referenceS = Math.min(120, Math.max(1, Math.round(seconds / 5)));
  log(`Ours at ${rate} req/s (half of raw's ${bare.reqPerSec}) for ${seconds} s, ${streams} live streams open…`);
  // As atRate: a first second at the rate opens the connections (and the first calls compile their
  // code), so the latency below is the soak's, not a cold process's first second. Without it a
  // 10-minute soak reported p99.9 1.3 s, the 30 slowest of 30,000 answers; with it a 2-minute one 84 ms.
  const target = { urls: [`${ours.base}${call.path}`], headers, rate, connections: CONNECTIONS };
  const samples: number[] = [];
  const pid = ours.child.pid!;
  let sampler: NodeJS.Timeout | undefined;
  // RSS once a second from the start of the measured run (the first second at the rate is not in it).
  const result = await runAtRateApart({ ...target, durationS: seconds }, 1, () => {
    sampler = setInterval(() => {
      samples.push(rssMiB(pid));
      if (samples.length % 60 === 0) log(`  ${samples.length} s: RSS ${samples[samples.length - 1]} MiB`);
    }, 1000);
  }).finally(() => clearInterval(sampler));
  const atReference = samples[Math.min(samples.length, referenceS) - 1] ?? rssMiB(pid);
  const atEnd = samples[samples.length - 1] ?? rssMiB(pid);
  const drift = Math.round(((atEnd - atReference) / atReference) * 1000) / 1000;
  const flat = Math.abs(drift) <= TARGETS.soakDrift;
  const summary = {
    soak: call.name,
    seconds,
    rate,
    achievedRate: result.achievedRate,
    p99AtRate: result.p99,
    p999AtRate: result.p999,
    referenceAtS: referenceS,
    rssAtReferenceMiB: atReference,
    rssAtEndMiB: atEnd,
    peakRssMiB: Math.max(atReference, ...samples),
    drift,
    flat,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  if (JSON_OUT) return console.log(JSON.stringify(summary));
  const reference = referenceS === 120 ? 'minute 2' : `${referenceS} s (a fifth of the soak, minute 2 of 10 minutes)`;
  console.log(
    [
      `RSS at ${reference}: ${atReference} MiB; at the end (${samples.length} s): ${atEnd} MiB; peak ${summary.peakRssMiB} MiB.`,
      `End within ${TARGETS.soakDrift * 100} % of ${reference}: ${flat ? 'yes' : 'no'} (${drift >= 0 ? '+' : ''}${Math.round(drift * 1000) / 10} %).`,
      `Latency over the soak: p99 ${result.p99} ms, p99.9 ${result.p999} ms at ${result.achievedRate} req/s answered` +
        (result.non2xx + result.errors > 0 ? `; ${result.non2xx} non-2xx, ${result.errors} errors.` : '.'),
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const database = `gifting_bench_api_${process.pid}`;
  const server = await ensureDatabaseServer({ database });
  const url = server.url;
  const processes: TProcess[] = [];
  let mail: TMailCatcher | null = null;
  let streams: { open(): number; close(): void } | null = null;
  try {
    log(`Preparing ${database}…`);
    await migrate(url);
    const db = createDb(url, 4);
    let ids: TBenchIds;
    try {
      await seedDemoData(db);
      ids = await addBenchData(db);
    } finally {
      await db.$disconnect();
    }
    if (process.argv.includes('--explain')) await explainHotQueries(url, ids);
    // Ours' job worker sends mail (the bench exchange's draw, price drops): to a catcher, so the
    // jobs succeed as in production instead of retrying against no server.
    mail = await startMailCatcher();
    const env = {
      DATABASE_URL: url,
      JWT_SECRET,
      PUBLIC_URL,
      REDIS_URL: '',
      DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '10',
      // The demo member's token outlives a long soak and what comes before it.
      ACCESS_TOKEN_TTL_SECONDS: '3600',
    };
    // Ours runs as production serves it: the server bundle, with `npm run serve`'s heap limits.
    const ours = await startProcess(
      'ours',
      await buildServerBundle(),
      {
        ...env,
        NODE_ENV: 'production',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        RENDERER_DIST: '/nonexistent',
        SMTP_URL: mail.url,
      },
      // e.g. BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile ours under load.
      [...serveNodeOptions(), ...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    );
    processes.push(ours);
    // e.g. BENCH_RAW_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof-raw" to profile the baseline beside ours.
    const raw = await startProcess(
      'raw',
      'scripts/lib/bench-raw-server.ts',
      env,
      (process.env.BENCH_RAW_NODE_ARGS ?? '').split(' ').filter(Boolean),
    );
    processes.push(raw);

    const login = await fetch(`${ours.base}/auth/v2/log-in/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_LOGIN),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    if (!accessToken) throw new Error(`log-in failed (${login.status})`);
    const headers = { authorization: `Bearer ${accessToken}` };
    const calls = benchCalls(ids);
    for (const call of calls) await sameAnswer(ours, raw, call.path, headers);
    if (process.argv.includes('--check')) {
      console.log(`Both answer the same: ${calls.map((call) => call.name).join(', ')}.`);
      return;
    }
    // `--only wish` measures the calls whose name contains the word (when profiling one).
    const only = process.argv.indexOf('--only');
    const measured = only > 0 ? calls.filter((call) => call.name.includes(process.argv[only + 1] ?? '')) : calls;
    if (measured.length === 0) throw new Error(`no call's name contains "${process.argv[only + 1]}"`);
    // The pages of signed-in members keep a live stream open: ours carries them throughout.
    if (STREAMS > 0)
      streams = await openStreams(`${ours.base}/trpc/notifications.onNotification?input=%7B%7D`, headers, STREAMS);

    if (SOAK_S > 0) {
      // The home page's batch unless --only names another call.
      const call = only > 0 ? measured[0]! : calls.find((candidate) => candidate.name === 'tRPC home batch')!;
      await soak(ours, raw, call, headers, SOAK_S, STREAMS);
      return;
    }
    log(
      `Both answer the same. Saturated: ${CONNECTIONS} connections, no pipelining, ${DURATION_S} s per measure, ` +
        `median of ${ROUNDS}. Then each at a fixed rate (open loop), ${STREAMS} live streams open on ours.\n`,
    );

    const rows: TRow[] = [];
    for (const call of measured) {
      const runs: { ours: TSaturated; raw: TSaturated }[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const oursRun = await saturate(ours, call.path, headers);
        const rawRun = await saturate(raw, call.path, headers);
        runs.push({ ours: oursRun, raw: rawRun });
      }
      const pick = (side: 'ours' | 'raw') => ({
        reqPerSec: median(runs.map((r) => r[side].reqPerSec)),
        p50: median(runs.map((r) => r[side].p50)),
        p99: median(runs.map((r) => r[side].p99)),
        p999: median(runs.map((r) => r[side].p999)),
        problems: runs.reduce((sum, r) => sum + r[side].non2xx + r[side].errors, 0),
      });
      const oursSaturated = pick('ours');
      const rawSaturated = pick('raw');
      // The fixed offered load: half the bare server's saturated throughput for this call.
      const rate = Math.max(1, Math.round(rawSaturated.reqPerSec / 2));
      const oursAtRate = await atRate(ours, call.path, headers, rate, DURATION_S);
      const rawAtRate = await atRate(raw, call.path, headers, rate, DURATION_S);
      const row = (side: 'ours' | 'raw', saturated: typeof oursSaturated, fixed: TAtRate): TRow => ({
        call: call.name,
        server: side,
        reqPerSec: saturated.reqPerSec,
        p50: saturated.p50,
        p99: saturated.p99,
        p999: saturated.p999,
        rssMiB: fixed.rssMiB,
        ...(side === 'ours'
          ? { ratio: Math.round((oursSaturated.reqPerSec / rawSaturated.reqPerSec) * 100) / 100 }
          : {}),
        rate,
        p99AtRate: fixed.p99AtRate,
        p999AtRate: fixed.p999AtRate,
      });
      for (const [side, saturated, fixed] of [
        ['raw', rawSaturated, rawAtRate],
        ['ours', oursSaturated, oursAtRate],
      ] as const) {
        rows.push(row(side, saturated, fixed));
        const problems = saturated.problems + fixed.non2xx + fixed.errors;
        problemsOf.set(`${call.name}/${side}`, problems);
        if (problems > 0) console.error(`${call.name}: ${side} answered ${problems} requests with non-2xx or errors.`);
        if (fixed.achievedRate < rate * 0.95)
          console.error(`${call.name}: ${side} answered ${fixed.achievedRate} req/s of the ${rate} offered.`);
      }
    }

    if (JSON_OUT) {
      for (const row of rows) console.log(JSON.stringify(row));
    } else {
      printTable(rows);
    }
  } finally {
    streams?.close();
    await Promise.all(processes.map((p) => p.stop()));
    await mail?.close();
    await dropDatabase(url);
  }
}

/** One `--json` row: a server's figures for a call (ratio on ours' row only). */
interface TRow {
  call: string;
  server: 'ours' | 'raw';
  reqPerSec: number;
  p50: number;
  p99: number;
  p999: number;
  rssMiB: number;
  ratio?: number;
  rate: number;
  p99AtRate: number;
  p999AtRate: number;
}

/** Non-2xx answers and errors per call and server, for the table. */
const problemsOf = new Map<string, number>();

function printTable(rows: TRow[]): void {
  const mark = (row: TRow, value: number, met: boolean) =>
    `${value}${row.server === 'ours' ? (met ? ' ✓' : ' ✗') : ''}`;
  const head = [
    'call',
    'server',
    'req/s',
    'p50 ms',
    'p99 ms',
    'p99.9 ms',
    `ratio ≥${TARGETS.ratio}`,
    'rate/s',
    `p99@rate ≤${TARGETS.p99AtRate}`,
    `p99.9@rate ≤${TARGETS.p999AtRate}`,
    `RSS@rate ≤${TARGETS.rssMiB} MiB`,
    'non-2xx',
  ];
  const table = rows.map((row) => [
    row.call,
    row.server,
    String(row.reqPerSec),
    String(row.p50),
    String(row.p99),
    String(row.p999),
    row.ratio === undefined ? '' : mark(row, row.ratio, row.ratio >= TARGETS.ratio),
    String(row.rate),
    mark(row, row.p99AtRate, row.p99AtRate <= TARGETS.p99AtRate),
    mark(row, row.p999AtRate, row.p999AtRate <= TARGETS.p999AtRate),
    mark(row, row.rssMiB, row.rssMiB <= TARGETS.rssMiB),
    String(problemsOf.get(`${row.call}/${row.server}`) ?? 0),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(head));
  for (const row of table) console.log(line(row));
  console.log(
    `\nTargets (issue 28, ours): ours/raw ≥ ${TARGETS.ratio} in req/s at ${CONNECTIONS} connections (median of ` +
      `${ROUNDS} round${ROUNDS === 1 ? '' : 's'}; the issue asks for 3); at a constant rate of half raw's req/s ` +
      `(open loop): p99 ≤ ${TARGETS.p99AtRate} ms, p99.9 ≤ ${TARGETS.p999AtRate} ms, peak RSS ≤ ${TARGETS.rssMiB} MiB ` +
      `(job worker and ${STREAMS} live streams included). 2 cores; the load generator shares them.`,
  );
}

// Imported for its data (tests, profiling) it does nothing by itself.
if (import.meta.url === `file://${process.argv[1]}`) await main();
