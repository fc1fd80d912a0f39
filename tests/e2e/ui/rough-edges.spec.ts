/**
 * The "also seen" rough edges of issue 26, driven as a person would in Chromium: an answered join
 * request leaves every manager's bell live, badges show their whole word, the birthday and the
 * country are picked from lists, the log-in page greets someone already signed in, and /splash/
 * has the app's look and a way on. axe checks each screen.
 */
import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../pages/a11y';
import { signUpFreshMember } from '../pages/runtime-pages';

// The live bell and lazy screens can take a while on a busy machine: states are waited for, longer.
const expect = baseExpect.configure({ timeout: 60_000 });

interface TMember {
  page: Page;
  userId: string;
  context: BrowserContext;
}

/** A new member, signed in on `page`, who has accepted the terms (the dialog would cover the page). */
async function signUp(page: Page, baseURL: string | undefined, label: string): Promise<string> {
  const { userId } = await signUpFreshMember(page, baseURL ?? '', label);
  // The terms are accepted as the sign-up form does (the dialog is another test's subject).
  const refreshed = await page.request.get('/auth/v2/refresh-token/');
  const { accessToken } = (await refreshed.json()) as { accessToken: string };
  const accepted = await page.request.post(`/v1/users/${userId}/terms-of-service`, {
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    data: {},
  });
  expect(accepted.ok()).toBe(true);
  await page.goto('/home/');
  await expect(page.getByTestId('home-welcome')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-terms', 'accepted');
  return userId;
}

async function member(browser: Browser, baseURL: string | undefined, label: string): Promise<TMember> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const userId = await signUp(page, baseURL, label);
  return { page, userId, context };
}

const bell = (page: Page) => page.getByTestId('notifications-bell');

test.describe('rough edges', () => {
  test('an approved or declined join request stops being new in the bell of an open page, live', async ({
    browser,
    baseURL,
  }) => {
    const ann = await member(browser, baseURL, 'bell-ann');
    const ben = await member(browser, baseURL, 'bell-ben');
    const cara = await member(browser, baseURL, 'bell-cara');
    const name = `Choir ${Date.now().toString(36)}`;

    await ann.page.goto('/groups/');
    await ann.page.getByTestId('groups-empty-create').click();
    const form = ann.page.getByTestId('group-create-form');
    await form.getByTestId('group-create-form-name').fill(name);
    await form.getByTestId('group-create-form-submit').click();
    await expect(ann.page).toHaveURL(/\/groups\/[0-9a-f-]{36}\/$/);
    const groupPath = new URL(ann.page.url()).pathname;

    // Ann keeps her home page open in one tab; Ben asks to join, and her bell says so at once.
    await ann.page.goto('/home/');
    await expect(bell(ann.page)).toHaveAttribute('data-unread', '0');
    await ben.page.goto(groupPath);
    await ben.page.getByRole('button', { name: `Ask to join ${name}` }).click();
    await expect(ben.page.getByTestId('group-place-note')).toContainText('You asked to join');
    await expect(bell(ann.page)).toHaveAttribute('data-unread', '1');

    // In a second tab she approves Ben from the requests page; the first tab's bell clears itself.
    const requests = await ann.context.newPage();
    await requests.goto(`${groupPath}members/pending/`);
    await requests.getByTestId(`approve-${ben.userId}`).click();
    await expect(requests.getByTestId('group-requests-empty')).toBeVisible();
    await expect(bell(ann.page)).toHaveAttribute('data-unread', '0');
    await expect(bell(requests)).toHaveAttribute('data-unread', '0');
    await bell(ann.page).click();
    const asked = ann.page.getByTestId('notification-item').filter({ hasText: 'asked to join' });
    await expect(asked).toHaveCount(1);
    await expect(asked).toHaveAttribute('data-read', 'true');
    await expect(ann.page.getByTestId('notifications-menu').getByText('New', { exact: true })).toHaveCount(0);
    await expectAccessible(ann.page, 'the bell after an approval');
    await ann.page.keyboard.press('Escape');

    // Declining works the same way.
    await cara.page.goto(groupPath);
    await cara.page.getByRole('button', { name: `Ask to join ${name}` }).click();
    await expect(bell(ann.page)).toHaveAttribute('data-unread', '1');
    await requests.reload();
    await requests.getByTestId(`decline-${cara.userId}`).click();
    await expect(bell(ann.page)).toHaveAttribute('data-unread', '0');
    for (const person of [ann, ben, cara]) await person.context.close();
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`a trending guide's badge shows its whole word at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const badges = page.getByTestId('gift-guide-trending');
      await expect(badges.first()).toBeVisible();
      await expect(badges.first()).toHaveText('Trending');
      // Nothing of any badge is cut: its label is as wide as its text.
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('.mantine-Badge-root')]
          .filter((badge) => {
            const label = badge.querySelector('.mantine-Badge-label');
            return (
              badge.scrollWidth > badge.clientWidth + 1 || (label ? label.scrollWidth > label.clientWidth + 1 : false)
            );
          })
          .map((badge) => badge.textContent),
      );
      expect(cut).toEqual([]);
      await expectAccessible(page);
    });
  }

  test('the birthday is picked by month name and day, and the country from a searchable list', async ({
    page,
    baseURL,
  }) => {
    await signUp(page, baseURL, 'pickers');
    await page.goto('/settings/profile/');
    const month = page.getByTestId('profile-birthday-month');
    const day = page.getByTestId('profile-birthday-day');
    await expect(month).toBeVisible();

    // Month names; each month offers only its days, and February keeps the 29th.
    await expect(month.locator('option')).toHaveText([
      'Month',
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    await month.selectOption({ label: 'February' });
    await expect(day.locator('option')).toHaveCount(30);
    await expect(day.locator('option').last()).toHaveText('29');
    await month.selectOption({ label: 'March' });
    await day.selectOption('31');
    await month.selectOption({ label: 'April' });
    await expect(day).toHaveValue('');
    await expect(day.locator('option')).toHaveCount(31);

    // A month without a day is refused in the spec's words.
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('profile-form').getByText('The minimum value allowed is 1')).toBeVisible();
    await expectAccessible(page, 'the birthday pickers with an error');
    await month.selectOption({ label: 'February' });
    await day.selectOption('29');
    await expect(page.getByTestId('profile-form').getByText('The minimum value allowed is 1')).toHaveCount(0);
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('Your profile is saved')).toBeVisible();

    // An address without a country says the country is needed; typing finds Canada in the list.
    await page.getByTestId('address-address1').fill('5 Maple Street');
    await page.getByTestId('address-city').fill('Toronto');
    await page.getByTestId('address-save').click();
    await expect(page.getByTestId('address-form').getByText('The value is required')).toBeVisible();
    const country = page.getByTestId('address-country');
    await country.click();
    await country.fill('cana');
    const countries = page.getByRole('listbox').getByRole('option');
    await expect(countries).toHaveText(['Canada']);
    await expectAccessible(page, 'the country list open');
    await countries.filter({ hasText: 'Canada' }).click();
    await expect(country).toHaveValue('Canada');
    // Common short names find their country too.
    await country.fill('uk');
    await expect(countries.filter({ hasText: 'United Kingdom' })).toBeVisible();
    await page.keyboard.press('Escape');
    await country.fill('');
    await country.fill('Canada');
    await countries.filter({ hasText: 'Canada' }).click();
    await page.getByTestId('address-save').click();
    await expect(page.getByText('mailing address is saved')).toBeVisible();

    await page.reload();
    await expect(month).toHaveValue('2');
    await expect(day).toHaveValue('29');
    await expect(page.getByTestId('address-country')).toHaveValue('Canada');
    await expectAccessible(page);
  });

  test('the log-in address while signed in says who is signed in and leads on', async ({ page, baseURL }) => {
    await signUp(page, baseURL, 'already');
    await page.goto(`/auth/v2/login/?returnurl=${encodeURIComponent('/wish-lists/')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'You’re already signed in' })).toBeVisible();
    await expect(page.getByTestId('already-signed-in-as')).toHaveText('You’re signed in as Terry Terms.');
    await expect(page.getByTestId('log-in-form')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/wish-lists/');

    // Without a destination it leads home; the other way on is a log-out.
    await page.goto('/a/log-in/');
    await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/home/');
    await page.getByRole('link', { name: 'Log out to use another account' }).click();
    await expect(page).toHaveURL(/\/a\/log-out\//);
  });

  test('/splash/ has the app’s look and a way on, for a visitor and for a member', async ({ page, baseURL }) => {
    await page.goto('/splash/');
    const splash = page.getByTestId('splash-screen');
    await expect(splash.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(splash.getByTestId('app-logo')).toBeVisible();
    await expectAccessible(page);
    await splash.getByRole('link', { name: 'Get started, it’s free' }).click();
    await expect(page).toHaveURL('/a/sign-up/');

    await signUp(page, baseURL, 'splash');
    await page.goto('/splash/');
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to your home page' }).click();
    await expect(page).toHaveURL('/home/');
  });
});
