/** Starts the real monolith on a random port for HTTP-level tests. */
import { buildServer, type TBuildOptions, type TServer } from '../../server/app';
import { loadConfig, type TConfig } from '../../server/config';
import { createDeps } from '../../server/create-deps';
import type { TAppDeps } from '../../server/deps';
import { closeWhenFileEnds } from './cleanup';
import { testDb } from './db';

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-bytes-long!!';

export function testConfig(overrides: Record<string, string> = {}): TConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/gifting_test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    // Tokens made with testDeps() and read by a test server must agree on the issuer.
    PUBLIC_URL: 'http://127.0.0.1',
    // Every test client shares 127.0.0.1: per-address budgets are tested on their own servers.
    MAIL_MAX_PER_CLIENT: '100000',
    MAIL_MAX_PER_RECIPIENT: '1000',
    JWT_SECRET: TEST_JWT_SECRET,
    SMTP_URL: process.env.SMTP_URL ?? 'smtp://127.0.0.1:2525',
    // No 503 for a lagging event loop: a test's server shares its process with the test and its
    // worker's other files, and on a loaded machine (a full run beside a busy core) a garbage
    // collection alone has lagged it past the 1 s default. The overload tests set their own limit.
    EVENT_LOOP_MAX_DELAY_MS: '0',
    ...overrides,
  });
}

/** Fresh dependencies (own caches and rate limits) over the worker's database and mail catcher. */
export function testDeps(overrides: Record<string, string> = {}): TAppDeps {
  return createDeps(testConfig(overrides), { db: testDb() });
}

export interface TTestServer {
  app: TServer;
  baseUrl: string;
}

export async function startTestServer(
  overrides: Record<string, string> = {},
  options: Omit<TBuildOptions, 'db'> = {},
): Promise<TTestServer> {
  const config = testConfig(overrides);
  const app = await buildServer(config, { db: testDb(), ...options });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  closeWhenFileEnds(() => app.close());
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}
