import { defineConfig } from '@playwright/test';
import { HEADLESS_SHELL_PATH, TEST_CHROMIUM_ARGS } from './scripts/lib/chromium';
import { E2E_LANES, e2ePort, LANE_FILES, SWEEP_FILE, type TE2eLane } from './tests/e2e/lanes';

const port = e2ePort();
const baseURL = `http://127.0.0.1:${port}`;
const urlOf = (lane: TE2eLane): string =>
  `http://127.0.0.1:${port + E2E_LANES.find((entry) => entry.project === lane)!.offset}`;
const desktop = { browserName: 'chromium' as const, viewport: { width: 1280, height: 900 } };

function server(onPort: number, url: string) {
  return {
    command: `npx tsx tests/e2e/serve.ts`,
    url: `${url}/readyz`,
    // npm test starts the servers while vitest runs (scripts/test.ts) and says so; otherwise a server
    // already on the port is an old run's, which must not be trusted.
    reuseExistingServer: process.env.E2E_SERVERS_STARTED === 'true',
    timeout: 120_000,
    env: { E2E_PORT: String(onPort) },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  };
}

/** Every lane's server, or only the one E2E_ONLY_PROJECT's lane uses (`api` shares `ui`'s). */
function serversFor(only: string | undefined) {
  const lanes = E2E_LANES.filter((lane) => !only || lane.project === (only === 'api' ? 'ui' : only));
  return lanes.map((lane) => server(port + lane.offset, urlOf(lane.project)));
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder: Playwright empties it at the start, and test-results/ also holds the servers'
  // logs and mail that npm test's early-started servers are already writing.
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  // One at a time per lane (tests/e2e/lanes.ts), three lanes side by side: with all four at once
  // (plus their servers and browsers) two cores starve the pages and tests time out; the fourth
  // lane starts when the first one ends.
  workers: 3,
  // No retries, in CI too: a test that fails once fails the run.
  retries: 0,
  // Limits are for hangs, not for pace: CI ran this suite 2-3 times slower than a quiet run of the
  // same machine (vitest too), and per-file limits sized for a quiet run cut tests that were
  // passing (stop 33: admin, groups, people, the full exchange). So a test may take 15 minutes in
  // all; what catches a hang sooner is the limit on each step below. A passing wait ends as soon as
  // its state is there, so none of these costs anything when nothing is wrong.
  timeout: 900_000,
  // A state the page reaches is waited for up to 45 s (Playwright's default is 5): a starved
  // browser has taken over 15 s to paint a screen it then painted.
  expect: { timeout: 45_000 },
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: TEST_CHROMIUM_ARGS },
    // No trace unless asked for (E2E_TRACE=retain-on-failure, or on): recording one for every test
    // (a screenshot and a DOM snapshot per action) doubled the CPU the browser tests use
    // (people.spec.ts: 150 s of CPU with it, 77 s without). A failure still leaves its screenshot
    // and the page's ARIA snapshot (error-context.md) in test-results/playwright.
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure',
    screenshot: 'only-on-failure',
    // As a member who asked their system for reduced motion (the theme honours it): no frames are
    // painted for transitions, on two cores shared by three browsers.
    reducedMotion: 'reduce',
    // A click or a fill waits for its element up to a minute, a navigation two (not the test's 15).
    actionTimeout: 60_000,
    navigationTimeout: 120_000,
  },
  projects: [
    { name: 'api', testMatch: /api\/.*\.spec\.ts$/, workers: 1 },
    {
      name: 'ui',
      testMatch: /ui\/.*\.spec\.ts$/,
      testIgnore: [SWEEP_FILE, LANE_FILES['ui-2'], LANE_FILES['ui-3']],
      // The demo data is shared by a lane's tests: never two at once. (No project dependencies: a
      // dependent project waits for the whole phase before it, the sweep included.)
      workers: 1,
      use: desktop,
    },
    { name: 'ui-2', testMatch: LANE_FILES['ui-2'], workers: 1, use: { ...desktop, baseURL: urlOf('ui-2') } },
    { name: 'ui-3', testMatch: LANE_FILES['ui-3'], workers: 1, use: { ...desktop, baseURL: urlOf('ui-3') } },
    { name: 'a11y', testMatch: SWEEP_FILE, workers: 1, use: { ...desktop, baseURL: urlOf('a11y') } },
  ],
  // E2E_ONLY_PROJECT=ui|ui-2|ui-3|a11y starts only the server that project uses (running one spec file
  // need not migrate and seed three databases); `api` and `ui` share the first server.
  webServer: serversFor(process.env.E2E_ONLY_PROJECT),
});
