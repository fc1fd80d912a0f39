/**
 * The API benchmark's bare baseline (scripts/lib/bench-raw-server.ts, bench-raw-calls.ts) must keep
 * answering exactly what our server answers, or its ratio compares different work. `bench:api
 * --check` prepares its own database and both servers and compares the answers to the six measured
 * calls without load; this runs it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('bench:api', () => {
  it('our server and the bare baseline give the same answers to the measured calls', { timeout: 120_000 }, () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-api.ts', '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 110_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain(
      'Both answer the same: REST followed-users, tRPC wishLists.get, tRPC home batch, tRPC exchanges.get, ' +
        'tRPC messages.conversations, tRPC shop.search.',
    );
  });
});
