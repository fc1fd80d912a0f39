/**
 * Groups in Chromium, as three new members would use them: Ann creates a private group, Ben asks
 * to join and waits, Ann approves him from the requests page, they talk in the group's chat, Ann
 * removes Ben and restores him from the removed page, and Cara joins at once with the group's
 * link. axe checks each state.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../pages/a11y';
import { Shell } from '../pages/auth-pages';
import { signUpFreshMember } from '../pages/runtime-pages';

interface TMember {
  page: Page;
  userId: string;
  context: BrowserContext;
}

async function member(browser: Browser, baseURL: string | undefined, label: string): Promise<TMember> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { userId } = await signUpFreshMember(page, baseURL ?? '', label);
  await page.goto('/home/');
  await new Shell(page).acceptTermsIfShown();
  return { page, userId, context };
}

test.describe('groups', () => {
  test('create, ask, approve, talk, remove and restore, join by link', async ({ browser, baseURL }) => {
    const ann = await member(browser, baseURL, 'group-ann');
    const ben = await member(browser, baseURL, 'group-ben');
    const cara = await member(browser, baseURL, 'group-cara');
    const name = `Climbing club ${Date.now().toString(36)}`;

    // Ann creates a private group from the groups page.
    await ann.page.goto('/groups/');
    await expect(ann.page.getByTestId('groups-empty-create')).toBeVisible();
    await expectAccessible(ann.page);
    await ann.page.getByTestId('groups-create').click();
    const form = ann.page.getByTestId('group-create-form');
    await form.getByTestId('group-create-form-submit').click();
    await expect(form.getByText('Value is required')).toBeVisible();
    await expectAccessible(ann.page);
    await form.getByTestId('group-create-form-name').fill(name);
    await form.getByTestId('group-create-form-description').fill('Weekend climbs and a gift swap in December.');
    await form.getByTestId('group-create-form-submit').click();
    await expect(ann.page).toHaveURL(/\/groups\/[0-9a-f-]{36}\/$/);
    await expect(ann.page.getByRole('heading', { level: 1, name })).toBeVisible();
    const groupPath = new URL(ann.page.url()).pathname;
    await expectAccessible(ann.page);

    // Ben finds the (private) group by its address: only its name, and a request to make.
    await ben.page.goto(groupPath);
    await expect(ben.page.getByTestId('group-place-note')).toContainText('This group is private');
    await ben.page.getByRole('button', { name: `Ask to join ${name}` }).click();
    await expect(ben.page.getByTestId('group-place-note')).toContainText('You asked to join');
    await expectAccessible(ben.page);

    // Ann approves him from the requests page (the bell and the overview point there).
    await ann.page.goto(groupPath);
    await expect(ann.page.getByTestId('group-pending-note')).toContainText('1 person asks to join.');
    await ann.page.getByTestId('group-see-requests').click();
    await expect(ann.page).toHaveURL(`${groupPath}members/pending/`);
    await expectAccessible(ann.page);
    await ann.page.getByTestId(`approve-${ben.userId}`).click();
    await expect(ann.page.getByTestId('group-requests-empty')).toBeVisible();

    // Ben is a member now: the inside opens, and the group's chat takes his message.
    await ben.page.goto(groupPath);
    await expect(ben.page.getByTestId('group-my-status')).toHaveAttribute('data-status', 'active');
    await ben.page.getByTestId('group-open-chat').click();
    await expect(ben.page).toHaveURL(/\/messages\/chats\/\?conversation=[0-9a-f-]{36}$/);
    await ben.page.getByTestId('chat-input').fill('Hi all! Saturday at the wall?');
    await ben.page.getByTestId('chat-input').press('Enter');
    await expect(ben.page.getByTestId('chat-thread').getByTestId('chat-message')).toHaveCount(1);
    await ann.page.goto('/messages/');
    await expect(ann.page.getByTestId('chat-list')).toContainText(name);
    await expect(ann.page.getByTestId('chat-list')).toContainText('Saturday at the wall?');

    // Ann removes Ben (after confirming), finds him on the removed page, and restores him.
    await ann.page.goto(`${groupPath}members/`);
    await expect(ann.page.getByTestId('group-members')).toContainText('Terry Terms');
    await expectAccessible(ann.page);
    await ann.page.getByTestId(`remove-${ben.userId}`).click();
    await ann.page
      .getByRole('dialog')
      .getByRole('button', { name: /remove/i })
      .click();
    // The dialog closes once the server has answered; leaving before that could cancel the removal.
    await expect(ann.page.getByRole('dialog')).toHaveCount(0);
    await ann.page.goto(`${groupPath}members/removed/`);
    await expect(ann.page.getByTestId(`restore-${ben.userId}`)).toBeVisible();
    await expectAccessible(ann.page);
    await ben.page.goto(groupPath);
    await expect(ben.page.getByTestId('group-place-note')).toContainText('You were removed');
    await ann.page.getByTestId(`restore-${ben.userId}`).click();
    await expect(ann.page.getByTestId(`restore-${ben.userId}`)).toHaveCount(0);
    await ben.page.reload();
    await expect(ben.page.getByTestId('group-open-chat')).toBeVisible();

    // Cara gets the group's link from Ann and joins at once.
    await ann.page.goto(`${groupPath}invite/`);
    const link = await ann.page.getByTestId('group-invite-url').inputValue();
    expect(link).toContain(`${groupPath}?code=`);
    await expectAccessible(ann.page);
    await cara.page.bringToFront();
    await cara.page.goto(new URL(link).pathname + new URL(link).search);
    await expect(cara.page.getByTestId('group-code-invitation')).toBeVisible();
    await expectAccessible(cara.page);
    await cara.page.getByTestId('group-code-join').click();
    await expect(cara.page.getByTestId('group-open-chat')).toBeVisible();
    await cara.page.goto('/groups/');
    await expect(cara.page.getByTestId('my-groups-active')).toContainText(name);

    await Promise.all([ann.context.close(), ben.context.close(), cara.context.close()]);
  });
});
