/**
 * The wish-list screens, driven as real members: a member makes a list, adds wishes by hand and
 * from a product page the e2e server serves (and sees the refusal of a forbidden address), orders
 * them; friends in their own browsers mark wishes as bought (a shared gift, a lost race for the
 * last one, an undo) while the owner's page shows nothing of it; the owner marks a gift received
 * and sees who gave it. Also: private and empty people's lists, asking for a list, adding from the
 * shop, editing, moving and deleting.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { CATALOGUE_KEYS } from '../../../prisma/seed-catalogue';
import { DEMO_LOGIN, seedId } from '../../../prisma/seed';
import { expectAccessible } from '../pages/a11y';
import { Shell } from '../pages/auth-pages';
import { signUpFreshMember } from '../pages/runtime-pages';

const SAM_ID = seedId('user:sam');
const KIM_ID = seedId('user:kim');
const ALEX_ID = seedId('user:alex');
const LIST_URL = /\/profile\/[0-9a-f-]{36}\/wish-lists\/[0-9a-f-]{36}\/$/;
/** A tiny PNG for external product pictures, so pages never wait on the network. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
  'base64',
);

async function stubExternalImages(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/[^/]*\.example\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
  );
}

async function freshMember(page: Page, baseURL: string | undefined, label: string) {
  await stubExternalImages(page.context());
  const member = await signUpFreshMember(page, baseURL ?? '', label);
  await page.goto('/home/');
  await new Shell(page).acceptTermsIfShown();
  return member;
}

/** Turns the signed-in member's profile public (settings › privacy), so other members see their lists. */
async function makeProfilePublic(page: Page): Promise<void> {
  await page.goto('/settings/privacy/');
  const privacy = page.getByRole('switch', { name: 'Private profile' });
  await expect(page.getByTestId('privacy-state')).toBeVisible();
  if (await privacy.isChecked()) {
    await privacy.click();
    // Shown at once; kept once the server has it (the next page load would cancel the save).
    await expect(page.getByTestId('save-status')).toHaveText('Saved');
  }
  await expect(page.getByTestId('privacy-state')).toHaveText(/Your profile is public/);
}

/** A second browser, signed in as a demo member (terms accepted), with external pictures stubbed. */
async function demoMemberBrowser(browser: Browser, baseURL: string, email: string, userId: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await stubExternalImages(context);
  const answer = await context.request.post('/auth/v2/log-in/', {
    data: { email, password: DEMO_LOGIN.password },
    headers: { 'content-type': 'application/json' },
  });
  expect(answer.status()).toBe(200);
  const token = ((await answer.json()) as { accessToken: string }).accessToken;
  const accepted = await context.request.post(`/v1/users/${userId}/terms-of-service`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: {},
  });
  expect(accepted.status()).toBe(204);
  return context.newPage();
}

/** The pages the e2e server serves for /wish-it/ to read, on the port after the app's. */
function fixturePage(baseURL: string | undefined, name: string): string {
  const port = Number(new URL(baseURL ?? 'http://127.0.0.1:3101').port) + 1;
  return `http://127.0.0.1:${port}/${name}`;
}

const ownerWish = (page: Page, title: string): Locator =>
  page.getByTestId('owner-wish').filter({ has: page.getByTestId('wish-title').getByText(title, { exact: true }) });
const guestWish = (page: Page, title: string): Locator =>
  page.getByTestId('guest-wish').filter({ has: page.getByTestId('wish-title').getByText(title, { exact: true }) });

async function addWishByHand(page: Page, values: { title: string; price?: string; quantity?: string; notes?: string }) {
  await page.getByTestId('wish-add').click();
  const dialog = page.getByRole('dialog', { name: 'Add a wish' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('wish-title-input').fill(values.title);
  if (values.price) await dialog.getByTestId('wish-price-input').fill(values.price);
  if (values.quantity) await dialog.getByTestId('wish-quantity-input').fill(values.quantity);
  if (values.notes) await dialog.getByTestId('wish-notes-input').fill(values.notes);
  await dialog.getByTestId('wish-submit').click();
  await expect(dialog).toBeHidden();
  await expect(ownerWish(page, values.title)).toBeVisible();
}

/** The owner's wishes show in this order (waited for: the list follows a move a render later than its announcement). */
async function expectOwnOrder(page: Page, titles: string[]): Promise<void> {
  await expect(page.getByTestId('owner-wish').getByTestId('wish-title')).toHaveText(titles);
}

/** The server's successful answer to a reorder. */
function reorderSaved(page: Page): Promise<unknown> {
  return page.waitForResponse((answer) => answer.url().includes('wishLists.reorder') && answer.ok());
}

test.describe('wish lists', () => {
  test('a list from start to gift: wishes by hand and from a page, friends buy, the owner sees only what arrived', async ({
    page,
    browser,
    baseURL,
  }) => {
    const owner = await freshMember(page, baseURL, 'wishes');
    await makeProfilePublic(page);

    // No list yet: the empty state leads to the form.
    await page.goto('/wish-lists/');
    await expect(page.getByRole('heading', { level: 1, name: 'My wish lists' })).toBeVisible();
    await expect(page.getByTestId('empty-state')).toContainText('You have no wish list yet');
    await expectAccessible(page);
    await page.getByTestId('own-lists-empty-create').click();
    await expect(page).toHaveURL('/wish-lists/create/');

    // The title is required; "exchange" waits for gift exchanges.
    await page.getByTestId('wish-list-submit').click();
    await expect(page.getByTestId('wish-list-form').getByText('Value is required')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Everyone who can see my profile' })).toBeChecked();
    await expect(page.getByRole('radio', { name: "Only an exchange's participants" })).toBeDisabled();
    await expectAccessible(page);
    await page.getByTestId('list-title').fill('Birthday 2027');
    await page.getByTestId('list-description').fill('Sizes: M tops.');
    await page.getByTestId('wish-list-submit').click();
    await expect(page).toHaveURL(LIST_URL);
    const listUrl = new URL(page.url()).pathname;
    expect(listUrl.startsWith(`/profile/${owner.userId}/wish-lists/`)).toBe(true);
    await expect(page.getByText('“Birthday 2027” is ready: add your first wish')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Birthday 2027' })).toBeVisible();
    await expect(page.getByTestId('empty-state')).toContainText('No wishes on this list yet');
    await expectAccessible(page);

    // Wishes by hand: the form checks its fields first.
    await page.getByTestId('wish-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add a wish' });
    await dialog.getByTestId('wish-submit').click();
    await expect(dialog.getByText('Value is required')).toBeVisible();
    await dialog.getByTestId('wish-price-input').fill('lots');
    await dialog.getByTestId('wish-submit').click();
    await expect(dialog.getByTestId('wish-price-input')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    await dialog.getByTestId('wish-cancel').click();
    await expect(dialog).toBeHidden();

    await addWishByHand(page, {
      title: 'Board game',
      price: '35',
      quantity: '2',
      notes: 'One for us, one for the cabin',
    });
    await addWishByHand(page, { title: 'Tea sampler', price: '18.50' });
    await expect(ownerWish(page, 'Board game').getByTestId('wish-price')).toHaveText('$35.00');
    await expect(ownerWish(page, 'Board game').getByTestId('wish-quantity')).toHaveText('Wants 2');
    await expectOwnOrder(page, ['Board game', 'Tea sampler']);

    // Reorder with the keyboard buttons: shown at once, saved, kept after a reload (which would
    // cancel a save still on its way, so it waits for the server's answer).
    await Promise.all([reorderSaved(page), page.getByRole('button', { name: 'Move up: Tea sampler' }).click()]);
    await expect(page.getByTestId('reorder-status')).toHaveText('“Tea sampler” moved to position 1 of 2.');
    await expectOwnOrder(page, ['Tea sampler', 'Board game']);
    await page.reload();
    await expectOwnOrder(page, ['Tea sampler', 'Board game']);
    // And by dragging.
    await Promise.all([reorderSaved(page), ownerWish(page, 'Board game').dragTo(ownerWish(page, 'Tea sampler'))]);
    await expectOwnOrder(page, ['Board game', 'Tea sampler']);
    await page.reload();
    await expectOwnOrder(page, ['Board game', 'Tea sampler']);
    await expectAccessible(page);

    // A forbidden address is refused in the server's words; a missing page is unreadable.
    await page.goto('/wish-it/');
    await expect(page.getByRole('heading', { level: 1, name: 'Wish it' })).toBeVisible();
    await page.getByTestId('wish-it-url').fill('http://169.254.169.254/latest/meta-data/');
    await page.getByTestId('wish-it-read').click();
    await expect(page.getByTestId('wish-it-failure')).toHaveText('That address cannot be imported');
    await page.getByTestId('wish-it-url').fill(fixturePage(baseURL, 'no-such-page.html'));
    await page.getByTestId('wish-it-read').click();
    await expect(page.getByTestId('wish-it-failure')).toHaveText(
      'That page could not be reached: the shop’s site answered with an error',
    );
    await expectAccessible(page);

    // A real product page (?url=, as the browser button sends it): read, checked, saved.
    await page.goto(`/wish-it/?url=${encodeURIComponent(fixturePage(baseURL, 'open-graph.html'))}`);
    await page.getByTestId('wish-it-read').click();
    await expect(page.getByTestId('wish-it-preview')).toBeVisible();
    const confirm = page.getByTestId('wish-it-confirm');
    await expect(confirm.getByTestId('wish-title-input')).toHaveValue('Trail Espresso Maker');
    await expect(confirm.getByTestId('wish-price-input')).toHaveValue('89.5');
    await expect(confirm.getByTestId('wish-currency-input')).toHaveValue('USD');
    await expect(confirm.getByTestId('wish-merchant-input')).toHaveValue('Trailhead Supply');
    await expect(confirm.getByTestId('wish-url-input')).toHaveValue(fixturePage(baseURL, 'open-graph.html'));
    await expect(confirm.getByTestId('wish-list-select')).toHaveValue(listUrl.split('/')[4] ?? '');
    await expectAccessible(page);
    await confirm.getByTestId('wish-title-input').fill('Camp espresso maker');
    await confirm.getByTestId('wish-it-save').click();
    await expect(page).toHaveURL(listUrl);
    await expect(ownerWish(page, 'Camp espresso maker')).toBeVisible();
    await expect(ownerWish(page, 'Camp espresso maker').getByTestId('wish-link')).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );

    // Sam, in his own browser, finds the list on the owner's profile and takes one of the two games.
    const sam = await demoMemberBrowser(browser, baseURL ?? '', 'sam@gifting.test', SAM_ID);
    await sam.goto(`/profile/${owner.userId}/`);
    await sam.getByTestId('profile-wish-lists').click();
    await expect(sam.getByRole('heading', { level: 1, name: "Terry Terms's wish lists" })).toBeVisible();
    await expectAccessible(sam);
    await sam.getByTestId('wish-list-link').filter({ hasText: 'Birthday 2027' }).click();
    await expect(sam).toHaveURL(listUrl);
    const samGame = guestWish(sam, 'Board game');
    await expect(samGame.getByTestId('wish-remaining')).toHaveText('2 of 2 still wanted');
    await expectAccessible(sam);
    await samGame.getByTestId('claim-start').click();
    await samGame.getByTestId('claim-quantity').fill('1');
    await samGame.getByTestId('claim-confirm').click();
    await expect(samGame.getByTestId('wish-my-claim')).toHaveText('You bought 1');
    await expect(samGame.getByTestId('wish-remaining')).toHaveText('1 of 2 still wanted');

    // Kim opens the list while one game is left…
    const kim = await demoMemberBrowser(browser, baseURL ?? '', 'kim@gifting.test', KIM_ID);
    await kim.goto(listUrl);
    const kimGame = guestWish(kim, 'Board game');
    await expect(kimGame.getByTestId('wish-remaining')).toHaveText('1 of 2 still wanted');
    // …Sam changes his share to both…
    await samGame.getByTestId('claim-change').click();
    await samGame.getByTestId('claim-quantity').fill('2');
    await samGame.getByTestId('claim-confirm').click();
    await expect(samGame.getByTestId('wish-my-claim')).toHaveText('You bought 2');
    await expect(samGame.getByTestId('wish-remaining')).toHaveText('0 of 2 still wanted');
    // …so Kim loses the race: the server's message, and the list reloads.
    await kimGame.getByTestId('claim-start').click();
    await kimGame.getByTestId('claim-quantity').fill('1');
    await kimGame.getByTestId('claim-confirm').click();
    await expect(kim.getByText('Someone else already bought the last one')).toBeVisible();
    await expect(kimGame.getByTestId('wish-remaining')).toHaveText('0 of 2 still wanted');
    await expect(kimGame.getByTestId('claim-start')).toHaveCount(0);
    await expectAccessible(kim);
    await kim.context().close();

    // Sam marks the espresso maker, then undoes it.
    const samEspresso = guestWish(sam, 'Camp espresso maker');
    await samEspresso.getByTestId('claim-start').click();
    await expect(samEspresso.getByTestId('wish-my-claim')).toHaveText('You bought 1');
    await samEspresso.getByTestId('claim-undo').click();
    await expect(samEspresso.getByTestId('wish-remaining')).toHaveText('1 of 1 still wanted');
    await expect(samEspresso.getByTestId('wish-my-claim')).toHaveCount(0);

    // Sam's purchases: the game, for the owner, not received yet.
    await sam.goto(`/profile/${SAM_ID}/purchases/`);
    const purchase = sam.getByTestId('purchase').filter({ hasText: 'Board game' });
    await expect(purchase.getByTestId('purchase-recipient')).toHaveText('For Terry Terms · 2 of them');
    await expect(purchase.getByTestId('purchase-received')).toHaveCount(0);
    await expect(purchase.getByTestId('purchase-undo')).toBeVisible();
    await expectAccessible(sam);

    // The owner's page shows nothing about any of it.
    await page.reload();
    const ownerView = page.getByTestId('owner-view');
    await expect(page.getByTestId('owner-wish')).toHaveCount(3);
    await expect(ownerView).not.toContainText(/bought|still wanted|giving/i);
    await expect(ownerView).not.toContainText(/\d+ of \d+/);
    await expect(page.getByTestId('wish-remaining')).toHaveCount(0);
    await expect(page.getByTestId('wish-my-claim')).toHaveCount(0);
    await expect(page.getByTestId('claim-start')).toHaveCount(0);

    // The game arrives: the owner marks it received, after being told it reveals the givers for good.
    await page.getByRole('switch', { name: 'Received: Board game' }).click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('they are told that you now know');
    await expectAccessible(page);
    await page.getByTestId('wish-received-confirm').click();
    await expect(ownerWish(page, 'Board game').getByTestId('wish-received-badge')).toHaveText('Received');
    await expectAccessible(page);
    await page.goto(`/profile/${owner.userId}/`);
    await page.getByTestId('profile-gifts-received').click();
    await expect(page).toHaveURL(`/profile/${owner.userId}/gift-recived/`);
    const gift = page.getByTestId('gift-received').filter({ hasText: 'Board game' });
    await expect(gift.getByTestId('gift-givers')).toHaveText('From Sam Rivera');
    await expect(page.getByTestId('gifts-thank-you')).toBeVisible();
    await expectAccessible(page);

    // Sam sees it arrived; his purchase can no longer be undone.
    await sam.goto(listUrl);
    await expect(guestWish(sam, 'Board game').getByTestId('wish-received-badge')).toHaveText('Received');
    await expect(guestWish(sam, 'Board game').getByTestId('claim-undo')).toHaveCount(0);
    await sam.goto(`/profile/${SAM_ID}/purchases/`);
    await expect(purchase.getByTestId('purchase-received')).toHaveText('Received');
    await expect(purchase.getByTestId('purchase-undo')).toHaveCount(0);
    await sam.context().close();

    // Un-marking it says the givers stay visible, and they do.
    await page.goto(listUrl);
    await page.getByRole('switch', { name: 'Received: Board game' }).click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('Who gave it stays visible under Gifts received');
    await page.getByTestId('wish-received-confirm').click();
    await expect(ownerWish(page, 'Board game').getByTestId('wish-received-badge')).toHaveCount(0);
    await page.goto(`/profile/${owner.userId}/gift-recived/`);
    await expect(gift.getByTestId('gift-givers')).toHaveText('From Sam Rivera');
    await expect(gift.getByTestId('gift-received-at')).toContainText('No longer marked received');
  });

  test('a parent switched into their child reads their own list as its owner: nothing about what others bought', async ({
    browser,
    baseURL,
  }) => {
    const page = await demoMemberBrowser(browser, baseURL ?? '', DEMO_LOGIN.email, seedId('user:demo'));
    const mia = seedId('user:child:mia');
    await page.goto('/family-manager/');
    await page.locator(`[data-testid="child-card"][data-user-id="${mia}"]`).getByTestId('child-switch').click();
    await expect(page).toHaveURL('/home/');
    await new Shell(page).acceptTermsIfShown();
    await expect(page.getByTestId('account-name')).toHaveText(/^Mia/);

    // Dana's birthday list, whose socks Sam and Alex bought: read from Mia's account, it is Dana's own view.
    await page.goto(`/profile/${seedId('user:demo')}/wish-lists/${seedId('wish-list:dana-birthday')}/`);
    await expect(page.getByTestId('own-side-view')).toBeVisible();
    await expect(page.getByTestId('own-side-notice')).toContainText('What others bought stays a surprise here too');
    await expect(page.getByTestId('own-side-wish')).not.toHaveCount(0);
    await expect(page.getByTestId('own-side-view')).not.toContainText(/bought by|still wanted|\d+ of \d+/i);
    await expect(page.getByTestId('claim-start')).toHaveCount(0);
    await expect(page.getByTestId('guest-wish')).toHaveCount(0);
    await expect(page.getByTestId('list-edit')).toHaveCount(0);
    await expectAccessible(page);
    await page.context().close();
  });

  test("someone else's lists: private, empty (ask for one), or not there", async ({ page, baseURL }) => {
    await freshMember(page, baseURL, 'visitor');

    // Kim's profile is private to strangers.
    await page.goto(`/profile/${KIM_ID}/wish-lists/`);
    await expect(page.getByRole('heading', { level: 1, name: "Kim Lee's wish lists" })).toBeVisible();
    await expect(page.getByTestId('empty-state')).toContainText("Kim Lee's lists are private");
    await expectAccessible(page);

    // Alex is public but has no list: ask him for one; asking twice in a week sends nothing more.
    await page.goto(`/profile/${ALEX_ID}/wish-lists/`);
    await expect(page.getByTestId('empty-state')).toContainText('Alex Nguyen has no wish list you can see');
    await expectAccessible(page);
    await page.getByTestId('profile-lists-ask').click();
    await expect(page.getByText('Asked Alex N. for a wish list')).toBeVisible();
    await expect(page.getByTestId('profile-lists-ask')).toHaveText('Asked');
    await page.reload();
    await page.getByTestId('profile-lists-ask').click();
    await expect(page.getByText('You asked Alex N. this week')).toBeVisible();

    // Nobody by that id.
    await page.goto(`/profile/${randomUUID()}/wish-lists/`);
    await expect(page.getByTestId('empty-state')).toContainText('We could not find this person');
    await expectAccessible(page);
    // A list that is not there (or hidden).
    await page.goto(`/profile/${SAM_ID}/wish-lists/${randomUUID()}/`);
    await expect(page.getByTestId('empty-state')).toContainText('This list is not here');
    await expectAccessible(page);
  });

  test('from the shop to a first list, then edit, move, watch the price and delete', async ({ page, baseURL }) => {
    const member = await freshMember(page, baseURL, 'shop-wish');

    // The shop's "Add to my list" with no list yet: the wish starts "My wish list".
    const scarf = CATALOGUE_KEYS.product('US', 'wool-scarf');
    await page.goto(`/add-wish/?productId=${scarf}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Add a wish' })).toBeVisible();
    await expect(page.getByTestId('add-wish-product')).toContainText('Wool Scarf');
    await expect(page.getByTestId('add-wish-new-list')).toBeVisible();
    await expect(page.getByTestId('wish-title-input')).toHaveValue('Wool Scarf');
    await expectAccessible(page);
    await page.getByTestId('add-wish-submit').click();
    await expect(page).toHaveURL(LIST_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'My wish list' })).toBeVisible();
    const firstList = new URL(page.url()).pathname;

    // A shop wish's price can be watched.
    await ownerWish(page, 'Wool Scarf').getByTestId('wish-watch-price').click();
    await expect(ownerWish(page, 'Wool Scarf').getByTestId('wish-watch-price')).toHaveText(/Watching the price/);

    // Edit the list: title and who sees it.
    await page.getByTestId('list-edit').click();
    await expect(page).toHaveURL(`${firstList}edit/`);
    await expect(page.getByTestId('list-title')).toHaveValue('My wish list');
    await expectAccessible(page);
    await page.getByTestId('list-title').fill('Winter wishes');
    await page.getByRole('radio', { name: 'My followers' }).check();
    await page.getByTestId('wish-list-submit').click();
    await expect(page).toHaveURL(firstList);
    await expect(page.getByRole('heading', { level: 1, name: 'Winter wishes' })).toBeVisible();
    await expect(page.getByTestId('list-privacy')).toContainText('Followers');

    // A second list, then the wish moves there from its (legacy) edit page.
    await page.goto('/wish-lists/');
    await page.getByTestId('own-lists-create').click();
    await page.getByTestId('list-title').fill('Holidays');
    await page.getByTestId('wish-list-submit').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Holidays' })).toBeVisible();
    const secondList = new URL(page.url()).pathname;
    const holidaysId = secondList.split('/')[4] ?? '';

    await page.goto(firstList);
    const wishId = (await ownerWish(page, 'Wool Scarf').getAttribute('data-wish-id')) ?? '';
    await page.goto(`/profile/legacy/${member.userId}/wishes/${wishId}/edit/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit “Wool Scarf”' })).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId('wish-title-input').fill('Green wool scarf');
    await page.getByTestId('wish-list-select').selectOption(holidaysId);
    await page.getByTestId('wish-submit').click();
    await expect(page).toHaveURL(secondList);
    await expect(ownerWish(page, 'Green wool scarf')).toBeVisible();

    // Both lists on /wish-lists/, the first one the default.
    await page.goto('/wish-lists/');
    const cards = page.getByTestId('wish-list-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Winter wishes' }).getByTestId('list-default')).toBeVisible();
    await expect(cards.filter({ hasText: 'Holidays' }).getByTestId('list-wish-count')).toHaveText('1 wish');
    await expectAccessible(page);

    // Delete the holidays list (asked first); back on /wish-lists/.
    await page.goto(`${secondList}edit/`);
    await page.getByTestId('list-delete').click();
    await expect(page.getByTestId('confirm-dialog')).toBeVisible();
    await page.getByTestId('list-delete-confirm').click();
    await expect(page).toHaveURL('/wish-lists/');
    await expect(page.getByText('“Holidays” is deleted')).toBeVisible();
    await expect(page.getByTestId('wish-list-card')).toHaveCount(1);

    // My own empty pages: purchases, gifts received, favourite guides.
    for (const [path, text] of [
      [`/profile/${member.userId}/purchases/`, 'Nothing bought yet'],
      [`/profile/${member.userId}/gift-recived/`, 'No gifts received yet'],
      [`/profile/${member.userId}/favorite-guides/`, 'No favourite guides yet'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId('empty-state')).toContainText(text);
      await expectAccessible(page);
    }
  });
});
