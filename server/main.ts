/**
 * Starts the monolith from the environment, with graceful shutdown on SIGINT/SIGTERM:
 *   1. drain: /readyz and every new request answer 503 with Retry-After (server/http/drain.ts),
 *      while requests already accepted run to their end;
 *   2. after at least a second of that, once none is left (or SHUTDOWN_GRACE_MS has passed), close: stop listening, cut live
 *      streams (their clients resume elsewhere from their last event id), stop the job worker
 *      (it finishes the job in hand), close Redis and the database;
 *   3. exit 0. If closing hangs, the process exits 1 five seconds after the grace period
 *      (at most 25 s after the signal: SHUTDOWN_GRACE_MS is at most 20 s).
 */
import type { TConfig } from './config';
import { buildServer, type TServer } from './app';
import { surviveLostConnections } from './db/replicas';

const CLOSE_MARGIN_MS = 5_000;
const DRAIN_MIN_MS = 1_000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function startServer(config: TConfig): Promise<TServer> {
  const app = await buildServer(config, { jobs: true });
  // With read replicas, one that goes away must not take the process with it (server/db/replicas.ts).
  if (config.databaseReplicaUrls.length > 0) surviveLostConnections(app.log);
  await app.listen({ host: config.host, port: config.port });
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    const force = setTimeout(() => {
      app.log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + CLOSE_MARGIN_MS);
    force.unref();
    const { drain } = app.lifecycle;
    app.log.info({ signal, inFlight: drain.inFlight }, 'shutting down: new requests get 503, draining the rest');
    drain.start();
    let grace: NodeJS.Timeout | undefined;
    // At least a second of 503s (unless the grace is shorter), so a load balancer polling /readyz
    // sees it and moves the traffic before the listener closes; then as soon as nothing is in flight.
    await sleep(Math.min(DRAIN_MIN_MS, config.shutdownGraceMs));
    await Promise.race([drain.idle(), new Promise((resolve) => (grace = setTimeout(resolve, config.shutdownGraceMs)))]);
    clearTimeout(grace);
    app.log.info({ inFlight: drain.inFlight, ms: Date.now() - started }, 'drained; closing');
    try {
      const closed = app.close();
      // Live streams never end by themselves: cut them once the listener is closing.
      app.server.closeAllConnections();
      await closed;
      app.log.info({ ms: Date.now() - started }, 'closed');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  // `on`, not `once`: a second signal (a terminal sends SIGINT to the whole process group) must not
  // fall through to Node's default handler and kill the process mid-drain.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return app;
}
