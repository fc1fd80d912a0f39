/**
 * `npm run size` (and a step of `npm test`): what a browser really fetches to show the main pages.
 * Builds the renderer when stale, starts the real server on a fresh demo database, and loads `/` as a
 * visitor, `/home/` and the other main screens as the demo member in Debian's Chromium, counting
 * every script response from navigation until three seconds after `load` at its gzip size
 * (scripts/lib/page-weight.ts). Prints a table per page and fails when a page is above its hard
 * limit (KiB gzip or number of script requests), naming the target.
 *
 * The pages are measured three at a time, each in a context of its own: most of a measure is the
 * three seconds after `load`, when the browser sits idle (measured one by one, the step left a core
 * idle for 20 s of npm test). Three at once on two cores still leaves each page its 3 s window.
 *
 *   npm run size [-- --build] [-- --files]     (SIZE_PORT, default 3198, and the next port are used)
 *
 * SIZE_SERVER_STARTED=true: a server of tests/e2e/serve.ts already answers on SIZE_PORT (npm test
 * starts it beside the browser tests' servers, so its database is seeded while vitest runs).
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { BENCH_PAGES, startBenchServer } from './lib/bench-pages';
import { kib } from './lib/bundle-size';
import { ensureChromium, HEADLESS_SHELL_PATH, TEST_CHROMIUM_ARGS } from './lib/chromium';
import { PROJECT_ROOT } from './lib/database-server';
import { missingMantineStyles } from './lib/mantine-styles-check';
import { measurePageWeight, type TPageWeight } from './lib/page-weight';
import { ensureRendererBuilt } from './lib/renderer-build';

const PORT = Number(process.env.SIZE_PORT ?? 3198);
const BASE = `http://127.0.0.1:${PORT}`;
const SHOW_FILES = process.argv.includes('--files');

// RENDERER_DIST (read by the server too) measures another build as it is, without rebuilding.
const DIST = process.env.RENDERER_DIST ?? path.join(PROJECT_ROOT, 'renderer', 'dist');
if (!process.env.RENDERER_DIST) ensureRendererBuilt({ log: console.log, force: process.argv.includes('--build') });
const unstyled = missingMantineStyles(DIST);
if (unstyled.length) {
  console.error(
    `Mantine components used without their styles: ${unstyled.join(', ')}. ` +
      `Add them to renderer/app/mantine-styles.ts (in the order of @mantine/core/styles.css).`,
  );
  process.exit(1);
}
const executablePath = ensureChromium(console.log, HEADLESS_SHELL_PATH);
const stop = process.env.SIZE_SERVER_STARTED === 'true' ? () => undefined : await startBenchServer(PORT);
const browser = await chromium.launch({ executablePath, args: TEST_CHROMIUM_ARGS });
const AT_ONCE = 3;
const failures: string[] = [];
try {
  const weights: TPageWeight[] = [];
  for (let first = 0; first < BENCH_PAGES.length; first += AT_ONCE)
    weights.push(
      ...(await Promise.all(
        BENCH_PAGES.slice(first, first + AT_ONCE).map((page) => measurePageWeight(browser, BASE, page)),
      )),
    );
  console.log('JavaScript fetched from navigation until 3 s after load (gzip), Chromium, cold cache');
  console.log(
    `${'page'.padEnd(10)} ${'JS gzip'.padStart(10)} ${'scripts'.padStart(8)} ${'CSS gzip'.padStart(10)}  verdict`,
  );
  for (const weight of weights) {
    const { page } = weight;
    const problems: string[] = weight.problems.map((problem) => `did not load cleanly: ${problem}`);
    if (weight.jsGzip > page.jsLimit)
      problems.push(`JS ${kib(weight.jsGzip)} > limit ${kib(page.jsLimit)} (target ${kib(page.jsTarget)})`);
    if (weight.scripts.length > page.requestLimit)
      problems.push(
        `${weight.scripts.length} script requests > limit ${page.requestLimit} (target ${page.requestTarget})`,
      );
    const verdict = problems.length
      ? `FAILED: ${problems.join('; ')}`
      : weight.jsGzip > page.jsTarget
        ? `within the limit, over target ${kib(page.jsTarget)} (limit ${kib(page.jsLimit)})`
        : `ok (target ${kib(page.jsTarget)}, ≤ ${page.requestTarget} scripts)`;
    console.log(
      `${page.name.padEnd(10)} ${kib(weight.jsGzip).padStart(10)} ${String(weight.scripts.length).padStart(8)} ` +
        `${kib(weight.cssGzip).padStart(10)}  ${verdict}`,
    );
    if (SHOW_FILES)
      for (const file of [...weight.scripts, ...weight.styles].sort((a, b) => b.gzip - a.gzip))
        console.log(`           ${kib(file.gzip).padStart(10)}  ${new URL(file.url).pathname}  ${file.encoding}`);
    if (problems.length) failures.push(`${page.name}: ${problems.join('; ')}`);
  }
} finally {
  await browser.close();
  stop();
}
if (failures.length) {
  console.error(`\nToo heavy:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
