/**
 * Integration tests' global set-up: find or start the database server once; each worker then makes
 * its own database (tests/setup/integration-worker.ts). Every database this run made is dropped at the end.
 * Also builds the production server bundle (scripts/lib/server-build.ts, about a second), which the
 * tests of whole server processes start as `npm run serve` does.
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import type { TestProject } from 'vitest/node';
import { parseDatabaseUrl } from '../../server/db/database-url';
import { ensureDatabaseServer } from '../../scripts/lib/database-server';
import { buildServerBundle } from '../../scripts/lib/server-build';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    testRunId: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await ensureDatabaseServer({
    env: { DATABASE_URL: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL },
  });
  await buildServerBundle();
  const runId = randomBytes(3).toString('hex');
  project.provide('databaseServerUrl', server.url);
  project.provide('testRunId', runId);
  return async () => {
    const connection = await mysql.createConnection({ ...parseDatabaseUrl(server.url), database: undefined });
    try {
      const [rows] = await connection.query<mysql.RowDataPacket[]>('SHOW DATABASES LIKE ?', [`gt\\_${runId}\\_%`]);
      for (const row of rows) {
        const name = String(Object.values(row)[0]);
        if (/^gt_[0-9a-f]{6}_[A-Za-z0-9_]+$/.test(name)) await connection.query(`DROP DATABASE \`${name}\``);
      }
    } finally {
      await connection.end();
    }
  };
}
