/**
 * Managing a gift exchange, driven as real members: a fresh organizer makes an exchange through
 * the API, three fresh members join it with its sign-up link and accept; the organizer restricts
 * the draw on the draw-restrictions screens, draws on the overview and sees only their own
 * recipient; an impossible set of restrictions shows the draw's reason naming the people; the
 * whole draw stays secret until the privacy settings allow it; a person removed after the draw
 * changes only the assignments that must change. Every test makes its own exchange.
 */
import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../pages/a11y';
import { Shell } from '../pages/auth-pages';
import { waitForSettled } from '../pages/exchange-pages';

interface TMember {
  name: string;
  userId: string;
  token: string;
}

interface TExchange {
  exchangeId: string;
  organizer: TMember;
  /** The three others, in the order of NAMES. */
  people: TMember[];
}

const NAMES = ['Ann Able', 'Bob Baker', 'Cid Cole'] as const;

function authHeaders(token: string) {
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

/** One tRPC call over HTTP: a query (GET) or, with `mutation`, a mutation (POST). */
async function trpcCall<T>(
  request: APIRequestContext,
  path: string,
  input: unknown,
  token: string,
  mutation: boolean,
): Promise<T> {
  const answer = mutation
    ? await request.post(`/trpc/${path}`, { headers: authHeaders(token), data: input })
    : await request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
        headers: authHeaders(token),
      });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  return ((await answer.json()) as { result: { data: T } }).result.data;
}

const trpcMutation = <T>(request: APIRequestContext, path: string, input: unknown, token: string) =>
  trpcCall<T>(request, path, input, token, true);
const trpcQuery = <T>(request: APIRequestContext, path: string, input: unknown, token: string) =>
  trpcCall<T>(request, path, input, token, false);

/** Signs a fresh member up; with the page's request, the browser is signed in as them too. */
async function signUp(request: APIRequestContext, baseURL: string, name: string): Promise<TMember> {
  const email = `e2e-exchange-${randomUUID().slice(0, 8)}@gifting.test`;
  const answer = await request.post('/auth/v2/sign-up/', {
    data: { name, email, password: 'long-enough-password' },
    headers: { 'content-type': 'application/json', origin: baseURL },
  });
  expect(answer.status()).toBe(201);
  const body = (await answer.json()) as { userId: string; accessToken: string };
  return { name, userId: body.userId, token: body.accessToken };
}

function nextYear(monthDay: string): string {
  return `${new Date().getUTCFullYear() + 1}-${monthDay}`;
}

/**
 * A fresh organizer (signed in in `page`) with an exchange, and three fresh members who joined it
 * through its sign-up link and accepted: four people in the draw.
 */
async function exchangeWithFourPeople(page: Page, baseURL: string): Promise<TExchange> {
  const organizer = await signUp(page.request, baseURL, 'Olga Organizer');
  const created = await trpcMutation<{ exchangeId: string; signUpUrl: string }>(
    page.request,
    'exchanges.create',
    {
      title: `Office Secret Santa ${randomUUID().slice(0, 4)}`,
      exchangeDate: nextYear('12-18'),
      budget: { currency: 'USD', amount: 25 },
      themeId: 'office',
      sendInvitations: false,
    },
    organizer.token,
  );
  const code = new URL(created.signUpUrl).searchParams.get('code') ?? '';
  const others = await playwrightRequest.newContext({ baseURL });
  const people: TMember[] = [];
  for (const name of NAMES) {
    const member = await signUp(others, baseURL, name);
    await trpcMutation(others, 'exchanges.joinByLink', { exchangeId: created.exchangeId, code }, member.token);
    await trpcMutation(others, 'exchanges.rsvp', { exchangeId: created.exchangeId, response: 'accept' }, member.token);
    people.push(member);
  }
  await others.dispose();
  return { exchangeId: created.exchangeId, organizer, people };
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await new Shell(page).acceptTermsIfShown();
  await waitForSettled(page);
}

const row = (page: Page, testId: string, name: string) =>
  page.getByTestId(testId).filter({ has: page.getByTestId('person-name').getByText(name, { exact: true }) });

/** On the draw-restrictions list: opens one person's page and ticks whom they may not draw. */
async function restrict(page: Page, exchangeId: string, who: string, cannotDraw: string[]): Promise<void> {
  await open(page, `/gift-exchanges/${exchangeId}/draw-restrictions/`);
  await row(page, 'restriction-row', who).getByTestId('restriction-edit').click();
  await expect(page.getByRole('heading', { level: 1, name: `Who ${who} may not draw` })).toBeVisible();
  const group = page.getByRole('group', { name: `${who} may not draw:` });
  for (const name of cannotDraw) await group.getByRole('checkbox', { name }).check();
  await expect(page.getByRole('switch', { name: 'Both ways' })).toBeChecked();
  await page.getByTestId('restriction-save').click();
  await expect(page).toHaveURL(new RegExp(`/gift-exchanges/${exchangeId}/draw-restrictions/$`));
}

test.describe('managing a gift exchange', () => {
  test('the organizer restricts the draw, draws, and sees only their own recipient', async ({ page, baseURL }) => {
    const { exchangeId, organizer, people } = await exchangeWithFourPeople(page, baseURL ?? '');
    const [ann, bob] = people as [TMember, TMember, TMember];

    // My exchanges: it is among the ones I organize.
    await open(page, '/gift-exchanges/');
    const card = page.getByTestId('exchanges-organizing').getByTestId('exchange-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('exchange-card-counts')).toContainText('4 people take part');
    await expectAccessible(page);

    // Ann may not draw Bob, both ways.
    await open(page, `/gift-exchanges/${exchangeId}/draw-restrictions/`);
    await expect(page.getByTestId('restriction-row')).toHaveCount(4);
    await expectAccessible(page);
    await row(page, 'restriction-row', ann.name).getByTestId('restriction-edit').click();
    await expect(page.getByRole('checkbox')).toHaveCount(3);
    await expectAccessible(page);
    await page
      .getByRole('group', { name: `${ann.name} may not draw:` })
      .getByRole('checkbox', { name: bob.name })
      .check();
    await page.getByTestId('restriction-save').click();
    await expect(page).toHaveURL(new RegExp(`/gift-exchanges/${exchangeId}/draw-restrictions/$`));
    await expect(row(page, 'restriction-row', ann.name).getByTestId('restriction-summary')).toHaveText(
      `May not draw ${bob.name}`,
    );
    await expect(row(page, 'restriction-row', bob.name).getByTestId('restriction-summary')).toHaveText(
      `May not draw ${ann.name}`,
    );

    // The overview before the draw: who is in, the sign-up link, the draw button.
    await open(page, `/gift-exchanges/${exchangeId}/`);
    await expect(page.getByTestId('exchange-counts')).toContainText('4 people take part');
    await expect(page.getByTestId('exchange-signup-url')).toHaveValue(/\/rsvp\/\?code=/);
    await expect(page.getByTestId('exchange-header')).toContainText('Open for sign-up');
    await expectAccessible(page);

    await page.getByTestId('exchange-draw').click();
    await page.getByTestId('draw-confirm').click();
    const assignment = page.getByTestId('assignment-title');
    await expect(assignment).toHaveText(/^You’re the Secret Santa for (Ann Able|Bob Baker|Cid Cole)$/);
    await expect(page.getByTestId('exchange-header')).toContainText('Names drawn');
    // Only my own pairing: one assignment card, no table of the draw, the draw kept secret.
    await expect(page.getByTestId('assignment-card')).toHaveCount(1);
    await expect(page.getByTestId('view-draw-table')).toHaveCount(0);
    await expect(page.getByTestId('exchange-draw-secret')).toBeVisible();
    await expect(page.getByTestId('conversation-recipient')).toBeVisible();
    await expect(page.getByTestId('conversation-santa')).toBeVisible();
    await expectAccessible(page);

    // A message is plain text: markup and links stay text.
    const body = 'Any allergies? <b>bold</b> https://example.com/x';
    await page.getByTestId('conversation-recipient-input').fill(body);
    await page.getByTestId('conversation-recipient-send').click();
    const sent = page.getByTestId('conversation-recipient').getByTestId('conversation-body');
    await expect(sent).toHaveText(body);
    await expect(page.getByTestId('conversation-recipient').locator('b, a[href="https://example.com/x"]')).toHaveCount(
      0,
    );
    await expect(page.getByTestId('conversation-recipient-input')).toHaveValue('');
    await expectAccessible(page);

    // The recipient reads it from "Your Secret Santa", never from the organizer's name.
    const me = await trpcQuery<{ recipient: { userId: string } }>(
      page.request,
      'exchanges.myAssignment',
      { exchangeId },
      organizer.token,
    );
    const recipient = people.find((member) => member.userId === me.recipient.userId) as TMember;
    const theirs = await trpcQuery<{ partnerName: string; messages: { authorName: string; body: string }[] }>(
      page.request,
      'exchanges.conversation',
      { exchangeId, with: 'santa' },
      recipient.token,
    );
    expect(theirs.partnerName).toBe('Your Secret Santa');
    expect(theirs.messages).toEqual([expect.objectContaining({ authorName: 'Your Secret Santa', body })]);

    // The restriction held: Ann did not draw Bob, nor Bob Ann.
    const annGets = await trpcQuery<{ recipient: { userId: string } }>(
      page.request,
      'exchanges.myAssignment',
      { exchangeId },
      ann.token,
    );
    const bobGets = await trpcQuery<{ recipient: { userId: string } }>(
      page.request,
      'exchanges.myAssignment',
      { exchangeId },
      bob.token,
    );
    expect(annGets.recipient.userId).not.toBe(bob.userId);
    expect(bobGets.recipient.userId).not.toBe(ann.userId);
  });

  test('an impossible set of restrictions is refused with a reason naming the people', async ({ page, baseURL }) => {
    const { exchangeId, organizer } = await exchangeWithFourPeople(page, baseURL ?? '');
    // Ann, Bob and Cid may not draw one another: all three may only draw Olga.
    await restrict(page, exchangeId, 'Ann Able', ['Bob Baker', 'Cid Cole']);
    await restrict(page, exchangeId, 'Bob Baker', ['Cid Cole']);
    await expect(row(page, 'restriction-row', 'Cid Cole').getByTestId('restriction-summary')).toHaveText(
      'May not draw Ann Able and Bob Baker',
    );

    await open(page, `/gift-exchanges/${exchangeId}/`);
    await page.getByTestId('exchange-draw').click();
    await page.getByTestId('draw-confirm').click();
    const failure = page.getByTestId('draw-failure');
    await expect(failure).toBeVisible();
    const message = page.getByTestId('draw-failure-message');
    // The reason names the people who cannot all be served, and the one person they could draw.
    const person = '(Ann Able|Bob Baker|Cid Cole)';
    await expect(message).toHaveText(
      new RegExp(`^No draw is possible: ${person}(, ${person})* and ${person} can only give to ${organizer.name}`),
    );
    await expect(failure.getByRole('link', { name: 'Review the draw restrictions' })).toBeVisible();
    // Nothing was drawn.
    await expect(page.getByTestId('exchange-header')).toContainText('Open for sign-up');
    await expect(page.getByTestId('assignment-card')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('who may see the draw is fixed when the names are drawn: a secret draw stays secret', async ({
    page,
    baseURL,
  }) => {
    const { exchangeId, organizer } = await exchangeWithFourPeople(page, baseURL ?? '');
    await trpcMutation(page.request, 'exchanges.draw', { exchangeId }, organizer.token);

    // Everyone in the draw reads the decision on the overview.
    await open(page, `/gift-exchanges/${exchangeId}/`);
    await expect(page.getByTestId('exchange-draw-visibility')).toHaveText('The organizer cannot see who drew whom.');
    // The v2 address goes to the legacy view-draw page, which explains why nothing shows.
    await open(page, `/gift-exchanges/${exchangeId}/view-draw/`);
    await expect(page).toHaveURL(new RegExp(`/gift-exchanges/legacy/${exchangeId}/view-draw/$`));
    await expect(page.getByText('The privacy settings keep the draw secret, even from the organizer')).toBeVisible();
    await expect(page.getByTestId('view-draw-table')).toHaveCount(0);
    await expectAccessible(page);

    // The switch cannot open it afterwards, and says why.
    await open(page, `/gift-exchanges/${exchangeId}/privacy-settings/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    const allow = page.getByRole('switch', { name: 'Organizers can see the whole draw' });
    await expect(allow).not.toBeChecked();
    await expect(allow).toBeDisabled();
    await expect(
      page.getByText(/fixed when the names are drawn.*The names were drawn secret, so it stays off\./),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('an organizer outside the draw sees it when it was drawn visible', async ({ page, baseURL }) => {
    const { exchangeId, organizer, people } = await exchangeWithFourPeople(page, baseURL ?? '');
    await trpcMutation(page.request, 'exchanges.update', { exchangeId, organizerParticipates: false }, organizer.token);
    await open(page, `/gift-exchanges/${exchangeId}/`);
    await expect(page.getByTestId('exchange-counts')).toContainText('3 people take part');
    await page.getByTestId('exchange-nav-privacy').click();
    const allow = page.getByRole('switch', { name: 'Organizers can see the whole draw' });
    await allow.click();
    await expect(allow).toBeChecked();
    await expect(page.getByText('Organizers can see the whole draw: on.')).toBeVisible();
    await trpcMutation(page.request, 'exchanges.draw', { exchangeId }, organizer.token);

    await open(page, `/gift-exchanges/${exchangeId}/`);
    await expect(page.getByTestId('exchange-draw-visibility')).toHaveText('The organizer can see who drew whom.');
    await page.getByTestId('exchange-view-draw').click();
    await expect(page.getByTestId('view-draw-pair')).toHaveCount(3);
    for (const person of people)
      await expect(
        page.getByTestId('view-draw-table').getByRole('cell', { name: person.name, exact: true }),
      ).toHaveCount(2);
    await expectAccessible(page);
  });

  test('removing a person after the draw changes only the assignments that must change', async ({ page, baseURL }) => {
    const { exchangeId, organizer, people } = await exchangeWithFourPeople(page, baseURL ?? '');
    await trpcMutation(page.request, 'exchanges.draw', { exchangeId }, organizer.token);
    const cid = people[2] as TMember;

    await open(page, `/gift-exchanges/${exchangeId}/participants/`);
    await expect(page.getByTestId('participant-row')).toHaveCount(4);
    await expect(page.getByTestId('participants-drawn-note')).toBeVisible();
    await expectAccessible(page);

    await row(page, 'participant-row', cid.name)
      .getByRole('button', { name: `Manage ${cid.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Remove from the exchange' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('only the assignments that must change will change');
    await expectAccessible(page);
    await page.getByTestId('participant-remove-confirm').click();
    await expect(
      page.getByText(new RegExp(`${cid.name} is removed from the exchange\\. .*new person to give to`)),
    ).toBeVisible();
    await expect(page.getByTestId('participant-row')).toHaveCount(3);
    await expect(row(page, 'participant-row', cid.name)).toHaveCount(0);
    await expectAccessible(page);

    // Everyone left still gives to someone who is still in.
    for (const member of [organizer, ...people.slice(0, 2)]) {
      const mine = await trpcQuery<{ recipient: { userId: string } }>(
        page.request,
        'exchanges.myAssignment',
        { exchangeId },
        member.token,
      );
      expect(mine.recipient.userId).not.toBe(cid.userId);
      expect(mine.recipient.userId).not.toBe(member.userId);
    }
  });

  test('the organizer edits the exchange, its settings, assistants and people', async ({ page, baseURL }) => {
    const { exchangeId, people } = await exchangeWithFourPeople(page, baseURL ?? '');
    const [ann, bob] = people as [TMember, TMember, TMember];

    // Edit: a new title and theme show in the header.
    await open(page, `/gift-exchanges/${exchangeId}/edit/`);
    await expect(page.getByTestId('exchange-edit-form')).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId('edit-title').fill('');
    await page.getByTestId('edit-save').click();
    await expect(page.getByTestId('exchange-edit-form').getByText('Value is required')).toBeVisible();
    await page.getByTestId('edit-title').fill('Family Secret Santa');
    await page.getByTestId('edit-theme').selectOption('family');
    await page.getByTestId('edit-save').click();
    await expect(page).toHaveURL(new RegExp(`/gift-exchanges/${exchangeId}/$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Family Secret Santa' })).toBeVisible();
    await expect(page.getByTestId('exchange-header')).toHaveAttribute('data-theme-id', 'family');

    // Settings: one sentence per switch; a draw option turns on.
    await open(page, `/gift-exchanges/${exchangeId}/settings/`);
    const mutual = page.getByRole('switch', { name: 'No two people draw each other' });
    await expect(mutual).not.toBeChecked();
    await expect(page.getByText('If Ann gives to Bob, Bob never gives to Ann.')).toBeVisible();
    await expectAccessible(page);
    await mutual.click();
    await expect(page.getByText('No two people draw each other: on.')).toBeVisible();
    await expect(mutual).toBeChecked();

    // Assistants: Ann helps organize.
    await open(page, `/gift-exchanges/${exchangeId}/manage-assistants/`);
    await expect(page.getByTestId('empty-state')).toContainText('No assistants yet');
    await expectAccessible(page);
    await page.getByTestId('assistants-candidate').selectOption({ label: ann.name });
    await page.getByTestId('assistants-add').click();
    await expect(row(page, 'assistant-row', ann.name)).toBeVisible();
    await expectAccessible(page);

    // One person: Bob is disqualified with a reason, then restored from the disqualified page.
    await open(page, `/gift-exchanges/${exchangeId}/participants/${bob.userId}/`);
    await expect(page.getByRole('heading', { level: 1, name: bob.name })).toBeVisible();
    await expect(page.getByTestId('participant-restrictions-link')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: `Manage ${bob.name}` }).click();
    await page.getByRole('menuitem', { name: 'Disqualify' }).click();
    await page.getByTestId('disqualify-reason').fill('No wish list yet');
    await expectAccessible(page);
    await page.getByTestId('disqualify-submit').click();
    await expect(page.getByTestId('participant-disqualified')).toBeVisible();

    await open(page, `/gift-exchanges/${exchangeId}/disqualified/`);
    await expect(row(page, 'disqualified-row', bob.name).getByTestId('disqualified-reason')).toHaveText(
      'No wish list yet',
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: `Restore ${bob.name} to the draw` }).click();
    await expect(page.getByTestId('empty-state')).toContainText('Nobody is left out');

    // The activity log tells what happened, newest first.
    await open(page, `/gift-exchanges/legacy/${exchangeId}/activity/`);
    await expect(page.getByTestId('activity-event').first()).toContainText(`restored ${bob.name}`);
    await expect(page.getByTestId('activity-event').filter({ hasText: `made ${ann.name} an assistant` })).toHaveCount(
      1,
    );
    await expectAccessible(page);
  });

  test('a participant sees the exchange without the organizer’s pages', async ({ page, browser, baseURL }) => {
    const { exchangeId, organizer } = await exchangeWithFourPeople(page, baseURL ?? '');
    const signUpUrl = (
      await trpcQuery<{ signUpUrl: string }>(page.request, 'exchanges.get', { exchangeId }, organizer.token)
    ).signUpUrl;
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    const dan = await context.newPage();
    const member = await signUp(dan.request, baseURL ?? '', 'Dan Dent');
    const code = new URL(signUpUrl).searchParams.get('code') ?? '';
    await trpcMutation(dan.request, 'exchanges.joinByLink', { exchangeId, code }, member.token);

    // Joined but not answered: asked to.
    await open(dan, `/gift-exchanges/${exchangeId}/`);
    await expect(dan.getByTestId('exchange-rsvp-link')).toHaveAttribute('href', `/gift-exchanges/${exchangeId}/rsvp/`);
    await expect(dan.getByTestId('exchange-nav-settings')).toHaveCount(0);
    await expect(dan.getByTestId('exchange-nav-restrictions')).toHaveCount(0);
    await expect(dan.getByTestId('exchange-draw')).toHaveCount(0);
    await expectAccessible(dan);

    await trpcMutation(dan.request, 'exchanges.rsvp', { exchangeId, response: 'accept' }, member.token);
    await trpcMutation(page.request, 'exchanges.draw', { exchangeId }, organizer.token);
    await open(dan, `/gift-exchanges/${exchangeId}/`);
    await expect(dan.getByTestId('assignment-title')).toHaveText(/^You’re the Secret Santa for /);
    await expect(dan.getByTestId('exchange-manager-drawn')).toHaveCount(0);
    await expectAccessible(dan);

    // A manager's page says it is not theirs to change.
    await open(dan, `/gift-exchanges/${exchangeId}/settings/`);
    await expect(dan.getByTestId('empty-state')).toContainText('Only the organizer and assistants can change this');
    await expectAccessible(dan);
    await context.close();
  });

  test('a member without exchanges is offered to start one', async ({ page, baseURL }) => {
    await signUp(page.request, baseURL ?? '', 'Nina Newcomer');
    await open(page, '/gift-exchanges/');
    await expect(page.getByRole('heading', { level: 1, name: 'Gift exchanges' })).toBeVisible();
    await expect(page.getByTestId('empty-state')).toContainText('No gift exchanges yet');
    await expect(page.getByTestId('exchanges-start')).toHaveAttribute('href', '/secret-santa-generator/');
    await expectAccessible(page);
  });
});
