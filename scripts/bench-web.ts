/**
 * `npm run bench:web`: how fast `/` (as a visitor), `/home/` and the other main screens (a wish list,
 * the shop, an exchange, messages; as the signed-in demo member) show in headless Chromium, against the built renderer served by the real server on a fresh demo
 * database (tests/e2e/serve.ts on its own port). For each page, several cold loads (new browser
 * context, no cache) with the CPU slowed 4× as Lighthouse does for phones, and prints the median:
 * - LCP: largest contentful paint (PerformanceObserver, buffered);
 * - TBT: total blocking time, the part over 50 ms of every long task between first contentful
 *   paint and the moment LCP settles;
 * - the gzip weight of the JavaScript the page fetched until 3 s after load (scripts/lib/page-weight.ts).
 * Numbers are printed, never asserted: `-- --json` prints one JSON object per measure.
 *
 *   npm run bench:web [-- --json] [-- --runs 7]
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { BENCH_PAGES, benchArguments, median, signInDemo, startBenchServer } from './lib/bench-pages';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium';
import { measurePageWeight } from './lib/page-weight';
import { waitForQuietNetwork } from './lib/quiet-network';
import { ensureRendererBuilt } from './lib/renderer-build';

const { json: JSON_OUT, runs: RUNS } = benchArguments(process.argv, 5);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3197);
const BASE = `http://127.0.0.1:${PORT}`;
const CPU_SLOWDOWN = 4;

const log = (line: string): void => {
  if (!JSON_OUT) console.log(line);
};

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
    if (signedIn) await signInDemo(context, BASE);
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

// RENDERER_DIST (read by the server too) measures another build as it is, without rebuilding.
if (!process.env.RENDERER_DIST) ensureRendererBuilt({ log });
const executablePath = ensureChromium(log);
const stop = await startBenchServer(PORT);
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  log(`Cold loads of the built renderer, CPU slowed ${CPU_SLOWDOWN}×, median of ${RUNS}`);
  for (const page of BENCH_PAGES) {
    await coldLoad(browser, page.path, page.signedIn); // warm the server's caches, not the browser's
    const loads: TLoad[] = [];
    for (let run = 0; run < RUNS; run += 1) loads.push(await coldLoad(browser, page.path, page.signedIn));
    const lcp = median(loads.map((load) => load.lcp));
    const tbt = median(loads.map((load) => load.tbt));
    const weight = await measurePageWeight(browser, BASE, page);
    for (const problem of weight.problems) console.error(`${page.name}: did not load cleanly: ${problem}`);
    const rows = [
      { measure: 'lcp', page: page.name, unit: 'ms', value: Math.round(lcp) },
      { measure: 'tbt', page: page.name, unit: 'ms', value: Math.round(tbt) },
      { measure: 'js-gzip', page: page.name, unit: 'KiB', value: Number((weight.jsGzip / 1024).toFixed(1)) },
    ];
    if (JSON_OUT)
      for (const row of rows) console.log(JSON.stringify({ ...row, runs: RUNS, cpuSlowdown: CPU_SLOWDOWN }));
    else
      log(
        `${page.name.padEnd(10)} LCP ${String(rows[0]!.value).padStart(5)} ms   TBT ${String(rows[1]!.value).padStart(5)} ms   ` +
          `JS ${rows[2]!.value} KiB gzip, ${weight.scripts.length} scripts${page.signedIn ? '   (signed in)' : ''}`,
      );
  }
} finally {
  await browser.close();
  stop();
}
