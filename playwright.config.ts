import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium';

const port = Number(process.env.E2E_PORT ?? 3101);
const baseURL = `http://127.0.0.1:${port}`;
// The accessibility sweep reads every screen and changes nothing, so it runs beside the other
// tests against a server and database of its own (serve.ts also takes the next port for its
// product pages): the two never see each other's data, and the sweep's minutes overlap theirs.
const sweepPort = port + 10;
const sweepURL = `http://127.0.0.1:${sweepPort}`;
// The browser tests that change demo data run one after another against one server; they are
// split in two halves, each with a server and database of its own (port, and port + 20), so the
// halves run side by side: a test waits on its page or server much of its time, and the other
// half uses it. Files not named here go to the first half.
const secondHalfPort = port + 20;
const secondHalfURL = `http://127.0.0.1:${secondHalfPort}`;
const SECOND_HALF = /ui\/(foundation|keyboard|people|runtime|shop|social|wish-lists|wish-lists-pages)\.spec\.ts$/;

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

function serversFor(only: string | undefined) {
  const all = {
    ui: server(port, baseURL),
    'ui-2': server(secondHalfPort, secondHalfURL),
    a11y: server(sweepPort, sweepURL),
  };
  if (only === 'api' || only === 'ui') return [all.ui];
  if (only === 'ui-2' || only === 'a11y') return [all[only]];
  return [all.ui, all['ui-2'], all.a11y];
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Three at a time, one per server: each project below runs its tests one after another.
  workers: 3,
  // No retries, in CI too: a test that fails once fails the run.
  retries: 0,
  timeout: 30_000,
  // A state the page reaches is waited for up to 10 s (Playwright's default is 5): with the other
  // core busy, a starved browser can take longer than 5 s to paint a screen it will paint. A
  // passing wait ends as soon as the state is there, so this costs nothing when nothing is wrong.
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'api', testMatch: /api\/.*\.spec\.ts$/, workers: 1 },
    {
      name: 'ui',
      testMatch: /ui\/.*\.spec\.ts$/,
      testIgnore: [/ui\/accessibility\.spec\.ts$/, SECOND_HALF],
      // The demo data is shared by these tests: never two at once. (No project dependencies: a
      // dependent project waits for the whole phase before it, the sweep included.)
      workers: 1,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 900 } },
    },
    {
      name: 'ui-2',
      testMatch: SECOND_HALF,
      workers: 1,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 900 }, baseURL: secondHalfURL },
    },
    {
      name: 'a11y',
      testMatch: /ui\/accessibility\.spec\.ts$/,
      workers: 1,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 900 }, baseURL: sweepURL },
    },
  ],
  // E2E_ONLY_PROJECT=ui|ui-2|a11y starts only the server that project uses (running one spec file
  // need not migrate and seed three databases); `api` and `ui` share the first server.
  webServer: serversFor(process.env.E2E_ONLY_PROJECT),
});
