import { expect, test } from '@playwright/test';
import { UTM_COOKIE_KEY, UTM_COOKIE_MAX_AGE_MS } from '../../../server/contracts/constants';
import { Shell } from '../pages/auth-pages';
import { countDocumentLoads, makePagesTall, RuntimeShell, scrollY, signUpFreshMember } from '../pages/runtime-pages';

const USER_ID = '9b2d3c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

test.describe('client runtime and app shell', () => {
  test('a lazy route loads its own chunk and the navigation state ends updated', async ({ page }) => {
    const shell = new RuntimeShell(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByTestId('landing-hero')).toBeVisible();
    await shell.expectRouteUpdated();
    await expect(shell.html()).toHaveAttribute('data-url-section', 'wish');

    const before = new Set(scripts);
    await page.getByTestId('nav-home').click();
    await expect(page.getByTestId('home-welcome')).toBeVisible();
    const loaded = scripts.filter((script) => !before.has(script));
    expect(loaded.some((script) => /home-screen-[\w-]+\.js$/.test(script))).toBe(true);
    await shell.expectRouteUpdated();
    await expect(shell.html()).toHaveAttribute('data-load-error', 'false');
  });

  test('a link starts loading its page’s code when pointed at or focused, before the click', async ({ page }) => {
    const screenRequested = (name: string) =>
      page.waitForRequest((request) => new RegExp(`/${name}-[\\w-]+\\.js$`).test(new URL(request.url()).pathname));
    await page.goto('/');
    await expect(page.getByTestId('landing-hero')).toBeVisible();

    // Pointed at: the home screen's chunk is asked for while the page stays the landing page.
    const home = screenRequested('home-screen');
    await page.getByTestId('nav-home').hover();
    await home;
    // Focused from the keyboard: the shop's.
    const shop = screenRequested('shop-screen');
    await page.getByTestId('nav-shop').focus();
    await shop;
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('landing-hero')).toBeVisible();

    await page.getByTestId('nav-shop').click();
    await expect(page).toHaveURL(/\/shop\/$/);
    await expect(page.getByTestId('app-main').getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('scroll: kept on a same-path query change, top on a new path, restored on back', async ({ page }) => {
    await makePagesTall(page);
    await page.goto('/');
    await expect(page.getByTestId('gift-guide-card').first()).toBeVisible();

    // Scroll so the market panel sits near the top of the window, then change the market.
    await page.evaluate(() => {
      const panel = document.querySelector('[data-testid="market-panel"]');
      window.scrollTo(0, (panel?.getBoundingClientRect().top ?? 0) + window.scrollY - 150);
    });
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(300);
    await page.getByTestId('market-select').selectOption('CA');
    await expect(page).toHaveURL(/\/\?market=CA$/);
    await expect(page.getByTestId('market-currency')).toHaveText('CAD');
    expect(Math.abs((await scrollY(page)) - before)).toBeLessThanOrEqual(2);
    await expect(page.locator('html')).toHaveAttribute('data-scroll-decision', 'keep');

    // A new path starts at the top.
    await page.getByTestId('nav-home').click();
    await expect(page.getByTestId('home-welcome')).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);

    // Back: the landing comes back where it was.
    await page.goBack();
    await expect(page).toHaveURL(/\/\?market=CA$/);
    await expect(page.getByTestId('landing-hero')).toBeVisible();
    await expect.poll(async () => Math.abs((await scrollY(page)) - before)).toBeLessThanOrEqual(2);
    await expect(page.locator('html')).toHaveAttribute('data-scroll-decision', 'restore');

    // "Back to top" scrolls smoothly (468 ms) to 0: part-way there shortly after the click.
    await page.evaluate(() => window.scrollTo(0, 2000));
    await expect(page.getByTestId('back-to-top')).toBeVisible();
    // Every position the page passes through on its way up: a smooth scroll stops part-way at
    // least once, a jump goes straight to 0 (judged by positions, not by time).
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { __positions: number[] }).__positions = seen;
      window.addEventListener('scroll', () => seen.push(window.scrollY));
      document.querySelector<HTMLElement>('[data-testid="back-to-top"]')?.click();
    });
    await expect.poll(() => scrollY(page)).toBe(0);
    const positions = await page.evaluate(() => (window as unknown as { __positions: number[] }).__positions);
    expect(positions.some((y) => y > 0 && y < 2000)).toBe(true);
  });

  test('paths get their trailing slash', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/home\/$/);
    await expect(page.getByTestId('home-welcome')).toBeVisible();
  });

  test('an unknown path is reloaded once as a full page load, then shows not-found', async ({ page }) => {
    const loads = countDocumentLoads(page, '/runtime-no-such-page/');
    await page.goto('/runtime-no-such-page/');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect.poll(() => loads.count()).toBe(2);
    // No loop: the second load's router decided before the screen rendered (router.tsx's
    // notFoundDecider reloads, or the screen shows), so once the page has loaded and shows
    // not-found, no third load can follow.
    await page.waitForLoadState('load');
    await expect(page.getByTestId('not-found')).toBeVisible();
    expect(loads.count()).toBe(2);
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('a legacy address goes to its v2 twin', async ({ page }) => {
    await page.goto(`/profile/legacy/${USER_ID}/wish-lists/`);
    await expect(page).toHaveURL(`/profile/${USER_ID}/wish-lists/`);
  });

  test('content screens load their content before they show', async ({ page }) => {
    await page.goto('/welcome/');
    await expect(page.getByTestId('content-title')).toHaveText('Welcome to Gifting');
    await expect(page.getByTestId('content-section').first()).toBeVisible();
  });

  test('a failing content answer on an in-app navigation is a full page load and a logged warning', async ({
    page,
  }) => {
    const logs: string[] = [];
    await page.route('**/v1/content/screens/contact-us', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"INTERNAL","message":"boom","status":500}}',
      }),
    );
    await page.route('**/v1/logs', async (route) => {
      logs.push(route.request().postData() ?? '');
      await route.fulfill({ status: 204 });
    });
    const loads = countDocumentLoads(page, '/contact-us/');
    await page.goto('/home/');
    await expect(page.getByTestId('home-welcome')).toBeVisible();
    await page.getByTestId('footer-contact-us').click();
    await expect.poll(() => loads.count()).toBe(1);
    // On that (first) load the status becomes the screen's error, without another reload.
    await expect(page.getByTestId('route-error')).toBeVisible();
    expect(loads.count()).toBe(1);
    expect(logs.join('\n')).toContain('full page load of /contact-us/');
  });

  test('the terms dialog shows for a new member until accepted, and stays gone', async ({ page, baseURL }) => {
    const shell = new RuntimeShell(page);
    await signUpFreshMember(page, baseURL ?? '', 'terms');
    await page.goto('/home/');
    await expect(shell.termsDialog()).toBeVisible();
    await expect(shell.html()).toHaveAttribute('data-terms', 'required');
    await page.screenshot({ path: 'test-results/runtime-terms-dialog.png' });

    // Auth routes never show it.
    await page.goto('/auth/related-accounts/');
    await expect(page.getByTestId('related-accounts-screen')).toBeVisible();
    await expect(shell.termsDialog()).toHaveCount(0);

    await page.goto('/home/');
    await expect(shell.termsDialog()).toBeVisible();
    await page.getByTestId('terms-accept').click();
    await expect(shell.termsDialog()).toHaveCount(0);
    await expect(shell.html()).toHaveAttribute('data-terms', 'accepted');

    await page.reload();
    await expect(page.getByTestId('home-welcome')).toBeVisible();
    await expect(shell.html()).toHaveAttribute('data-terms', 'accepted');
    await expect(shell.termsDialog()).toHaveCount(0);
  });

  test('a refused acceptance reverts: the dialog comes back with the forbidden alert', async ({ page, baseURL }) => {
    const shell = new RuntimeShell(page);
    await signUpFreshMember(page, baseURL ?? '', 'terms-revert');
    await page.route('**/v1/users/*/terms-of-service', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: '{"error":{"code":"FORBIDDEN","message":"Forbidden","status":403}}',
          })
        : route.fallback(),
    );
    await page.goto('/home/');
    await expect(shell.termsDialog()).toBeVisible();
    await page.getByTestId('terms-accept').click();
    await expect(shell.notifications()).toContainText('Forbidden, please contact support');
    await expect(shell.termsDialog()).toBeVisible();
  });

  test("a 403 from a query shows 'Forbidden, please contact support'", async ({ page, baseURL }) => {
    const shell = new RuntimeShell(page);
    await signUpFreshMember(page, baseURL ?? '', 'forbidden');
    await page.route('**/v1/users/*/terms-of-service', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: '{"error":{"code":"FORBIDDEN","message":"Forbidden","status":403}}',
      }),
    );
    await page.goto('/home/');
    await expect(shell.notifications()).toContainText('Forbidden, please contact support');
    // The answer is unknown: no dialog.
    await expect(shell.html()).toHaveAttribute('data-terms', 'unknown');
    await expect(shell.termsDialog()).toHaveCount(0);
    await page.screenshot({ path: 'test-results/runtime-forbidden.png' });
  });

  test('the initial state error type renders the error page instead of the app', async ({ page }) => {
    await page.route('**/home/', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace('"errorType":null', '"errorType":"maintenance"');
      expect(html).toContain('"errorType":"maintenance"');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/home/');
    await expect(page.getByTestId('initial-error-page')).toBeVisible();
    await expect(page.getByTestId('initial-error-page')).toContainText('maintenance');
    await expect(page.getByTestId('initial-error-retry')).toBeVisible();
    await expect(page.getByTestId('app-header')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/runtime-maintenance.png' });

    await page.unroute('**/home/');
    await page.getByTestId('initial-error-retry').click();
    await expect(page.getByTestId('home-welcome')).toBeVisible();
  });

  test('query flags open their dialogs and leave the address without adding history', async ({ page }) => {
    await page.goto('/home/');
    await expect(page.getByTestId('home-welcome')).toBeVisible();
    const entries = await page.evaluate(() => window.history.length);
    await page.goto('/?priceDropRequest=1&utm_source=flags');
    const dialog = page.getByTestId('price-drop-request-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('data-state', 'signed-out');
    await expect(page).toHaveURL(/\/\?utm_source=flags$/);
    // One entry for the visit; removing the flag replaced it.
    expect(await page.evaluate(() => window.history.length)).toBe(entries + 1);
    await page.getByTestId('query-flag-dialog-close').click();
    await expect(dialog).toHaveCount(0);

    await page.goto(`/home/?requestWishlist=${USER_ID}&priceDropSignUp`);
    await expect(page.getByTestId('price-drop-sign-up-dialog')).toBeVisible();
    await expect(page).toHaveURL(/\/home\/$/);
    await page.getByTestId('query-flag-dialog-close').click();
    await expect(page.getByTestId('request-wishlist-dialog')).toHaveAttribute('data-user-id', USER_ID);
    await page.getByTestId('query-flag-dialog-close').click();
    await expect(page.getByTestId('request-wishlist-dialog')).toHaveCount(0);
  });

  test('UTM parameters and the pixel ratio are kept in cookies', async ({ page, context }) => {
    await page.goto('/?utm_source=x&utm_campaign=winter');
    await expect(page.getByTestId('landing-hero')).toBeVisible();
    const cookies = await context.cookies();
    const utm = cookies.find((cookie) => cookie.name === UTM_COOKIE_KEY);
    expect(utm).toBeDefined();
    expect(JSON.parse(decodeURIComponent(utm?.value ?? ''))).toEqual({ utm_source: 'x', utm_campaign: 'winter' });
    const days = ((utm?.expires ?? 0) * 1000 - Date.now()) / UTM_COOKIE_MAX_AGE_MS;
    expect(days).toBeGreaterThan(0.99);
    expect(days).toBeLessThan(1.01);
    const ratio = cookies.find((cookie) => cookie.name === 'pixelRatio');
    expect(ratio?.value).toBe('1');
    expect(((ratio?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(364);
  });

  test('visitors get the one-tap sign-in prompt when a provider exists, and can dismiss it', async ({ page }) => {
    // The e2e server has no social providers: answer auth.providers with one (tRPC may batch it).
    await page.route('**/trpc/**', async (route) => {
      const url = new URL(route.request().url());
      const procedures = url.pathname.replace(/^\/trpc\//, '').split(',');
      const index = procedures.indexOf('auth.providers');
      if (index === -1) return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as unknown;
      const providers = [{ id: 'e2e-idp', label: 'Test IdP' }];
      if (Array.isArray(body)) body[index] = { result: { data: providers } };
      await route.fulfill({ response, json: Array.isArray(body) ? body : { result: { data: providers } } });
    });
    await page.goto('/home/?from=e2e');
    const prompt = page.getByTestId('one-tap-prompt');
    await expect(prompt).toBeVisible();
    await expect(page.getByTestId('one-tap-e2e-idp')).toHaveText('Continue with Test IdP');
    await expect(page.getByTestId('one-tap-e2e-idp')).toHaveAttribute(
      'href',
      `/auth/v2/login/?idp=e2e-idp&returnurl=${encodeURIComponent('/home/?from=e2e')}`,
    );
    await page.screenshot({ path: 'test-results/runtime-one-tap.png' });

    // Not on generator or auth routes.
    await page.goto('/a/log-in/');
    await expect(page.getByTestId('log-in-form')).toBeVisible();
    await expect(prompt).toHaveCount(0);

    await page.goto('/');
    await expect(prompt).toBeVisible();
    await page.getByTestId('one-tap-dismiss').click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('landing-hero')).toBeVisible();
    await expect(prompt).toHaveCount(0);
  });

  test('members see no one-tap prompt and the shell keeps working after accepting terms', async ({ page, baseURL }) => {
    await signUpFreshMember(page, baseURL ?? '', 'one-tap-member');
    await page.goto('/home/');
    const shell = new Shell(page);
    await shell.acceptTermsIfShown();
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await expect(page.getByTestId('one-tap-prompt')).toHaveCount(0);
  });
});
