/** Starts the monolith from the environment, with graceful shutdown on SIGINT/SIGTERM. */
import { ConfigError, loadConfig, type TConfig } from './config';
import { buildServer } from './app';

export async function startServer(config: TConfig): Promise<Awaited<ReturnType<typeof buildServer>>> {
  const app = await buildServer(config, { jobs: true });
  await app.listen({ host: config.host, port: config.port });
  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, draining requests');
    const force = setTimeout(() => {
      app.log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: a second signal (a terminal sends SIGINT to the whole process group) must not
  // fall through to Node's default handler and kill the process mid-drain.
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await startServer(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}
