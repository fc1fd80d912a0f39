/**
 * `npm test`: everything, on a machine where nobody set anything up. Generates the Prisma client,
 * type-checks, lints, checks for import cycles, checks formatting, lints the OpenAPI document, runs
 * the unit and integration tests (the database is found or started by the integration set-up),
 * builds the renderer,
 * installs Debian's chromium-headless-shell when missing (as root), runs the Playwright projects (api and the
 * browser lanes of tests/e2e/lanes.ts) after checking what the main pages fetch. Ends with
 * each step's time, the total, and one line: "N passed, N failed".
 *
 * The checks that use one core each (tsc, eslint, dpdm, prettier, the renderer build) run in two
 * lanes beside each other: on a 2-core machine one lane alone leaves a core idle. Their output is
 * kept and printed whole when the step ends, so lines of two steps never mix. The browser tests'
 * servers start once the renderer is built and seed their databases while vitest runs; vitest and
 * Playwright use every core themselves and run one after the other.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDatabaseServer, PROJECT_ROOT } from './lib/database-server';
import { spawnE2eServer } from './lib/e2e-server';
import { E2E_LANES, e2ePort } from '../tests/e2e/lanes';
import {
  isRendererBuildFresh,
  RENDERER_BUILD_ARGS,
  RENDERER_BUILD_ENV,
  rendererSourceStamp,
  writeRendererStamp,
} from './lib/renderer-build';
import { ensureChromium, HEADLESS_SHELL_PATH } from './lib/chromium';

const REPORTS = path.join(PROJECT_ROOT, 'test-results');
mkdirSync(REPORTS, { recursive: true });

const bin = (name: string): string => path.join(PROJECT_ROOT, 'node_modules', '.bin', name);
/** TypeScript 7 (the typescript-7 alias): both packages name their binary tsc, so it is called by its path. */
const TSC_7 = path.join(PROJECT_ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc');
const results: { step: string; ok: boolean; seconds: number }[] = [];
const startedAt = Date.now();
let passed = 0;
let failed = 0;

const seconds = (since: number): number => (Date.now() - since) / 1000;

/**
 * Runs one step. `buffered`: its output is kept and printed when it ends (for steps that run beside
 * another); otherwise it goes straight to the terminal.
 */
function run(
  step: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; buffered?: boolean } = {},
): Promise<boolean> {
  if (!options.buffered) console.log(`\n▶ ${step}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: PROJECT_ROOT,
      stdio: options.buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...options.env },
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean): void => {
      const took = seconds(started);
      if (options.buffered) {
        console.log(`\n▶ ${step}`);
        const text = Buffer.concat(output).toString('utf8').trimEnd();
        if (text) console.log(text);
      }
      console.log(`${ok ? '✔' : '✘'} ${step} (${took.toFixed(1)} s)`);
      results.push({ step, ok, seconds: took });
      resolve(ok);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(String(error)));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

/** Runs steps one after another (a lane). */
async function lane(steps: (() => Promise<unknown>)[]): Promise<void> {
  for (const step of steps) await step();
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

let e2eReady = true;

/** The renderer build (always in CI, else when its sources changed) and the headless shell Playwright runs. */
async function e2ePrerequisites(): Promise<void> {
  if (process.env.CI === 'true' || !isRendererBuildFresh()) {
    const stamp = rendererSourceStamp();
    if (
      !(await run('renderer build', process.execPath, RENDERER_BUILD_ARGS, { buffered: true, env: RENDERER_BUILD_ENV }))
    ) {
      e2eReady = false;
      return;
    }
    writeRendererStamp(stamp);
  }
  try {
    ensureChromium(console.log, HEADLESS_SHELL_PATH);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    results.push({ step: 'chromium', ok: false, seconds: 0 });
    e2eReady = false;
  }
}

/**
 * The servers of the browser tests' lanes (tests/e2e/lanes.ts), started as
 * soon as the renderer is built, so their databases are migrated and seeded while vitest runs
 * instead of at the start of the browser tests; Playwright reuses them (E2E_SERVERS_STARTED).
 */
const E2E_PORT = e2ePort();
/**
 * The bundle-size step's server (a fresh demo database of its own), started with the lanes' servers
 * and stopped once the step is done: it is not one of the lanes, and nothing of it runs beside them.
 */
const SIZE_PORT = Number(process.env.SIZE_PORT ?? 3198);
let e2eServers: { port: number; ready: Promise<void>; stop: () => void }[] = [];
let sizeServer: { ready: Promise<void>; stop: () => void } | null = null;

async function startE2eServers(): Promise<void> {
  if (!e2eReady) return;
  const database = await ensureDatabaseServer({
    env: { DATABASE_URL: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL },
  });
  const spawnOn = (port: number) => {
    const server = spawnE2eServer(port, {
      logLevel: 'warn',
      log: path.join(REPORTS, `e2e-server-${port}.log`),
      env: { TEST_DATABASE_URL: database.url },
    });
    server.ready.catch(() => undefined); // awaited before the step that uses it
    return server;
  };
  e2eServers = E2E_LANES.map((lane) => E2E_PORT + lane.offset).map((port) => ({ port, ...spawnOn(port) }));
  sizeServer = spawnOn(SIZE_PORT);
  process.on('exit', () => {
    for (const server of e2eServers) server.stop();
    sizeServer?.stop();
  });
}

/** The bundle-size step against its own early-started server, which it stops when done. */
async function bundleSize(): Promise<void> {
  try {
    await sizeServer!.ready;
  } catch (error) {
    console.error(
      `\n✘ bundle size: ${error instanceof Error ? error.message : error} (see ${REPORTS}/e2e-server-${SIZE_PORT}.log)`,
    );
    results.push({ step: 'bundle size', ok: false, seconds: 0 });
    return;
  }
  await run('bundle size', process.execPath, ['--import', 'tsx', 'scripts/check-bundle-size.ts'], {
    env: { SIZE_SERVER_STARTED: 'true', SIZE_PORT: String(SIZE_PORT) },
  });
  sizeServer!.stop();
}

async function e2eServersReady(): Promise<boolean> {
  const started = Date.now();
  try {
    await Promise.all(e2eServers.map((server) => server.ready));
    console.log(`\n✔ end-to-end servers ready (${seconds(started).toFixed(1)} s more)`);
    return true;
  } catch (error) {
    console.error(`\n✘ ${error instanceof Error ? error.message : error} (see ${REPORTS}/e2e-server-*.log)`);
    results.push({ step: 'end-to-end servers', ok: false, seconds: seconds(started) });
    return false;
  }
}

await run('prisma client', process.execPath, ['scripts/prisma-generate.mjs']);

// Two lanes of about 70 s each on this machine. The browser tests' servers start last: they
// migrate and seed while vitest runs (started at the top of a lane, they took that CPU from the
// checks beside them, and the lanes ended no sooner).
await Promise.all([
  lane([
    // TypeScript 7's native checker, on one thread: the other core runs the second lane. tsc 5.9
    // (which eslint's parser and dpdm still need) took 44 s of CPU here, TypeScript 7 takes 12.
    () => run('typecheck', process.execPath, [TSC_7, '-p', 'tsconfig.json', '--singleThreaded'], { buffered: true }),
    // No import cycle anywhere: features import href() from the route table, never the other way.
    () => run('import cycles (dpdm)', 'npm', ['run', '-s', 'cycles'], { buffered: true }),
    // The REST description (/v1/openapi.json) under Redocly's recommended rules: 0 errors.
    () =>
      run('OpenAPI lint (redocly)', process.execPath, ['--import', 'tsx', 'scripts/lint-openapi.ts'], {
        buffered: true,
      }),
    e2ePrerequisites,
    startE2eServers,
  ]),
  lane([
    () => run('lint', bin('eslint'), ['.', '--max-warnings=0'], { buffered: true }),
    () => run('format', bin('prettier'), ['--check', '--log-level', 'warn', '.'], { buffered: true }),
  ]),
]);

const vitestReport = path.join(REPORTS, 'vitest.json');
await run('unit and integration tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
countVitest(vitestReport);

if (e2eReady && (await e2eServersReady())) {
  // What the main pages fetch (gzip KiB of every script until 3 s after load), failing above the
  // hard limits. Before the browser tests, not beside them: its server and Chromium beside three
  // lanes starved the lanes' first pages on two cores.
  await bundleSize();
  const playwrightReport = path.join(REPORTS, 'playwright.json');
  await run('end-to-end tests (playwright)', bin('playwright'), ['test'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, E2E_SERVERS_STARTED: 'true', E2E_PORT: String(E2E_PORT) },
  });
  countPlaywright(playwrightReport);
}

for (const server of e2eServers) server.stop();

console.log('\nSummary');
for (const result of results) {
  console.log(`  ${result.ok ? '✔' : '✘'} ${result.step} (${result.seconds.toFixed(1)} s)`);
}
console.log(`  total ${(seconds(startedAt) / 60).toFixed(1)} min (${seconds(startedAt).toFixed(0)} s)`);
const stepsFailed = results.filter((result) => !result.ok).length;
if (stepsFailed && failed === 0) failed = stepsFailed; // a failed step without failed tests still fails the run
console.log(`${passed} passed, ${failed} failed`);
process.exit(stepsFailed || failed ? 1 : 0);
