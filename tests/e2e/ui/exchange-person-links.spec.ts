/**
 * People without e-mail (issue 31), in two browsers: a fresh organizer adds Nora by name on the
 * participants page and copies her private link; Nora opens it on her phone (a browser context of
 * her own) and lands on the exchange, signed in, and after the draw sees her recipient and writes to
 * her Secret Santa. The same link opened on a second browser says it was already opened on another
 * device, and asks the organizer for a new link; the organizer sees the request and makes a new
 * link; the old one stops working, and the new link's page tells Nora an earlier link had been opened.
 */
import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../pages/a11y';
import { waitForSettled } from '../pages/exchange-pages';

function authHeaders(token: string) {
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

async function trpcMutation<T>(request: APIRequestContext, path: string, input: unknown, token: string): Promise<T> {
  const answer = await request.post(`/trpc/${path}`, { headers: authHeaders(token), data: input });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  return ((await answer.json()) as { result: { data: T } }).result.data;
}

async function signUp(request: APIRequestContext, baseURL: string, name: string) {
  const answer = await request.post('/auth/v2/sign-up/', {
    data: { name, email: `e2e-nomail-${randomUUID().slice(0, 8)}@gifting.test`, password: 'long-enough-password' },
    headers: { 'content-type': 'application/json', origin: baseURL },
  });
  expect(answer.status()).toBe(201);
  const body = (await answer.json()) as { userId: string; accessToken: string };
  return { userId: body.userId, token: body.accessToken };
}

/**
 * Accepts the terms of service when the shell asks (a fresh member does). Like the Shell's own
 * helper, but waits for the dialog as long as any state: on a loaded machine it takes over 2 s.
 */
async function acceptTerms(page: Page): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-terms', /^(none|accepted|required|unknown)$/, { timeout: 60_000 });
  if ((await html.getAttribute('data-terms')) !== 'required') return;
  await page.getByTestId('terms-accept').click({ timeout: 60_000 });
  await expect(page.getByTestId('terms-accept')).toHaveCount(0);
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await acceptTerms(page);
  // A late section moving the draw button between press and release made no click (a quiet full run).
  await waitForSettled(page);
}

const noraRow = (page: Page) => page.getByTestId('person-link-row').filter({ hasText: 'Nora Nomail' });

test.describe('a person without e-mail', () => {
  test('opens their private link on two browsers: the second is refused and asks for a new link', async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const organizer = await signUp(page.request, base, 'Olga Organizer');
    const { exchangeId } = await trpcMutation<{ exchangeId: string; signUpUrl: string }>(
      page.request,
      'exchanges.create',
      {
        title: `Family swap ${randomUUID().slice(0, 4)}`,
        exchangeDate: `${new Date().getUTCFullYear() + 1}-12-18`,
        sendInvitations: false,
      },
      organizer.token,
    );
    // Two members join and accept, so that the draw has four people with Nora and the organizer.
    const others = await playwrightRequest.newContext({ baseURL: base });
    for (const name of ['Ann Able', 'Bob Baker']) {
      const member = await signUp(others, base, name);
      await trpcMutation(others, 'exchanges.inviteUsers', { exchangeId, userIds: [member.userId] }, organizer.token);
      await trpcMutation(others, 'exchanges.rsvp', { exchangeId, response: 'accept' }, member.token);
    }
    await others.dispose();

    // The organizer adds Nora by name and reads her link.
    await open(page, `/gift-exchanges/${exchangeId}/participants/`);
    await expect(page.getByTestId('person-links-panel')).toBeVisible();
    await page.getByTestId('person-add-submit').click();
    await expect(page.getByTestId('person-add-name')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('person-add-name').fill('Nora Nomail');
    await page.getByTestId('person-add-submit').click();
    await expect(noraRow(page).getByTestId('person-link-unopened')).toBeVisible();
    await expect(page.getByTestId('participant-row').filter({ hasText: 'Nora Nomail' })).toBeVisible();
    const link = await noraRow(page).getByTestId('person-link-url').inputValue();
    expect(link).toMatch(/\/auth\/v2\/person-link\/\?token=[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page, 'participants with a person without e-mail');

    // Nora's phone: the link signs her in for the exchange.
    const phone = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
    const nora = await phone.newPage();
    await nora.goto(link);
    await acceptTerms(nora);
    await expect(nora).toHaveURL(new RegExp(`/gift-exchanges/${exchangeId}/$`));
    await expect(nora.getByTestId('person-link-notice')).toBeVisible();
    await expect(nora.getByTestId('person-link-peek')).toHaveCount(0);

    // The organizer sees that the link was opened, and draws.
    await page.reload();
    await expect(noraRow(page).getByTestId('person-link-opened')).toBeVisible();
    await open(page, `/gift-exchanges/${exchangeId}/`);
    await page.getByTestId('exchange-draw').click();
    await page.getByTestId('draw-confirm').click();
    await expect(page.getByTestId('assignment-title')).toBeVisible();

    // Nora sees whom she gives to and writes to her Secret Santa.
    await nora.reload();
    await expect(nora.getByTestId('assignment-title')).toHaveText(
      /^You’re the Secret Santa for (Ann Able|Bob Baker|Olga Organizer)$/,
    );
    await nora.getByTestId('conversation-santa-input').fill('Thank you in advance!');
    await nora.getByTestId('conversation-santa-send').click();
    await expect(nora.getByTestId('conversation-santa').getByTestId('conversation-body')).toHaveText(
      'Thank you in advance!',
    );
    await expectAccessible(nora, 'the exchange through a private link');

    // A second browser opens the same link: refused, and asks for a new one.
    const other = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
    const peek = await other.newPage();
    await peek.goto(link);
    await expect(peek).toHaveURL(/\/personal-link\/\?token=/);
    await expect(peek.getByText('This link was already opened on another device')).toBeVisible();
    await expect(peek.getByTestId('assignment-title')).toHaveCount(0);
    await expectAccessible(peek, 'a private link opened on another device');
    await peek.getByTestId('personal-link-request').click();
    await expect(peek.getByTestId('personal-link-requested')).toContainText('You asked Olga Organizer for a new link');

    // The organizer sees the request and makes a new link: the old one stops working.
    await open(page, `/gift-exchanges/${exchangeId}/participants/`);
    await expect(noraRow(page).getByTestId('person-link-requested')).toBeVisible();
    await noraRow(page).getByTestId('person-link-reissue').click();
    await page.getByTestId('person-link-reissue-confirm').click();
    await expect(noraRow(page).getByTestId('person-link-url')).not.toHaveValue(link);
    await expect(noraRow(page).getByTestId('person-link-unopened')).toBeVisible();
    const newLink = await noraRow(page).getByTestId('person-link-url').inputValue();

    await nora.goto(link);
    await expect(nora.getByTestId('personal-link-state')).toHaveAttribute('data-state', 'replaced');

    // Nora opens the new link (on the second browser, now hers): she is told the old one had been opened.
    await peek.goto(newLink);
    await acceptTerms(peek);
    await expect(peek).toHaveURL(new RegExp(`/gift-exchanges/${exchangeId}/$`));
    await expect(peek.getByTestId('person-link-peek')).toContainText('A link of yours was opened on');
    await expect(peek.getByTestId('assignment-title')).toBeVisible();

    await phone.close();
    await other.close();
  });
});
