/**
 * Benchmark of a big exchange through the real services and database (printed, never asserted):
 *
 *  1. create: an exchange of 10,000 participants typed by the organizer (names entry: they take
 *     part without answering) with 30 % random exclusions (3,000 people each exclude one random
 *     other), written in batches in one transaction;
 *  2. draw: the draw engine run inside the locked transaction, 10,000 assignments stored and
 *     10,000 notification jobs queued;
 *  3. race: 50 concurrent draw requests on a second exchange of the same size; exactly one draws.
 *
 * "30 % random exclusions" is read as 30 % of the people having an exclusion. Thirty percent of
 * the others for everyone would be 30 million restriction rows: that many rows cannot be written
 * in three seconds by any database on this machine (the draw engine alone handles that case in
 * `npm run bench:draw`).
 *
 * Runs on a throw-away database on the local server (or DATABASE_URL's), dropped afterwards.
 *
 *   npm run bench:exchange            → table
 *   npm run bench:exchange -- --json  → one JSON object per line
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../server/auth/passwords';
import { startSession } from '../server/auth/sessions';
import { verifyAccessToken, type TVerifiedIdentity } from '../server/auth/tokens';
import { createDeps } from '../server/create-deps';
import { createDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { loadConfig } from '../server/config';
import { ZExchangeCreate } from '../server/contracts/exchanges';
import { createExchange } from '../server/services/exchanges/exchanges';
import { drawExchange } from '../server/services/exchanges/draw-exchange';
import { dropDatabase, ensureDatabaseServer } from './lib/database-server';

const JSON_OUT = process.argv.includes('--json');
const PEOPLE = 10_000;
const EXCLUDING_SHARE = 0.3;
const CONCURRENT_DRAWS = 50;
const TARGET_MS = 3000;

/** A real sign-in of a registered organizer (the same path a browser's log-in takes). */
async function organizerIdentity(deps: ReturnType<typeof createDeps>, userId: string): Promise<TVerifiedIdentity> {
  await deps.db.userCredential.create({ data: { userId, passwordHash: await hashPassword('bench-password') } });
  const session = await startSession(deps, { userId });
  return verifyAccessToken(deps.config, session.accessToken, session.auditToken);
}

function peopleAndExclusions(tag: string) {
  const participants = Array.from({ length: PEOPLE }, (_, i) => ({
    name: `Person ${i}`,
    email: `p${i}-${tag}@bench.test`,
  }));
  const restrictions: { giver: number; receiver: number; bothWays: boolean }[] = [];
  for (let giver = 0; giver < PEOPLE; giver += 1) {
    if (Math.random() >= EXCLUDING_SHARE) continue;
    let receiver = Math.floor(Math.random() * PEOPLE);
    if (receiver === giver) receiver = (receiver + 1) % PEOPLE;
    restrictions.push({ giver, receiver, bothWays: false });
  }
  return { participants, restrictions };
}

async function main(): Promise<void> {
  const database = `gifting_bench_exchange_${process.pid}`;
  const server = await ensureDatabaseServer({ database });
  const url = server.url;
  await migrate(url);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-that-is-at-least-32-bytes-long',
    REDIS_URL: '',
  });
  const db = createDb(url, 20);
  const deps = createDeps(config, { db });
  const rows: Record<string, unknown>[] = [];
  try {
    const organizerId = randomUUID();
    await db.user.create({ data: { id: organizerId, email: 'organizer@bench.test', name: 'Organizer' } });
    const identity = await organizerIdentity(deps, organizerId);
    const exchangeDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

    // 1 + 2: create, then draw (stored, jobs queued).
    const { participants, restrictions } = peopleAndExclusions('a');
    const rssBefore = process.memoryUsage().rss;
    const t0 = performance.now();
    // Parsed with the router's own input schema, as a tRPC call would be.
    const created = await createExchange(
      deps,
      identity,
      ZExchangeCreate.parse({
        title: 'Bench exchange',
        exchangeDate,
        participants,
        participantsConfirmed: true,
        restrictions,
        sendInvitations: false,
      }),
    );
    const t1 = performance.now();
    const outcome = await drawExchange(deps, identity, created.exchangeId);
    const t2 = performance.now();
    const stored = await db.exchangeAssignment.count({ where: { exchangeId: created.exchangeId } });
    const jobs = await db.job.count({ where: { kind: 'exchanges:drawn-mail' } });
    rows.push({
      measure: 'create + draw',
      participants: outcome.participantCount,
      exclusions: restrictions.length,
      createMs: Math.round(t1 - t0),
      drawMs: Math.round(t2 - t1),
      totalMs: Math.round(t2 - t0),
      assignmentsStored: stored,
      jobsQueued: jobs,
      rssMiB: Math.round((process.memoryUsage().rss - rssBefore) / 1048576),
      target: `< ${TARGET_MS} ms`,
    });

    // 3: fifty concurrent draws on one exchange.
    const second = peopleAndExclusions('b');
    const race = await createExchange(deps, identity, {
      title: 'Bench race',
      exchangeDate,
      participants: second.participants,
      participantsConfirmed: true,
      restrictions: second.restrictions,
      sendInvitations: false,
    });
    const r0 = performance.now();
    const answers = await Promise.allSettled(
      Array.from({ length: CONCURRENT_DRAWS }, () => drawExchange(deps, identity, race.exchangeId)),
    );
    const r1 = performance.now();
    const won = answers.filter((answer) => answer.status === 'fulfilled').length;
    const conflicts = answers.filter(
      (answer) => answer.status === 'rejected' && (answer.reason as { code?: string }).code === 'CONFLICT',
    ).length;
    rows.push({
      measure: `${CONCURRENT_DRAWS} concurrent draws`,
      participants: PEOPLE,
      totalMs: Math.round(r1 - r0),
      draws: won,
      conflicts,
      other: CONCURRENT_DRAWS - won - conflicts,
      assignmentsStored: await db.exchangeAssignment.count({ where: { exchangeId: race.exchangeId } }),
      target: 'exactly one draw',
    });
  } finally {
    deps.mailer.close();
    await db.$disconnect();
    await dropDatabase(url);
  }
  if (JSON_OUT) {
    for (const row of rows) console.log(JSON.stringify(row));
    return;
  }
  for (const row of rows) {
    console.log(
      Object.entries(row)
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join(' · '),
    );
  }
}

await main();
process.exit(0);
