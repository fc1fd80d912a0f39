/**
 * The accessibility check every screen test calls: axe-core in the real page, WCAG 2.2 A and AA
 * rules plus axe's best practices; any serious or critical violation fails the test with the rule
 * and the elements it found. Every page must also have exactly one level-one heading.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { waitForQuietNetwork } from '../../../scripts/lib/quiet-network';

export { waitForQuietNetwork };

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
/**
 * WCAG rules axe marks experimental, so the tags alone never run them: 2.5.3 label in name (a
 * voice-control user says the words they see on a button).
 */
export const AXE_EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

export async function expectAccessible(page: Page, label = new URL(page.url()).pathname): Promise<void> {
  // Let lazy screens, skeletons and transitions settle before judging the page: a screen's lazy
  // parts are requested within milliseconds of the answer that needs them, so 300 ms without a
  // request is settled (and whatever still loads shows aria-busy, waited for next). ~460 checks a run.
  await waitForQuietNetwork(page, 300);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Legacy mode runs axe in the page itself; the default opens a second blank page per check to
  // combine frame results, which doubles the cost and buys nothing here (the app has no iframes).
  const results = await new AxeBuilder({ page })
    .options({ rules: AXE_EXTRA_RULES })
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .analyze();
  const blocking = results.violations
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
