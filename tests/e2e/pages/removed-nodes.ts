/**
 * Counts how often an element leaves the document during a page load: a page the server sent
 * (prerendered or rendered for a member) that React draws again instead of taking it over removes
 * its nodes. Install before the page loads; read with `removedCount`.
 */
import type { Page } from '@playwright/test';

export async function countRemovals(page: Page, selector: string): Promise<void> {
  await page.addInitScript((watched: string) => {
    const counter = window as unknown as { removedNodes: number };
    counter.removedNodes = 0;
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.removedNodes)
          if (node instanceof Element && (node.matches(watched) || node.querySelector(watched)))
            counter.removedNodes += 1;
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

export function removedCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { removedNodes: number }).removedNodes);
}
