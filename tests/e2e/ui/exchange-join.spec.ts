/**
 * Joining a gift exchange, driven as real people: a fresh organizer makes an exchange over tRPC,
 * asks an ice-breaker question and invites by pasting a list (a good row, a repeat and a malformed
 * address: the preview and the server's per-row answer show them side by side); an invitee opens
 * the mailed link in a browser of their own (a floater, no password), accepts with a comment, makes
 * a wish list and answers the question; another declines; the organizer reports the answer from
 * the e-mail action page, which a visitor is asked to log in for. Also: a member joins with the
 * copyable sign-up link, and the generator's invite pages (e-mail rows, groups, theme).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../pages/a11y';
import { toastShown } from '../pages/exchange-pages';
import { Shell } from '../pages/auth-pages';
import { waitForMail } from '../pages/mailbox';

interface TPerson {
  name: string;
  email: string;
  token: string;
}

const QUESTION = 'What’s your favourite colour?';

function address(label: string): string {
  return `e2e-join-${label}-${randomUUID().slice(0, 8)}@gifting.test`;
}

/** A fresh member, signed in in the context of `request` (a page's request signs its browser in). */
async function member(request: APIRequestContext, baseURL: string, name: string): Promise<TPerson> {
  const email = address(name.split(' ')[0]?.toLowerCase() ?? 'member');
  const answer = await request.post('/auth/v2/sign-up/', {
    data: { name, email, password: 'long-enough-password' },
    headers: { 'content-type': 'application/json', origin: baseURL },
  });
  expect(answer.status()).toBe(201);
  return { name, email, token: ((await answer.json()) as { accessToken: string }).accessToken };
}

/** A tRPC mutation over HTTP with the person's bearer token. */
async function mutate<T>(request: APIRequestContext, who: TPerson, procedure: string, input: unknown): Promise<T> {
  const answer = await request.post(`/trpc/${procedure}`, {
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    data: input,
  });
  expect(answer.status(), `${procedure}: ${await answer.text()}`).toBe(200);
  return ((await answer.json()) as { result: { data: T } }).result.data;
}

interface TCreated {
  exchangeId: string;
  title: string;
  signUpUrl: string;
}

async function createExchange(request: APIRequestContext, organizer: TPerson): Promise<TCreated> {
  const year = new Date().getUTCFullYear() + 1;
  return mutate<TCreated>(request, organizer, 'exchanges.create', {
    title: `Winter swap ${randomUUID().slice(0, 6)}`,
    signUpDate: `${year}-12-01`,
    exchangeDate: `${year}-12-18`,
    budget: { currency: 'USD', amount: 30 },
    themeId: 'winter',
    sendInvitations: false,
  });
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await new Shell(page).acceptTermsIfShown();
}

/** The "Answer the invitation" link of the newest invitation mailed to `to`. */
async function invitationLink(to: string): Promise<string> {
  const mail = await waitForMail(to, /invited you to/, { timeoutMs: 60_000 });
  const link = /(https?:\/\/\S+\/auth\/v2\/link\/\?token=[^\s>\])]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`No invitation link in "${mail.subject}"`);
  return link;
}

/** A browser of the invitee's own, signed in only by the mailed link (a floater). */
async function openInvitation(browser: Browser, baseURL: string, to: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(await invitationLink(to));
  await new Shell(page).acceptTermsIfShown();
  return page;
}

const inviteRow = (page: Page, tableTestId: string, email: string) =>
  page.getByTestId(tableTestId).getByTestId('invite-row').filter({ hasText: email });

test.describe('joining a gift exchange', () => {
  test('an organizer invites by pasting a list; invitees answer from the e-mail; an answer is reported', async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const organizer = await member(page.request, base, 'Olive Organizer');
    const exchange = await createExchange(page.request, organizer);
    const ivy = address('ivy');
    const dan = address('dan');

    // The organizer asks a question from the suggestions.
    await open(page, `/gift-exchanges/${exchange.exchangeId}/ice-breaker-questions/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ice-breaker questions' })).toBeVisible();
    await expect(page.getByTestId('questions-editor-empty')).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId('questions-suggestion').filter({ hasText: QUESTION }).click();
    await expect(page.getByLabel('Question 1', { exact: true })).toHaveValue(QUESTION);
    await page.getByTestId('questions-editor-save').click();
    await expect(page.getByText('Questions saved: 1 question')).toBeVisible();

    // A pasted list: two good rows, a repeat and a malformed address; the preview reads them first.
    await open(page, `/gift-exchanges/${exchange.exchangeId}/invite/bulk/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Paste a list' })).toBeVisible();
    await expect(page.getByTestId('invite-signup-url')).toHaveValue(exchange.signUpUrl);
    await page
      .getByTestId('invite-bulk-text')
      .fill([`Ivy Invitee <${ivy}>`, `Dan Decliner, ${dan}`, ivy, 'Broken Person <not-an-address>'].join('\n'));
    await expect(page.getByTestId('invite-bulk-count')).toHaveText('4 lines: 2 ready to send');
    await expect(inviteRow(page, 'invite-bulk-preview', 'not-an-address')).toHaveAttribute(
      'data-status',
      'Will not be sent',
    );
    await expect(page.getByTestId('invite-bulk-preview').getByTestId('invite-row').nth(2)).toHaveAttribute(
      'data-status',
      'Duplicate',
    );
    await expectAccessible(page);
    await page.getByTestId('invite-message').fill('Bring your best wrapping!');
    await page.getByTestId('invite-bulk-send').click();

    const results = page.getByTestId('invite-results-table');
    await expect(page.getByTestId('invite-results-summary')).toHaveText('2 invited, 1 duplicate, 1 not sent');
    await expect(inviteRow(page, 'invite-results-table', dan)).toHaveAttribute('data-status', 'Invited');
    await expect(results.getByTestId('invite-row').nth(0)).toHaveAttribute('data-status', 'Invited');
    await expect(results.getByTestId('invite-row').nth(2)).toHaveAttribute('data-status', 'Duplicate');
    await expect(inviteRow(page, 'invite-results-table', 'not-an-address')).toHaveAttribute('data-status', 'Not sent');
    await expect(page.getByTestId('invite-invited').getByText('Ivy Invitee')).toBeVisible();
    await toastShown(page, '2 invitations sent');
    await expectAccessible(page);

    // Ivy opens the mailed link in her own browser: a floater, straight on the answer page.
    const ivyPage = await openInvitation(browser, base, ivy);
    await expect(ivyPage).toHaveURL(new RegExp(`/gift-exchanges/${exchange.exchangeId}/rsvp/$`));
    await expect(ivyPage.getByRole('heading', { level: 1, name: 'Your answer' })).toBeVisible();
    const invitation = ivyPage.getByTestId('invitation-card');
    await expect(invitation).toHaveAttribute('data-theme-id', 'winter');
    await expect(invitation.getByTestId('invitation-organizer')).toContainText('Olive Organizer');
    await expect(invitation).toContainText('$30.00 budget');
    await expect(invitation).toContainText(`Dec 1, ${new Date().getUTCFullYear() + 1}`);
    await expectAccessible(ivyPage);
    await expect(ivyPage.getByTestId('rsvp-submit')).toHaveText('Accept the invitation');
    await ivyPage.getByTestId('rsvp-comment').fill('Count me in, I love this!');
    await ivyPage.getByTestId('rsvp-submit').click();

    await expect(ivyPage).toHaveURL(new RegExp(`/gift-exchanges/${exchange.exchangeId}/rsvp-acknowledge/$`));
    await expect(ivyPage.getByRole('heading', { level: 1, name: 'You’re in!' })).toBeVisible();
    await expect(ivyPage.getByTestId('rsvp-ack-accepted')).toContainText('Names will be drawn on Dec 1');
    await expectAccessible(ivyPage);

    // Her wish list for the exchange, with one wish; then the exchange's page.
    await ivyPage.getByTestId('rsvp-ack-wishlist').click();
    await expect(ivyPage.getByRole('heading', { level: 1, name: 'Your wish list' })).toBeVisible();
    await expect(ivyPage.getByTestId('wish-list-new-title')).toBeVisible();
    await expectAccessible(ivyPage);
    await ivyPage.getByTestId('wish-list-choose').click();
    await expect(ivyPage.getByTestId('wish-list-chosen')).toBeVisible();
    await ivyPage.getByTestId('exchange-wish-title').fill('Warm wool socks');
    await ivyPage.getByTestId('exchange-wish-add').click();
    await expect(ivyPage.getByTestId('exchange-wishes-added')).toContainText('Warm wool socks');
    await ivyPage.getByTestId('wish-list-done').click();
    await expect(ivyPage).toHaveURL(new RegExp(`/gift-exchanges/${exchange.exchangeId}/$`));

    // She answers the ice-breaker question.
    await ivyPage.goto(`/gift-exchanges/${exchange.exchangeId}/ice-breaker-questions/`);
    await expect(ivyPage.getByTestId('questions-editor')).toHaveCount(0);
    const question = ivyPage.getByTestId('question-card');
    await expect(question.getByLabel(QUESTION)).toBeVisible();
    await expectAccessible(ivyPage);
    await question.getByLabel(QUESTION).fill('Forest green');
    await question.getByTestId('question-answer-save').click();
    await expect(question.getByTestId('question-answer-state')).toHaveText('Saved.');
    await toastShown(ivyPage, 'Answer saved');
    await expect(question).toHaveAttribute('data-question-answer-id', /^[0-9a-f-]{36}$/);
    const answerId = (await question.getAttribute('data-question-answer-id')) ?? '';
    await expectAccessible(ivyPage);
    await ivyPage.context().close();

    // Dan declines from his invitation.
    const danPage = await openInvitation(browser, base, dan);
    await expect(danPage.getByTestId('rsvp-form')).toBeVisible();
    await danPage.getByTestId('rsvp-decline').check();
    await expect(danPage.getByTestId('rsvp-ship-international')).toHaveCount(0);
    await expect(danPage.getByTestId('rsvp-submit')).toHaveText('Decline the invitation');
    await danPage.getByTestId('rsvp-submit').click();
    await expect(danPage.getByRole('heading', { level: 1, name: 'Your answer is sent' })).toBeVisible();
    await expect(danPage.getByTestId('rsvp-ack-declined')).toContainText('Olive Organizer will see that you declined');
    await expectAccessible(danPage);
    await danPage.context().close();

    // The organizer reports Ivy's answer from the e-mail action's page: opening it changes nothing.
    await open(page, `/actions/flag-qa/${answerId}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Report an answer' })).toBeVisible();
    await expect(page.getByTestId('flag-answer-text')).toHaveText('Forest green');
    await expect(page.getByTestId('flag-answer')).toHaveAttribute('data-flagged', 'false');
    await expectAccessible(page);
    await page.getByTestId('flag-reason').fill('Testing the report form');
    await page.getByTestId('flag-submit').click();
    await expect(page.getByTestId('flag-done')).toContainText('the answer is reported');
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByTestId('flag-done')).toContainText('already been reported');

    // A visitor with the same link is asked to log in, and would come back here.
    const visitor = await browser.newContext({ baseURL: base });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/actions/flag-qa/${answerId}/`);
    await expect(visitorPage.getByRole('heading', { level: 2, name: 'Log in to report this answer' })).toBeVisible();
    await expect(visitorPage.getByTestId('log-in-prompt')).toHaveAttribute(
      'href',
      `/a/log-in/?returnurl=${encodeURIComponent(`/actions/flag-qa/${answerId}/`)}`,
    );
    await expectAccessible(visitorPage);
    await visitor.close();
  });

  test('a member joins with the copyable sign-up link, then answers', async ({ page, browser, baseURL }) => {
    const base = baseURL ?? '';
    const organizer = await member(page.request, base, 'Olive Organizer');
    const exchange = await createExchange(page.request, organizer);

    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
    const joiner = await context.newPage();
    await member(joiner.request, base, 'Jay Joiner');
    await open(joiner, new URL(exchange.signUpUrl).pathname + new URL(exchange.signUpUrl).search);
    await expect(joiner.getByRole('heading', { level: 1, name: 'Join a gift exchange' })).toBeVisible();
    await expectAccessible(joiner);
    await joiner.getByTestId('rsvp-join').click();
    await expect(joiner).toHaveURL(new RegExp(`/gift-exchanges/${exchange.exchangeId}/rsvp/$`));
    await expect(joiner.getByTestId('invitation-title')).toHaveText(exchange.title);
    await joiner.getByTestId('rsvp-submit').click();
    await expect(joiner.getByRole('heading', { level: 1, name: 'You’re in!' })).toBeVisible();
    // Thank-yous wait for the draw and the exchange date.
    await joiner.getByTestId('exchange-nav-thank-yous').click();
    await expect(joiner.getByRole('heading', { level: 1, name: 'Thank-yous' })).toBeVisible();
    await expect(joiner.getByTestId('thank-you-not-yet')).toContainText('once the names are drawn');
    await expect(joiner.getByTestId('thank-you-form')).toHaveCount(0);
    await expectAccessible(joiner);
    await context.close();

    // A wrong code is refused in plain words.
    const stranger = await browser.newContext({ baseURL: base });
    const strangerPage = await stranger.newPage();
    await member(strangerPage.request, base, 'Sid Stranger');
    await open(strangerPage, `/gift-exchanges/${exchange.exchangeId}/rsvp/?code=wrong-code`);
    await strangerPage.getByTestId('rsvp-join').click();
    await expect(strangerPage.getByTestId('rsvp-join-failure')).toHaveText('This sign-up link is not valid');
    await expectAccessible(strangerPage);
    await stranger.close();
  });

  test('the generator’s invite pages: e-mail rows, groups and the invitation’s theme', async ({ page, baseURL }) => {
    const base = baseURL ?? '';
    const organizer = await member(page.request, base, 'Olive Organizer');
    const exchange = await createExchange(page.request, organizer);
    const good = address('gus');

    await open(page, `/secret-santa-generator/invite/${exchange.exchangeId}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Invite people' })).toBeVisible();
    await expect(page.getByTestId('invite-way-theme')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Exchange pages' })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByTestId('invite-tab-email').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invite by e-mail' })).toBeVisible();
    await page.getByLabel('Name 1', { exact: true }).fill('Gus Good');
    await page.getByLabel('E-mail 1', { exact: true }).fill(good);
    await page.getByLabel('Name 2', { exact: true }).fill('Bad Address');
    await page.getByLabel('E-mail 2', { exact: true }).fill('bad@address');
    await expectAccessible(page);
    await page.getByTestId('invite-email-send').click();
    await expect(page.getByTestId('invite-results-summary')).toHaveText('1 invited, 1 not sent');
    await toastShown(page, '1 invitation sent');
    await expect(inviteRow(page, 'invite-results-table', good)).toHaveAttribute('data-status', 'Invited');
    await expect(inviteRow(page, 'invite-results-table', 'bad@address')).toHaveAttribute('data-status', 'Not sent');
    // The refused row stays in the form to be fixed.
    await expect(page.getByLabel('E-mail 1', { exact: true })).toHaveValue('bad@address');
    await expectAccessible(page);

    // A contacts file exported from a phone (vCard 3.0 and an old 2.1 card), read in the browser.
    const vera = address('vera');
    const walt = address('walt');
    await page.getByTestId('invite-tab-contacts').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invite from your contacts' })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'contacts.vcf',
      mimeType: 'text/vcard',
      buffer: Buffer.from(
        [
          'BEGIN:VCARD',
          'VERSION:3.0',
          'FN:Vera Vcard',
          'N:Vcard;Vera;;;',
          `EMAIL;TYPE=INTERNET:${vera}`,
          'END:VCARD',
          'BEGIN:VCARD',
          'VERSION:2.1',
          'N:Old;Walt',
          `EMAIL;PREF;INTERNET:${walt}`,
          'END:VCARD',
          'BEGIN:VCARD',
          'VERSION:3.0',
          'FN:No Address',
          'END:VCARD',
        ].join('\r\n'),
      ),
    });
    await expect(page.getByTestId('invite-contacts-found')).toHaveText(
      '2 people found in contacts.vcf; 1 without a usable e-mail address left out.',
    );
    await expect(page.getByRole('checkbox', { name: 'Vera Vcard' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Walt Old' })).toBeChecked();
    await expectAccessible(page);
    await page.getByRole('checkbox', { name: 'Walt Old' }).uncheck();
    await page.getByTestId('invite-contacts-send').click();
    await expect(page.getByTestId('invite-results-summary')).toHaveText('1 invited');
    await toastShown(page, '1 invitation sent');
    await expect(inviteRow(page, 'invite-results-table', vera)).toHaveAttribute('data-status', 'Invited');
    // A Google Contacts CSV export adds to the people found (Vera only once).
    const carla = address('carla');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'google.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `First Name,Last Name,E-mail 1 - Label,E-mail 1 - Value\nCarla,Csv,* Home,${carla}\nVera,Vcard,,${vera}\n`,
      ),
    });
    await expect(page.getByTestId('invite-contacts-found')).toHaveText('2 people found in google.csv.');
    await expect(page.getByRole('checkbox', { name: 'Carla Csv' })).toBeChecked();
    await expect(page.getByTestId('people-picker-count')).toHaveText('2 of 3 people chosen');

    await page.getByTestId('invite-tab-addressBook').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invite from your address book' })).toBeVisible();
    await expect(page.getByTestId('empty-state').or(page.getByTestId('invite-address-book-form'))).toBeVisible();
    await expectAccessible(page);

    await page.getByTestId('invite-tab-group').click();
    await expect(page.getByRole('heading', { name: 'You’re not in any groups yet' })).toBeVisible();
    await expectAccessible(page);

    await page.getByTestId('invite-tab-theme').click();
    await expect(page.getByTestId('invite-theme-preview')).toHaveAttribute('data-theme-id', 'winter');
    await page.getByTestId('theme-office').click();
    await expect(page.getByTestId('invite-theme-preview')).toHaveAttribute('data-theme-id', 'office');
    await expectAccessible(page);
    await page.getByTestId('invite-theme-save').click();
    await expect(page.getByText('The invitations now use the Office party theme')).toBeVisible();

    await page.getByTestId('invite-done').click();
    await expect(page).toHaveURL(new RegExp(`/gift-exchanges/${exchange.exchangeId}/$`));
    await expect(page.getByTestId('exchange-header')).toHaveAttribute('data-theme-id', 'office');
  });
});
