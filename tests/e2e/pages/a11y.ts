/**
 * The accessibility check every screen test calls: axe-core in the real page, WCAG 2.2 A and AA
 * rules plus axe's best practices; any serious or critical violation fails the test with the rule
 * and the elements it found. Every page must also have exactly one level-one heading.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { waitForQuietNetwork } from '../../../scripts/lib/quiet-network';

export { waitForQuietNetwork };

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
/**
 * WCAG rules axe marks experimental, so the tags alone never run them: 2.5.3 label in name (a
 * voice-control user says the words they see on a button).
 */
export const AXE_EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page. Our own few lines instead of @axe-core/playwright: its legacy mode
 * (one page, no iframes here) evaluated axe's 550 KB source twice per check, and the app's own
 * links keep a page's document across many checks, so the source is injected once per document
 * here. Only violations are reported in full (`resultTypes`): axe then builds no selectors for the
 * thousands of nodes that pass, which was most of a check's time.
 */
async function runAxe(page: Page): Promise<AxeResults['violations']> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: AXE_TAGS },
    rules: AXE_EXTRA_RULES,
    resultTypes: ['violations'],
  };
  return page.evaluate(
    async (runOptions) =>
      (
        await (
          window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }
        ).axe.run(document, runOptions)
      ).violations,
    options,
  );
}

export async function expectAccessible(page: Page, label = new URL(page.url()).pathname): Promise<void> {
  // Let lazy screens, skeletons and transitions settle before judging the page: a screen's lazy
  // parts are requested within milliseconds of the answer that needs them, so 300 ms without a
  // request is settled (and whatever still loads shows aria-busy, waited for next). ~460 checks a run.
  await waitForQuietNetwork(page, 300);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const blocking = (await runAxe(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 5)
          // What axe found wrong with each node, so a failure says what to fix.
          .map((node) => `${node.target.join(' ')} [${(node.failureSummary ?? '').replace(/\s+/g, ' ').trim()}]`)
          .join(' | ')}`,
    );
  expect(blocking, `axe on ${label}`).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 }), `one h1 on ${label}`).toHaveCount(1);
}
