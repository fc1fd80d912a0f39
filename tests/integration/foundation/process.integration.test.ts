import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../../helpers/server';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function startProcess(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  // One process (no tsx wrapper relaying signals), as in production.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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

async function waitFor(predicate: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
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

  it('shuts down gracefully on SIGTERM: finishes in-flight requests, then exits 0', async () => {
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const server = startProcess({
      DATABASE_URL: process.env.DATABASE_URL!,
      PORT: port,
      HOST: '127.0.0.1',
      JWT_SECRET: TEST_JWT_SECRET,
      RENDERER_DIST: '/nonexistent',
      // Arrivals are logged at debug: the test watches them.
      LOG_LEVEL: 'debug',
    });
    await waitFor(() => server.output().includes('Server listening'));
    const inFlight = Promise.all(
      Array.from({ length: 5 }, () => fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.status)),
    );
    // Signal once the server has accepted all five: accepted requests must still be answered.
    await waitFor(() => server.output().split('incoming request').length > 5);
    server.child.kill('SIGTERM');
    expect(await inFlight).toEqual([200, 200, 200, 200, 200]);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
