import { expect, test } from '@playwright/test';

test.describe('foundation UI', () => {
  test('the landing page shows live data and navigates to a lazy route', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByTestId('landing-hero')).toBeVisible();
    // The seed has five members (other tests may sign up more) and six top-level guides per market.
    const count = Number(await page.getByTestId('member-count').first().getAttribute('data-value'));
    expect(count).toBeGreaterThanOrEqual(5);
    await expect(page.getByTestId('gift-guide-card').first()).toBeVisible();
    expect(await page.getByTestId('gift-guide-card').count()).toBe(6);

    const scriptsBefore = scripts.length;
    await page.getByTestId('nav-home').click();
    await expect(page).toHaveURL(/\/home\/$/);
    await expect(page.getByTestId('home-welcome')).toBeVisible();
    // The home screen came as its own lazily loaded chunk.
    expect(scripts.length).toBeGreaterThan(scriptsBefore);
  });

  test('the app runs under its Content-Security-Policy without violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByTestId('gift-guide-card').first()).toBeVisible();
    await page.getByTestId('nav-home').click();
    await expect(page.getByTestId('home-welcome')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('an unknown path shows the not-found screen', async ({ page }) => {
    await page.goto('/no-such-page/');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });
});
