/**
 * The wish-list pages around a list, driven as Dana (the demo member): her lists, a new list and a
 * wish by hand, a wish from the shop (/add-wish/?productId=), a wish imported from a product page
 * the e2e server serves (and a refused address), what she bought for Sam, the gift Kim gave her,
 * her favourite guides and Sam's lists. axe runs on each screen.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_LOGIN, seedId } from '../../../prisma/seed';
import { expectAccessible } from '../pages/a11y';
import { Shell } from '../pages/auth-pages';

const DANA_ID = seedId('user:demo');
const SAM_ID = seedId('user:sam');
const ALEX_ID = seedId('user:alex');
const JO_ID = seedId('user:jo');
const LIST_URL = /\/profile\/[0-9a-f-]{36}\/wish-lists\/[0-9a-f-]{36}\/$/;
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
  'base64',
);

/** Signs Dana in through the API (the refresh cookie lands in the page's context), terms accepted. */
async function logInAsDana(page: Page, baseURL: string | undefined): Promise<void> {
  // External pictures (seeded wishes, imported pages) never wait on the network.
  await page
    .context()
    .route(/^https:\/\/[^/]*\.example\//, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
    );
  const answer = await page.request.post('/auth/v2/log-in/', {
    data: { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password },
    headers: { 'content-type': 'application/json', origin: baseURL ?? '' },
  });
  expect(answer.status()).toBe(200);
  await page.goto('/home/');
  await new Shell(page).acceptTermsIfShown();
}

/** The page the e2e server serves for /wish-it/ to read, on the port after the app's. */
function fixturePage(baseURL: string | undefined, name: string): string {
  const port = Number(new URL(baseURL ?? 'http://127.0.0.1:3101').port) + 1;
  return `http://127.0.0.1:${port}/${name}`;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test.describe('wish-list pages', () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page, baseURL }) => {
    await logInAsDana(page, baseURL);
  });

  test('Dana makes a list and adds a wish by hand', async ({ page }) => {
    await page.goto('/wish-lists/');
    await expect(heading(page, 'My wish lists')).toBeVisible();
    await expect(page.getByTestId('wish-list-card').first()).toBeVisible();
    await expectAccessible(page);

    await page.getByTestId('own-lists-create').click();
    await expect(heading(page, 'New wish list')).toBeVisible();
    await expectAccessible(page);
    // The title is required: the message shows beside it and nothing is sent.
    await page.getByTestId('create-list-submit').click();
    await expect(page.getByTestId('list-title')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    const title = `Garden party ${randomUUID().slice(0, 6)}`;
    await page.getByTestId('list-title').fill(title);
    await page.getByTestId('list-description').fill('For the summer garden party');
    await page.getByTestId('list-privacy').selectOption('public');
    await expect(page.getByTestId('list-privacy').locator('option[value="exchange"]')).toHaveCount(0);
    await page.getByTestId('list-event-date').fill('2027-06-21');
    await page.getByTestId('create-list-submit').click();
    await expect(page.getByText(`“${title}” is ready`)).toBeVisible();
    await expect(page).toHaveURL(LIST_URL);
    const wishlistId = /wish-lists\/([0-9a-f-]{36})\/$/.exec(page.url())?.[1] ?? '';

    // The new list shows among hers, with its facts.
    await page.goto('/wish-lists/');
    const card = page.locator(`[data-testid="wish-list-card"][data-wishlist-id="${wishlistId}"]`);
    await expect(card.getByTestId('wish-list-link')).toHaveText(title);
    await expect(card.getByTestId('wish-list-privacy')).toContainText('Everyone who can see my profile');
    await expect(card.getByTestId('wish-list-event-date')).toHaveText('Event: Jun 21, 2027');
    await expect(card.getByTestId('wish-list-count')).toHaveText('0 wishes');

    // A wish by hand, on that list (?wishlistId= preselects it).
    await page.goto(`/add-wish/?wishlistId=${wishlistId}`);
    await expect(heading(page, 'Add a wish')).toBeVisible();
    await expect(page.getByTestId('wish-list-select')).toHaveValue(wishlistId);
    await expectAccessible(page);
    await page.getByTestId('add-wish-submit').click();
    await expect(page.getByTestId('wish-title')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('wish-title').fill('Hammock');
    await page.getByTestId('wish-price').fill('64.00');
    await page.getByTestId('wish-merchant').fill('Backyard Co');
    await page.getByTestId('add-wish-submit').click();
    await expect(page.getByText(`“Hammock” is on “${title}”`)).toBeVisible();
    await expect(page).toHaveURL(`/profile/${DANA_ID}/wish-lists/${wishlistId}/`);

    await page.goto('/wish-lists/');
    await expect(card.getByTestId('wish-list-count')).toHaveText('1 wish');
  });

  test('Dana adds a wish from the shop', async ({ page }) => {
    const answer = await page.request.get(
      `/trpc/shop.search?input=${encodeURIComponent(JSON.stringify({ q: 'wool scarf', market: 'US' }))}`,
    );
    expect(answer.status()).toBe(200);
    const found = (await answer.json()) as {
      result: { data: { items: { productId: string; title: string; merchant: { name: string } }[] } };
    };
    const product = found.result.data.items[0];
    expect(product).toBeDefined();
    if (!product) return;

    await page.goto(`/add-wish/?productId=${product.productId}`);
    await expect(heading(page, 'Add a wish')).toBeVisible();
    await expect(page.getByTestId('add-wish-product')).toContainText(product.title);
    await expect(page.getByTestId('wish-title')).toHaveValue(product.title);
    await expect(page.getByTestId('wish-merchant')).toHaveValue(product.merchant.name);
    await expect(page.getByTestId('wish-url')).not.toHaveValue('');
    await expectAccessible(page);
    await page.getByTestId('add-wish-submit').click();
    await expect(page.getByText(`“${product.title}” is on`)).toBeVisible();
    await expect(page).toHaveURL(LIST_URL);
  });

  test('Dana imports a wish from a product page, after a refused address', async ({ page, baseURL }) => {
    await page.goto('/wish-it/');
    await expect(heading(page, 'Wish it from a web page')).toBeVisible();
    await expectAccessible(page);

    // An address that is not a web page is refused in the server's words.
    await page.getByTestId('wish-it-url').fill('ftp://127.0.0.1/file');
    await page.getByTestId('wish-it-read').click();
    await expect(page.getByTestId('wish-it-failure')).toBeVisible();
    await expectAccessible(page);

    // ?url= fills the address in.
    await page.goto(`/wish-it/?url=${encodeURIComponent(fixturePage(baseURL, 'open-graph.html'))}`);
    await expect(page.getByTestId('wish-it-url')).toHaveValue(fixturePage(baseURL, 'open-graph.html'));
    await page.getByTestId('wish-it-read').click();
    await expect(page.getByTestId('wish-it-title')).toHaveText('Trail Espresso Maker');
    await expect(page.getByTestId('wish-it-price')).toHaveText('$89.50');
    await expect(page.getByTestId('wish-it-merchant')).toHaveText('Shop: Trailhead Supply');
    await expect(page.getByTestId('wish-title')).toHaveValue('Trail Espresso Maker');
    await expect(page.getByTestId('wish-price')).toHaveValue('89.5');
    await expectAccessible(page);

    // Start over, then a JSON-LD page, saved.
    await page.getByTestId('wish-it-restart').click();
    await page.getByTestId('wish-it-url').fill(fixturePage(baseURL, 'json-ld.html'));
    await page.getByTestId('wish-it-read').click();
    await expect(page.getByTestId('wish-it-title')).toHaveText('Cashmere Wool Scarf');
    await page.getByTestId('wish-notes').fill('Grey, please');
    await page.getByTestId('wish-it-save').click();
    await expect(page.getByText('“Cashmere Wool Scarf” is on')).toBeVisible();
    await expect(page).toHaveURL(LIST_URL);
  });

  test('Dana sees what she bought for Sam, and the gift Kim gave her', async ({ page }) => {
    await page.goto(`/profile/${DANA_ID}/`);
    await page.getByTestId('profile-purchases').click();
    await expect(heading(page, 'My purchases')).toBeVisible();
    const earbuds = page.getByTestId('purchase').filter({ hasText: 'Wireless Earbuds' });
    await expect(earbuds.getByTestId('purchase-recipient')).toContainText('For Sam Rivera');
    await expect(earbuds.getByRole('link', { name: 'Sam Rivera' })).toHaveAttribute('href', `/profile/${SAM_ID}/`);
    await expect(earbuds.getByTestId('purchase-undo')).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/profile/${DANA_ID}/`);
    await page.getByTestId('profile-gifts-received').click();
    await expect(page).toHaveURL(`/profile/${DANA_ID}/gift-recived/`);
    await expect(heading(page, 'Gifts I received')).toBeVisible();
    const scarf = page.getByTestId('gift-received').filter({ hasText: 'Wool Scarf' });
    await expect(scarf.getByTestId('gift-givers')).toHaveText('From Kim Lee');
    await expect(page.getByTestId('gifts-thank-you')).toBeVisible();
    await expectAccessible(page);
  });

  test("Dana's favourite guides and Sam's lists", async ({ page }) => {
    await page.goto(`/profile/${DANA_ID}/favorite-guides/`);
    await expect(heading(page, 'My favourite gift guides')).toBeVisible();
    await expect(page.getByTestId('favorite-guides').getByRole('link').first()).toHaveAttribute(
      'href',
      /^\/shop\/gift-guides\/[^/]+\/$/,
    );
    await expectAccessible(page);

    await page.goto(`/profile/${SAM_ID}/wish-lists/`);
    await expect(heading(page, "Sam Rivera's wish lists")).toBeVisible();
    await expect(page.getByTestId('wish-list-card').first()).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/profile/${DANA_ID}/wish-lists/`);
    await expect(heading(page, 'My wish lists')).toBeVisible();
    await expect(page.getByTestId('profile-lists-create')).toBeVisible();
    await expectAccessible(page);
  });

  test("a private person's lists, and asking someone with none for a list", async ({ page }) => {
    // Jo does not follow Dana: her lists are private.
    await page.goto(`/profile/${JO_ID}/wish-lists/`);
    await expect(heading(page, "Jo Park's wish lists")).toBeVisible();
    await expect(page.getByRole('heading', { name: "Jo Park's lists are private" })).toBeVisible();
    await expectAccessible(page);

    // Alex's profile is public but he has no list: Dana asks for one, once a week.
    await page.goto(`/profile/${ALEX_ID}/wish-lists/`);
    await expect(heading(page, "Alex Nguyen's wish lists")).toBeVisible();
    await expect(page.getByTestId('profile-lists-create')).toHaveCount(0);
    const ask = page.getByTestId('profile-lists-ask');
    await expectAccessible(page);
    await ask.click();
    await expect(page.getByText(/^(Asked Alex N\. for a wish list|You asked Alex N\. this week)$/)).toBeVisible();
    await expect(ask).toHaveText('Asked');
    await page.reload();
    await ask.click();
    await expect(page.getByText('You asked Alex N. this week')).toBeVisible();
  });
});
