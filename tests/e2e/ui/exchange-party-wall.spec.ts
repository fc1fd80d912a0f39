/**
 * Issue 31 in Chromium, as organizers and participants would: a White Elephant party's turn order,
 * drawn by the organizer and shown to a participant with the rules; the exchange wall, where a post
 * (one anonymous: "Someone in the exchange") arrives live on another participant's open page and
 * the organizer's removal leaves it live too, without a reload; and a thank-you carrying a photo of
 * the gift, which the gallery on the exchange page shows to everyone in the exchange once the
 * exchange date has passed (clock moved in the database). The people and their exchanges are made
 * through the API (sign-up, tRPC); only the screens under test are driven.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from '../pages/a11y';
import { moveExchangeDateIntoPast, open, toastShown } from '../pages/exchange-pages';
import { join, signUp, trpc, type TMember } from '../pages/late-draw-pages';

/** An exchange of `organizer` (signed in on `page`) that `names` join in browsers of their own. */
async function exchangeWithPeople(
  page: Page,
  browser: Browser,
  baseURL: string,
  organizer: TMember,
  names: readonly string[],
  fields: Record<string, unknown> = {},
): Promise<{ exchangeId: string; people: { member: TMember; page: Page }[] }> {
  const year = new Date().getUTCFullYear() + 1;
  const created = await trpc<{ exchangeId: string; signUpUrl: string }>(
    page.request,
    'exchanges.create',
    {
      title: `Party ${randomUUID().slice(0, 4)}`,
      exchangeDate: `${year}-12-18`,
      sendInvitations: false,
      ...fields,
    },
    organizer.token,
  );
  const code = new URL(created.signUpUrl).searchParams.get('code') ?? '';
  const people: { member: TMember; page: Page }[] = [];
  for (const name of names) {
    const context = await browser.newContext({ baseURL });
    const personPage = await context.newPage();
    // Signing up through the context's own requests signs that browser in as them.
    const member = await join(personPage.request, baseURL, created.exchangeId, code, name);
    people.push({ member, page: personPage });
  }
  return { exchangeId: created.exchangeId, people };
}

async function overview(page: Page, exchangeId: string): Promise<void> {
  await open(page, `/gift-exchanges/${exchangeId}/`);
  await expect(page.getByTestId('exchange-overview-screen')).toBeVisible();
}

const wallPost = (page: Page, body: string) => page.getByTestId('wall-post').filter({ hasText: body });

test.describe('party games, the wall and the gallery', () => {
  test('a White Elephant party: the organizer draws the turn order, a participant sees their turn and the rules', async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const organizer = await signUp(page.request, base, 'Olga Organizer');
    const { exchangeId, people } = await exchangeWithPeople(
      page,
      browser,
      base,
      organizer,
      ['Ann Able', 'Bob Baker', 'Cid Cole'],
      { gameType: 'white-elephant' },
    );
    const ann = people[0]!;
    try {
      // Before the draw, Ann reads the rules and who draws the order.
      await overview(ann.page, exchangeId);
      const annCard = ann.page.getByTestId('turn-order-card');
      await expect(annCard.getByRole('heading', { name: 'White Elephant: the turn order' })).toBeVisible();
      await expect(annCard.getByTestId('turn-order-pending')).toContainText('The organizer draws the turn order');
      await expect(annCard.getByTestId('turn-order-rules').getByRole('listitem')).not.toHaveCount(0);
      await expectAccessible(ann.page, 'a White Elephant before the turn order is drawn');

      // The organizer draws the turn order on the overview.
      await overview(page, exchangeId);
      await expect(page.getByTestId('exchange-draw')).toHaveText('Draw the turn order');
      await page.getByTestId('exchange-draw').click();
      await page.getByTestId('draw-confirm').click();
      await toastShown(page, 'The turn order is drawn: 4 people were told their turn.');
      const order = page.getByTestId('turn-order-card').getByTestId('turn-order-turn');
      await expect(order).toHaveCount(4);
      await expect(page.getByTestId('exchange-manager-drawn')).toContainText('Turn order drawn');
      await expectAccessible(page, 'a White Elephant after the turn order is drawn (organizer)');

      // Ann sees the same order, her own turn marked, and the rules; no Secret Santa card.
      await overview(ann.page, exchangeId);
      const turns = annCard.getByTestId('turn-order-turn');
      await expect(turns).toHaveCount(4);
      const organizerOrder = await order.evaluateAll((items) => items.map((item) => item.getAttribute('data-user-id')));
      expect(await turns.evaluateAll((items) => items.map((item) => item.getAttribute('data-user-id')))).toEqual(
        organizerOrder,
      );
      const position = organizerOrder.indexOf(ann.member.userId) + 1;
      expect(position).toBeGreaterThan(0);
      await expect(annCard.getByTestId('turn-order-mine')).toHaveText(`You go number ${position}.`);
      await expect(turns.nth(position - 1)).toContainText('Ann Able (you)');
      await expect(annCard.getByTestId('turn-order-rules').getByRole('listitem')).not.toHaveCount(0);
      await expect(ann.page.getByTestId('assignment-card')).toHaveCount(0);
      await expectAccessible(ann.page, 'a White Elephant after the turn order is drawn (participant)');
    } finally {
      for (const person of people) await person.page.context().close();
    }
  });

  test('a wall post, one anonymous, reaches an open page live, and the organizer’s removal does too', async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const organizer = await signUp(page.request, base, 'Olga Organizer');
    const { exchangeId, people } = await exchangeWithPeople(page, browser, base, organizer, ['Ann Able', 'Bob Baker']);
    const [ann, bob] = people as [(typeof people)[0], (typeof people)[0]];
    try {
      // Bob and the organizer have the exchange open; nothing is on the wall yet.
      await overview(bob.page, exchangeId);
      await expect(bob.page.getByTestId('exchange-wall')).toContainText('Nothing on the wall yet');
      // A mark on Bob's page: gone if the page were loaded again.
      await bob.page.evaluate(() => Object.assign(window, { e2eWallMark: 'still the same page' }));
      await overview(page, exchangeId);
      await expectAccessible(bob.page, 'an empty exchange wall');

      // Ann writes a signed post and an anonymous one.
      await overview(ann.page, exchangeId);
      const annWall = ann.page.getByTestId('exchange-wall');
      await annWall.getByLabel('Write on the wall').fill('Who is bringing cookies?');
      await annWall.getByTestId('wall-post-submit').click();
      await expect(wallPost(ann.page, 'Who is bringing cookies?').getByTestId('wall-post-author')).toHaveText('You');
      await annWall.getByLabel('Write on the wall').fill('Psst: the host loves jigsaw puzzles.');
      await annWall.getByRole('checkbox', { name: /Post anonymously/ }).check();
      await annWall.getByTestId('wall-post-submit').click();
      const annSecret = wallPost(ann.page, 'Psst: the host loves jigsaw puzzles.');
      await expect(annSecret.getByTestId('wall-post-author')).toHaveText('You (anonymously)');
      await expectAccessible(ann.page, 'the exchange wall after posting');

      // Both arrive on Bob's open page, the anonymous one naming nobody.
      const signed = wallPost(bob.page, 'Who is bringing cookies?');
      const secret = wallPost(bob.page, 'Psst: the host loves jigsaw puzzles.');
      await expect(signed.getByTestId('wall-post-author')).toHaveText('Ann Able');
      await expect(secret.getByTestId('wall-post-author')).toHaveText('Someone in the exchange');
      await expect(secret).not.toContainText('Ann');
      await expect(secret.getByTestId('wall-post-remove')).toHaveCount(0);
      expect(await bob.page.evaluate(() => (window as { e2eWallMark?: string }).e2eWallMark)).toBe(
        'still the same page',
      );
      await expectAccessible(bob.page, 'the exchange wall with an anonymous post');

      // The organizer sees it anonymous too, and removes it.
      const organizerSecret = wallPost(page, 'Psst: the host loves jigsaw puzzles.');
      await expect(organizerSecret.getByTestId('wall-post-author')).toHaveText('Someone in the exchange');
      await expect(organizerSecret).not.toContainText('Ann');
      await organizerSecret.getByRole('button', { name: 'Remove the post by Someone in the exchange' }).click();
      await toastShown(page, 'The post is removed');
      await expect(organizerSecret).toHaveCount(0);
      await expectAccessible(page, 'the exchange wall as its organizer, after a removal');

      // Gone from Bob's open page as well, still without a reload; Ann's signed post stays.
      await expect(secret).toHaveCount(0);
      await expect(signed).toHaveCount(1);
      expect(await bob.page.evaluate(() => (window as { e2eWallMark?: string }).e2eWallMark)).toBe(
        'still the same page',
      );
      await expect(annSecret).toHaveCount(0);
    } finally {
      for (const person of people) await person.page.context().close();
    }
  });

  test('a thank-you with a photo of the gift shows in the gallery on the exchange page', async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const organizer = await signUp(page.request, base, 'Olga Organizer');
    const { exchangeId, people } = await exchangeWithPeople(page, browser, base, organizer, [
      'Ann Able',
      'Bob Baker',
      'Cid Cole',
    ]);
    const [ann, bob] = people as [(typeof people)[0], (typeof people)[0]];
    try {
      await trpc(page.request, 'exchanges.draw', { exchangeId }, organizer.token);
      // Before the exchange date the gallery waits.
      await overview(bob.page, exchangeId);
      await expect(bob.page.getByTestId('exchange-gallery')).toContainText('The gallery opens on the exchange date');

      // The test's clock jump: the exchange date is two days ago.
      await moveExchangeDateIntoPast(exchangeId);

      // Ann thanks her Secret Santa with a photo of the gift.
      await open(ann.page, `/gift-exchanges/${exchangeId}/thank-yous/`);
      const form = ann.page.getByTestId('thank-you-form');
      await expect(form).toBeVisible();
      await form.getByTestId('thank-you-body').fill('The jigsaw puzzle is wonderful, thank you!');
      const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#b8325a' } })
        .png()
        .toBuffer();
      await ann.page
        .getByLabel('Photo of the gift for the gallery (optional)', { exact: true })
        .setInputFiles({ name: 'puzzle.png', mimeType: 'image/png', buffer: photo });
      await expect(form.getByTestId('thank-you-new-photo-name')).toHaveText('puzzle.png');
      await expectAccessible(ann.page, 'the thank-you form with a photo chosen');
      await form.getByTestId('thank-you-send').click();
      await toastShown(ann.page, 'Your thank-you is on its way to your Secret Santa');
      const sent = ann.page.getByTestId('thank-yous-sent').getByTestId('thank-you-item');
      await expect(sent.getByRole('img', { name: 'The photo of the gift on your thank-you' })).toBeVisible();
      await expect(sent.getByTestId('thank-you-photo-button')).toHaveText('Change the photo');
      await expectAccessible(ann.page, 'a sent thank-you with its photo');

      // Bob, in the exchange, sees it in the gallery on the exchange page.
      await overview(bob.page, exchangeId);
      const item = bob.page.getByTestId('exchange-gallery').getByTestId('gallery-item');
      await expect(item).toHaveCount(1);
      await expect(item).toContainText('Ann Able said thank you');
      await expect(item).toContainText('The jigsaw puzzle is wonderful, thank you!');
      const image = item.getByRole('img', { name: 'Photo from Ann Able’s thank-you' });
      await expect(image).toBeVisible();
      // The photo loaded (re-encoded by the server, within its box).
      await expect.poll(() => image.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await expectAccessible(bob.page, 'the exchange page with the gallery');
    } finally {
      for (const person of people) await person.page.context().close();
    }
  });
});
