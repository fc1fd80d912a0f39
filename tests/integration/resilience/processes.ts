/**
 * Real processes for the resilience tests: the server as production starts it (`npm run serve`: the
 * bundle of server/serve.ts, built by the integration set-up, with its heap limits; one process,
 * signals delivered to it), a free port, and a bounded load that records every
 * request's start, end and outcome.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_JWT_SECRET } from '../../helpers/server';
import { freePort } from '../../../scripts/lib/free-port';
import { serveArgs } from '../../../scripts/lib/server-build';

export { freePort };

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface TServerProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
  /** Sends SIGTERM if still running and waits for the exit. */
  stop(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<TServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, serveArgs(), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: TEST_JWT_SECRET,
      PUBLIC_URL: 'http://127.0.0.1',
      RENDERER_DIST: '/nonexistent',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped at start:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer within 30 s:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    base,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface TOutcome {
  started: number;
  ended: number;
  /** HTTP status, or 0 when the request failed without an answer. */
  status: number;
  retryAfter: string | null;
  /** An error answer's message (the JSON body's `error.message`), when it has one. */
  message?: string;
  /** Why no answer came: the socket error's code (ECONNREFUSED, ECONNRESET, …) when there is one. */
  error?: string;
}

function errorMessageOf(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { error?: { message?: string } }).error?.message;
  } catch {
    return undefined;
  }
}

/** `workers` loops sending `request()` back to back until `stop()`; every outcome is kept. */
export function runLoad(workers: number, request: () => Promise<Response>) {
  const outcomes: TOutcome[] = [];
  let stopped = false;
  const loops = Array.from({ length: workers }, async () => {
    while (!stopped) {
      const started = Date.now();
      try {
        const response = await request();
        const text = await response.text();
        outcomes.push({
          started,
          ended: Date.now(),
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          ...(response.ok ? {} : { message: errorMessageOf(text) }),
        });
      } catch (error) {
        // fetch wraps the socket's error: its code tells a refused connection from a cut one.
        const code = (error as { cause?: { code?: string } }).cause?.code;
        outcomes.push({ started, ended: Date.now(), status: 0, retryAfter: null, error: code ?? String(error) });
        // A refused connection answers at once: do not spin.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });
  return {
    outcomes,
    async stop(): Promise<TOutcome[]> {
      stopped = true;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
