import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/free-port';
import { serveArgs } from '../../../scripts/lib/server-build';
import { TEST_JWT_SECRET } from '../../helpers/server';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function startProcess(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  // What production runs (`npm run serve`: the bundle, built by the integration set-up, and its
  // heap limits), one process receiving the signals.
  const child = spawn(process.execPath, serveArgs(), {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until `predicate` holds; on a timeout, says what the process printed meanwhile. */
async function waitFor(predicate: () => boolean, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out; the server printed:\n${output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the server process', () => {
  it('stops at start with a message naming a bad variable', async () => {
    const server = startProcess({
      DATABASE_URL: process.env.DATABASE_URL!,
      PORT: 'eighty',
      JWT_SECRET: TEST_JWT_SECRET,
    });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('PORT is "eighty"');
  });

  // Limits for a hang, not for pace: beside three vitest workers and the browser tests' servers
  // seeding their databases, starting the server has taken over 20 s.
  it('shuts down gracefully on SIGTERM: finishes in-flight requests, then exits 0', { timeout: 150_000 }, async () => {
    // A port nothing listens on (a random one could be taken, and the server then never listens).
    const port = String(await freePort());
    const server = startProcess({
      DATABASE_URL: process.env.DATABASE_URL!,
      PORT: port,
      HOST: '127.0.0.1',
      JWT_SECRET: TEST_JWT_SECRET,
      RENDERER_DIST: '/nonexistent',
      // Arrivals are logged at debug: the test watches them.
      LOG_LEVEL: 'debug',
    });
    await waitFor(() => server.output().includes('Server listening'), server.output);
    const inFlight = Promise.all(
      Array.from({ length: 5 }, () => fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.status)),
    );
    // Signal once the server has accepted all five: accepted requests must still be answered.
    await waitFor(() => server.output().split('incoming request').length > 5, server.output);
    server.child.kill('SIGTERM');
    expect(await inFlight).toEqual([200, 200, 200, 200, 200]);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
