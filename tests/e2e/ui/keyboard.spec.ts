/**
 * Keyboard-only use: the auth forms can be filled and sent with Tab, typing and Enter, focus is
 * always visible, and the terms dialog keeps focus inside itself until it is accepted.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_LOGIN } from '../../../prisma/seed';
import { expectAccessible } from '../pages/a11y';
import { Shell } from '../pages/auth-pages';
import { signUpFreshMember } from '../pages/runtime-pages';

/** The data-testid of the focused element (or its tag when it has none). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.dataset.testid ?? element?.tagName.toLowerCase() ?? 'none';
  });
}

/** Presses Tab until the element with this test id has focus (at most `limit` times). */
async function tabTo(page: Page, testId: string, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if ((await focused(page)) === testId) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${testId} (ended on ${await focused(page)})`);
}

/** Whether the focused element shows a focus indicator (an outline or a box shadow). */
function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
  });
}

test.describe('keyboard only', () => {
  test('log in with Tab, typing and Enter; focus is visible on the way', async ({ page }) => {
    await page.goto('/a/log-in/');
    await expectAccessible(page);
    await tabTo(page, 'log-in-email');
    await page.keyboard.type(DEMO_LOGIN.email);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('log-in-password');
    await page.keyboard.type(DEMO_LOGIN.password);
    await tabTo(page, 'log-in-submit');
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home\/$/);
  });

  test('sign up with the keyboard, errors announced on their fields', async ({ page }) => {
    await page.goto('/a/sign-up/');
    await expect(page.getByTestId('sign-up-name')).toBeVisible();
    await tabTo(page, 'sign-up-name');
    await page.keyboard.press('Enter');
    // Sent empty: the spec's message is the field's accessible description.
    await expect(page.getByTestId('sign-up-name')).toHaveAccessibleDescription('Value is required');
    await page.getByTestId('sign-up-name').focus();
    await page.keyboard.type('Kay Board');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('sign-up-email');
    await page.keyboard.type(`e2e-keys-${randomUUID().slice(0, 8)}@gifting.test`);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('sign-up-password');
    await page.keyboard.type('long-enough-password');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/a\/code-confirm\/$/);
  });

  test('the terms dialog traps focus and is accepted from the keyboard', async ({ page, baseURL }) => {
    await signUpFreshMember(page, baseURL ?? '', 'keys-terms');
    await page.goto('/home/');
    const shell = new Shell(page);
    // The dialog follows the sign-in, the terms answer and its own code: a starved browser takes
    // longer than one state's usual 10 s, so the wait is for the check's end first.
    await expect(page.locator('html')).toHaveAttribute('data-terms', 'required', { timeout: 60_000 });
    await expect(shell.termsDialog()).toBeVisible({ timeout: 60_000 });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName('Our terms of service');
    for (let presses = 0; presses < 8; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await tabTo(page, 'terms-accept');
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(shell.termsDialog()).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-terms', 'accepted');
    // Focus went back into the page, not into a removed node.
    expect(await page.evaluate(() => document.contains(document.activeElement))).toBe(true);
    await expectAccessible(page);
  });
});
