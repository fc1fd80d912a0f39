/**
 * `npm run bench:web`: how fast `/` (as a visitor) and `/home/` (as the signed-in demo member) show
 * in headless Chromium, against the built renderer served by the real server on a fresh demo
 * database (tests/e2e/serve.ts on its own port). For each page, several cold loads (new browser
 * context, no cache) with the CPU slowed 4× as Lighthouse does for phones, and prints the median:
 * - LCP: largest contentful paint (PerformanceObserver, buffered);
 * - TBT: total blocking time, the part over 50 ms of every long task between first contentful
 *   paint and the moment LCP settles;
 * - the gzip weight of the page's initial JavaScript from the build (scripts/lib/bundle-size.ts).
 * Numbers are printed, never asserted: `-- --json` prints one JSON object per measure.
 *
 *   npm run bench:web [-- --json] [-- --runs 7]
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { DEMO_LOGIN } from '../prisma/seed';
import { measureBundle } from './lib/bundle-size';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium';
import { PROJECT_ROOT } from './lib/database-server';
import { waitForQuietNetwork } from './lib/quiet-network';
import { ensureRendererBuilt } from './lib/renderer-build';

const JSON_OUT = process.argv.includes('--json');
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Math.max(1, Number(process.argv[runsAt + 1]) || 5) : 5;
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3197);
const BASE = `http://127.0.0.1:${PORT}`;
const CPU_SLOWDOWN = 4;

const log = (line: string): void => {
  if (!JSON_OUT) console.log(line);
};

async function startServer(): Promise<() => void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/serve.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, E2E_PORT: String(PORT), E2E_LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('The server stopped before it was ready');
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return () => child.kill('SIGTERM');
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not become ready within 120 s');
}

/** Installed before any page script: records LCP candidates, FCP and long tasks. */
const OBSERVE = `
  window.__bench = { lcp: 0, fcp: 0, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__bench.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

interface TLoad {
  lcp: number;
  tbt: number;
}

async function coldLoad(browser: Browser, target: string, signedIn: boolean): Promise<TLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (signedIn) {
      const answer = await context.request.post(`${BASE}/auth/v2/log-in/`, {
        data: DEMO_LOGIN,
        headers: { 'content-type': 'application/json', origin: BASE },
      });
      if (!answer.ok()) throw new Error(`Log-in failed: ${answer.status()}`);
    }
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(OBSERVE);
    // Not 'networkidle': a member's page keeps its live streams open, so it is never idle.
    await page.goto(`${BASE}${target}`);
    await waitForQuietNetwork(page);
    // Let the last paints and tasks land, then read (LCP stops updating at the first input).
    await page.waitForTimeout(500);
    const bench = await page.evaluate(
      () => (window as unknown as { __bench: { lcp: number; fcp: number; longTasks: [number, number][] } }).__bench,
    );
    const until = Math.max(bench.lcp, bench.fcp);
    const tbt = bench.longTasks
      .filter(([start]) => start >= bench.fcp && start <= until + 5_000)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { lcp: bench.lcp, tbt };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

ensureRendererBuilt({ log });
const bundle = measureBundle(path.join(PROJECT_ROOT, 'renderer', 'dist'));
const executablePath = ensureChromium(log);
const stop = await startServer();
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  log(`Cold loads of the built renderer, CPU slowed ${CPU_SLOWDOWN}×, median of ${RUNS}`);
  for (const [target, signedIn] of [
    ['/', false],
    ['/home/', true],
  ] as const) {
    await coldLoad(browser, target, signedIn); // warm the server's caches, not the browser's
    const loads: TLoad[] = [];
    for (let run = 0; run < RUNS; run += 1) loads.push(await coldLoad(browser, target, signedIn));
    const lcp = median(loads.map((load) => load.lcp));
    const tbt = median(loads.map((load) => load.tbt));
    const weight = bundle.routes.find((route) => route.route === target);
    const rows = [
      { measure: 'lcp', page: target, unit: 'ms', value: Math.round(lcp) },
      { measure: 'tbt', page: target, unit: 'ms', value: Math.round(tbt) },
      {
        measure: 'initial-js-gzip',
        page: target,
        unit: 'KiB',
        value: Number(((weight?.jsGzip ?? 0) / 1024).toFixed(1)),
      },
    ];
    if (JSON_OUT)
      for (const row of rows) console.log(JSON.stringify({ ...row, runs: RUNS, cpuSlowdown: CPU_SLOWDOWN }));
    else
      log(
        `${target.padEnd(8)} LCP ${String(rows[0]!.value).padStart(5)} ms   TBT ${String(rows[1]!.value).padStart(5)} ms   ` +
          `initial JS ${rows[2]!.value} KiB gzip${signedIn ? '   (signed in)' : ''}`,
      );
  }
} finally {
  await browser.close();
  stop();
}
