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
    const record = (response: Response): void => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
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
    await tab.goto(`${base}${page.path}`, { waitUntil: 'load' });
    // Fixed on purpose: the measure is "everything fetched until 3 s after load", lazy chunks included.
    await tab.waitForTimeout(SETTLE_AFTER_LOAD_MS);
    tab.off('response', record);
    await Promise.all(pending);
    const sum = (list: TFetched[]): number => list.reduce((total, item) => total + item.gzip, 0);
    return { page, scripts, styles, jsGzip: sum(scripts), cssGzip: sum(styles) };
  } finally {
    await context.close();
  }
}
