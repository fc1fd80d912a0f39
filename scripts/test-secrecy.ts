/**
 * `npm run test:secrecy -- --runs 2000 [--seed N --path P --replay R] [--only A,B] [--skip A,B] [--max-actions N]`:
 * the secrecy model (tests/integration/secrecy/) alone, with as many runs as asked. Vitest does not
 * forward unknown arguments to a test, so they travel as SECRECY_* environment variables.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    seed: { type: 'string' },
    path: { type: 'string' },
    replay: { type: 'string' },
    only: { type: 'string' },
    skip: { type: 'string' },
    'max-actions': { type: 'string' },
  },
});

const env: NodeJS.ProcessEnv = { ...process.env };
const set = (name: string, value: string | undefined) => {
  if (value !== undefined) env[name] = value;
};
if (values.runs !== undefined && !/^[1-9]\d*$/.test(values.runs)) {
  console.error(`--runs needs a positive whole number, not "${values.runs}"`);
  process.exit(2);
}
set('SECRECY_RUNS', values.runs);
set('SECRECY_SEED', values.seed);
set('SECRECY_PATH', values.path);
set('SECRECY_REPLAY', values.replay);
set('SECRECY_ONLY', values.only);
set('SECRECY_SKIP', values.skip);
set('SECRECY_MAX_ACTIONS', values['max-actions']);

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
const vitest = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'vitest');
const result = spawnSync(
  vitest,
  ['run', '--project', 'integration', 'tests/integration/secrecy/secrecy-model.integration.test.ts'],
  { cwd: PROJECT_ROOT, stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
