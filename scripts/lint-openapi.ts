/**
 * `npm run lint:openapi`: builds the app (the database is never contacted: building only registers
 * routes), writes the document GET /v1/openapi.json answers to test-results/openapi.json (or the path
 * given with --out) and lints it with Redocly's recommended rules. Exits non-zero on any error.
 * Runs offline: Redocly's telemetry and update check are turned off.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from '../server/app';
import { loadConfig } from '../server/config';
import { PROJECT_ROOT } from './lib/database-server';

const outIndex = process.argv.indexOf('--out');
const out = path.resolve(
  outIndex > 0 ? process.argv[outIndex + 1]! : path.join(PROJECT_ROOT, 'test-results', 'openapi.json'),
);

const config = loadConfig({
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/gifting',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
  LOG_LEVEL: 'silent',
});
const app = await buildServer(config);
const answer = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
await app.close();
if (answer.statusCode !== 200) {
  console.error(`GET /v1/openapi.json answered ${answer.statusCode}`);
  process.exit(1);
}
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, answer.body);

const REDOCLY_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const lint = spawnSync(
  path.join(PROJECT_ROOT, 'node_modules', '.bin', 'redocly'),
  ['lint', out, '--extends', 'recommended', '--format', 'stylish'],
  { stdio: 'inherit', env: { ...process.env, ...REDOCLY_ENV } },
);
process.exit(lint.status ?? 1);
