import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_LOGIN, DEMO_SUPPORT_LOGIN, seedId } from '../../../prisma/seed';
import { AuthScreen, CodeConfirmScreen, ImpersonateScreen, ResetPasswordScreen, Shell } from '../pages/auth-pages';
import { expectAccessible } from '../pages/a11y';
import { confirmationCode, resetLink } from '../pages/mailbox';

const uniqueEmail = (label: string): string => `e2e-${label}-${randomUUID().slice(0, 8)}@gifting.test`;

/** auth.me as the page's stored identity sees it (the bearer token from localStorage). */
async function me(page: Page): Promise<{ email: string; emailConfirmed: boolean } | null> {
  return page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('identity') ?? 'null') as { identity?: { token?: string } } | null;
    const token = stored?.identity?.token;
    const response = await fetch('/trpc/auth.me', { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const body = (await response.json()) as { result: { data: { email: string; emailConfirmed: boolean } | null } };
    return body.result.data;
  });
}

test.describe('auth screens', () => {
  test('sign up, confirm the mailed code, log out and log in again', async ({ page }) => {
    const auth = new AuthScreen(page);
    const shell = new Shell(page);
    const email = uniqueEmail('signup');
    const password = 'first-password';
    const startedAt = Date.now() - 1000;

    await auth.gotoSignUp();
    await auth.signUp({ name: 'Robin Tester', email, password });
    await expect(page).toHaveURL(/\/a\/code-confirm\/$/);
    await expect(page.getByTestId('code-email')).toHaveText(email);
    await expectAccessible(page);

    const code = await confirmationCode(email, startedAt);
    await new CodeConfirmScreen(page).enter(code);
    await expect(page).toHaveURL(/\/a\/email-confirmed\//);
    await expect(page.getByTestId('email-confirmed-success')).toContainText(email);
    expect(await me(page)).toMatchObject({ email, emailConfirmed: true });

    await page.getByTestId('email-confirmed-continue').click();
    await expect(page).toHaveURL(/\/home\/$/);
    await shell.expectSignedInAs('Robin Tester');

    await shell.logOut();
    await shell.expectVisitor();
    expect(await page.evaluate(() => localStorage.getItem('identity'))).toBeNull();
    // The server ended the sign-in too: a reload does not bring it back from the cookie.
    await page.reload();
    await shell.expectVisitor();

    await page.getByTestId('header-log-in').click();
    await expect(page).toHaveURL(/\/a\/log-in\/$/);
    await auth.logIn(email, password);
    await expect(page).toHaveURL(/\/home\/$/);
    await shell.expectSignedInAs('Robin Tester');
  });

  test('reset a forgotten password from the mailed link', async ({ page }) => {
    const auth = new AuthScreen(page);
    const shell = new Shell(page);
    const reset = new ResetPasswordScreen(page);
    const email = uniqueEmail('reset');
    const created = await page.request.post('/auth/v2/sign-up/', {
      data: { name: 'Riley Reset', email, password: 'old-password' },
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status()).toBe(201);
    await page.context().clearCookies();
    const startedAt = Date.now() - 1000;

    await auth.gotoLogIn();
    await page.getByTestId('forgot-password-link').click();
    await expect(page).toHaveURL(/\/auth\/reset-password\/$/);
    await reset.request(email);
    await expect(page.getByTestId('reset-request-sent')).toContainText('If an account exists, we sent a link');

    await page.goto(await resetLink(email, startedAt));
    await reset.choose('new-password', 'new-passwort');
    await expect(page.getByTestId('reset-repeat-password')).toHaveAccessibleDescription(
      'The value must be equal to the other value',
    );
    await reset.choose('new-password');
    await expect(page).toHaveURL(/\/home\/$/);
    await shell.expectSignedInAs('Riley Reset');

    await shell.logOut();
    await shell.expectVisitor();
    await auth.gotoLogIn();
    await auth.logIn(email, 'old-password');
    await expect(auth.error()).toHaveText('The e-mail or password is not right');
    await expect(page).toHaveURL(/\/a\/log-in\/$/);
    await auth.logIn(email, 'new-password');
    await expect(page).toHaveURL(/\/home\/$/);
    await shell.expectSignedInAs('Riley Reset');
  });

  test('the sign-up form shows the spec messages, and server field errors on their field', async ({ page }) => {
    const auth = new AuthScreen(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/auth/v2/')) posts.push(request.url());
    });

    await auth.gotoSignUp();
    await auth.signUp({ name: '', email: 'not-an-email', password: 'abc' });
    await expect(auth.signUpField('name')).toHaveAccessibleDescription('Value is required');
    await expect(auth.signUpField('email')).toHaveAccessibleDescription('Value is not a valid email address');
    await expect(auth.signUpField('password')).toHaveAccessibleDescription(
      /This field should be at least 4 characters long/,
    );
    await expect(auth.signUpField('email')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);
    await expect(page).toHaveURL(/\/a\/sign-up\/$/);

    // Fixing a field clears its message at once.
    await auth.signUpField('name').fill('Dana Again');
    await expect(auth.signUpField('name')).not.toHaveAttribute('aria-invalid', 'true');

    // The server's answer for a taken e-mail lands on the e-mail field.
    await auth.signUp({ name: 'Dana Again', email: DEMO_LOGIN.email, password: 'long-enough' });
    await expect(auth.signUpField('email')).toHaveAccessibleDescription('An account with this e-mail already exists');
    expect(posts).toHaveLength(1);

    // The tabs share one screen and the address follows them.
    await auth.tabs().getByText('Log in').click();
    await expect(page).toHaveURL(/\/a\/log-in\/$/);
    await expect(page.getByTestId('log-in-form')).toBeVisible();
  });

  test('a guarded route sends a visitor to log in and back', async ({ page }) => {
    const auth = new AuthScreen(page);
    await page.goto('/auth/related-accounts/?from=e2e');
    await expect(page).toHaveURL(`/a/log-in/?returnurl=${encodeURIComponent('/auth/related-accounts/?from=e2e')}`);
    await auth.logIn(DEMO_LOGIN.email, DEMO_LOGIN.password);
    await expect(page).toHaveURL('/auth/related-accounts/?from=e2e');
    await expect(page.getByTestId('related-accounts-screen')).toBeVisible();

    // The old /a/sign-in/ address is the log-in tab.
    await page.goto('/a/sign-in/?returnurl=%2Fshop%2F');
    await expect(page).toHaveURL('/a/log-in/?returnurl=%2Fshop%2F');
  });

  test('support staff impersonate a member and stop', async ({ page }) => {
    const auth = new AuthScreen(page);
    const shell = new Shell(page);
    const uid = seedId('user:sam');

    await auth.gotoLogIn();
    await auth.logIn(DEMO_SUPPORT_LOGIN.email, DEMO_SUPPORT_LOGIN.password);
    await expect(page).toHaveURL(/\/home\/$/);
    await shell.expectSignedInAs('Sky Support');
    await expect(shell.banner()).toHaveCount(0);

    await page.goto(`/auth/v2/impersonate/?uid=${uid}&returnurl=/home/`);
    await expect(page).toHaveURL(/\/auth\/impersonate\/\?/);
    await expect(page.getByTestId('impersonate-uid')).toHaveText(uid);
    const impersonate = new ImpersonateScreen(page);
    await impersonate.confirm('abc');
    await expect(page.getByTestId('impersonate-reason')).toHaveAccessibleDescription(
      /This field should be at least 5 characters long/,
    );
    await impersonate.confirm('E2E ticket 4242: checking the home screen');

    await expect(page).toHaveURL(/\/home\/$/);
    await expect(shell.banner()).toBeVisible();
    await expect(shell.banner()).toContainText('Viewing as Sam Rivera — support session');
    await shell.expectSignedInAs('Sam Rivera');

    // Another screen (a full page load, the header hidden by the route): the banner stays.
    await page.goto('/auth/related-accounts/');
    await expect(page.getByTestId('related-accounts-screen')).toBeVisible();
    await expect(shell.banner()).toContainText('Sam Rivera');

    await page.getByTestId('impersonation-stop').click();
    await expect(page).toHaveURL(/\/home\/$/);
    await expect(shell.banner()).toHaveCount(0);
    await shell.expectSignedInAs('Sky Support');
    await page.reload();
    await expect(shell.banner()).toHaveCount(0);
  });
});

test.describe('a token that no longer verifies (issue 24)', () => {
  test('a page that also serves visitors: one 401, one refresh, then the page as a visitor', async ({ page }) => {
    const auth = new AuthScreen(page);
    const shell = new Shell(page);
    await auth.gotoLogIn();
    await auth.logIn(DEMO_LOGIN.email, DEMO_LOGIN.password);
    await expect(page).toHaveURL(/\/home\/$/);
    await shell.expectSignedInAs('Dana Demo');

    // Listening from before the sign-in ends: a call the home page makes on its own (a poll, a
    // reconnecting stream) may be the first to meet the refusal, before /shop/ is opened.
    const refused: string[] = [];
    page.on('response', (response) => {
      // The refused token's answers (a visitor's retry of a members-only call is a plain 401).
      if (response.status() === 401 && response.url().includes('/trpc/') && response.request().headers().authorization)
        refused.push(response.headers()['www-authenticate'] ?? '');
    });

    // The sign-in ends behind the page's back (as from another tab): the stored token still looks
    // live to the page, but the server refuses it, and the refresh cookie is gone.
    const origin = new URL(page.url()).origin;
    const ended = await page.request.post('/auth/v2/logout/', { data: {}, headers: { origin } });
    expect(ended.status()).toBe(200);

    await page.goto('/shop/');
    await shell.expectVisitor();
    await expect(page.getByTestId('header-log-in')).toBeVisible();
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((challenge) => challenge === 'Bearer error="invalid_token"')).toBe(true);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('identity'))).toBeNull();
  });
});

test.describe('navigations never change who is signed in', () => {
  test('GET /auth/v2/logout/ asks first; only the button logs out', async ({ page }) => {
    const auth = new AuthScreen(page);
    const shell = new Shell(page);
    await auth.gotoLogIn();
    await auth.logIn(DEMO_LOGIN.email, DEMO_LOGIN.password);
    await expect(page).toHaveURL(/\/home\/$/);

    // As a link on another site would: a plain navigation to the endpoint.
    await page.goto('/auth/v2/logout/?returnurl=%2Fshop%2F');
    await expect(page).toHaveURL('/a/log-out/?returnurl=%2Fshop%2F');
    await expect(page.getByTestId('log-out-screen')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Log out?' })).toBeVisible();
    await expectAccessible(page);
    // Still signed in: a fresh load of a page restores the sign-in from the cookie.
    await page.goto('/home/');
    await shell.expectSignedInAs('Dana Demo');

    await page.goto('/auth/v2/logout/?returnurl=%2Fshop%2F');
    await page.getByTestId('logout-confirm').click();
    await expect(page).toHaveURL('/shop/');
    await shell.expectVisitor();
    await page.reload();
    await shell.expectVisitor();
  });

  test('/switch-identity/?uid= sends nothing on load and asks before switching', async ({ page }) => {
    const auth = new AuthScreen(page);
    const switchPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/auth/v2/switch/')) switchPosts.push(request.url());
    });
    await auth.gotoLogIn();
    await auth.logIn(DEMO_LOGIN.email, DEMO_LOGIN.password);
    await expect(page).toHaveURL(/\/home\/$/);

    await page.goto(`/auth/v2/switch/?uid=${randomUUID()}&returnurl=%2Fhome%2F`);
    await expect(page).toHaveURL(/\/switch-identity\/\?uid=/);
    await expect(page.getByTestId('switch-error')).toHaveText('You cannot switch to that account.');
    await expectAccessible(page);
    await expect(page.getByTestId('switch-confirm')).toHaveCount(0);

    // Her own account: shown as the current one, still without a request.
    await page.goto(`/switch-identity/?uid=${seedId('user:demo')}`);
    await expect(page.getByTestId('switch-current')).toBeVisible();
    expect(switchPosts).toEqual([]);
  });

  test('an unconfirmed member is told to confirm before related accounts', async ({ page }) => {
    const auth = new AuthScreen(page);
    await auth.gotoSignUp();
    await auth.signUp({ name: 'Una Confirmed', email: uniqueEmail('unproven'), password: 'first-password' });
    await expect(page).toHaveURL(/\/a\/code-confirm\/$/);
    await page.goto('/auth/related-accounts/');
    await expect(page.getByTestId('email-proof-required')).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByTestId('related-accounts-error')).toHaveCount(0);
    await page.getByTestId('email-proof-confirm').click();
    await expect(page).toHaveURL(/\/a\/code-confirm\/$/);
  });
});
