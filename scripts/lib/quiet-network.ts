/** Page helpers shared by the Playwright tests and the web benchmark. */
import type { Page } from '@playwright/test';

/**
 * Waits until the page's network is quiet: no request completed for `quietMs` (half a second unless
 * told). Playwright's
 * 'networkidle' cannot be used: a member's page keeps its live streams (server-sent events read
 * with fetch) open for as long as it lives, so it is never idle by that measure.
 */
export async function waitForQuietNetwork(page: Page, quietMs = 500): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(() => performance.clearResourceTimings());
  await page.waitForFunction(
    (quiet) => {
      const state = window as unknown as { __quiet?: { count: number; at: number } };
      const count = performance.getEntriesByType('resource').length;
      const now = performance.now();
      if (!state.__quiet || state.__quiet.count !== count) {
        state.__quiet = { count, at: now };
        return false;
      }
      return now - state.__quiet.at >= quiet;
    },
    quietMs,
    { polling: 100, timeout: 60_000 },
  );
  await page.evaluate(() => delete (window as unknown as { __quiet?: unknown }).__quiet);
}
