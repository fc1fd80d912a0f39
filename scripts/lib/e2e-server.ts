/** The Playwright server (tests/e2e/serve.ts) started from a script: the size check, the benchmarks, npm test. */
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { PROJECT_ROOT } from './database-server';

/**
 * Starts tests/e2e/serve.ts on `port` (a fresh demo database of its own): `ready` resolves once
 * /readyz answers, `stop` ends it. `log`: a file for its output (else only errors reach stderr).
 */
export function spawnE2eServer(
  port: number,
  options: { logLevel?: string; log?: string; env?: NodeJS.ProcessEnv } = {},
): { ready: Promise<void>; stop: () => void } {
  const base = `http://127.0.0.1:${port}`;
  const out = options.log ? openSync(options.log, 'w') : 'ignore';
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/serve.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...options.env, E2E_PORT: String(port), E2E_LOG_LEVEL: options.logLevel ?? 'error' },
    stdio: ['ignore', out, options.log ? out : 'inherit'],
  });
  const stop = (): void => {
    child.kill('SIGTERM');
  };
  const ready = (async () => {
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`The server on port ${port} stopped before it was ready`);
      try {
        if ((await fetch(`${base}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    stop();
    throw new Error(`The server on port ${port} did not become ready within 300 s`);
  })();
  return { ready, stop };
}
