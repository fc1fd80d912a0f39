/**
 * The people screens: editing one's profile (a check beside its field, then a save that shows on the
 * profile and in the header), the privacy switch, the family manager (add a child, see it, switch
 * into it and back), a family manager managing a child account from their own (the demo member
 * Dana: her seeded children are only looked at; the one she changes and closes is made by the test),
 * the banner that says whose account a manager is in (and its one way back), and the uploaded
 * picture in the header, the account menu and the account switcher.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_LOGIN, seedId } from '../../../prisma/seed';
import { expectAccessible } from '../pages/a11y';
import { Shell } from '../pages/auth-pages';
import { waitForMail } from '../pages/mailbox';
import { signUpFreshMember } from '../pages/runtime-pages';

async function freshMember(page: Page, baseURL: string | undefined, label: string) {
  const member = await signUpFreshMember(page, baseURL ?? '', label);
  await page.goto('/home/');
  await new Shell(page).acceptTermsIfShown();
  return member;
}

/** Logs the demo member (Dana) in through the API and accepts the terms for her once. */
async function logInDemo(page: Page): Promise<void> {
  const answer = await page.request.post('/auth/v2/log-in/', {
    data: { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password },
    headers: { 'content-type': 'application/json' },
  });
  expect(answer.status()).toBe(200);
  const token = ((await answer.json()) as { accessToken: string }).accessToken;
  const accepted = await page.request.post(`/v1/users/${seedId('user:demo')}/terms-of-service`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: {},
  });
  expect(accepted.status()).toBe(204);
}

test.describe('people', () => {
  test('a member edits their profile: a check beside its field, then a save', async ({ page, baseURL }) => {
    const { userId } = await freshMember(page, baseURL, 'profile');
    await page.goto('/settings/');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const form = page.getByTestId('profile-form');
    await expect(form).toBeVisible();
    await expect(page.getByTestId('address-form')).toBeVisible();
    await expectAccessible(page);

    // A first name is required: the message shows beside the field and nothing is sent.
    const firstName = page.getByTestId('profile-first-name');
    await firstName.fill('');
    await page.getByTestId('profile-username-input').fill('has space');
    await page.getByTestId('profile-save').click();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Value is required')).toBeVisible();
    await expect(form.getByText('Username cannot contain spaces')).toBeVisible();
    const describedBy = (await firstName.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).not.toBe('');
    await expectAccessible(page);

    // Fixed, it saves; the header and the profile show the new name.
    const username = `pat${randomUUID().slice(0, 8)}`;
    await firstName.fill('Pat');
    await page.getByTestId('profile-last-name').fill('Person');
    await page.getByTestId('profile-username-input').fill(username);
    await page.getByTestId('profile-birthday-month').selectOption('7');
    await page.getByTestId('profile-birthday-day').selectOption('14');
    await page.getByTestId('profile-gender').selectOption('neutral');
    await expect(form.getByText('Value is required')).toHaveCount(0);
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('Your profile is saved')).toBeVisible();
    await expect(page.getByTestId('account-name')).toHaveText('Pat Person');

    await page.goto(`/profile/${userId}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pat Person' })).toBeVisible();
    await expect(page.getByTestId('profile-username')).toHaveText(`@${username}`);
    await expect(page.getByTestId('profile-birthday')).toHaveText('Birthday: July 14');
    await expect(page.getByTestId('profile-edit')).toHaveAttribute('href', '/settings/profile/');
    await expectAccessible(page);
  });

  test('a member switches the privacy of their profile, and it stays switched', async ({ page, baseURL }) => {
    await freshMember(page, baseURL, 'privacy');
    await page.goto('/settings/privacy/');
    const privacy = page.getByRole('switch', { name: 'Private profile' });
    await expect(page.getByTestId('privacy-state')).toBeVisible();
    const wasPrivate = await privacy.isChecked();
    await expectAccessible(page);

    // Flip it: the switch and its explanation follow at once, and the server keeps it.
    await privacy.click();
    await expect(privacy).toBeChecked({ checked: !wasPrivate });
    await expect(page.getByTestId('privacy-state')).toHaveText(
      wasPrivate ? /Your profile is public/ : 'Your profile is private.',
    );
    // The switch flips before the server has the change: reload once it says so.
    await expect(page.getByTestId('save-status')).toHaveText('Saved');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Private profile' })).toBeChecked({ checked: !wasPrivate });
    await expectAccessible(page);

    // And back.
    await privacy.click();
    await expect(privacy).toBeChecked({ checked: wasPrivate });
    await expect(page.getByTestId('save-status')).toHaveText('Saved');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Private profile' })).toBeChecked({ checked: wasPrivate });
  });

  test('a family manager adds a child, makes it a wish list, switches into it and back', async ({ page, baseURL }) => {
    await freshMember(page, baseURL, 'family');
    const shell = new Shell(page);
    // The account menu leads there.
    await page.goto('/home/');
    await shell.acceptTermsIfShown();
    await shell.accountMenu().click();
    // Members have no way into the support console.
    await expect(page.getByTestId('admin-link')).toHaveCount(0);
    await page.getByTestId('family-manager-link').click();
    await expect(page).toHaveURL('/family-manager/');
    await expect(page.getByRole('heading', { level: 1, name: 'Family manager' })).toBeVisible();
    await expect(page.getByTestId('empty-state')).toContainText('No child accounts yet');
    await expectAccessible(page);

    await page.getByTestId('family-add').click();
    await expect(page).toHaveURL('/family-manager/members/register/');
    await page.getByTestId('register-child-submit').click();
    await expect(page.getByTestId('register-child-form').getByText('Value is required').first()).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId('child-first-name').fill('Kit');
    await page.getByTestId('child-last-name').fill('Kid');
    await page.getByTestId('register-child-submit').click();

    await expect(page).toHaveURL(/\/family-manager\/members\/[0-9a-f-]{36}\/created\/$/);
    await expect(page.getByTestId('member-created-name')).toHaveText('Kit Kid');
    await expectAccessible(page);
    const childId = /members\/([0-9a-f-]{36})\/created/.exec(page.url())?.[1] ?? '';

    // A wish list for the child, made by the manager.
    await page.getByTestId('member-created-wish-list').click();
    await expect(page).toHaveURL(`/profile/${childId}/wish-lists/create/`);
    await page.getByTestId('list-title').fill('Kit’s birthday');
    await page.getByTestId('wish-list-submit').click();
    await expect(page).toHaveURL(new RegExp(`/profile/${childId}/wish-lists/[0-9a-f-]{36}/$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Kit’s birthday' })).toBeVisible();
    await expectAccessible(page);

    await page.goto('/family-manager/');
    const card = page.getByTestId('child-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('child-name')).toHaveText('Kit Kid');
    await expectAccessible(page);

    // Switch into the child: the header shows the child's name.
    await card.getByTestId('child-switch').click();
    await expect(page).toHaveURL('/home/');
    await shell.acceptTermsIfShown();
    await expect(page.getByTestId('account-name')).toHaveText('Kit Kid');

    // And back, in one click on the banner that says whose account this is.
    await expect(page.getByTestId('child-account-banner')).toContainText('You’re using Kit’s account');
    await page.getByRole('button', { name: 'Back to Terry' }).click();
    await expect(page.getByTestId('account-name')).toHaveText('Terry Terms');
    await expect(page).toHaveURL('/family-manager/');
    await expect(page.getByTestId('child-account-banner')).toHaveCount(0);
  });

  test('a family manager in a child’s account sees whose it is, and goes back to their own in one click', async ({
    page,
  }) => {
    await logInDemo(page);
    const shell = new Shell(page);
    const mia = seedId('user:child:mia');
    await page.goto('/home/');
    await expect(page.getByTestId('account-name')).toHaveText('Dana Demo');
    // Dana's own header has no banner, and her menu leads to her family.
    await expect(page.getByTestId('child-account-banner')).toHaveCount(0);
    await shell.accountMenu().click();
    await expect(page.getByTestId('family-manager-link')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/family-manager/');
    await page
      .locator(`[data-testid="child-card"][data-user-id="${mia}"]`)
      .getByRole('button', { name: 'Switch to Mia Demo' })
      .click();
    await expect(page).toHaveURL('/home/');
    await shell.acceptTermsIfShown();
    await expect(page.getByTestId('account-name')).toHaveText('Mia Demo');

    // Whose account it is, on a colour of its own, on every screen.
    const banner = page.getByTestId('child-account-banner');
    await expect(banner).toContainText('You’re using Mia’s account');
    await expect(banner).toHaveCSS('background-color', 'rgb(156, 54, 181)');
    await expectAccessible(page);

    // Mia is not told to follow her own parent: the people she shares her group with, but not Dana.
    await page.goto('/friends/suggestions/');
    const suggestions = page.getByTestId('friends-suggestions');
    await expect(suggestions.getByTestId('person-row').filter({ hasText: 'Sam Rivera' })).toBeVisible();
    await expect(suggestions.locator(`[data-testid="person-row"][data-user-id="${seedId('user:demo')}"]`)).toHaveCount(
      0,
    );
    await expect(banner).toContainText('You’re using Mia’s account');

    // Her menu has her own things only: no family manager, no switching (the banner is the way back).
    await shell.accountMenu().click();
    await expect(page.getByTestId('settings-link')).toBeVisible();
    await expect(page.getByTestId('family-manager-link')).toHaveCount(0);
    await expect(page.getByTestId('switch-account')).toHaveCount(0);
    await expect(page.getByTestId('related-accounts-link')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The account list, if opened by its address, names each way: back to Dana, or on to Leo.
    await page.goto('/switch-identity/');
    await expect(page.getByRole('button', { name: 'Back to Dana Demo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch to Leo Demo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch', exact: true })).toHaveCount(0);

    // On a phone too, and one click on the banner goes back to Dana's family manager.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home/');
    await expect(banner).toBeVisible();
    const back = page.getByRole('button', { name: 'Back to Dana' });
    await expect(back).toHaveCount(1);
    await expect(back).toBeInViewport();
    await back.click();
    await expect(page).toHaveURL('/family-manager/');
    await expect(page.getByTestId('account-name')).toHaveText('Dana Demo');
    await expect(banner).toHaveCount(0);
  });

  test('an uploaded profile picture shows in the header, the account menu and the account switcher', async ({
    page,
    baseURL,
  }) => {
    const { userId } = await freshMember(page, baseURL, 'picture');
    const shell = new Shell(page);
    await page.goto('/settings/');
    const headerPicture = shell.accountMenu().getByTestId('account-picture');
    // No picture yet: the initials.
    await expect(headerPicture).toHaveAttribute('data-initials', /^[A-Z]{1,2}$/);
    await expect(headerPicture.locator('img')).toHaveCount(0);

    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2b8a3e' } })
      .png()
      .toBuffer();
    await page.getByTestId('picture-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Your picture is saved')).toBeVisible();

    // The header shows it at once, and after a reload (the server's copy, not the preview).
    const picture = new RegExp(`^/v1/users/${userId}/picture\\?v=`);
    await expect(headerPicture.locator('img')).toHaveAttribute('src', picture);
    await page.reload();
    await expect(headerPicture.locator('img')).toHaveAttribute('src', picture);
    await expect
      .poll(() => headerPicture.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(headerPicture).not.toHaveAttribute('data-initials', /./);

    // The account menu shows who is signed in, with the picture.
    await shell.accountMenu().click();
    await expect(page.getByTestId('account-menu-avatar').locator('img')).toHaveAttribute('src', picture);
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    // The account switcher too: a child to switch to, then the list.
    await page.goto('/family-manager/members/register/');
    await page.getByTestId('child-first-name').fill('Pip');
    await page.getByTestId('child-last-name').fill('Picture');
    await page.getByTestId('register-child-submit').click();
    await expect(page).toHaveURL(/\/family-manager\/members\/[0-9a-f-]{36}\/created\/$/);
    await page.goto('/switch-identity/');
    const own = page.locator('[data-testid="switch-target"]').filter({ has: page.getByTestId('switch-current') });
    await expect(own.getByTestId('account-avatar').locator('img')).toHaveAttribute('src', picture);
    const child = page.getByTestId('switch-target').filter({ hasText: 'Pip Picture' });
    await expect(child.getByTestId('account-avatar')).toHaveText('PP');
    await expectAccessible(page);

    // In the child's account the header shows the child's initials; back home, the picture again.
    await child.getByRole('button', { name: 'Switch to Pip Picture' }).click();
    await shell.acceptTermsIfShown();
    await expect(page.getByTestId('account-name')).toHaveText('Pip Picture');
    await expect(headerPicture).toHaveAttribute('data-initials', 'PP');
    await page.getByTestId('child-account-back').click();
    await expect(page.getByTestId('account-name')).not.toHaveText('Pip Picture');
    await expect(headerPicture.locator('img')).toHaveAttribute('src', picture);
  });

  test('a family manager reaches the screen for each child from the family manager and the child accounts page', async ({
    page,
  }) => {
    await logInDemo(page);
    const mia = seedId('user:child:mia');
    const leo = seedId('user:child:leo');
    await page.goto(`/profile/${seedId('user:demo')}/child-accounts/`);
    await expect(
      page.locator(`[data-testid="child-card"][data-user-id="${leo}"]`).getByTestId('child-manage'),
    ).toHaveAttribute('href', `/profile/${leo}/?manage=profile`);

    await page.goto('/family-manager/');
    const card = page.locator(`[data-testid="child-card"][data-user-id="${mia}"]`);
    await card.getByRole('link', { name: 'Manage Mia Demo' }).click();
    await expect(page).toHaveURL(`/profile/${mia}/?manage=profile`);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Mia Demo' })).toBeVisible();
    await expect(page.getByTestId('profile-first-name')).toHaveValue('Mia');
    await expect(page.getByTestId('profile-birthday-month')).toHaveValue('6');
    // A child account has no username; its family manager does not give it one here.
    await expect(page.getByTestId('profile-username-input')).toHaveCount(0);
    await expect(page.getByTestId('address-form')).toBeVisible();
    await expectAccessible(page);

    // The child's own profile: "Edit profile" leads back to the manager's screen.
    await page.getByTestId('manage-child-view-profile').click();
    await expect(page).toHaveURL(`/profile/${mia}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mia Demo' })).toBeVisible();
    await expect(page.getByTestId('profile-edit')).toHaveAttribute('href', `/profile/${mia}/?manage=profile`);
    // Nobody blocks their own child.
    await expect(page.getByTestId('profile-menu')).toHaveCount(0);
  });

  test('a family manager renames a child, changes its birthday and privacy, then closes the account', async ({
    page,
  }) => {
    await logInDemo(page);
    // A child of Dana's made for this test: the seeded Mia and Leo stay as they are.
    const lastName = `Test${randomUUID().slice(0, 6)}`;
    await page.goto('/family-manager/members/register/');
    await page.getByTestId('child-first-name').fill('Ada');
    await page.getByTestId('child-last-name').fill(lastName);
    await page.getByTestId('register-child-submit').click();
    await expect(page).toHaveURL(/\/family-manager\/members\/[0-9a-f-]{36}\/created\/$/);
    const childId = /members\/([0-9a-f-]{36})\/created/.exec(page.url())?.[1] ?? '';

    await page.goto('/family-manager/');
    const card = page.locator(`[data-testid="child-card"][data-user-id="${childId}"]`);
    await card.getByTestId('child-manage').click();
    await expect(page.getByRole('heading', { level: 1, name: `Manage Ada ${lastName}` })).toBeVisible();

    // The spec's messages beside the fields, as on the member's own profile; nothing is sent.
    const form = page.getByTestId('profile-form');
    const firstName = page.getByTestId('profile-first-name');
    await firstName.fill('');
    await page.getByTestId('profile-save').click();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Value is required')).toBeVisible();
    await expectAccessible(page);

    // A new first name and birthday: saved, shown at once, and still there after a reload.
    await firstName.fill('Adela');
    await page.getByTestId('profile-birthday-month').selectOption('3');
    await page.getByTestId('profile-birthday-day').selectOption('9');
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('Adela’s profile is saved')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Manage Adela ${lastName}` })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('profile-first-name')).toHaveValue('Adela');
    await expect(page.getByTestId('profile-birthday-month')).toHaveValue('3');
    await expect(page.getByTestId('profile-birthday-day')).toHaveValue('9');
    await page.goto(`/profile/${childId}/`);
    await expect(page.getByRole('heading', { level: 1, name: `Adela ${lastName}` })).toBeVisible();
    await expect(page.getByTestId('profile-birthday')).toHaveText('Birthday: March 9');

    // Privacy, from the manager's own account (refused to a manager switched into the child).
    await page.getByTestId('profile-edit').click();
    await page.getByTestId('manage-child-tab-privacy').click();
    await expect(page).toHaveURL(`/profile/${childId}/?manage=privacy`);
    const privacy = page.getByRole('switch', { name: 'Private profile' });
    // A new child account starts private: make it public, then private again, each kept.
    await expect(privacy).toBeChecked();
    await privacy.click();
    await expect(privacy).not.toBeChecked();
    await expect(page.getByTestId('privacy-state')).toHaveText(/Adela’s profile is public/);
    await expect(page.getByTestId('save-status')).toHaveText('Saved');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Private profile' })).not.toBeChecked();

    // A failed save goes back, with a toast.
    await page.route('**/trpc/*people.updateSettings*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              message: 'The server is away',
              code: -32603,
              data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
            },
          },
        ]),
      }),
    );
    await privacy.click();
    await expect(page.getByText('Could not save the setting')).toBeVisible();
    await expect(privacy).not.toBeChecked();
    await expect(page.getByTestId('save-status')).toHaveText('');
    await page.unroute('**/trpc/*people.updateSettings*');

    await privacy.click();
    await expect(privacy).toBeChecked();
    await expect(page.getByTestId('privacy-state')).toHaveText('Adela’s profile is private.');
    await expect(page.getByTestId('save-status')).toHaveText('Saved');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Private profile' })).toBeChecked();
    await expectAccessible(page);

    // Notifications: only what means something for an account without e-mail.
    await page.getByTestId('manage-child-tab-notifications').click();
    await expect(page.getByRole('switch', { name: 'Remind others about Adela’s birthday' })).toBeVisible();
    await expect(page.getByTestId('setting-subscribeNewsletter')).toHaveCount(0);

    // Closing the account: typed confirmation first.
    await page.getByTestId('manage-child-tab-account').click();
    await page.getByTestId('account-delete').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toBeVisible();
    await page.getByTestId('account-delete-typed').fill('delete');
    await page.getByTestId('account-delete-confirm').click();
    await expect(page.getByTestId('account-delete-typed')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Type DELETE to confirm', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId('account-delete-typed').fill('DELETE');
    await page.getByTestId('account-delete-confirm').click();
    await expect(page).toHaveURL('/family-manager/');
    await expect(page.getByText('Adela’s account is closed')).toBeVisible();
    await expect(page.locator(`[data-testid="child-card"][data-user-id="${childId}"]`)).toHaveCount(0);
    await page.reload();
    await expect(page.locator(`[data-testid="child-card"][data-user-id="${seedId('user:child:mia')}"]`)).toBeVisible();
    await expect(page.locator(`[data-testid="child-card"][data-user-id="${childId}"]`)).toHaveCount(0);
    await page.goto(`/profile/${childId}/`);
    await expect(page.getByTestId('profile-deleted')).toBeVisible();
  });

  test('a family manager switched into a child is sent back to their own account for its privacy', async ({ page }) => {
    await logInDemo(page);
    const mia = seedId('user:child:mia');
    const leo = seedId('user:child:leo');
    // Dana's own account tab offers her password; Leo's below has none to change.
    await page.goto('/settings/account/');
    await expect(page.getByTestId('account-password')).toBeVisible();
    await page.goto('/family-manager/');
    await page
      .locator(`[data-testid="child-card"][data-user-id="${leo}"]`)
      .getByRole('button', { name: 'Switch to Leo Demo' })
      .click();
    await expect(page).toHaveURL('/home/');
    await new Shell(page).acceptTermsIfShown();
    await expect(page.getByTestId('account-name')).toHaveText('Leo Demo');

    // Leo's own settings say who decides his privacy and closing, instead of a switch that fails.
    await page.goto('/settings/privacy/');
    await expect(page.getByTestId('manager-only')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Private profile' })).toHaveCount(0);
    await expectAccessible(page);
    await page.goto('/settings/account/');
    await expect(page.getByTestId('manager-only')).toContainText('Closing a child account');
    await expect(page.getByTestId('account-delete')).toHaveCount(0);
    await expect(page.getByTestId('account-export')).toBeVisible();
    await expect(page.getByTestId('account-password')).toHaveCount(0);

    // As Leo, Mia's manager screen asks to switch back first.
    await page.goto(`/profile/${mia}/?manage=privacy`);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Mia Demo' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Private profile' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByTestId('manage-child-switch-back').click();
    await expect(page.getByTestId('account-name')).toHaveText('Dana Demo');
    await expect(page).toHaveURL(`/profile/${mia}/?manage=privacy`);
    await expect(page.getByRole('switch', { name: 'Private profile' })).toBeVisible();
  });

  test('the manage-notifications link of a real e-mail opens its settings without signing in', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two new members: Ann follows Bo, and Bo gets the mail with his link.
    const signUp = async (label: string) => {
      const email = `e2e-${label}-${randomUUID().slice(0, 8)}@gifting.test`;
      const answer = await page.request.post('/auth/v2/sign-up/', {
        data: { name: `${label} Mailer`, email, password: 'long-enough-password' },
        headers: { 'content-type': 'application/json', origin: baseURL! },
      });
      expect(answer.status()).toBe(201);
      const body = (await answer.json()) as { userId: string; accessToken: string };
      return { email, userId: body.userId, token: body.accessToken };
    };
    const ann = await signUp('Ann');
    const bo = await signUp('Bo');
    const since = Date.now();
    const followed = await page.request.post('/trpc/people.follow', {
      headers: { authorization: `Bearer ${ann.token}`, 'content-type': 'application/json', origin: baseURL! },
      data: { userId: bo.userId },
    });
    expect(followed.ok()).toBe(true);
    const mail = await waitForMail(bo.email, /started following you/, { after: since - 1000 });
    const link = /(https?:\/\/\S+\/email\/notifications\/\?emailGuid=[0-9a-f-]+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeTruthy();

    // Opened in a browser that is signed in as nobody.
    const visitor = await browser.newContext();
    const mailPage = await visitor.newPage();
    await mailPage.goto(link!);
    const newsletter = mailPage.getByRole('switch', { name: 'Newsletter' });
    await expect(newsletter).toBeChecked();
    await Promise.all([
      mailPage.waitForResponse((answer) => answer.url().includes('people.updateEmailSettings') && answer.ok()),
      newsletter.click({ force: true }),
    ]);
    await expect(newsletter).not.toBeChecked();
    await mailPage.reload();
    await expect(mailPage.getByRole('switch', { name: 'Newsletter' })).not.toBeChecked();
    await expectAccessible(mailPage);
    await visitor.close();
  });

  test('an e-mailed notifications link with an unknown key says the link does not work', async ({ page }) => {
    await page.goto(`/email/notifications/?emailGuid=${randomUUID()}`);
    await expect(page.getByRole('heading', { level: 1, name: 'E-mail notifications' })).toBeVisible();
    await expect(page.getByTestId('error-state')).toContainText('This link does not work');
    await expectAccessible(page);
  });
});
