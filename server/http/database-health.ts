/**
 * Losing the database must not hang requests or crash the process. A monitor asks the database
 * `SELECT 1` every half second (a second at most per try) on a connection of its own, so a busy
 * pool (every connection taken by a burst of requests) is not mistaken for a lost database; while
 * it does not answer:
 * - /readyz answers 503, so a load balancer stops sending traffic here (within two seconds);
 * - API requests (/v1, /trpc, /auth) answer 503 with Retry-After at once, without queueing for a
 *   connection; pages render the "unavailable" error page;
 * - requests already running when it went away fail within the pool's acquire timeout
 *   (server/db/client.ts) and their errors answer 503 too (`databaseUnavailableError`).
 * As soon as a check succeeds again, everything answers as before.
 *
 * Hand-written: the decision needs our database client and our error body; @fastify/under-pressure's
 * health check would also refuse /healthz and the pages.
 */
import type { FastifyInstance } from 'fastify';
import mysql, { type Connection } from 'mysql2/promise';
import { parseDatabaseUrl } from '../db/database-url';
import { AppError, errorBody } from '../errors';

export const DATABASE_RETRY_AFTER_SECONDS = 5;
const UNAVAILABLE_MESSAGE = 'The database is unavailable; please retry shortly';

export interface TDatabaseHealth {
  /** The last check's answer (true until a check fails). */
  readonly up: boolean;
  start(): void;
  stop(): void;
}

export function createDatabaseHealth(
  databaseUrl: string,
  options: { intervalMs?: number; timeoutMs?: number; onChange?: (up: boolean) => void } = {},
): TDatabaseHealth {
  const intervalMs = options.intervalMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 1_000;
  let up = true;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;

  const set = (value: boolean): void => {
    if (value === up) return;
    up = value;
    options.onChange?.(value);
  };

  let connection: Connection | null = null;
  const drop = (): void => {
    connection?.destroy();
    connection = null;
  };

  async function ask(): Promise<boolean> {
    try {
      if (!connection) {
        connection = await mysql.createConnection({ ...parseDatabaseUrl(databaseUrl), connectTimeout: timeoutMs });
        connection.on('error', drop);
      }
      await connection.query({ sql: 'SELECT 1', timeout: timeoutMs });
      return true;
    } catch {
      drop();
      return false;
    }
  }

  async function check(): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      ask(),
      new Promise<boolean>((resolve) => (timeout = setTimeout(() => resolve(false), timeoutMs + 100))),
    ]);
    clearTimeout(timeout);
    if (!answered) drop();
    set(answered);
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void check().finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    get up() {
      return up;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      drop();
    },
  };
}

const CONNECTION_LOST =
  /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|pool timeout|retrieve a connection|Connection lost|socket has unexpectedly been closed|socket was closed|server has gone away|Can't reach database|closed the connection|Too many connections|connection closed/i;

/** The 503 answer for an error that means the database cannot be reached, or null for any other error. */
export function databaseUnavailableError(error: unknown): AppError | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    const name = (current as { name?: unknown }).name;
    const message = current instanceof Error ? current.message : typeof current === 'string' ? current : '';
    if (
      name === 'PrismaClientInitializationError' ||
      code === 'P1001' ||
      code === 'P1017' ||
      code === 'P2024' ||
      CONNECTION_LOST.test(message)
    ) {
      return new AppError('UNAVAILABLE', { message: UNAVAILABLE_MESSAGE, retryAfter: DATABASE_RETRY_AFTER_SECONDS });
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** API paths answer 503 at once while the database is away; health, metrics and pages do not. */
const NEEDS_DATABASE = /^\/(v1|trpc|auth)\//;

export function registerDatabaseHealth(app: FastifyInstance, health: TDatabaseHealth): void {
  app.addHook('onRequest', async (request, reply) => {
    if (health.up || !NEEDS_DATABASE.test(request.url)) return;
    const error = new AppError('UNAVAILABLE', {
      message: UNAVAILABLE_MESSAGE,
      retryAfter: DATABASE_RETRY_AFTER_SECONDS,
    });
    return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(errorBody(error));
  });
  app.addHook('onReady', async () => health.start());
  app.addHook('onClose', async () => health.stop());
}
