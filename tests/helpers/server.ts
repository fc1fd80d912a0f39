/** Starts the real monolith on a random port for HTTP-level tests. */
import { afterAll } from 'vitest';
import { buildServer, type TServer } from '../../server/app';
import { loadConfig, type TConfig } from '../../server/config';
import { createMemoryCache } from '../../server/cache';
import type { TAppDeps } from '../../server/deps';
import { testDb } from './db';

export function testConfig(overrides: Record<string, string> = {}): TConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/gifting_test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    ...overrides,
  });
}

export function testDeps(overrides: Record<string, string> = {}): TAppDeps {
  return { db: testDb(), cache: createMemoryCache(), config: testConfig(overrides) };
}

export interface TTestServer {
  app: TServer;
  baseUrl: string;
}

export async function startTestServer(overrides: Record<string, string> = {}): Promise<TTestServer> {
  const app = await buildServer(testConfig(overrides), { db: testDb() });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  afterAll(async () => {
    await app.close();
  });
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}
