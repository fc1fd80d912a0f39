/**
 * A member's home comes rendered by the server (issue 27, server/http/member-pages.ts): it paints
 * from its HTML with the member's own data before any script has run, React takes the same nodes
 * over without asking for that data again, and the page goes on as the app. A page with a query
 * renders in the browser as before (tests/e2e/ui/phone.spec.ts covers that path's requests).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_LOGIN, seedId } from '../../../prisma/seed';
import { countRemovals, removedCount } from '../pages/removed-nodes';

/** The first screen after a full load: a starved browser can take longer than the usual 10 s. */
const FIRST_LOAD = { timeout: 60_000 };
const HOME_DATA = ['exchanges.mine', 'messages.reminders', 'activity.feed', 'home.landing'];

/** Signs Dana in through the API (the refresh cookie lands in the context), terms accepted: her token. */
async function signInDana(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/auth/v2/log-in/', {
    data: { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password },
    headers: { 'content-type': 'application/json' },
  });
  expect(answer.status()).toBe(200);
  const { accessToken } = (await answer.json()) as { accessToken: string };
  const accepted = await request.post(`/v1/users/${seedId('user:demo')}/terms-of-service`, {
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    data: {},
  });
  expect(accepted.status()).toBe(204);
  return accessToken;
}

/**
 * The server loads its render module with the first member's page, which renders in the browser
 * meanwhile: asks for the page until it comes rendered, so the test's own load is.
 */
async function serverRenders(request: APIRequestContext): Promise<void> {
  await expect
    .poll(async () => (await (await request.get('/home/')).text()).includes('data-member-rendered="/home/"'), {
      timeout: 30_000,
    })
    .toBe(true);
}

async function openHome(page: Page): Promise<void> {
  await signInDana(page.request);
  await serverRenders(page.request);
  await page.goto('/home/');
}

test.describe("a member's home rendered by the server", () => {
  test('shows her exchanges and reminders with no script at all', async ({ page }) => {
    const token = await signInDana(page.request);
    await serverRenders(page.request);
    // Her exchanges as the API gives them to her (other tests of this lane change the demo data).
    const answer = await page.request.get(`/trpc/exchanges.mine?batch=1&input=${encodeURIComponent('{}')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const [{ result }] = (await answer.json()) as [{ result: { data: Array<{ title: string }> } }];
    const hers = result.data.map((exchange) => exchange.title);
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/home/');
    await expect(page.getByTestId('home-welcome').getByRole('heading', { level: 1 })).toHaveText(/Welcome to Gifting/);
    await expect(page.getByTestId('member-count')).toHaveText(/^\d[\d,]*$/);
    await expect(page.getByTestId('home-reminders')).toBeVisible();
    const shown = await page
      .getByTestId('home-exchange')
      .locator('a:not([data-testid="home-exchange-step"])')
      .allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const title of shown) expect(hers).toContain(title);
    // Laid out as the app lays it out: the quick links in a row, not stacked.
    const links = page.getByTestId('quick-link');
    expect((await links.nth(0).boundingBox())?.y).toBe((await links.nth(5).boundingBox())?.y);
  });

  test('is taken over by React without being drawn again or asking for its data, and goes on as the app', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('request', (request) => {
      const body = request.postData() ?? '';
      // The app logs a page it had to draw again (renderer/main.tsx, category "hydration").
      if (new URL(request.url()).pathname === '/v1/logs' && body.includes('hydration')) problems.push(body);
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/trpc/')) asked.push(...url.pathname.slice('/trpc/'.length).split(','));
    });
    await countRemovals(page, '[data-testid="home-reminders"]');
    await openHome(page);
    // Taken over: the shell's parts only the app renders are in (the bell), and her sections' parts
    // that come after the first paint (people she may know).
    await expect(page.getByTestId('home-people')).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('account-menu')).toContainText('Dana');
    await expect(page.locator('#root')).not.toHaveAttribute('data-member-rendered');
    expect(await removedCount(page)).toBe(0);
    expect(asked.filter((path) => HOME_DATA.includes(path))).toEqual([]);
    // An in-app navigation (no document load: the page keeps its state).
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByTestId('quick-link').filter({ hasText: 'Wish lists' }).click();
    await expect(page).toHaveURL(/\/wish-lists\/$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(problems).toEqual([]);
  });

  test('comes rendered for her only: signed out, the same browser gets the page of nobody', async ({ page }) => {
    await openHome(page);
    await expect(page.getByTestId('home-exchange').first()).toBeVisible(FIRST_LOAD);
    const signedOut = await page.request.post('/auth/v2/logout/', {
      data: {},
      headers: { origin: new URL(page.url()).origin },
    });
    expect(signedOut.ok()).toBe(true);
    const html = await (await page.request.get('/home/')).text();
    expect(html).not.toContain('data-member-rendered');
    expect(html).not.toContain('Book club holiday swap');
  });
});
