/**
 * The wish-list pages around a list, driven as Dana (the demo member, seeded data): her lists, a
 * new list and a wish by hand (/add-wish/?wishlistId=), her favourite guides and Sam's lists. axe
 * runs on each screen. The claim flow, imports, the shop, purchases, gifts received and other
 * people's private or empty lists are in wish-lists.spec.ts.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_LOGIN, seedId } from '../../../prisma/seed';
import { expectAccessible } from '../pages/a11y';
import { Shell } from '../pages/auth-pages';

const DANA_ID = seedId('user:demo');
const SAM_ID = seedId('user:sam');
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

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test.describe('wish-list pages', () => {
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
    await page.getByTestId('wish-list-submit').click();
    await expect(page.getByTestId('list-title')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    const title = `Garden party ${randomUUID().slice(0, 6)}`;
    await page.getByTestId('list-title').fill(title);
    await page.getByTestId('list-description').fill('For the summer garden party');
    // Dana takes part in gift exchanges: a list may be kept for one of them.
    await page.getByTestId('list-privacy-exchange').check();
    const exchange = page.getByTestId('list-exchange-input');
    await expect(exchange).toBeVisible();
    expect(await exchange.locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['Office Secret Santa', 'Lee family gift swap']),
    );
    await expectAccessible(page);
    await page.getByTestId('list-privacy-public').check();
    await expect(exchange).toHaveCount(0);
    await page.getByTestId('list-event-date-input').fill('2027-06-21');
    await page.getByTestId('wish-list-submit').click();
    await expect(page.getByText(`“${title}” is ready`)).toBeVisible();
    await expect(page).toHaveURL(LIST_URL);
    const wishlistId = /wish-lists\/([0-9a-f-]{36})\/$/.exec(page.url())?.[1] ?? '';

    // The new list shows among hers, with its facts.
    await page.goto('/wish-lists/');
    const card = page.locator(`[data-testid="wish-list-card"][data-wishlist-id="${wishlistId}"]`);
    await expect(card.getByTestId('wish-list-link')).toHaveText(title);
    await expect(card.getByTestId('list-privacy')).toContainText('Public');
    await expect(card.getByTestId('list-event-date')).toHaveText('· Event: Jun 21, 2027');
    await expect(card.getByTestId('list-wish-count')).toHaveText('0 wishes');

    // A wish by hand, on that list (?wishlistId= preselects it).
    await page.goto(`/add-wish/?wishlistId=${wishlistId}`);
    await expect(heading(page, 'Add a wish')).toBeVisible();
    await expect(page.getByTestId('wish-list-select')).toHaveValue(wishlistId);
    await expectAccessible(page);
    await page.getByTestId('add-wish-submit').click();
    await expect(page.getByTestId('wish-title-input')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('wish-title-input').fill('Hammock');
    await page.getByTestId('wish-price-input').fill('64.00');
    await page.getByTestId('wish-merchant-input').fill('Backyard Co');
    await page.getByTestId('add-wish-submit').click();
    await expect(page.getByText(`“Hammock” is on “${title}”`)).toBeVisible();
    await expect(page).toHaveURL(`/profile/${DANA_ID}/wish-lists/${wishlistId}/`);

    await page.goto('/wish-lists/');
    await expect(card.getByTestId('list-wish-count')).toHaveText('1 wish');
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
});
