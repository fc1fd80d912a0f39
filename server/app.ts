/**
 * The monolith, built by a factory so tests can start it on a random port: tRPC at /trpc, REST at
 * /v1, the /auth/v2 endpoints, health checks and the built renderer.
 */
import fastifyCookie from '@fastify/cookie';
import pino from 'pino';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { TConfig } from './config';
import { createDeps } from './create-deps';
import type { TDb } from './db/client';
import { registerReadRouting } from './db/replicas';
import type { TAppDeps } from './deps';
import { registerImpersonationWriteGuard } from './auth/write-guard';
import { registerRequestIdentity } from './auth/request-identity';
import { oidcAuthExtensions, oidcRoutes } from './auth/oidc';
import { personLinkRoutes } from './auth/person-link-routes';
import { authRoutes, type TAuthRouteExtensions } from './auth/routes';
import {
  createDatabaseHealth,
  DATABASE_RETRY_AFTER_SECONDS,
  registerDatabaseHealth,
  type TDatabaseHealth,
} from './http/database-health';
import { DRAIN_RETRY_AFTER_SECONDS, registerDrain, type TDrain } from './http/drain';
import { registerCompression } from './http/compression';
import { registerErrorHandler } from './http/errors';
import { serializeRequest } from './http/log-redaction';
import { registerMetrics } from './http/metrics';
import { registerOpenApi, zodValidatorCompiler } from './http/openapi';
import { registerOverloadProtection } from './http/overload';
import { registerRateLimits, type TRatePolicy } from './http/rate-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { registerOldAdmin } from './http/old-admin';
import { appPreview, previewHead, previewTarget, resolvePreview } from './http/link-previews';
import { registerRenderer } from './http/renderer';
import { createMemberPages } from './http/member-pages';
import { issueTokensForFamily, plainSessionOf } from './auth/sessions';
import { refreshCookieName } from './auth/cookies';
import { collectRoutes, listProcedures } from './http/route-list';
import { IDEMPOTENCY_HEADER } from './idempotency/idempotency';
import { toAppError } from './trpc/init';
import { createJobRunner, type TJobHandler } from './jobs/queue';
import { JOB_HANDLERS, scheduleRecurringJobs } from './jobs/registry';
import { registerRestRoutes } from './rest/register';
import type { TContext } from './trpc/context';
import { createContextInner, sharedReadsFor } from './trpc/context';
import { appRouter } from './trpc/router';
import { registerTrpc } from './trpc/fastify-handler';
import { registerTrpcTransportGuard, subscriptionCalls, subscriptionPaths } from './trpc/transport-guard';

export interface TBuildOptions {
  /** Reuse an existing client (tests); otherwise one is created from config.databaseUrl. */
  db?: TDb;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: { write(line: string): void };
  /** Social sign-in and other auth plug-ins. */
  authExtensions?: (deps: TAppDeps) => TAuthRouteExtensions;
  /**
   * Run a job worker in this process (the started app does; tests drive runners themselves, or pass
   * a poll interval and extra job kinds to watch two instances share one queue).
   */
  jobs?: boolean | { pollMs?: number; extraHandlers?: Record<string, TJobHandler> };
  /**
   * How GETs of queries are answered: 'direct' (the default, server/trpc/query-calls.ts) or all by
   * tRPC's resolveResponse (the test that compares the two answers starts one server of each).
   */
  trpcQueries?: 'direct' | 'resolveResponse';
}

export interface TServer extends FastifyInstance {
  deps: TAppDeps;
  /** Graceful shutdown (server/main.ts) and the database monitor behind /readyz. */
  lifecycle: { drain: TDrain; database: TDatabaseHealth };
}

const headerValue = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? (value[0] ?? '') : value;

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  // The key of the manage-notifications link opens a member's e-mail settings without a sign-in.
  '*.emailGuid',
  '*.*.emailGuid',
];

/**
 * One log line per request at info, when it is answered (the request, status and time): Fastify's
 * default also logs its arrival at info, which doubled the log volume and cost of every request for
 * no more facts. The arrival is still logged at debug; an error still logs as an error.
 *
 * The info line is written by the server's logger without its redaction paths, as the request's
 * logger would write it (its `reqId` first): the line holds only the serialized request (method,
 * URL with its secrets already replaced by `serializeRequest`, host, address, port), the status
 * and the time, none of which a redaction path covers, and matching the paths (wildcards among
 * them) against every line cost about 2.5 % of a read's CPU and 6 % of its allocations.
 */
class OneLinePerRequest extends LogController {
  private readonly plain = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const server = request.server.log;
    let plain = this.plain.get(server);
    if (!plain) {
      plain = server.child({}, { redact: [] });
      this.plain.set(server, plain);
    }
    plain.info({ reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Standard output for the logs, written a few kilobytes at a time (at most a second late) instead
 * of one write call per line: with a line per request, those calls were about 4 % of the CPU of a
 * read under `npm run bench:api`. Writes stay synchronous (nothing is in flight when the process
 * exits or a line must go out), an error or fatal line goes out at once with what came before it,
 * and what is left is written when the process exits. At debug and trace, where someone watches the
 * lines as they happen, every line goes out at once.
 */
function stdoutLog(level: TConfig['logLevel']): pino.DestinationStream {
  if (level === 'debug' || level === 'trace') return pino.destination({ dest: 1, sync: true });
  const out = pino.destination({ dest: 1, sync: true, minLength: 4_096, periodicFlush: 1_000 });
  process.once('exit', () => out.flushSync());
  return {
    write(line: string) {
      out.write(line);
      // Pino writes the numeric level first: 50 is error, 60 fatal.
      if (line.startsWith('{"level":5') || line.startsWith('{"level":6')) out.flushSync();
    },
  };
}

export async function buildServer(config: TConfig, options: TBuildOptions = {}): Promise<TServer> {
  const app = Fastify({
    logController: new OneLinePerRequest(),
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            serializers: { req: serializeRequest },
            stream: options.logStream ?? stdoutLog(config.logLevel),
          },
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs * 2,
    keepAliveTimeout: 5_000,
    forceCloseConnections: 'idle',
    // A number of hops as Fastify's documentation describes it (its types only take a function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // A tRPC batch names its procedures in one path parameter (/trpc/a.b,c.d,…); Fastify answers
    // 414 once a parameter passes 100 characters, which a page's batch of six queries does.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 5_000 },
    bodyLimit: 1_048_576,
  });

  collectRoutes(app);

  const ownsDb = !options.db;
  const deps: TAppDeps = createDeps(config, { db: options.db });
  const { db } = deps;
  deps.log = app.log;
  app.decorate('deps', deps);

  // Order matters: every answer carries the security headers and is counted in the metrics, even
  // the 503s of a draining or overloaded server, which then answer before doing any work; the
  // identity is known before the rate limits (per member) and the write guard.
  registerErrorHandler(app);
  // Read replicas: each request's own routing store, opened before any other hook runs.
  const { replication } = deps;
  const procedureList = listProcedures(appRouter);
  if (replication) {
    const trpcQueries = new Set(
      procedureList.filter((procedure) => procedure.type === 'query').map((procedure) => procedure.path),
    );
    registerReadRouting(app, replication, { trpcQueries, log: app.log });
    replication.onChange = (replica) =>
      replica.state === 'in-rotation'
        ? app.log.info({ replica }, 'read replica in rotation')
        : app.log.warn({ replica }, 'read replica out of rotation');
    app.addHook('onReady', async () => replication.start());
  }
  registerSecurityHeaders(app, config);
  // Before any route: it hooks every route added after it (the renderer's files come pre-compressed).
  await registerCompression(app);
  const database = createDatabaseHealth(config.databaseUrl, {
    onChange: (up) => (up ? app.log.info('database reachable again') : app.log.error('database not reachable')),
  });
  const procedures = new Set(procedureList.map((procedure) => procedure.path));
  registerMetrics(app, { config, db, database, procedures, ...(replication ? { replication } : {}) });
  const drain = registerDrain(app);
  app.decorate('lifecycle', { drain, database });
  await registerOverloadProtection(app, config);
  registerDatabaseHealth(app, database);
  app.setValidatorCompiler(zodValidatorCompiler);
  await app.register(fastifyCookie);
  registerRequestIdentity(app, deps, subscriptionCalls(procedureList));
  const rateCheck = await registerRateLimits(app, deps);
  registerImpersonationWriteGuard(app, deps);

  app.get('/healthz', async () => ({ status: 'ok' }));
  // Ready: not shutting down, and the database answered its last check (at most a second and a half ago).
  // Replicas do not decide readiness (their reads go to the primary while they are out); their state is shown.
  app.get('/readyz', async (_request, reply) => {
    if (drain.draining)
      return reply
        .code(503)
        .header('retry-after', String(DRAIN_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', reason: 'shutting down' });
    if (!database.up)
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', reason: 'database not reachable' });
    return replication ? { status: 'ready', replicas: replication.status() } : { status: 'ready' };
  });
  registerOpenApi(app, { version: config.appVersion, publicUrl: config.publicUrl });

  registerTrpcTransportGuard(app, procedureList);
  const subscriptions = subscriptionPaths(procedureList);
  await registerTrpc(
    app,
    {
      router: appRouter,
      // Object.assign rather than a spread followed by fields: see createContextInner.
      createContext: ({ req, info }): TContext =>
        createContextInner(
          Object.assign({}, deps, {
            identity: req.identity,
            ip: req.ip,
            userAgent: String(req.headers['user-agent'] ?? ''),
            idempotencyKey: headerValue(req.headers[IDEMPOTENCY_HEADER]),
            rateLimit: (policy: TRatePolicy) => rateCheck(req, policy),
            // Batches of queries only: never a mutation's batch, nor a subscription's long-lived context;
            // a single call has no one to share with, so most requests allocate nothing for it.
            sharedReads:
              info.type === 'query' && info.calls.length > 1
                ? sharedReadsFor(info.calls.map((call) => call.path))
                : null,
          }),
        ),
      // Refusals that say when to come back (429, 503) carry Retry-After, as on REST.
      responseMeta({ errors }) {
        const wait = Math.max(0, ...errors.map((error) => toAppError(error).retryAfter ?? 0));
        return wait > 0 ? { headers: { 'retry-after': String(wait) } } : {};
      },
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC procedure failed');
      },
    },
    subscriptions,
    options.trpcQueries !== 'resolveResponse',
  );

  await registerRestRoutes(app, deps);
  const authExtensions = options.authExtensions ?? (config.oidcProviders.length > 0 ? oidcAuthExtensions : undefined);
  await app.register(authRoutes(deps, authExtensions?.(deps) ?? {}));
  await app.register(oidcRoutes(deps));
  await app.register(personLinkRoutes(deps));
  await registerOldAdmin(app);
  // Pages still load when the database is down, but as an error page that says so (the monitor's
  // last answer, so a page load never waits for the database).
  const genericHead = previewHead(config, appPreview(), { shellTitle: true });
  await registerRenderer(app, {
    distDir: config.rendererDist,
    linkPreviews: {
      generic: genericHead,
      forPage: (url) => {
        const target = previewTarget(url);
        return target
          ? resolvePreview(deps, target).then((preview) => (preview ? previewHead(config, preview) : null))
          : null;
      },
    },
    isMember: (request) => Boolean(request.cookies[refreshCookieName(config)]),
    memberPage: createMemberPages({
      app,
      distDir: config.rendererDist,
      accessTokenFor: async (request) => {
        const raw = request.cookies[refreshCookieName(config)];
        const familyId = raw ? await plainSessionOf(deps, raw) : null;
        const tokens = familyId ? await issueTokensForFamily(deps, familyId) : null;
        return tokens?.accessToken ?? null;
      },
    }),
    initialErrorType: async () => {
      if (config.maintenanceMode) return 'maintenance';
      return database.up ? null : 'unavailable';
    },
  });

  if (options.jobs) {
    const jobOptions = typeof options.jobs === 'object' ? options.jobs : {};
    const runner = createJobRunner({
      deps,
      handlers: { ...JOB_HANDLERS, ...jobOptions.extraHandlers },
      schedule: scheduleRecurringJobs,
      logger: app.log,
      ...(jobOptions.pollMs ? { pollMs: jobOptions.pollMs } : {}),
    });
    app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  }
  app.addHook('onClose', async () => {
    await deps.dispose();
    if (ownsDb) await db.$disconnect();
  });

  return app as unknown as TServer;
}
