/**
 * Prometheus metrics (prom-client) at GET /metrics, only with `Authorization: Bearer $METRICS_TOKEN`
 * (401 otherwise); without METRICS_TOKEN the route answers 404 as if it did not exist.
 * - http_requests_total and http_request_duration_seconds by method, route pattern (tRPC calls by
 *   procedure, e.g. /trpc/wishLists.get) and status;
 * - db_pool_connections by state (active, idle, total, waiting) of the database pool;
 * - job_queue_depth by status of the database job queue (queued due now, queued later, running, failed);
 * - with read replicas (server/db/replicas.ts): db_reads_total by target (primary or a replica),
 *   db_replica_lag_seconds and db_replica_in_rotation per replica, and db_read_your_writes_total by
 *   how a member's read after their write was answered (caught_up, waited, primary);
 * - the process' own (event loop lag, heap, CPU) under the `process_` and `nodejs_` prefixes.
 * Each server has its own registry, so several servers in one process (tests) do not mix.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { TConfig } from '../config';
import { databasePoolStats, type TDb } from '../db/client';
import type { TReplication } from '../db/replicas';
import { AppError } from '../errors';

function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/**
 * The route label: Fastify's pattern, or the tRPC procedure a call names when it exists. A batch
 * (several procedures in one call) is labelled as one: any caller can write any list of names, and
 * each distinct label is a series kept for the life of the process.
 */
export function routeLabel(
  request: Pick<FastifyRequest, 'url' | 'routeOptions'>,
  procedures: ReadonlySet<string>,
): string {
  const route = request.routeOptions.url ?? 'unmatched';
  if (!route.startsWith('/trpc')) return route;
  const names = (request.url.split('?')[0] ?? '').slice('/trpc/'.length).split(',');
  if (names.length > 1) return '/trpc/(batch)';
  return procedures.has(names[0]!) ? `/trpc/${names[0]}` : '/trpc/*';
}

export function registerMetrics(
  app: FastifyInstance,
  options: {
    config: Pick<TConfig, 'metricsToken'>;
    db: TDb;
    /** While the database is known to be away, the queue is not asked (it would only time out). */
    database: { readonly up: boolean };
    procedures: ReadonlySet<string>;
    replication?: TReplication;
  },
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (waiting: queries waiting for a connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      // Before the first query the pool is not open yet: nothing in it.
      const stats = databasePoolStats(options.db) ?? { active: 0, idle: 0, total: 0, waiting: 0 };
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });
  const queueScrapeOk = new Gauge({
    name: 'job_queue_scrape_ok',
    help: '1 when job_queue_depth was read from the database at this scrape, 0 when it could not be',
    registers: [registry],
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs in the database queue by status (queued_due: queued and due now)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      // A lost database must not take every other metric with it (a scrape would fail whole): the
      // gauge then keeps its last values and job_queue_scrape_ok says they are stale.
      let rows: { status: string; due: number | bigint; n: number | bigint }[];
      try {
        if (!options.database.up) throw new Error('database not reachable');
        rows = await options.db.$queryRaw<{ status: string; due: number | bigint; n: number | bigint }[]>`
          SELECT status, run_at <= NOW(3) AS due, COUNT(*) AS n FROM jobs
          WHERE status IN ('queued', 'running', 'failed') GROUP BY status, due`;
        queueScrapeOk.set(1);
      } catch {
        queueScrapeOk.set(0);
        return;
      }
      const depth: Record<string, number> = { queued_due: 0, queued_later: 0, running: 0, failed: 0 };
      for (const row of rows) {
        const key = row.status === 'queued' ? (Number(row.due) ? 'queued_due' : 'queued_later') : row.status;
        depth[key] = (depth[key] ?? 0) + Number(row.n);
      }
      for (const [status, value] of Object.entries(depth)) this.set({ status }, value);
    },
  });

  const { replication } = options;
  if (replication) {
    new Counter({
      name: 'db_reads_total',
      help: 'Database reads by the server that answered them (primary, or a read replica by host:port)',
      labelNames: ['target'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [target, reads] of replication.reads) this.inc({ target }, reads);
      },
    });
    new Gauge({
      name: 'db_replica_lag_seconds',
      help: 'How long a read replica has been behind the primary (-1 while it cannot be asked)',
      labelNames: ['replica'],
      registers: [registry],
      collect() {
        for (const replica of replication.status()) this.set({ replica: replica.name }, replica.lagSeconds ?? -1);
      },
    });
    new Gauge({
      name: 'db_replica_in_rotation',
      help: '1 while a read replica takes reads; 0 while it is down or lagging past DATABASE_REPLICA_MAX_LAG_MS',
      labelNames: ['replica'],
      registers: [registry],
      collect() {
        for (const replica of replication.status())
          this.set({ replica: replica.name }, replica.state === 'in-rotation' ? 1 : 0);
      },
    });
    new Counter({
      name: 'db_read_your_writes_total',
      help: 'Read requests of members with a recent write: replica already caught up, caught up after a wait, or read on the primary',
      labelNames: ['outcome'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [outcome, count] of Object.entries(replication.readYourWrites)) this.inc({ outcome }, count);
      },
    });
  }

  const started = new WeakMap<FastifyRequest, bigint>();
  app.addHook('onRequest', async (request) => {
    started.set(request, process.hrtime.bigint());
  });
  app.addHook('onResponse', async (request, reply) => {
    const at = started.get(request);
    if (at === undefined || request.routeOptions.url === '/metrics') return;
    const labels = {
      method: request.method,
      route: routeLabel(request, options.procedures),
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, Number(process.hrtime.bigint() - at) / 1e9);
  });

  app.get('/metrics', async (request, reply) => {
    const token = options.config.metricsToken;
    if (!token) throw new AppError('NOT_FOUND');
    if (!tokenMatches(request.headers.authorization, token)) throw new AppError('UNAUTHENTICATED');
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}
