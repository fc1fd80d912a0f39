/**
 * A visitor's landing page comes rendered in its HTML (the build's prerender, issue 27): it paints
 * before any script has run, its links work before the app does, and React takes the same nodes
 * over (hydration) instead of drawing them again. A signed-in browser's page is rendered in the
 * browser as before.
 */
import { expect, test, type Route } from '@playwright/test';
import { DEMO_LOGIN } from '../../../prisma/seed';
import { countRemovals, removedCount } from '../pages/removed-nodes';

test.describe('the prerendered landing page', () => {
  test('shows its heading and links with no script at all', async ({ page }) => {
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.getByTestId('landing-hero').getByRole('heading', { level: 1 })).toHaveText(
      'Wish lists and gift exchanges that just work',
    );
    await expect(page.getByTestId('hero-start-exchange')).toHaveAttribute('href', '/secret-santa-generator/');
    await expect(page.getByTestId('nav-shop')).toHaveAttribute('href', '/shop/');
  });

  test('is taken over by React without being drawn again, and goes on as the app', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // Counts the heading's removals from the document (a failed hydration renders it afresh).
    await countRemovals(page, 'h1');
    await page.goto('/');
    // Live data arrives after hydration: the landing page's markets fill the selector.
    await expect(page.getByTestId('landing-hero')).toBeVisible();
    await expect(page.getByText('Loading markets…')).toHaveCount(0);
    expect(await removedCount(page)).toBe(0);
    // An in-app navigation (no document load: the page keeps its state).
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByTestId('nav-shop').click();
    await expect(page).toHaveURL(/\/shop\/$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });

  test("its links lead where they say while the page's own code still loads", async ({ page }) => {
    // The landing screen's code is held: React has not taken the page over yet.
    let heldRequest = false;
    await page.route(/\/assets\/landing-screen-[^/]+\.js$/, (route: Route) => {
      heldRequest = true;
      // Never answered: this document never gets its screen.
      return new Promise<void>(() => undefined).then(() => route.continue());
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByTestId('nav-shop').click();
    expect(heldRequest).toBe(true);
    // A document load of the shop, which then runs as the app.
    await expect(page).toHaveURL(/\/shop\/$/);
    await expect(page.getByTestId('app-main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  });

  test('is not sent to a signed-in browser', async ({ page, request }) => {
    const answer = await page.request.post('/auth/v2/log-in/', {
      data: { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password },
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status()).toBe(200);
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-prerendered');
    // The same page asked for without the browser's cookies.
    const visitor = await (await request.get('/')).text();
    expect(visitor).toContain('<div id="root" data-prerendered="/">');
  });
});
