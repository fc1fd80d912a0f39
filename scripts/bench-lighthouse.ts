/**
 * `npm run bench:lighthouse`: Lighthouse's performance score (mobile profile, its simulated
 * throttling) of `/` as a visitor and `/home/` as the signed-in demo member (issue 27: ≥ 90 each),
 * in Debian Chromium, against the built renderer served by the real server on a fresh demo database
 * (tests/e2e/serve.ts on its own port), as `npm run bench:web` does. Each page is scored several
 * times and the median printed with its first and largest contentful paint, total blocking time and
 * layout shift. Numbers are printed, never asserted: `-- --json` prints one JSON object per measure.
 *
 *   npm run bench:lighthouse [-- --json] [-- --runs 5]
 *
 * package.json overrides third-party-web to 0.27.0, the version Lighthouse 12 itself asks for: its
 * trace engine asks for it as "latest", a tag a lock file cannot hold (npm ci refused the lock once
 * "latest" had moved on to 0.30.0).
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_LOGIN } from '../prisma/seed';
import { benchArguments, median, startBenchServer } from './lib/bench-pages';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium';
import { ensureRendererBuilt } from './lib/renderer-build';

const { json: JSON_OUT, runs: RUNS } = benchArguments(process.argv, 3);
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3198);
const BASE = `http://127.0.0.1:${PORT}`;
/** Issue 27's goal for both pages. */
const TARGET_SCORE = 90;
/** The largest number of tries for one score: Lighthouse sometimes loses its own trace (NO_NAVSTART). */
const TRIES = 3;

const PAGES = [
  { name: '/', path: '/', signedIn: false },
  { name: '/home/', path: '/home/', signedIn: true },
] as const;

const log = (line: string): void => {
  if (!JSON_OUT) console.log(line);
};

/**
 * A new sign-in of the demo member, as its cookie header. A new one for every load: the page's first
 * refresh uses the token up, and the server renders a member's home only for an unused one.
 */
async function demoCookie(): Promise<string> {
  const answer = await fetch(`${BASE}/auth/v2/log-in/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify(DEMO_LOGIN),
  });
  if (!answer.ok) throw new Error(`Log-in failed: ${answer.status}`);
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The first member's page after a start renders in the browser while the render module loads. */
async function warmMemberPages(): Promise<void> {
  const cookie = await demoCookie();
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const html = await (await fetch(`${BASE}/home/`, { headers: { cookie } })).text();
    if (html.includes('data-member-rendered=')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The server never rendered the member's home");
}

interface TScore {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function score(port: number, url: string, cookie: string | null): Promise<TScore> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result?.lhr;
    const value = lhr?.categories.performance?.score;
    if (lhr && typeof value === 'number') {
      const audit = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        score: Math.round(value * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      };
    }
    if (attempt >= TRIES) throw new Error(`Lighthouse gave no score for ${url}: ${lhr?.runtimeError?.message}`);
  }
}

// RENDERER_DIST (read by the server too) measures another build as it is, without rebuilding.
if (!process.env.RENDERER_DIST) ensureRendererBuilt({ log });
const chromePath = ensureChromium(log);
const stop = await startBenchServer(PORT);
// The flags the other benchmarks run Chromium with, for Lighthouse's launcher.
const chrome = await launch({ chromePath, chromeFlags: CHROMIUM_ARGS });
try {
  await warmMemberPages();
  log(`Lighthouse ${RUNS}× per page, mobile profile, simulated throttling (target ≥ ${TARGET_SCORE})`);
  for (const page of PAGES) {
    const scores: TScore[] = [];
    for (let run = 0; run < RUNS; run += 1)
      scores.push(await score(chrome.port, `${BASE}${page.path}`, page.signedIn ? await demoCookie() : null));
    const of = (key: keyof TScore): number => median(scores.map((entry) => entry[key]));
    const rows = [
      { measure: 'performance-score', page: page.name, unit: 'score', value: of('score') },
      { measure: 'fcp', page: page.name, unit: 'ms', value: Math.round(of('fcp')) },
      { measure: 'lcp', page: page.name, unit: 'ms', value: Math.round(of('lcp')) },
      { measure: 'tbt', page: page.name, unit: 'ms', value: Math.round(of('tbt')) },
      { measure: 'cls', page: page.name, unit: '', value: Number(of('cls').toFixed(3)) },
    ];
    if (JSON_OUT) for (const row of rows) console.log(JSON.stringify({ ...row, runs: RUNS }));
    else
      log(
        `${page.name.padEnd(7)} score ${String(rows[0]!.value).padStart(3)} (${scores.map((entry) => entry.score).join(', ')})   ` +
          `FCP ${rows[1]!.value} ms   LCP ${rows[2]!.value} ms   TBT ${rows[3]!.value} ms   CLS ${rows[4]!.value}` +
          `${page.signedIn ? '   (signed in)' : ''}   ${rows[0]!.value >= TARGET_SCORE ? 'ok' : `under ${TARGET_SCORE}`}`,
      );
  }
} finally {
  chrome.kill();
  stop();
}
