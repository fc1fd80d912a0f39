/**
 * What a newcomer tripped over (issue 26), driven as people would: members are signed up through
 * the API (each browser context signed in as its own member), then the screens are used by hand.
 */
import { randomUUID } from 'node:crypto';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { expectAccessible } from '../pages/a11y';
import { AuthScreen, CodeConfirmScreen, Shell } from '../pages/auth-pages';
import { expectStep, typePeople } from '../pages/exchange-pages';
import { confirmationCode } from '../pages/mailbox';

interface TMember {
  name: string;
  userId: string;
  token: string;
  email: string;
}

const PASSWORD = 'long-enough-password';

function authHeaders(token: string) {
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

async function trpc<T>(
  request: APIRequestContext,
  path: string,
  input: unknown,
  token: string,
  mutation = true,
): Promise<T> {
  const answer = mutation
    ? await request.post(`/trpc/${path}`, { headers: authHeaders(token), data: input })
    : await request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
        headers: authHeaders(token),
      });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  return ((await answer.json()) as { result: { data: T } }).result.data;
}

/** Signs a fresh member up; with a page's request, that browser context is signed in as them. */
async function signUp(request: APIRequestContext, baseURL: string, name: string, acceptTerms = true): Promise<TMember> {
  const email = `e2e-newcomer-${randomUUID().slice(0, 8)}@gifting.test`;
  const answer = await request.post('/auth/v2/sign-up/', {
    data: { name, email, password: PASSWORD },
    headers: { 'content-type': 'application/json', origin: baseURL },
  });
  expect(answer.status()).toBe(201);
  const body = (await answer.json()) as { userId: string; accessToken: string };
  // Accepted as the sign-up form does, so no terms dialog stands between the test and its screens.
  if (!acceptTerms) return { name, email, userId: body.userId, token: body.accessToken };
  const accepted = await request.post(`/v1/users/${body.userId}/terms-of-service`, {
    headers: authHeaders(body.accessToken),
    data: {},
  });
  expect(accepted.status()).toBe(204);
  return { name, email, userId: body.userId, token: body.accessToken };
}

/** A page in a browser context of its own, signed in as a fresh member. */
async function memberPage(browser: Browser, baseURL: string, name: string): Promise<{ page: Page; member: TMember }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const member = await signUp(page.request, baseURL, name);
  return { page, member };
}

/** Opens a screen and waits until the shell knows who is signed in (two browsers share 2 CPUs). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await shellReady(page);
}

/** Waits until the shell knows where the member stands on the terms, and accepts them if asked. */
async function shellReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-terms', /^(none|accepted|required|unknown)$/, {
    timeout: 60_000,
  });
  await new Shell(page).acceptTermsIfShown();
}

function nextYear(monthDay: string): string {
  return `${new Date().getUTCFullYear() + 1}-${monthDay}`;
}

/** An exchange made by `organizer` through the API; `others` join with its link and accept. */
async function exchangeWith(
  request: APIRequestContext,
  organizer: TMember,
  others: TMember[],
  extra: Record<string, unknown> = {},
): Promise<string> {
  const created = await trpc<{ exchangeId: string; signUpUrl: string }>(
    request,
    'exchanges.create',
    {
      title: `Newcomer Santa ${randomUUID().slice(0, 4)}`,
      exchangeDate: nextYear('12-18'),
      budget: { currency: 'USD', amount: 25 },
      themeId: 'office',
      sendInvitations: false,
      ...extra,
    },
    organizer.token,
  );
  const code = new URL(created.signUpUrl).searchParams.get('code') ?? '';
  for (const member of others) {
    await trpc(request, 'exchanges.joinByLink', { exchangeId: created.exchangeId, code }, member.token);
    await trpc(request, 'exchanges.rsvp', { exchangeId: created.exchangeId, response: 'accept' }, member.token);
  }
  return created.exchangeId;
}

test.describe('a newcomer', () => {
  test('Secret Santa messages arrive live on the exchange page and on /messages/, both ways', async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const { page: organizerPage, member: organizer } = await memberPage(browser, base, 'Olga Organizer');
    const api = await playwrightRequest.newContext({ baseURL: base });
    const ann = await signUp(api, base, 'Ann Able');
    const bob = await signUp(api, base, 'Bob Baker');
    const exchangeId = await exchangeWith(api, organizer, [ann, bob]);
    await trpc(api, 'exchanges.draw', { exchangeId }, organizer.token);
    const mine = await trpc<{ recipient: { userId: string } }>(
      api,
      'exchanges.myAssignment',
      { exchangeId },
      organizer.token,
      false,
    );
    // The organizer's recipient, in a browser of their own, signed in by a password log-in.
    const recipient = [ann, bob].find((member) => member.userId === mine.recipient.userId)!;
    const recipientContext = await browser.newContext({ baseURL: base });
    const recipientPage = await recipientContext.newPage();
    const login = await recipientPage.request.post('/auth/v2/log-in/', {
      data: { email: recipient.email, password: PASSWORD },
      headers: { 'content-type': 'application/json', origin: base },
    });
    expect(login.status()).toBe(200);

    await open(organizerPage, `/gift-exchanges/${exchangeId}/`);
    await open(recipientPage, `/gift-exchanges/${exchangeId}/`);
    const fromSanta = recipientPage.getByTestId('conversation-santa');
    await expect(fromSanta.getByTestId('conversation-empty')).toBeVisible();

    // The giver writes; the recipient's page shows it without a reload, from "Your Secret Santa".
    await organizerPage.getByTestId('conversation-recipient-input').fill('Do you like tea or coffee?');
    await organizerPage.getByTestId('conversation-recipient-send').click();
    const arrived = fromSanta.getByTestId('conversation-message').filter({ hasText: 'Do you like tea or coffee?' });
    await expect(arrived).toBeVisible();
    await expect(arrived.getByTestId('conversation-author')).toHaveText('Your Secret Santa');
    await expect(recipientPage.getByRole('main')).not.toContainText('Olga Organizer');

    // The recipient replies; the giver's page shows it live too.
    await fromSanta.getByTestId('conversation-santa-input').fill('Tea, please!');
    await fromSanta.getByTestId('conversation-santa-send').click();
    await expect(
      organizerPage.getByTestId('conversation-recipient').getByTestId('conversation-message').filter({
        hasText: 'Tea, please!',
      }),
    ).toBeVisible();

    // On /messages/ the Secret Santa list moves live as well.
    await open(recipientPage, '/messages/');
    const santaRow = recipientPage.getByTestId('conversation-list').getByRole('link', { name: /Your Secret Santa/ });
    await expect(santaRow).toContainText('Tea, please!');
    await organizerPage.getByTestId('conversation-recipient-input').fill('Noted: green or black?');
    await organizerPage.getByTestId('conversation-recipient-send').click();
    await expect(santaRow).toContainText('Noted: green or black?');
    await expect(santaRow).toContainText('1 new');
    await api.dispose();
    await recipientContext.close();
    await organizerPage.context().close();
  });

  test('"Draw names" asks first: who is in, who is left out, the e-mail, and that sign-up is still open', async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const organizer = await signUp(page.request, base, 'Olga Organizer');
    const api = await playwrightRequest.newContext({ baseURL: base });
    const ann = await signUp(api, base, 'Ann Able');
    const bob = await signUp(api, base, 'Bob Baker');
    const cid = await signUp(api, base, 'Cid Cole');
    const exchangeId = await exchangeWith(api, organizer, [ann, bob], { signUpDate: nextYear('12-01') });
    // Cid joined with the link but has not answered yet.
    const detail = await trpc<{ signUpUrl: string }>(api, 'exchanges.get', { exchangeId }, organizer.token, false);
    const code = new URL(detail.signUpUrl).searchParams.get('code') ?? '';
    await trpc(api, 'exchanges.joinByLink', { exchangeId, code }, cid.token);
    await api.dispose();

    // The overview paints once what loads above "Draw names" has answered ("Still missing", held
    // back here): painted before it, the button moved down under a click already on its way.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/trpc/*exchanges.participants*',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await page.goto(`/gift-exchanges/${exchangeId}/`);
    await expect(page.getByTestId('exchange-header')).toBeVisible();
    await expect(page.getByTestId('list-skeleton').first()).toBeVisible();
    await expect(page.getByTestId('exchange-draw')).toHaveCount(0);
    await expect(page.getByTestId('exchange-whos-in')).toHaveCount(0);
    release();
    await shellReady(page);
    await expect(page.getByTestId('exchange-missing')).toContainText('Not answered yet: Cid Cole.');
    await page.getByRole('button', { name: 'Draw names' }).click();
    const dialog = page.getByRole('dialog', { name: 'Draw the names now?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('draw-confirm-early')).toContainText('Sign-up is still open');
    await expect(dialog.getByTestId('draw-confirm-in')).toContainText('3 people');
    for (const name of ['Olga Organizer', 'Ann Able', 'Bob Baker'])
      await expect(dialog.getByTestId('draw-confirm-in')).toContainText(name);
    await expect(dialog.getByTestId('draw-confirm-left-out')).toHaveText('Not answered yet, so left out: Cid Cole.');
    await expect(dialog.getByTestId('draw-confirm-mail')).toContainText('gets an e-mail');

    // Cancel: nothing was drawn.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('exchange-header')).toContainText('Open for sign-up');
    await expect(page.getByTestId('assignment-title')).toHaveCount(0);

    // Confirmed: drawn.
    await page.getByRole('button', { name: 'Draw names' }).click();
    await page.getByRole('button', { name: 'Draw names and e-mail everyone' }).click();
    await expect(page.getByTestId('assignment-title')).toHaveText(/^You’re the Secret Santa for (Ann Able|Bob Baker)$/);
  });

  test("a friend's profile shows the wish lists I may see, with real links; a private one says why", async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const ann = await signUp(page.request, base, 'Ann Able');
    const api = await playwrightRequest.newContext({ baseURL: base });
    const sam = await signUp(api, base, 'Sam Rivera');
    const title = `Sam’s birthday ${randomUUID().slice(0, 4)}`;
    await trpc(api, 'wishLists.create', { title, privacy: 'public' }, sam.token);
    // Sam's profile is private (the default): he follows Ann back, so she may see it.
    await trpc(api, 'people.follow', { userId: ann.userId }, sam.token);
    const cid = await signUp(api, base, 'Cid Cole');
    await api.dispose();

    await open(page, `/profile/${sam.userId}/`);
    const section = page.getByRole('region', { name: "Sam Rivera's wish lists" });
    await expect(section).toBeVisible();
    await expect(section.getByText(title)).toBeVisible();
    // The other pages of the profile are links with addresses of their own, none shown as selected.
    const nav = page.getByRole('navigation', { name: "Sam Rivera's gifts" });
    const all = nav.getByRole('link', { name: 'All wish lists' });
    await expect(all).toHaveAttribute('href', `/profile/${sam.userId}/wish-lists/`);
    await expect(nav.getByRole('link', { name: 'Favourite guides' })).toHaveAttribute(
      'href',
      `/profile/${sam.userId}/favorite-guides/`,
    );
    await all.click();
    await expect(page).toHaveURL(new RegExp(`/profile/${sam.userId}/wish-lists/$`));
    await expect(page.getByText(title)).toBeVisible();

    // Someone Sam does not follow reads why they see no lists.
    const other = await page.context().browser()!.newContext({ baseURL: base });
    const cidPage = await other.newPage();
    const login = await cidPage.request.post('/auth/v2/log-in/', {
      data: { email: cid.email, password: PASSWORD },
      headers: { 'content-type': 'application/json', origin: base },
    });
    expect(login.status()).toBe(200);
    await open(cidPage, `/profile/${sam.userId}/`);
    await expect(cidPage.getByTestId('profile-private')).toContainText('Only the people Sam Rivera follows can see');
    await expect(cidPage.getByText(title)).toHaveCount(0);
    await other.close();
  });

  test('a wrong confirmation code says so, how many tries are left, and offers a new code', async ({
    page,
    baseURL,
  }) => {
    const member = await signUp(page.request, baseURL ?? '', 'Nia Newcomer');
    const real = await confirmationCode(member.email);
    const wrong = real === '123456' ? '654321' : '123456';
    await page.goto('/a/code-confirm/');
    const screen = new CodeConfirmScreen(page);
    await screen.enter(wrong);
    const error = page.getByTestId('code-error');
    await expect(error).toContainText('That code is not right: 4 tries left');
    // The typed code stays to be checked, and is not sent again unchanged.
    await expect(page.getByTestId('code-input').locator('input').last()).toHaveValue(wrong.slice(-1));
    await page.getByTestId('code-submit').click();
    await expect(error).toContainText('4 tries left');

    // "Send me a new code": a new mail, and that code confirms.
    const before = Date.now();
    await error.getByRole('button', { name: 'Send me a new code' }).click();
    await expect(page.getByTestId('code-resent')).toBeVisible();
    await expect(page.getByTestId('code-error')).toHaveCount(0);
    const fresh = await confirmationCode(member.email, before);
    await screen.enter(fresh);
    await expect(page).not.toHaveURL(/\/a\/code-confirm\//);
  });

  test('a page that cannot be read says why and can be added by hand, keeping the link', async ({ page, baseURL }) => {
    const member = await signUp(page.request, baseURL ?? '', 'Wanda Wisher');
    const list = await trpc<{ wishlistId: string }>(
      page.request,
      'wishLists.create',
      { title: 'Things I like', privacy: 'public' },
      member.token,
    );
    // The e2e server serves product pages on the port after the app's; this one does not exist.
    const port = Number(new URL(baseURL ?? '').port) + 1;
    const missing = `http://127.0.0.1:${port}/no-such-product-${randomUUID().slice(0, 6)}.html`;
    await open(page, '/wish-it/');
    await page.getByLabel('Product page address').fill(missing);
    await page.getByRole('button', { name: 'Read page' }).click();
    await expect(page.getByTestId('wish-it-failure')).toHaveText(
      'That page could not be reached: the shop’s site answered with an error',
    );
    await page.getByRole('button', { name: 'Add it by hand' }).click();
    await expect(page.getByTestId('wish-it-manual')).toContainText(missing);
    const form = page.getByTestId('wish-it-confirm');
    await expect(form.getByTestId('wish-url-input')).toHaveValue(missing);
    await form.getByTestId('wish-title-input').fill('Blue enamel teapot');
    await form.getByTestId('wish-it-save').click();
    await expect(page).toHaveURL(new RegExp(`/wish-lists/${list.wishlistId}/$`));
    const wish = page.getByTestId('owner-wish').filter({ hasText: 'Blue enamel teapot' });
    await expect(wish.getByTestId('wish-link')).toHaveAttribute('href', missing);
  });

  test('the terms are accepted with sign-up and with the first RSVP, linked to a real page, never in the way', async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    // Sign-up says that creating the account accepts the terms, and links them.
    const auth = new AuthScreen(page);
    await auth.gotoSignUp();
    const note = page.getByTestId('sign-up-terms');
    await expect(note).toContainText('By creating an account you accept our terms of service');
    await expect(note.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/terms/');
    const email = `e2e-newcomer-${randomUUID().slice(0, 8)}@gifting.test`;
    const startedAt = Date.now() - 1000;
    await auth.signUp({ name: 'Tess Terms', email, password: PASSWORD });
    await new CodeConfirmScreen(page).enter(await confirmationCode(email, startedAt));
    await page.getByTestId('email-confirmed-continue').click();
    // The first home page: no dialog over it.
    await expect(page).toHaveURL(/\/home\/$/);
    await expect(page.locator('html')).toHaveAttribute('data-terms', 'accepted');
    await expect(new Shell(page).termsDialog()).toHaveCount(0);

    // The terms page is real.
    await page.goto('/terms/');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Gift exchanges');

    // An invitee who has not accepted them answers the invitation without a dialog in the way.
    const api = await playwrightRequest.newContext({ baseURL: base });
    const organizer = await signUp(api, base, 'Olga Organizer');
    const exchangeId = await exchangeWith(api, organizer, []);
    const detail = await trpc<{ signUpUrl: string }>(api, 'exchanges.get', { exchangeId }, organizer.token, false);
    await api.dispose();
    const context = await browser.newContext({ baseURL: base });
    const invitee = await context.newPage();
    const ivy = await signUp(invitee.request, base, 'Ivy Invitee', false);
    const code = new URL(detail.signUpUrl).searchParams.get('code') ?? '';
    await trpc(invitee.request, 'exchanges.joinByLink', { exchangeId, code }, ivy.token);
    await invitee.goto(`/gift-exchanges/${exchangeId}/rsvp/`);
    await expect(invitee.locator('html')).toHaveAttribute('data-terms', 'required', { timeout: 60_000 });
    const rsvpTerms = invitee.getByTestId('rsvp-terms');
    await expect(rsvpTerms).toContainText('By accepting the invitation you accept our terms of service');
    await expect(rsvpTerms.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/terms/');
    await expect(new Shell(invitee).termsDialog()).toHaveCount(0);
    await invitee.getByRole('button', { name: 'Accept the invitation' }).click();
    await expect(invitee).toHaveURL(new RegExp(`/gift-exchanges/${exchangeId}/rsvp-acknowledge/`));
    await expect(invitee.locator('html')).toHaveAttribute('data-terms', 'accepted');
    await invitee.goto('/home/');
    await expect(invitee.locator('html')).toHaveAttribute('data-terms', 'accepted', { timeout: 60_000 });
    await expect(new Shell(invitee).termsDialog()).toHaveCount(0);
    await context.close();
  });

  test('one market choice drives the shop, home and landing, and prices carry their currency', async ({ page }) => {
    // Chosen in the shop: the UK.
    await page.goto('/shop/');
    await page.getByTestId('shop-market').selectOption('GB');
    await expect(page.getByTestId('shop-market')).toHaveValue('GB');
    // Home and the landing page follow.
    await page.goto('/home/');
    await expect(page.getByTestId('home-market')).toHaveText('GB · GBP');
    await page.goto('/');
    await expect(page.getByTestId('market-currency')).toHaveText('GBP');
    await expect(page.getByTestId('market-select')).toHaveValue('GB');

    // Chosen on the landing page: Canada, then the shop and home follow too.
    await page.getByTestId('market-select').selectOption('CA');
    await expect(page).toHaveURL(/\/\?market=CA$/);
    await expect(page.getByTestId('market-currency')).toHaveText('CAD');
    await page.goto('/home/');
    await expect(page.getByTestId('home-market')).toHaveText('CA · CAD');
    await page.goto('/shop/new-arrivals/');
    await expect(page.getByTestId('shop-market')).toHaveValue('CA');
    // Canadian dollars never read as a bare "$".
    const price = page.getByTestId('new-arrivals').getByTestId('product-price').first();
    await expect(price).toHaveAttribute('data-currency', 'CAD');
    await expect(price).toContainText(/CA\$\d/);
  });

  test('buttons are named by what they show (WCAG 2.5.3 label in name): the account menu and follow buttons', async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const ann = await signUp(page.request, base, 'Ann Able');
    const api = await playwrightRequest.newContext({ baseURL: base });
    const sam = await signUp(api, base, 'Sam Rivera');
    await api.dispose();
    await trpc(page.request, 'people.follow', { userId: sam.userId }, ann.token);

    await open(page, '/friends/following/');
    // The account menu's name begins with the name it shows; the follow toggle's with "Following".
    await expect(page.getByRole('button', { name: 'Ann Able, account menu' })).toBeVisible();
    const follow = page.getByRole('button', { name: 'Following Sam Rivera' });
    await expect(follow).toHaveText('Following');
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    // The sweep's check runs the (experimental-tagged) label-in-name rule on this page.
    await expectAccessible(page);
    await follow.click();
    await expect(page.getByRole('button', { name: 'Follow Sam Rivera' })).toHaveAttribute('aria-pressed', 'false');
    await open(page, '/messages/');
    await expectAccessible(page);
  });

  test('"who should not draw whom" keeps a chosen pair without "Add this pair", never a person against themselves', async ({
    page,
  }) => {
    const tag = randomUUID().slice(0, 6);
    await page.goto('/secret-santa-generator/light/invite/');
    await typePeople(page, [
      { name: 'Ann Lee', email: `e2e-newcomer-ann-${tag}@gifting.test` },
      { name: 'Ben Moss', email: `e2e-newcomer-ben-${tag}@gifting.test` },
      { name: 'Cy Park', email: `e2e-newcomer-cy-${tag}@gifting.test` },
    ]);
    await page.getByTestId('step-next').click();
    await page.getByTestId('exclusions-yes').click();
    await expectStep(page, 'Who should not draw whom?', 'Step 2 of 8');
    // Nothing is chosen at first, and the second picker never offers the first person.
    await expect(page.getByTestId('exclusion-giver')).toHaveValue('');
    await expect(page.getByTestId('exclusion-receiver')).toHaveValue('');
    await page.getByTestId('exclusion-giver').selectOption({ label: 'Ben Moss' });
    await expect(page.getByTestId('exclusion-receiver').locator('option', { hasText: 'Ben Moss' })).toHaveCount(0);
    await page.getByTestId('exclusion-receiver').selectOption({ label: 'Cy Park' });
    // "Next" without "Add this pair": the pair is kept.
    await page.getByTestId('step-next').click();
    await expectStep(page, 'The details', 'Step 3 of 8');
    await page.goBack();
    await expectStep(page, 'Who should not draw whom?', 'Step 2 of 8');
    await expect(page.getByTestId('exclusion')).toHaveText(/Ben Moss and Cy Park will not draw each other/);
  });
});
