/**
 * The gift-exchange generator, driven as a visitor and as a member: a visitor runs the light flow
 * from start to end (three people with e-mails, one exclusion, the details, a theme, a new account
 * confirmed with the mailed code; the exchange is created, the invitations go out, the organizer's
 * wish list is made and the created page shows the sign-up link); the names entry page refuses a
 * bad row with the spec's message; a member runs the classic steps and lands on the invite pages
 * after their wish list. Every step reached is checked with axe.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../pages/a11y';
import { Shell } from '../pages/auth-pages';
import { confirmationCode, waitForMail } from '../pages/mailbox';
import { signUpFreshMember } from '../pages/runtime-pages';
import { seedId } from '../../../prisma/seed';

const EXCHANGE_URL = /\/gift-exchanges\/[0-9a-f-]{36}\/$/;
const FOLLOWED = [
  { userId: seedId('user:sam'), name: 'Sam Rivera', email: 'sam@gifting.test' },
  { userId: seedId('user:jo'), name: 'Jo Park', email: 'jo@gifting.test' },
] as const;

const PASSWORD = 'long-enough-password';

/** One tRPC call over HTTP as the holder of `token`: a query (GET) or, with `mutation`, a mutation. */
async function trpcCall<T>(request: APIRequestContext, token: string, path: string, input: unknown, mutation = false) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const answer = mutation
    ? await request.post(`/trpc/${path}`, { headers, data: input })
    : await request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  return ((await answer.json()) as { result: { data: T } }).result.data;
}

/** The exchange as its organizer reads it (`exchanges.get`). */
function readExchange(request: APIRequestContext, token: string, exchangeId: string) {
  return trpcCall<{
    themeId: string;
    deliveryType: string;
    budget: object;
    signUpDate: string | null;
    repeatOfExchangeId: string | null;
    settings: { excludePreviousPairs: boolean };
  }>(request, token, 'exchanges.get', { exchangeId });
}

/** A fresh member signed up through the API (the page's browser is signed in as them too) and their token. */
async function freshMemberToken(page: Page, baseURL: string | undefined, name: string): Promise<string> {
  const signedUp = await page.request.post('/auth/v2/sign-up/', {
    data: { name, email: uniqueEmail('member'), password: PASSWORD },
    headers: { 'content-type': 'application/json', origin: baseURL ?? '' },
  });
  expect(signedUp.status()).toBe(201);
  return ((await signedUp.json()) as { accessToken: string }).accessToken;
}

/** The e-mail and password's token (a member made in the browser). */
async function logInToken(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/auth/v2/log-in/', {
    data: { email, password: PASSWORD },
    headers: { 'content-type': 'application/json' },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

function uniqueEmail(label: string): string {
  return `e2e-gen-${label}-${randomUUID().slice(0, 8)}@gifting.test`;
}

/** A day `days` from today, as the calendar names its button ("15 December 2026"). */
function dayLabel(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getDate()} ${date.toLocaleString('en-US', { month: 'long' })} ${date.getFullYear()}`;
}

/** Opens a date field's calendar and picks the day `days` from today (turning months as needed). */
async function pickDate(page: Page, testId: string, days: number): Promise<void> {
  await page.getByTestId(testId).click();
  const day = page.getByRole('button', { name: dayLabel(days), exact: true });
  for (let turns = 0; turns < 14 && !(await day.isVisible()); turns += 1)
    await page.getByRole('button', { name: 'Next month' }).click();
  await day.click();
  await expect(day).toBeHidden();
}

async function expectStep(page: Page, heading: string, progress?: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  if (progress) await expect(page.getByTestId('step-progress')).toHaveText(progress);
}

async function typePeople(page: Page, people: readonly { name: string; email: string }[]): Promise<void> {
  for (const [index, person] of people.entries()) {
    if ((await page.getByTestId('person-row').count()) <= index) await page.getByTestId('person-add').click();
    await page.getByTestId('person-name-input').nth(index).fill(person.name);
    await page.getByTestId('person-email-input').nth(index).fill(person.email);
  }
}

test.describe('exchange generator', () => {
  test('a visitor runs the light flow to the end: people, an exclusion, details, theme, account, invitations', async ({
    page,
  }) => {
    const people = [
      { name: 'Ann Lee', email: uniqueEmail('ann') },
      { name: 'Ben Moss', email: uniqueEmail('ben') },
      { name: 'Cy Park', email: uniqueEmail('cy') },
    ] as const;
    const organizerEmail = uniqueEmail('organizer');
    const title = `Lee family Secret Santa ${randomUUID().slice(0, 4)}`;
    const startedAt = Date.now() - 1000;

    await page.goto('/secret-santa-generator/');
    await expectStep(page, 'Secret Santa generator');
    await expect(page.getByTestId('generator-repeat-link')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByTestId('generator-light-link').click();

    // People: two are too few with the organizer; then three with e-mails.
    await expect(page).toHaveURL('/secret-santa-generator/light/invite/');
    await expectStep(page, 'Who takes part?', 'Step 1 of 8');
    await typePeople(page, people.slice(0, 1));
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('invite-failure')).toHaveText(
      'A draw needs at least 3 people, you included: add 1 more.',
    );
    await typePeople(page, people);
    await expectAccessible(page);
    await page.getByTestId('step-next').click();

    await expect(page).toHaveURL('/secret-santa-generator/light/exclusions-prompt/');
    await expectStep(page, 'Should anyone not draw someone?', 'Step 2 of 8');
    await expectAccessible(page);
    await page.getByTestId('exclusions-yes').click();

    await expect(page).toHaveURL('/secret-santa-generator/light/exclusions/');
    await expectStep(page, 'Who should not draw whom?', 'Step 2 of 8');
    await page.getByTestId('exclusion-giver').selectOption({ label: 'Ann Lee' });
    // Nobody is offered against themselves.
    await expect(page.getByTestId('exclusion-receiver').locator('option', { hasText: 'Ann Lee' })).toHaveCount(0);
    await page.getByTestId('exclusion-add').click();
    await expect(page.getByTestId('exclusion-failure')).toHaveText('Choose two different people');
    await page.getByTestId('exclusion-receiver').selectOption({ label: 'Ben Moss' });
    await expect(page.getByRole('checkbox', { name: 'Both ways' })).toBeChecked();
    await page.getByTestId('exclusion-add').click();
    await expect(page.getByTestId('exclusion')).toHaveText(/Ann Lee and Ben Moss will not draw each other/);
    await expectAccessible(page);
    await page.getByTestId('step-next').click();

    // Details: the title is required (the spec's message), then the dates and the defaults.
    await expect(page).toHaveURL('/secret-santa-generator/light/details/');
    await expectStep(page, 'The details', 'Step 3 of 8');
    await expect(page.getByTestId('draft-budget-amount')).toHaveValue('50');
    await expect(page.getByTestId('draft-budget-currency')).toHaveValue('USD');
    await expect(page.getByRole('checkbox', { name: 'I take part in the draw too' })).toBeChecked();
    await page.getByTestId('step-next').click();
    await expect(page.getByText('Value is required').first()).toBeVisible();
    await page.getByTestId('draft-title').fill(title);
    await pickDate(page, 'draft-exchangeDate', 40);
    await pickDate(page, 'draft-signUpDate', 30);
    await page.getByRole('radio', { name: 'Gifts are exchanged in person' }).check();
    await expectAccessible(page);
    await page.getByTestId('step-next').click();

    await expect(page).toHaveURL('/secret-santa-generator/light/theme/');
    await expectStep(page, 'Pick a theme', 'Step 4 of 8');
    await page.getByTestId('theme-winter').click();
    await expect(page.getByTestId('theme-winter')).toHaveAttribute('aria-checked', 'true');
    await expectAccessible(page);
    await page.getByTestId('step-next').click();

    // The account: sign up, then the code from the mailbox creates the exchange.
    await expect(page).toHaveURL('/secret-santa-generator/light/register/');
    await expectStep(page, 'Create your free account', 'Step 5 of 8');
    await expectAccessible(page);
    await page.getByTestId('generator-sign-up-name').fill('Olive Organizer');
    await page.getByTestId('generator-sign-up-email').fill(organizerEmail);
    await page.getByTestId('generator-sign-up-password').fill(PASSWORD);
    await page.getByTestId('generator-sign-up-submit').click();

    await expect(page).toHaveURL('/secret-santa-generator/light/confirm-code/');
    await new Shell(page).acceptTermsIfShown();
    await expectStep(page, 'Check your e-mail', 'Step 5 of 8');
    await expect(page.getByTestId('generator-code-email')).toHaveText(organizerEmail);
    await expectAccessible(page);
    const code = await confirmationCode(organizerEmail, startedAt);
    await page.getByTestId('generator-code-input').locator('input').first().click();
    await page.keyboard.type(code);

    // Created without e-mails: the organizer checks the people, then sends the invitations.
    await expect(page).toHaveURL(/\/secret-santa-generator\/light\/[0-9a-f-]{36}\/participants\/$/);
    const exchangeId = /light\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';
    await expectStep(page, 'Everyone in your exchange', 'Step 6 of 8');
    await expect(page.getByTestId('generator-participants').getByTestId('exchange-person')).toHaveCount(4);
    await expect(page.getByTestId('step-back')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByTestId('step-next').click();

    await expect(page).toHaveURL(`/secret-santa-generator/light/${exchangeId}/invite-email/`);
    await expectStep(page, 'Send the invitations', 'Step 7 of 8');
    await expect(page.getByTestId('invite-count')).toHaveText('3 people get this invitation.');
    await page.getByTestId('invite-message').fill('Bring your best wrapping!');
    await expect(page.getByTestId('invitation-preview-message')).toHaveText('Bring your best wrapping!');
    await expectAccessible(page);
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('invite-result')).toHaveCount(3);
    await expectAccessible(page);
    await waitForMail(people[0].email, /invited you to/, { after: startedAt });
    await page.getByTestId('step-next').click();

    // The organizer draws too: their wish list for the exchange, with a first wish.
    await expect(page).toHaveURL(`/secret-santa-generator/light/${exchangeId}/wishlist/`);
    await expectStep(page, 'Your wish list', 'Step 8 of 8');
    await expect(page.getByRole('radio', { name: 'A new list for this exchange' })).toBeChecked();
    await expectAccessible(page);
    await page.getByTestId('wish-list-choose').click();
    await expect(page.getByTestId('wish-list-chosen')).toBeVisible();
    await page.getByTestId('exchange-wish-title').fill('Warm wool socks');
    await page.getByTestId('exchange-wish-add').click();
    await expect(page.getByTestId('exchange-wishes-added')).toHaveText('Warm wool socks');
    await expectAccessible(page);
    await page.getByTestId('wish-list-done').click();

    await expect(page).toHaveURL(`/secret-santa-generator/light/${exchangeId}/created/`);
    await expectStep(page, 'Your exchange is ready');
    await expect(page.getByTestId('created-title')).toHaveText(title);
    await expect(page.getByTestId('created-signup-url')).toHaveValue(/^https?:\/\/.+/);
    await expectAccessible(page);
    await page.getByTestId('created-open').click();
    await expect(page).toHaveURL(EXCHANGE_URL);

    // What the steps gathered is the exchange: its details, and Ann and Ben kept apart both ways.
    const token = await logInToken(page.request, organizerEmail);
    const exchange = await readExchange(page.request, token, exchangeId);
    expect(exchange).toMatchObject({
      themeId: 'winter',
      deliveryType: 'inPerson',
      budget: { currency: 'USD', amount: 50 },
    });
    expect(exchange.signUpDate).toBeTruthy();
    const restrictions = await trpcCall<{
      items: { person: { userId: string; displayName: string }; cannotDraw: string[] }[];
    }>(page.request, token, 'exchanges.restrictions', { exchangeId, limit: 100, offset: 0 });
    const idOf = (name: string) => restrictions.items.find((item) => item.person.displayName === name)?.person.userId;
    const cannotDraw = (name: string) =>
      restrictions.items.find((item) => item.person.displayName === name)?.cannotDraw;
    expect(cannotDraw('Ann Lee')).toEqual([idOf('Ben Moss')]);
    expect(cannotDraw('Ben Moss')).toEqual([idOf('Ann Lee')]);
    expect(cannotDraw('Cy Park')).toEqual([]);
  });

  test('the names entry page refuses a bad row with the spec message, then a new account creates it', async ({
    page,
  }) => {
    await page.goto('/secret-santa-generator/');
    await page.getByTestId('generator-names-link').click();
    await expect(page).toHaveURL('/secret-santa-generator/names/');
    await expectStep(page, "Type everyone's names", 'Step 1 of 2');
    await expectAccessible(page);

    await page.getByTestId('draft-title').fill('Office party draw');
    await pickDate(page, 'draft-exchangeDate', 20);
    await typePeople(page, [
      { name: 'Dee', email: uniqueEmail('dee') },
      { name: 'Eve', email: 'eve-at-example' },
      { name: 'Fay', email: uniqueEmail('fay') },
    ]);
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('people-rows').getByText('Value is not a valid email address')).toBeVisible();
    await expect(page.getByTestId('names-failure')).toBeVisible();
    await expect(page).toHaveURL('/secret-santa-generator/names/');
    await expectAccessible(page);

    // Fixed, a visitor goes on to the account step.
    await page.getByTestId('person-email-input').nth(1).fill(uniqueEmail('eve'));
    await expect(page.getByText('Value is not a valid email address')).toHaveCount(0);
    await page.getByTestId('step-next').click();
    await expect(page).toHaveURL('/secret-santa-generator/register/');
    await expectStep(page, 'Create your free account', 'Step 2 of 2');
    await expectAccessible(page);

    // A new account creates the exchange at once, everyone typed already in the draw.
    await page.getByTestId('generator-sign-up-name').fill('Nora Names');
    await page.getByTestId('generator-sign-up-email').fill(uniqueEmail('names'));
    await page.getByTestId('generator-sign-up-password').fill(PASSWORD);
    await page.getByTestId('generator-sign-up-submit').click();
    await expect(page).toHaveURL(EXCHANGE_URL);
  });

  test('a member runs the classic steps, makes their wish list and goes on to invite', async ({ page, baseURL }) => {
    await signUpFreshMember(page, baseURL ?? '', 'generator');
    await page.goto('/secret-santa-generator/');
    await new Shell(page).acceptTermsIfShown();
    await expect(page.getByTestId('generator-repeat-link')).toBeVisible();
    await page.getByTestId('generator-start').click();

    await expect(page).toHaveURL('/secret-santa-generator/create/');
    await expectStep(page, 'Name your exchange', 'Step 1 of 6');
    await page.getByTestId('step-next').click();
    await expect(page.getByText('Value is required')).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId('draft-title').fill('Book club swap');
    await page.getByTestId('step-next').click();

    await expect(page).toHaveURL('/secret-santa-generator/signup/');
    await expectStep(page, 'When does sign-up close?', 'Step 2 of 6');
    await pickDate(page, 'draft-signUpDate', 25);
    await expectAccessible(page);
    await page.getByTestId('step-next').click();

    await expect(page).toHaveURL('/secret-santa-generator/event/');
    await expectStep(page, 'When and where is the exchange?', 'Step 3 of 6');
    await page.getByTestId('step-next').click();
    await expect(page.getByText('Value is required')).toBeVisible();
    await pickDate(page, 'draft-exchangeDate', 35);
    await page.getByTestId('draft-location').fill('The corner café');
    await page.getByTestId('draft-party-time').fill('18:30');
    await expectAccessible(page);
    await page.getByTestId('step-next').click();

    await expect(page).toHaveURL('/secret-santa-generator/event-type/');
    await expectStep(page, 'In person or by mail?', 'Step 4 of 6');
    await expect(page.getByRole('radio', { name: 'Gifts are sent by mail' })).toBeChecked();
    await page.getByRole('radio', { name: 'Gifts are exchanged in person' }).check();
    await expectAccessible(page);
    await page.getByTestId('step-next').click();

    await expect(page).toHaveURL('/secret-santa-generator/budget/');
    await expectStep(page, 'What is the budget?', 'Step 5 of 6');
    await page.getByTestId('draft-budget-amount').fill('ten');
    await page.getByTestId('step-next').click();
    await expect(page.getByText('Value must be decimal')).toBeVisible();
    await page.getByTestId('draft-budget-amount').fill('25');
    await page.getByTestId('draft-budget-currency').selectOption('EUR');
    await expectAccessible(page);
    await page.getByTestId('step-next').click();

    await expect(page).toHaveURL('/secret-santa-generator/theme/');
    await expectStep(page, 'Pick a theme', 'Step 6 of 6');
    await page.getByTestId('theme-office').click();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create the exchange' }).click();

    await expect(page).toHaveURL(/\/secret-santa-generator\/wishlist\/[0-9a-f-]{36}\/$/);
    const exchangeId = /wishlist\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';
    await expectStep(page, 'Your wish list');
    await expectAccessible(page);
    await page.getByTestId('wish-list-new-title').fill('Books I want');
    await page.getByTestId('wish-list-choose').click();
    await expect(page.getByTestId('wish-list-chosen')).toContainText('Books I want');
    await page.getByTestId('exchange-wish-title').fill('A poetry anthology');
    await page.getByTestId('exchange-wish-url').fill('not a link');
    await page.getByTestId('exchange-wish-add').click();
    await expect(page.getByText('The value is not a valid URL address')).toBeVisible();
    await page.getByTestId('exchange-wish-url').fill('');
    await page.getByTestId('exchange-wish-add').click();
    await expect(page.getByTestId('exchange-wishes-added')).toHaveText('A poetry anthology');
    await page.getByTestId('wish-list-done').click();
    await expect(page).toHaveURL(`/secret-santa-generator/invite/${exchangeId}/`);

    // What was typed on each step is the exchange.
    await page.goto(`/gift-exchanges/${exchangeId}/`);
    await expect(page.getByText('Book club swap').first()).toBeVisible();
  });

  test('the gift-exchange generator asks a visitor to log in for friends, and goes on without', async ({ page }) => {
    await page.goto('/gift-exchange-generator/');
    await expectStep(page, 'Gift exchange generator');
    await expectAccessible(page);
    await page.getByTestId('generator-start').click();
    await expect(page).toHaveURL('/gift-exchange-generator/friends/');
    await expectStep(page, 'Who do you want to invite?', 'Step 1 of 9');
    await expect(page.getByTestId('empty-state')).toContainText('Log in to add people you follow');
    await expectAccessible(page);
    await page.getByTestId('step-next').click();
    await expect(page).toHaveURL('/secret-santa-generator/light/invite/');
    await expectStep(page, 'Who takes part?', 'Step 2 of 9');
  });

  test('a themed gift-exchange generator address preselects its theme; an unknown one falls back to classic', async ({
    page,
  }) => {
    await page.goto('/gift-exchange-generator/winter/');
    await expectStep(page, 'Gift exchange generator');
    await expect(page.getByTestId('gift-exchange-theme')).toContainText('Winter wonderland');
    await expectAccessible(page);
    await page.getByTestId('generator-start').click();
    await expect(page).toHaveURL('/gift-exchange-generator/winter/friends/');
    await expectStep(page, 'Who do you want to invite?', 'Step 1 of 9');
    await page.goto('/secret-santa-generator/light/theme/');
    await expect(page.getByTestId('theme-winter')).toHaveAttribute('aria-checked', 'true');

    await page.goto('/gift-exchange-generator/not-a-theme/');
    await expect(page.getByTestId('gift-exchange-theme')).toContainText('Classic Secret Santa');
    await page.getByTestId('generator-start').click();
    await expect(page).toHaveURL('/gift-exchange-generator/friends/');
  });

  test('a member picks people they follow, types one more, and everyone is invited after creation', async ({
    page,
    baseURL,
  }) => {
    const accessToken = await freshMemberToken(page, baseURL, 'Fran Friendly');
    for (const person of FOLLOWED)
      await trpcCall(page.request, accessToken, 'people.follow', { userId: person.userId }, true);
    const startedAt = Date.now() - 1000;

    await page.goto('/gift-exchange-generator/');
    await new Shell(page).acceptTermsIfShown();
    await page.getByTestId('generator-start').click();
    await expectStep(page, 'Who do you want to invite?', 'Step 1 of 8');
    for (const person of FOLLOWED) await page.getByRole('checkbox', { name: person.name }).check();
    await expectAccessible(page);
    await page.getByTestId('step-next').click();

    // Two friends and the organizer make three: one typed person is plenty.
    await expectStep(page, 'Who takes part?', 'Step 2 of 8');
    for (const person of FOLLOWED) await expect(page.getByTestId('invite-friends-note')).toContainText(person.name);
    const ann = { name: 'Ann Lee', email: uniqueEmail('ann') };
    await typePeople(page, [ann]);
    await page.getByTestId('step-next').click();
    await expectStep(page, 'Should anyone not draw someone?', 'Step 3 of 8');
    await expect(page.getByTestId('exclusions-yes')).toBeDisabled();
    await page.getByTestId('exclusions-no').click();

    await expectStep(page, 'The details', 'Step 4 of 8');
    await page.getByTestId('draft-title').fill('Friends gift swap');
    await pickDate(page, 'draft-exchangeDate', 30);
    await page.getByTestId('step-next').click();
    await expectStep(page, 'Pick a theme', 'Step 5 of 8');
    await page.getByTestId('theme-friends').click();
    await page.getByTestId('step-next').click();

    await expect(page).toHaveURL(/\/secret-santa-generator\/light\/[0-9a-f-]{36}\/participants\/$/);
    await expectStep(page, 'Everyone in your exchange', 'Step 6 of 8');
    await expect(page.getByTestId('generator-participants').getByTestId('exchange-person')).toHaveCount(2);
    for (const person of FOLLOWED)
      await expect(page.getByTestId('generator-pending-friends')).toContainText(person.name);
    await page.getByTestId('step-next').click();

    await expectStep(page, 'Send the invitations', 'Step 7 of 8');
    await expect(page.getByTestId('invite-count')).toHaveText('3 people get this invitation.');
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('invite-result')).toHaveCount(3);
    await expect(page.getByTestId('invite-result').filter({ hasText: 'Sam Rivera' })).toHaveAttribute(
      'data-status',
      'invited',
    );
    await waitForMail(FOLLOWED[0].email, /invited you to Friends gift swap/, { after: startedAt });
    await page.getByTestId('step-next').click();

    await expectStep(page, 'Your wish list', 'Step 8 of 8');
    await page.getByTestId('wish-list-skip').click();
    await expectStep(page, 'Your exchange is ready');
    await expect(page.getByTestId('created-count')).toHaveText('4 people so far.');
  });

  test("a member repeats last year's exchange: same people, nobody draws the same person", async ({
    page,
    baseURL,
  }) => {
    const token = await freshMemberToken(page, baseURL, 'Rita Repeat');
    const lastYear = `Neighbours swap ${randomUUID().slice(0, 4)}`;
    const previous = await trpcCall<{ exchangeId: string }>(
      page.request,
      token,
      'exchanges.create',
      {
        title: lastYear,
        exchangeDate: `${new Date().getFullYear() + 1}-01-15`,
        participants: [
          { name: 'Gus Hill', email: uniqueEmail('gus') },
          { name: 'Hal Ives', email: uniqueEmail('hal') },
        ],
        sendInvitations: false,
      },
      true,
    );

    await page.goto('/secret-santa-generator/');
    await new Shell(page).acceptTermsIfShown();
    await page.getByTestId('generator-repeat-link').click();
    await expect(page).toHaveURL('/secret-santa-generator/light/repeat/');
    await expectStep(page, 'Repeat an exchange', 'Step 1 of 6');
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('repeat-failure')).toHaveText('Choose the exchange to repeat.');
    await page.getByRole('radio', { name: lastYear }).check();
    await expect(
      page.getByRole('checkbox', { name: "Don't let anyone draw the same person as last time" }),
    ).toBeChecked();
    await expectAccessible(page);
    await page.getByTestId('step-next').click();

    await expectStep(page, 'The details', 'Step 2 of 6');
    await expect(page.getByTestId('draft-title')).toHaveValue(lastYear);
    await page.getByTestId('draft-title').fill(`${lastYear}, again`);
    await pickDate(page, 'draft-exchangeDate', 45);
    await page.getByTestId('step-next').click();
    await expectStep(page, 'Pick a theme', 'Step 3 of 6');
    await page.getByRole('button', { name: 'Create the exchange' }).click();

    await expect(page).toHaveURL(/\/secret-santa-generator\/light\/[0-9a-f-]{36}\/participants\/$/);
    const exchangeId = /light\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';
    await expectStep(page, 'Everyone in your exchange', 'Step 4 of 6');
    await expect(page.getByTestId('generator-participants').getByTestId('exchange-person')).toHaveCount(3);
    const exchange = await readExchange(page.request, token, exchangeId);
    expect(exchange).toMatchObject({
      repeatOfExchangeId: previous.exchangeId,
      settings: { excludePreviousPairs: true },
    });
  });
});
