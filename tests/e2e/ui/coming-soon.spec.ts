import { expect, test } from '@playwright/test';
import { DEMO_LOGIN } from '../../../prisma/seed';
import { expectAccessible } from '../pages/a11y';
import { AuthScreen, Shell } from '../pages/auth-pages';

test.describe('coming-soon screens', () => {
  test('the Groups nav link leads to its coming-soon screen (after log-in: it is guarded)', async ({ page }) => {
    const auth = new AuthScreen(page);
    const shell = new Shell(page);

    // A visitor is sent to log in first, and comes back to the coming-soon screen.
    await page.goto('/');
    await expect(page.getByTestId('landing-hero')).toBeVisible();
    await page.getByTestId('nav-groups').click();
    await expect(page).toHaveURL(`/a/log-in/?returnurl=${encodeURIComponent('/groups/')}`);
    await auth.logIn(DEMO_LOGIN.email, DEMO_LOGIN.password);
    await expect(page).toHaveURL('/groups/');
    await shell.acceptTermsIfShown();
    await expect(page.getByTestId('coming-soon')).toBeVisible();
    await expect(page.getByTestId('coming-soon-title')).toHaveText('Groups');
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await expectAccessible(page);

    // Signed in, the nav link goes straight there (an in-app navigation).
    await page.getByTestId('coming-soon-home-link').click();
    await expect(page).toHaveURL(/\/home\/$/);
    await expect(page.getByTestId('home-welcome')).toBeVisible();
    await page.getByTestId('nav-groups').click();
    await expect(page).toHaveURL('/groups/');
    await expect(page.getByTestId('coming-soon-title')).toHaveText('Groups');
    await expect(page.getByTestId('nav-groups')).toHaveAttribute('aria-current', 'page');

    // A malformed id on a coming-soon route is still not found.
    await page.goto('/groups/not-a-uuid/');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  });

  test('an unguarded area shows coming-soon to visitors; a path outside the table is not found', async ({ page }) => {
    await page.goto(`/actions/topic-unsubscribe/${crypto.randomUUID()}/`);
    await expect(page.getByTestId('coming-soon-title')).toHaveText('Quick actions');
    await expect(page.getByTestId('header-log-in')).toBeVisible();
    await expectAccessible(page);

    await page.goto('/definitely-not-a-route/');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  });
});
