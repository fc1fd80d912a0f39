/**
 * Issue 31 in Chromium, as organizers and participants would: a latecomer joins after the draw,
 * waits "not yet drawn" and is drawn in with exactly one other giver changed; an exchange whose
 * sign-up date passes is drawn by itself (clock moved in the database, the job queue runs it); a
 * practice draw shows counts and conflicts and sends nothing. Every test makes its own exchange.
 */
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { expectAccessible } from '../pages/a11y';
import { open, recipientShown, toastShown } from '../pages/exchange-pages';
import { exchangeWith, jobsAbout, join, signUpDatePassed, signUp, storedDraw, trpc } from '../pages/late-draw-pages';

const NAMES = ['Ann Able', 'Bob Baker', 'Cid Cole'] as const;

async function overview(page: Page, exchangeId: string): Promise<void> {
  await open(page, `/gift-exchanges/${exchangeId}/`);
  await expect(page.getByTestId('exchange-overview-screen')).toBeVisible();
}

test.describe('latecomers, the automatic draw and the practice draw', () => {
  test('a latecomer joins after the draw and is drawn in with one giver changed', async ({
    page,
    browser,
    baseURL,
  }) => {
    const organizer = await signUp(page.request, baseURL ?? '', 'Olga Organizer');
    const others = await playwrightRequest.newContext({ baseURL });
    const { exchangeId, code } = await exchangeWith(page.request, others, baseURL ?? '', organizer, NAMES);
    await others.dispose();
    await trpc(page.request, 'exchanges.draw', { exchangeId }, organizer.token);
    const before = await storedDraw(exchangeId);
    expect(before.size).toBe(4);

    // Lara joins with the sign-up link after the draw, in a browser of her own.
    const laraContext = await browser.newContext({ baseURL });
    const laraPage = await laraContext.newPage();
    const lara = await join(laraPage.request, baseURL ?? '', exchangeId, code, 'Lara Late');
    await overview(laraPage, exchangeId);
    await expect(laraPage.getByTestId('exchange-awaiting-draw')).toContainText('You joined after the names were drawn');
    await expect(laraPage.getByTestId('assignment-card')).toHaveCount(0);

    // The organizer sees her waiting, and draws the latecomers.
    await open(page, `/gift-exchanges/${exchangeId}/participants/`);
    await expect(page.getByTestId('participant-awaiting-draw')).toHaveCount(1);
    await overview(page, exchangeId);
    const card = page.getByTestId('exchange-latecomers');
    await expect(card.getByTestId('exchange-latecomer-count')).toHaveText(
      '1 person joined after the draw and is not yet drawn.',
    );
    await expectAccessible(page);
    await card.getByTestId('exchange-draw-latecomers').click();
    await page.getByTestId('exchange-draw-latecomers-confirm').click();
    await toastShown(page, '1 latecomer was drawn: 1 giver’s recipient changed, and only they were told.');
    await expect(card.getByTestId('exchange-latecomer-count')).toContainText('Nobody is waiting to be drawn');

    // Exactly one existing giver changed: they now give to Lara, who takes over their old recipient.
    const after = await storedDraw(exchangeId);
    expect(after.size).toBe(5);
    const changed = [...before].filter(([giver, receiver]) => after.get(giver) !== receiver).map(([giver]) => giver);
    expect(changed).toHaveLength(1);
    expect(after.get(changed[0]!)).toBe(lara.userId);
    expect(after.get(lara.userId)).toBe(before.get(changed[0]!));

    // Lara now sees her recipient.
    await overview(laraPage, exchangeId);
    expect(await recipientShown(laraPage)).not.toBe('');
    await expect(laraPage.getByTestId('exchange-awaiting-draw')).toHaveCount(0);
    await laraContext.close();
  });

  test('an exchange is drawn by itself the day after its sign-up date', async ({ page, baseURL }) => {
    const organizer = await signUp(page.request, baseURL ?? '', 'Olga Organizer');
    const others = await playwrightRequest.newContext({ baseURL });
    const { exchangeId } = await exchangeWith(page.request, others, baseURL ?? '', organizer, NAMES);
    await others.dispose();
    await overview(page, exchangeId);
    await expect(page.getByTestId('exchange-auto-draw-note')).toContainText('will be drawn automatically');
    await open(page, `/gift-exchanges/${exchangeId}/settings/`);
    await expect(page.getByTestId('setting-autoDraw')).toBeChecked();

    // The clock moves: the sign-up date was yesterday, and the job queue scans.
    await signUpDatePassed(exchangeId);
    await expect(async () => {
      await overview(page, exchangeId);
      await expect(page.getByTestId('exchange-manager-drawn')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 120_000 });
    expect(await recipientShown(page)).not.toBe('');
    expect((await storedDraw(exchangeId)).size).toBe(4);
    await open(page, `/gift-exchanges/legacy/${exchangeId}/activity/`);
    await expect(page.getByText(/Names were drawn automatically after the sign-up date for 4 people/)).toBeVisible();
  });

  test('a practice draw shows counts and conflicts only, and sends nothing', async ({ page, baseURL }) => {
    const organizer = await signUp(page.request, baseURL ?? '', 'Olga Organizer');
    const others = await playwrightRequest.newContext({ baseURL });
    const { exchangeId, people } = await exchangeWith(page.request, others, baseURL ?? '', organizer, NAMES);
    await others.dispose();
    const [ann, bob, cid] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    // Ann may draw nobody: no draw is possible.
    await trpc(
      page.request,
      'exchanges.setRestrictions',
      { exchangeId, userId: ann.userId, cannotDraw: [organizer.userId, bob.userId, cid.userId], bothWays: false },
      organizer.token,
    );
    const jobsBefore = await jobsAbout(exchangeId);
    await overview(page, exchangeId);
    await page.getByTestId('practice-draw').click();
    const result = page.getByTestId('practice-draw-result');
    await expect(result).toContainText('This draw would be refused');
    await expect(page.getByTestId('practice-draw-message')).toContainText('No draw is possible');
    await expect(result).toContainText('4 people in the draw');
    await expect(result).toContainText('3 restrictions');
    await expect(result).toContainText('nothing was sent and no names were stored');
    await expectAccessible(page);

    await trpc(
      page.request,
      'exchanges.setRestrictions',
      { exchangeId, userId: ann.userId, cannotDraw: [] },
      organizer.token,
    );
    await page.getByTestId('practice-draw').click();
    await expect(result).toContainText('Everyone can be drawn');
    await expect(result).toContainText('0 restrictions');

    // Nothing stored, nobody told, still open.
    expect((await storedDraw(exchangeId)).size).toBe(0);
    expect(await jobsAbout(exchangeId)).toBe(jobsBefore);
    await expect(page.getByTestId('exchange-status')).toHaveText(/open/i);
    await expect(page.getByTestId('exchange-draw')).toBeEnabled();
  });
});
