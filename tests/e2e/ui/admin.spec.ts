/**
 * The support workflows in Chromium, against the same renderer the desktop console loads: a support
 * admin finds a member, impersonates them with a reason, sees the banner, stops, and finds the audit
 * rows; merges Robin Hart's two accounts (what both share shown first); copies lists; an analyst
 * reads a conversation for an abuse report (audited) and may not merge; a lead sees every staff
 * member's audit rows; members and visitors are sent home; other admin pages go to the old admin.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_LOGIN, DEMO_SUPPORT_LOGIN, seedId } from '../../../prisma/seed';
import { DEMO_ADMIN_IDS, DEMO_MERGE_PAIR, DEMO_STAFF } from '../../../prisma/seed-admin';
import { DEMO_EXCHANGES } from '../../../prisma/seed-exchanges';
import { DEMO_CONVERSATIONS, DEMO_GROUPS } from '../../../prisma/seed-social';
import { expectAccessible } from '../pages/a11y';
import { AuthScreen, Shell } from '../pages/auth-pages';

const ANALYST = DEMO_STAFF.find((person) => person.key === 'analyst')!;
const LEAD = DEMO_STAFF.find((person) => person.key === 'lead')!;
const DEMO_SAM_EMAIL = 'sam@gifting.test';

async function logInAs(page: Page, email: string, password = DEMO_LOGIN.password): Promise<void> {
  const auth = new AuthScreen(page);
  await auth.gotoLogIn();
  await auth.logIn(email, password);
  await expect(page).toHaveURL(/\/home\/$/);
  await new Shell(page).acceptTermsIfShown();
}

/** Accepts the terms of service for an account through the API (the dialog has its own tests). */
async function acceptTermsThroughApi(page: Page, login: { email: string; password: string }, userId: string) {
  const answer = await page.request.post('/auth/v2/log-in/', {
    data: login,
    headers: { 'content-type': 'application/json' },
  });
  expect(answer.status()).toBe(200);
  const { accessToken } = (await answer.json()) as { accessToken: string };
  const accepted = await page.request.post(`/v1/users/${userId}/terms-of-service`, {
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    data: {},
  });
  expect(accepted.status()).toBe(204);
}

test.describe('the support console in Chromium', () => {
  test('a support admin finds a member, impersonates them with a reason, stops, and finds the audit rows', async ({
    page,
  }) => {
    const shell = new Shell(page);
    await logInAs(page, DEMO_SUPPORT_LOGIN.email, DEMO_SUPPORT_LOGIN.password);
    // Staff reach the console from their account menu.
    await shell.accountMenu().click();
    await page.getByTestId('admin-link').click();
    await expect(page).toHaveURL('/admin/');
    await expect(page.getByTestId('admin-home')).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId('admin-home-admin-nav-find-user').click();
    await expect(page).toHaveURL('/admin/finduser/');
    await expect(page.getByTestId('empty-state')).toContainText('Search for a member');

    // The search form speaks the spec's words.
    await page.getByTestId('find-user-submit').click();
    await expect(page.getByTestId('find-user-query')).toHaveAccessibleDescription('Value is required');
    await page.getByTestId('find-user-query').fill('Sam Riv');
    await page.getByTestId('find-user-submit').click();
    await expect(page).toHaveURL('/admin/finduser/?q=Sam+Riv');
    const sam = page.locator(`[data-testid="find-user-result"][data-user-id="${seedId('user:sam')}"]`);
    await expect(sam).toBeVisible();
    await expectAccessible(page);

    await sam.getByTestId('impersonate-start').click();
    await expect(page.getByTestId('impersonate-dialog')).toBeVisible();
    await page.getByTestId('impersonate-dialog-reason').fill('abc');
    await page.getByTestId('impersonate-dialog-confirm').click();
    await expect(page.getByTestId('impersonate-dialog-reason')).toHaveAccessibleDescription(
      /This field should be at least 5 characters long/,
    );
    await expectAccessible(page, 'the impersonation dialog');
    await page.getByTestId('impersonate-dialog-reason').fill('E2E ticket 5151: Sam cannot see his swap');
    await page.getByTestId('impersonate-dialog-confirm').click();

    await expect(page).toHaveURL(/\/home\/$/);
    await expect(shell.banner()).toContainText('Viewing as Sam Rivera — support session');
    await shell.expectSignedInAs('Sam Rivera');
    // Impersonator-admins may still open the admin area (spec §6); it stays the staff member's.
    await page.goto('/admin/');
    await expect(page.getByTestId('staff-roles')).toContainText('Support admin');

    await page.getByTestId('impersonation-stop').click();
    await expect(page).toHaveURL(/\/home\/$/);
    await expect(shell.banner()).toHaveCount(0);
    await shell.expectSignedInAs('Sky Support');

    await page.goto('/admin/auditlog/');
    await page.getByTestId('audit-kind').selectOption('impersonation');
    await page.getByTestId('audit-subject').fill(seedId('user:sam'));
    await page.getByTestId('audit-apply').click();
    await expect(page).toHaveURL(/kind=impersonation/);
    const rows = page.getByTestId('audit-row');
    await expect(rows.first()).toHaveAttribute('data-action', 'impersonation.stop');
    await expect(rows.nth(1)).toHaveAttribute('data-action', 'impersonation.start');
    await expect(rows.nth(1)).toContainText('E2E ticket 5151: Sam cannot see his swap');
    await expect(rows.nth(1)).toContainText('Sky Support');
    await expectAccessible(page);
  });

  test('a support admin copies lists, then merges the two accounts of one person', async ({ page }) => {
    await logInAs(page, DEMO_SUPPORT_LOGIN.email, DEMO_SUPPORT_LOGIN.password);
    await page.goto('/admin/finduser/?q=Robin');
    await expect(page.getByTestId('find-user-result')).toHaveCount(2);
    await page
      .locator(`[data-testid="find-user-result"][data-user-id="${DEMO_ADMIN_IDS.merge}"]`)
      .getByTestId('find-user-open')
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Robin Hart' })).toBeVisible();
    await expect(page.getByTestId('admin-user-counts')).toContainText('Wish lists1');
    await expectAccessible(page);

    // Copy the old account's list to the new one first.
    await page.getByTestId('admin-user-clone').click();
    await expect(page.getByTestId('clone-from-chosen')).toContainText(DEMO_MERGE_PAIR.merge.email);
    await expect(page.getByTestId('clone-list')).toHaveCount(1);
    await page.getByTestId('clone-to-search-query').fill(DEMO_MERGE_PAIR.keep.email);
    await page.getByTestId('clone-to-search-submit').click();
    await page.getByTestId('clone-to-choose').click();
    await page.getByTestId('clone-reason').fill('Ticket 77: Robin wants the old list back');
    await page.getByTestId('clone-submit').click();
    await expectAccessible(page, 'the clone confirmation');
    await page.getByTestId('clone-confirm').click();
    await expect(page.getByTestId('clone-done')).toContainText('1 list and 2 wishes were copied');

    // Then merge: the kept account from its page, the other chosen by search.
    await page.goto(`/admin/finduser/${DEMO_ADMIN_IDS.keep}/`);
    await page.getByTestId('admin-user-merge').click();
    await expect(page.getByTestId('merge-keep-chosen')).toContainText(DEMO_MERGE_PAIR.keep.email);
    await page.getByTestId('merge-merged-search-query').fill(DEMO_MERGE_PAIR.merge.email);
    await page.getByTestId('merge-merged-search-submit').click();
    await page.getByTestId('merge-merged-choose').click();
    const conflicts = page.getByTestId('merge-conflict');
    await expect(conflicts.first()).toBeVisible();
    await expect(page.getByTestId('merge-conflicts')).toContainText('Both accounts follow Dana Demo');
    await expect(page.getByTestId('merge-conflicts')).toContainText(
      'Both accounts are in the group “Book club gift swap”',
    );
    // Conflicts come first, then what moves.
    const conflictsBox = await page.getByTestId('merge-conflicts').boundingBox();
    const movesBox = await page.getByTestId('merge-moves').boundingBox();
    expect(conflictsBox!.y).toBeLessThan(movesBox!.y);
    await expectAccessible(page);
    await page.getByTestId('merge-submit').click();
    await expect(page.getByTestId('merge-reason')).toHaveAccessibleDescription(/Value is required/);
    await page.getByTestId('merge-reason').fill('Ticket 78: Robin signed up twice');
    await page.getByTestId('merge-submit').click();
    await page.getByTestId('merge-confirm').click();
    await expect(page.getByTestId('merge-done')).toContainText('The merged account is closed');

    await page.goto('/admin/finduser/?q=Robin');
    const closed = page.locator(`[data-testid="find-user-result"][data-user-id="${DEMO_ADMIN_IDS.merge}"]`);
    await expect(closed).toContainText('Closed');
    await expect(closed.getByTestId('impersonate-start')).toBeDisabled();
    await page.goto(`/admin/auditlog/?kind=merge`);
    await expect(page.getByTestId('audit-row').first()).toContainText('Ticket 78: Robin signed up twice');
  });

  test('an analyst reads a conversation for an abuse report (audited) but may not merge', async ({ page }) => {
    await logInAs(page, ANALYST.email);
    await page.goto(`/admin/UserMessages/${seedId('user:demo')}/`);
    await expect(page.getByTestId('staff-read-only')).toBeVisible();
    const chat = page.getByTestId('admin-conversation').filter({ hasText: 'Sam Rivera' }).first();
    await chat.getByTestId('admin-conversation-read').click();
    await chat.getByTestId('admin-conversation-open').click();
    await expect(chat.getByTestId('admin-conversation-reason')).toHaveAccessibleDescription(/Value is required/);
    await chat.getByTestId('admin-conversation-reason').fill('Abuse report 99: checking a reported message');
    await chat.getByTestId('admin-conversation-open').click();
    await expect(chat.getByTestId('admin-message').first()).toBeVisible();
    await expect(chat.getByTestId('admin-conversation-audit')).toContainText('This read is in the audit log');
    await expectAccessible(page);

    await page.goto('/admin/auditlog/?kind=messages');
    await expect(page.getByTestId('audit-row').first()).toContainText('Abuse report 99: checking a reported message');

    await page.goto(`/admin/mergeaccounts/?keep=${seedId('user:sam')}&merge=${seedId('user:riley')}`);
    await expect(page.getByTestId('merge-preview')).toBeVisible();
    await expect(page.getByTestId('merge-read-only')).toBeVisible();
    await expect(page.getByTestId('merge-submit')).toHaveCount(0);
  });

  test('a support lead reads every staff member’s audit log and leaves notes on an exchange', async ({ page }) => {
    await logInAs(page, LEAD.email);
    await page.goto(`/admin/auditlog/?subject=${seedId('user:demo')}&kind=messages`);
    await expect(page.getByTestId('admin-audit')).toContainText('Every staff member’s actions');
    await expect(page.getByTestId('audit-row').first()).toContainText('Ana Lyst');

    await page.goto(`/admin/viewexchangedetails/${DEMO_EXCHANGES.drawn}/questions/`);
    const flagged = page.locator('[data-testid="exchange-answer"][data-flagged="true"]');
    await expect(flagged).toContainText('Not a colour, and a bit rude');
    await page.getByTestId('exchange-tab-notes').click();
    await page.getByTestId('exchange-note-body').fill('Checked the flagged answer with Kim.');
    await page.getByTestId('exchange-note-add').click();
    await expect(page.getByTestId('exchange-note').first()).toContainText('Checked the flagged answer with Kim.');
    await expect(page.getByTestId('exchange-note-body')).toHaveValue('');
    await expectAccessible(page);

    await page.goto(`/admin/viewgroupdetails/${DEMO_GROUPS.family}/members/removed/`);
    await expect(page.getByTestId('group-removed-row')).toContainText('Riley Stone');
    await page.getByTestId('group-tab-invitations').click();
    await expect(page.getByTestId('group-invited-row')).toContainText('Alex Nguyen');
  });

  test('visitors and members are sent home (spec §2); other admin pages go to the old admin', async ({ page }) => {
    await page.goto('/admin/finduser/');
    await expect(page).toHaveURL(/\/home\/$/);
    await logInAs(page, DEMO_LOGIN.email);
    await page.goto('/admin/mergeaccounts/');
    await expect(page).toHaveURL(/\/home\/$/);
    // Not silently: the member is told why they are on their home page.
    await expect(page.getByTestId('app-notification')).toContainText('You don’t have access to that page');
    await expectAccessible(page, 'home with the no-access notice');
    await page.goto('/admin/auditlog/');
    await expect(page).toHaveURL(/\/home\/$/);
    // Any other /admin/{pageName}[/{resourceId}] belongs to the old admin app (a full page load).
    await page.goto('/admin/coupons/42/');
    await expect(page).toHaveURL('/old-admin/coupons/42/');
  });

  test('support sees a parent’s family, and the audit log in words (with chats read while impersonating), by name', async ({
    page,
  }) => {
    // Run alone, this test may be Sky's first sign-in: the terms are accepted first, so their
    // dialog (which can come up late on a loaded machine) never covers the page under test.
    await acceptTermsThroughApi(page, DEMO_SUPPORT_LOGIN, seedId('user:support'));
    // That API log-in left its session cookie: without it, the log-in page shows the form (not
    // "You're already signed in").
    await page.context().clearCookies();
    await logInAs(page, DEMO_SUPPORT_LOGIN.email, DEMO_SUPPORT_LOGIN.password);
    // Dana manages two children: her page lists them, each a link to their own page.
    await page.goto(`/admin/finduser/${seedId('user:demo')}/`);
    const family = page.getByTestId('admin-user-family');
    await expect(family).toContainText('Family manager of 2 children', { timeout: 60_000 });
    await expect(page.getByTestId('admin-user-children-person')).toHaveCount(2);
    await expectAccessible(page, 'a parent’s support page');
    await family.getByRole('link', { name: 'Mia' }).click();
    await expect(page).toHaveURL(`/admin/finduser/${seedId('user:child:mia')}/`);
    await expect(page.getByTestId('admin-user-managers')).toContainText('Dana Demo');

    // A support session on Sam: opening his chat with Dana is recorded.
    await page.goto(`/admin/finduser/${seedId('user:sam')}/`);
    await page.getByTestId('admin-user-tools').getByTestId('impersonate-start').click();
    await page.getByTestId('impersonate-dialog-reason').fill('E2E ticket 2615: Sam lost a message');
    await page.getByTestId('impersonate-dialog-confirm').click();
    await expect(page.getByTestId('impersonation-banner')).toContainText('Viewing as Sam Rivera', { timeout: 60_000 });
    await page.goto(`/messages/chats/?conversation=${DEMO_CONVERSATIONS.danaSam}`);
    await expect(page.getByTestId('chat-message-body').last()).toContainText('talk to you at the swap', {
      timeout: 60_000,
    });
    await page.getByTestId('impersonation-stop').click();
    await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);

    // The audit log, searched by the member's name: what happened in words, the code under it.
    await page.goto('/admin/auditlog/');
    await expect(page.getByTestId('audit-subject')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('audit-subject').fill('Sam Rivera');
    await page.getByTestId('audit-kind').selectOption('messages');
    await page.getByTestId('audit-apply').click();
    await expect(page).toHaveURL(/subject=Sam\+Rivera/);
    const read = page.locator('[data-testid="audit-row"][data-action="impersonation.messages.read"]').first();
    await expect(read.getByTestId('audit-summary')).toHaveText('Read a private chat while impersonating');
    await expect(read.getByTestId('audit-code')).toContainText('impersonation.messages.read');
    await expect(read).toContainText('E2E ticket 2615: Sam lost a message');
    await expectAccessible(page, 'the audit log in words');
    // By e-mail too, every kind: the session's start and stop in words.
    await page.getByTestId('audit-subject').fill(DEMO_SAM_EMAIL);
    await page.getByTestId('audit-kind').selectOption('');
    await page.getByTestId('audit-apply').click();
    await expect(
      page.locator('[data-testid="audit-row"][data-action="impersonation.start"]').first().getByTestId('audit-summary'),
    ).toHaveText('Started a support session (impersonating)');
  });
});
