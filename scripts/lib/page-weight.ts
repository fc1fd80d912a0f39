/**
 * What a browser really fetches to show a page: in Chromium, every script (and stylesheet) response
 * from navigation until three seconds after the `load` event, each counted at its gzip size (zlib's
 * default level over the decoded body, whether or not the server compressed it on the wire).
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from '@playwright/test';
import { signInDemo, type TBenchPage } from './bench-pages';

export interface TFetched {
  url: string;
  gzip: number;
  /** content-encoding on the wire ('' when none). */
  encoding: string;
}

export interface TPageWeight {
  page: TBenchPage;
  scripts: TFetched[];
  styles: TFetched[];
  jsGzip: number;
  cssGzip: number;
  /**
   * Why the page did not load as it should: a script or stylesheet answered with an error (say a
   * build replaced under a running server), or an uncaught error in the page. A page that fails
   * to load its code would otherwise weigh less and pass.
   */
  problems: string[];
}

export const SETTLE_AFTER_LOAD_MS = 3_000;

export async function measurePageWeight(browser: Browser, base: string, page: TBenchPage): Promise<TPageWeight> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (page.signedIn) await signInDemo(context, base);
    const tab = await context.newPage();
    const pending: Promise<void>[] = [];
    const scripts: TFetched[] = [];
    const styles: TFetched[] = [];
    // One problem per file (a failed module is answered, then aborted, and may be asked for again).
    const problems = new Map<string, string>();
    const problem = (key: string, text: string): void => {
      if (!problems.has(key)) problems.set(key, text);
    };
    const record = (response: Response): void => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const file = new URL(response.url()).pathname;
      if (!response.ok()) problem(file, `${file} answered ${response.status()}`);
      pending.push(
        response
          .body()
          .then((body) => {
            const fetched = {
              url: response.url(),
              gzip: gzipSync(body).length,
              encoding: response.headers()['content-encoding'] ?? '',
            };
            (type === 'script' ? scripts : styles).push(fetched);
          })
          .catch(() => undefined),
      );
    };
    tab.on('response', record);
    tab.on('requestfailed', (request) => {
      const type = request.resourceType();
      const file = new URL(request.url()).pathname;
      if (type === 'script' || type === 'stylesheet')
        problem(file, `${file} failed: ${request.failure()?.errorText ?? 'unknown'}`);
    });
    tab.on('pageerror', (error) => problem(error.message, `uncaught error in the page: ${error.message}`));
    await tab.goto(`${base}${page.path}`, { waitUntil: 'load' });
    // Fixed on purpose: the measure is "everything fetched until 3 s after load", lazy chunks included.
    await tab.waitForTimeout(SETTLE_AFTER_LOAD_MS);
    tab.off('response', record);
    await Promise.all(pending);
    const sum = (list: TFetched[]): number => list.reduce((total, item) => total + item.gzip, 0);
    return { page, scripts, styles, jsGzip: sum(scripts), cssGzip: sum(styles), problems: [...problems.values()] };
  } finally {
    await context.close();
  }
}
