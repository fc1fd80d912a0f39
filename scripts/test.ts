/**
 * `npm test`: everything, on a machine where nobody set anything up. Generates the Prisma client,
 * type-checks, lints, checks for import cycles, checks formatting, runs the unit and integration
 * tests (the database is found or started by the integration set-up), builds the renderer and checks
 * the size of its first load, installs Debian's Chromium when missing (as root), and
 * runs the Playwright api and ui projects. Ends with one line: "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './lib/database-server';
import { ensureRendererBuilt } from './lib/renderer-build';
import { ensureChromium } from './lib/chromium';

const REPORTS = path.join(PROJECT_ROOT, 'test-results');
mkdirSync(REPORTS, { recursive: true });

const bin = (name: string): string => path.join(PROJECT_ROOT, 'node_modules', '.bin', name);
const results: { step: string; ok: boolean }[] = [];
let passed = 0;
let failed = 0;

function run(step: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${step}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${step} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  results.push({ step, ok });
  return ok;
}

function countVitest(file: string): void {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}

function countPlaywright(file: string): void {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
}

run('prisma client', process.execPath, ['scripts/prisma-generate.mjs']);
run('typecheck', bin('tsc'), ['-p', 'tsconfig.json']);
run('lint', bin('eslint'), ['.', '--max-warnings=0']);
// No import cycle anywhere: features import href() from the route table, never the other way.
run('import cycles (dpdm)', 'npm', ['run', '-s', 'cycles']);
run('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);

const vitestReport = path.join(REPORTS, 'vitest.json');
run('unit and integration tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
countVitest(vitestReport);

let e2eReady = true;
try {
  ensureRendererBuilt({ log: console.log, force: process.env.CI === 'true' });
  ensureChromium(console.log);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  results.push({ step: 'e2e prerequisites', ok: false });
  e2eReady = false;
}
if (e2eReady) {
  // The first load's weight: prints the gzip sizes of / and /home/, fails above the hard limit.
  run('bundle size', process.execPath, ['--import', 'tsx', 'scripts/check-bundle-size.ts']);
  const playwrightReport = path.join(REPORTS, 'playwright.json');
  run('end-to-end tests (playwright)', bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
  countPlaywright(playwrightReport);
}

console.log('\nSummary');
for (const result of results) console.log(`  ${result.ok ? '✔' : '✘'} ${result.step}`);
const stepsFailed = results.filter((result) => !result.ok).length;
if (stepsFailed && failed === 0) failed = stepsFailed; // a failed step without failed tests still fails the run
console.log(`${passed} passed, ${failed} failed`);
process.exit(stepsFailed || failed ? 1 : 0);
