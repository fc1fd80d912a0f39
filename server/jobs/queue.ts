/**
 * The product's job mechanism: jobs are rows of the `jobs` table. Any number of server instances
 * run workers; a worker claims due jobs with `SELECT … FOR UPDATE SKIP LOCKED`, so each job goes to
 * exactly one of them. Failures are retried with exponential back-off up to `maxAttempts`; a worker
 * that dies mid-job leaves a lock that expires, and the job is claimed again (handlers are written
 * to be safe to re-run). Jobs survive restarts because they are rows. No Redis needed.
 *
 * Hand-written rather than a library: BullMQ and friends need Redis, which the product keeps
 * optional; the SQL here is the whole mechanism. Recurring jobs are scheduled with a `uniqueKey`
 * per period, so every instance may try to schedule and only one row exists.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { TAppDeps } from '../deps';
import type { TDb } from '../db/client';
import { outsideRequest } from '../db/request-routing';
import { retryOnDeadlock } from '../db/retry';
import { Prisma } from '../generated/prisma/client';

export interface TJobLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export type TJobHandler = (deps: TAppDeps, payload: unknown, job: { id: bigint; attempts: number }) => Promise<void>;

export interface TEnqueue {
  kind: string;
  payload?: unknown;
  runAt?: Date;
  /** At most one job with this key ever exists: scheduling twice is a no-op. */
  uniqueKey?: string;
  maxAttempts?: number;
}

/** Adds a job; with a `uniqueKey` already used, returns false and adds nothing. */
export async function enqueueJob(db: Pick<TDb, '$executeRaw'>, job: TEnqueue): Promise<boolean> {
  const insert = () => db.$executeRaw`
    INSERT IGNORE INTO jobs (kind, payload, unique_key, run_at, max_attempts)
    VALUES (${job.kind}, ${JSON.stringify(job.payload ?? null)}, ${job.uniqueKey ?? null},
            ${job.runAt ?? new Date()}, ${job.maxAttempts ?? 5})`;
  // Outside a transaction, an insert beside a worker's claim (a range read FOR UPDATE) chosen as a
  // deadlock victim was rolled back alone: running it again is safe, and a 500 was not. Inside
  // one (a client without $transaction), the whole transaction was rolled back: its caller decides.
  const inserted = '$transaction' in db ? await retryOnDeadlock(insert) : await insert();
  return inserted > 0;
}

/**
 * Adds many jobs in multi-row inserts of 1,000 (a draw of 10,000 people queues 10,000 mails); rows
 * whose `uniqueKey` is taken are skipped. Returns how many were added.
 */
export async function enqueueJobs(db: Pick<TDb, '$executeRaw'>, jobs: TEnqueue[]): Promise<number> {
  let added = 0;
  for (let start = 0; start < jobs.length; start += 1000) {
    const rows = jobs
      .slice(start, start + 1000)
      .map(
        (job) =>
          Prisma.sql`(${job.kind}, ${JSON.stringify(job.payload ?? null)}, ${job.uniqueKey ?? null}, ${job.runAt ?? new Date()}, ${job.maxAttempts ?? 5})`,
      );
    added += await db.$executeRaw`
      INSERT IGNORE INTO jobs (kind, payload, unique_key, run_at, max_attempts) VALUES ${Prisma.join(rows)}`;
  }
  return added;
}

/** Seconds before the next try: 2^attempts × 5 s, capped at an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));
}

interface TClaimed {
  id: bigint;
  kind: string;
  payload: string;
  attempts: number;
  max_attempts: number;
}

/**
 * Claims up to `limit` due jobs of the given kinds for `workerId` (or such jobs whose previous
 * worker's lock expired). Only kinds the worker has a handler for: during a rolling deploy an
 * older instance leaves a kind it does not know to the instances that do, instead of failing it.
 */
export async function claimJobs(
  db: TDb,
  workerId: string,
  limit: number,
  lockMs: number,
  kinds: string[],
): Promise<TClaimed[]> {
  if (kinds.length === 0) return [];
  // Workers claiming at the same moment lock neighbouring index entries as they mark their rows
  // running; InnoDB may end one claim as a deadlock victim (seen with three workers on a busy
  // machine). It was rolled back whole, so claiming again is safe.
  return retryOnDeadlock(() =>
    db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<TClaimed[]>`
      SELECT id, kind, payload, attempts, max_attempts FROM jobs
      WHERE ((status = 'queued' AND run_at <= NOW(3))
         OR (status = 'running' AND locked_until < NOW(3)))
        AND kind IN (${Prisma.join(kinds)})
      ORDER BY run_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`;
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.id);
      await tx.job.updateMany({
        where: { id: { in: ids } },
        data: {
          status: 'running',
          lockedBy: workerId,
          lockedUntil: new Date(Date.now() + lockMs),
          attempts: { increment: 1 },
        },
      });
      return rows.map((row) => ({ ...row, attempts: Number(row.attempts) + 1 }));
    }),
  );
}

/** Runs a job this worker claimed, then marks it done, or queued again with back-off, or failed. */
async function runClaimedJob(
  worker: { deps: TAppDeps; handlers: Record<string, TJobHandler>; logger: TJobLogger; workerId: string },
  job: TClaimed,
): Promise<boolean> {
  const { deps, handlers, logger, workerId } = worker;
  const handler = handlers[job.kind];
  const started = Date.now();
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await handler(deps, JSON.parse(job.payload) as unknown, { id: job.id, attempts: job.attempts });
    await deps.db.job.updateMany({
      where: { id: job.id, lockedBy: workerId },
      data: { status: 'done', finishedAt: new Date(), lockedBy: null, lockedUntil: null, lastError: null },
    });
    logger.info({ jobId: String(job.id), kind: job.kind, attempt: job.attempts, ms: Date.now() - started }, 'job done');
    return true;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const giveUp = job.attempts >= job.max_attempts;
    await deps.db.job.updateMany({
      where: { id: job.id, lockedBy: workerId },
      data: giveUp
        ? { status: 'failed', finishedAt: new Date(), lockedBy: null, lockedUntil: null, lastError: message }
        : {
            status: 'queued',
            runAt: new Date(Date.now() + backoffSeconds(job.attempts) * 1000),
            lockedBy: null,
            lockedUntil: null,
            lastError: message,
          },
    });
    (giveUp ? logger.error : logger.warn).call(
      logger,
      { jobId: String(job.id), kind: job.kind, attempt: job.attempts, err: message },
      giveUp ? 'job failed for good' : 'job failed; will retry',
    );
    return false;
  }
}

const SILENT_LOGGER: TJobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Runs the queued job with this `uniqueKey` right away, in the request that queued it (after its
 * transaction committed), so its effect (a mail) is not held until the next poll. The job is claimed
 * like any other (`FOR UPDATE SKIP LOCKED`, attempts counted), so it still runs exactly once: when a
 * worker has it already, nothing happens here; when it fails, it stays queued and a worker retries it
 * with back-off. Resolves true when it ran and succeeded now.
 */
export async function runJobNow(
  deps: TAppDeps,
  input: { uniqueKey: string; handlers: Record<string, TJobHandler>; lockMs?: number },
): Promise<boolean> {
  const workerId = `now:${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`.slice(-80);
  const lockMs = input.lockMs ?? 5 * 60_000;
  const claimed = await deps.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<TClaimed[]>`
      SELECT id, kind, payload, attempts, max_attempts FROM jobs
      WHERE unique_key = ${input.uniqueKey} AND status = 'queued'
      FOR UPDATE SKIP LOCKED`;
    const row = rows[0];
    if (!row) return null;
    await tx.job.updateMany({
      where: { id: row.id },
      data: {
        status: 'running',
        lockedBy: workerId,
        lockedUntil: new Date(Date.now() + lockMs),
        attempts: { increment: 1 },
      },
    });
    return { ...row, attempts: Number(row.attempts) + 1 };
  });
  if (!claimed) return false;
  return runClaimedJob(
    {
      deps,
      handlers: input.handlers,
      logger: deps.log ? { info: () => undefined, ...deps.log } : SILENT_LOGGER,
      workerId,
    },
    claimed,
  );
}

export interface TJobRunner {
  /** Claims and runs what is due now; resolves with how many jobs ran. */
  runDue(): Promise<number>;
  start(): void;
  /** Stops polling and waits for the jobs in hand. */
  stop(): Promise<void>;
  readonly workerId: string;
}

export function createJobRunner(options: {
  deps: TAppDeps;
  handlers: Record<string, TJobHandler>;
  logger: TJobLogger;
  /** Called before each poll: schedules recurring jobs (idempotent through unique keys). */
  schedule?: (db: TDb, now: Date) => Promise<void>;
  pollMs?: number;
  batch?: number;
  lockMs?: number;
  workerId?: string;
}): TJobRunner {
  const { deps, handlers, logger } = options;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const lockMs = options.lockMs ?? 5 * 60_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  const runOne = async (job: TClaimed): Promise<void> => {
    await runClaimedJob({ deps, handlers, logger, workerId }, job);
  };

  async function runDue(): Promise<number> {
    if (options.schedule) await options.schedule(deps.db, new Date());
    const jobs = await claimJobs(deps.db, workerId, options.batch ?? 10, lockMs, Object.keys(handlers));
    for (const job of jobs) await runOne(job);
    return jobs.length;
  }

  function tick(): void {
    if (stopped) return;
    // Never inside a request's read routing: the worker reads and claims on the primary.
    running = outsideRequest(runDue)
      .catch((error: unknown) => {
        logger.error({ err: error instanceof Error ? error.message : String(error) }, 'job poll failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, options.pollMs ?? 5_000);
      });
  }

  return {
    workerId,
    runDue,
    start() {
      stopped = false;
      if (!timer && !running) timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
    },
  };
}
