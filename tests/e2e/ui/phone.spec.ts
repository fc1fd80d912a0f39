/**
 * The app on a phone (390×844, the size a newcomer tried it at): the header fits the screen with the
 * account chip shrunk to its avatar, an organizer's twelve exchange pages are one "Exchange pages"
 * button opening a list of real links (not a wall of pills over the first screen), home's quick
 * links stay put while the member count arrives, and the footer flows at the end of the page
 * instead of a fixed bar taking space on every screen. A desktop window
 * keeps the row of tabs, the full chip and the fixed footer.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_LOGIN, seedId } from '../../../prisma/seed';
import { DEMO_EXCHANGES } from '../../../prisma/seed-exchanges';
import { expectAccessible } from '../pages/a11y';

const PHONE = { width: 390, height: 844 };
const EXCHANGE = `/gift-exchanges/${DEMO_EXCHANGES.open}/`;
/** The first screen after a full load: a starved browser can take longer than the usual 10 s. */
const FIRST_LOAD = { timeout: 60_000 };

/**
 * Signs Dana in through the API (the refresh cookie lands in the page's context) with the terms
 * accepted, then opens `path`: the log-in form has its own tests, these are about the layout.
 */
async function openAsDana(page: Page, path: string): Promise<void> {
  const answer = await page.request.post('/auth/v2/log-in/', {
    data: { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password },
    headers: { 'content-type': 'application/json' },
  });
  expect(answer.status()).toBe(200);
  const { accessToken } = (await answer.json()) as { accessToken: string };
  const accepted = await page.request.post(`/v1/users/${seedId('user:demo')}/terms-of-service`, {
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    data: {},
  });
  expect(accepted.status()).toBe(204);
  await page.goto(path);
}

/** The right edge of an element, in CSS pixels from the window's left. */
async function rightEdge(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId(testId).boundingBox();
  expect(box, `${testId} is laid out`).not.toBeNull();
  return box!.x + box!.width;
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the header fits: the account chip shrinks to its avatar and still names the account', async ({ page }) => {
    await openAsDana(page, '/home/');
    const chip = page.getByTestId('account-menu');
    await expect(chip).toHaveAccessibleName(/^Dana Demo, account menu$/, FIRST_LOAD);
    // The name is not drawn (it would push the chip past the edge); the button still says whose it is.
    await expect(page.getByTestId('account-name')).toBeHidden();
    await expect(chip).toHaveAccessibleName(/^Dana Demo, account menu$/);
    expect(await rightEdge(page, 'account-menu')).toBeLessThanOrEqual(PHONE.width);
    // Nothing in the header is cut off: its contents are no wider than the screen.
    const overflow = await page
      .getByTestId('app-header')
      .evaluate((header) =>
        [...header.querySelectorAll('*')].some((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5),
      );
    expect(overflow).toBe(false);
    await chip.click();
    await expect(page.getByTestId('logout-button')).toBeVisible();
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'home on a phone');
  });

  test('an organizer’s exchange pages are one menu of links, not a wall of tabs', async ({ page }) => {
    await openAsDana(page, EXCHANGE);
    const nav = page.getByRole('navigation', { name: 'Exchange pages' });
    const toggle = nav.getByTestId('tab-links-toggle');
    await expect(toggle).toHaveText('Exchange pages: Overview', FIRST_LOAD);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // No pills: the twelve links are behind the button, which takes one line.
    await expect(page.getByTestId('exchange-nav-settings')).toHaveCount(0);
    const toggleBox = await toggle.boundingBox();
    expect(toggleBox!.height).toBeLessThan(60);
    // The exchange's own content starts on the first screen.
    await expect(page.getByTestId('exchange-header')).toBeInViewport();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(12);
    await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page, 'the exchange pages menu on a phone');
    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await expect(links).toHaveCount(0);
    await expect(toggle).toBeFocused();

    // The entries are real links: choosing one goes there, and the button names the new page.
    await toggle.click();
    await expect(page.getByTestId('exchange-nav-settings')).toHaveAttribute('href', `${EXCHANGE}settings/`);
    await page.getByTestId('exchange-nav-settings').click();
    await expect(page).toHaveURL(`${EXCHANGE}settings/`);
    await expect(page.getByRole('navigation', { name: 'Exchange pages' }).getByTestId('tab-links-toggle')).toHaveText(
      'Exchange pages: Settings',
    );
    await expect(page.getByTestId('exchange-nav-overview')).toHaveCount(0);
  });

  test('home keeps its place while its data arrives: the quick links do not move', async ({ page }) => {
    // The page paints before the member count arrives (as on a phone's slow network): its answer is
    // held until the welcome shows.
    let release: () => void = () => undefined;
    const painted = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/trpc\/[^?]*home\.landing/, async (route) => {
      await painted;
      await route.continue();
    });
    // With a query the page renders in the browser (without one the server renders it with its
    // data: tests/e2e/ui/member-pages.spec.ts).
    await openAsDana(page, '/home/?from=newsletter');
    const quickLinks = page.getByTestId('home-quick-links');
    await expect(quickLinks).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('member-count')).toHaveCount(0);
    const before = await quickLinks.boundingBox();
    release();
    await expect(page.getByTestId('member-count')).toBeVisible(FIRST_LOAD);
    // The count used to be appended to the sentence above, and on a phone its new line pushed the
    // page down (Lighthouse's mobile run: a layout shift of 0.086 on /home/, where 0.1 is poor).
    expect((await quickLinks.boundingBox())?.y).toBe(before?.y);
  });

  test('a member’s home rendered in the browser asks for its data in one request as it starts, the guides once', async ({
    page,
  }) => {
    const calls: string[][] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/trpc/')) calls.push(url.pathname.slice('/trpc/'.length).split(','));
    });
    // Rendered in the browser (a query; the server's render asks for none of it in the browser).
    await openAsDana(page, '/home/?from=newsletter');
    await expect(page.getByTestId('home-exchange').first()).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('member-count')).toBeVisible();
    await expect(page.getByTestId('home-market')).toHaveText(/^US · USD$/);
    // The screen's prefetch (started when the first refresh named Dana, before anything rendered):
    // her sections and what decides her market, in the page's first request.
    expect(calls[0]).toEqual(
      expect.arrayContaining([
        'exchanges.mine',
        'activity.birthdays',
        'messages.reminders',
        'activity.feed',
        'people.followSuggestions',
        'shop.markets',
        'people.marketPreferences',
      ]),
    );
    // Then the gift guides for that market, once: they used to be asked for the server's default
    // market first, and again once her market was known.
    expect(calls.flat().filter((path) => path === 'home.landing')).toHaveLength(1);
  });

  test('a member’s page exchanges her cookie for a sign-in as its HTML arrives, before its scripts, once', async ({
    page,
  }) => {
    const refreshes: string[] = [];
    const refused: string[] = [];
    let refreshed: () => void = () => undefined;
    const refreshSeen = new Promise<void>((resolve) => (refreshed = resolve));
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== '/auth/v2/refresh-token/') return;
      refreshes.push(request.url());
      refreshed();
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    // The app's scripts are held until the refresh has left: had the app started it (after its
    // scripts ran, as it used to), the page would never show.
    await page.route(/\/assets\/[^?]+\.js$/, async (route) => {
      await refreshSeen;
      await route.continue();
    });
    await openAsDana(page, '/home/');
    await expect(page.getByTestId('home-exchange').first()).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('account-menu')).toContainText('Dana');
    // The app took the page's answer instead of asking again, and the policy let the script run.
    expect(refreshes).toHaveLength(1);
    expect(refused).toEqual([]);
  });

  test('a member’s landing page asks for the gift guides once, for her market', async ({ page }) => {
    const landings: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/trpc\/[^?]*home\.landing/.test(url.pathname)) landings.push(url.search);
    });
    // The refresh that names her is held until the landing page shows (a slow network): meanwhile
    // the page must neither show the visitor's landing nor ask for its gift guides.
    let release: () => void = () => undefined;
    const shown = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/auth/v2/refresh-token/', async (route) => {
      await shown;
      await route.continue();
    });
    await openAsDana(page, '/');
    await expect(page.getByTestId('landing-hero')).toBeVisible(FIRST_LOAD);
    release();
    await expect(page.getByTestId('market-currency')).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('gift-guide-card').first()).toBeVisible();
    expect(landings).toHaveLength(1);
    expect(decodeURIComponent(landings[0] ?? '')).toContain('"market":"US"');
  });

  test('no fixed footer: it flows at the end of the page', async ({ page }) => {
    await openAsDana(page, EXCHANGE);
    await expect(page.getByTestId('exchange-header')).toBeVisible(FIRST_LOAD);
    // The page's sections loaded: what still loads shows aria-busy, and would push the footer down
    // after it was scrolled into view (seen once in a full run: the footer stayed below the fold).
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, FIRST_LOAD);
    const footer = page.getByTestId('app-footer');
    expect(await footer.evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
    // It comes after the page's content, not over it.
    const main = await page.getByTestId('app-main').boundingBox();
    const foot = await footer.boundingBox();
    expect(foot!.y).toBeGreaterThanOrEqual(main!.y + main!.height - 0.5);
    // Scrolled to the end, it is there with its links.
    await page.getByTestId('footer-terms').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('footer-terms')).toBeInViewport();
  });
});

test.describe('in a desktop window', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the tabs stay a row of links, the chip shows the name and the footer is fixed', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openAsDana(page, EXCHANGE);
    await expect(page.getByTestId('account-name')).toHaveText('Dana Demo', FIRST_LOAD);
    await expect(page.getByTestId('exchange-nav-settings')).toBeVisible();
    await expect(page.getByTestId('tab-links-toggle')).toHaveCount(0);
    // The phone's list of tab links is code of its own, which a desktop window never loads.
    expect(scripts.some((script) => /\/tab-links-list-[\w-]+\.js$/.test(script))).toBe(false);
    expect(await page.getByTestId('app-footer').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  });
});
