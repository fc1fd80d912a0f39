/**
 * The shop's front page, read-only, built from the screen kit: its guides by market, and the kit's
 * empty and error states (the server's answer rewritten in flight for those two).
 */
import { expect, test, type Route } from '@playwright/test';
import { expectAccessible } from '../pages/a11y';

const GUIDES = /\/trpc\/[^?]*shop\.topLevelGuides/;

/** The procedures of a batched tRPC request, in order. */
function proceduresOf(route: Route): string[] {
  return decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/trpc\//, '')).split(',');
}

test.describe('the shop', () => {
  test('a visitor browses the gift guides of each market', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('nav-shop').click();
    await expect(page).toHaveURL('/shop/');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
    await expect(page.getByTestId('shop-guides').getByTestId('gift-guide-card').first()).toBeVisible();
    await expect(page.getByTestId('shop-market')).toHaveValue('US');
    await expectAccessible(page);

    const usFirst = await page.getByTestId('gift-guide-card').first().getAttribute('data-gift-guide-id');
    await page.getByTestId('shop-market').selectOption('CA');
    await expect(page).toHaveURL('/shop/?market=CA');
    await expect(page.getByTestId('gift-guide-card').first()).not.toHaveAttribute('data-gift-guide-id', usFirst ?? '');
    // A guide card leads to its guide.
    const target = await page.getByTestId('gift-guide-card').first().getAttribute('href');
    expect(target).toMatch(/^\/shop\/gift-guides\/[0-9a-f-]{36}\/$/);
  });

  test('a market without guides says so and offers the US guides', async ({ page }) => {
    await page.route(GUIDES, async (route) => {
      const procedures = proceduresOf(route);
      const response = await route.fetch();
      const body = (await response.json()) as unknown[];
      const at = procedures.indexOf('shop.topLevelGuides');
      const wantsGb = decodeURIComponent(route.request().url()).includes('"GB"');
      if (at >= 0 && wantsGb) body[at] = { result: { data: [] } };
      await route.fulfill({ response, json: body });
    });
    await page.goto('/shop/?market=GB');
    await expect(page.getByTestId('empty-state')).toContainText('No gift guides for UK yet');
    await expectAccessible(page);
    await page.getByTestId('shop-try-us').click();
    await expect(page).toHaveURL('/shop/?market=US');
    await expect(page.getByTestId('gift-guide-card').first()).toBeVisible();
  });

  test('a failed load shows the error state, and Try again recovers', async ({ page }) => {
    let failing = true;
    await page.route(GUIDES, async (route) => {
      if (!failing) return route.fallback();
      const procedures = proceduresOf(route);
      await route.fulfill({
        status: 500,
        json: procedures.map(() => ({
          error: {
            message: 'The shop is unavailable',
            code: -32603,
            data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
          },
        })),
      });
    });
    await page.goto('/shop/');
    await expect(page.getByTestId('error-state')).toContainText('The shop is unavailable');
    await expectAccessible(page);
    failing = false;
    await page.getByTestId('error-retry').click();
    await expect(page.getByTestId('gift-guide-card').first()).toBeVisible();
    await expect(page.getByTestId('error-state')).toHaveCount(0);
  });
});
