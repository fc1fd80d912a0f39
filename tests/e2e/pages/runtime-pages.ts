/** Page helpers for the client runtime and app shell tests (tests/e2e/ui/runtime.spec.ts). */
import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';

/** Signs a fresh member up through the API; the refresh cookie lands in the page's context. */
export async function signUpFreshMember(
  page: Page,
  baseURL: string,
  label: string,
): Promise<{ email: string; userId: string }> {
  const email = `e2e-${label}-${randomUUID().slice(0, 8)}@gifting.test`;
  const response = await page.request.post('/auth/v2/sign-up/', {
    data: { name: 'Terry Terms', email, password: 'long-enough-password' },
    headers: { 'content-type': 'application/json', origin: baseURL },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { userId?: string };
  return { email, userId: body.userId ?? '' };
}

/** Makes the app's main area taller than the window, so scroll positions mean something. */
export async function makePagesTall(page: Page, extraPx = 3000): Promise<void> {
  await page.addInitScript((extra) => {
    const style = document.createElement('style');
    style.textContent = `[data-testid="app-main"] { padding-bottom: ${extra}px !important; }`;
    document.addEventListener('DOMContentLoaded', () => document.head.appendChild(style));
  }, extraPx);
}

export const scrollY = (page: Page): Promise<number> => page.evaluate(() => Math.round(window.scrollY));

/** Counts document (full page) requests whose path is `pathname`. */
export function countDocumentLoads(page: Page, pathname: string): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && new URL(request.url()).pathname === pathname) count += 1;
  });
  return { count: () => count };
}

export class RuntimeShell {
  constructor(readonly page: Page) {}

  readonly html = (): Locator => this.page.locator('html');
  readonly termsDialog = (): Locator => this.page.getByTestId('terms-dialog');
  readonly notifications = (): Locator => this.page.getByTestId('app-notifications');

  async expectRouteUpdated(): Promise<void> {
    await expect(this.html()).toHaveAttribute('data-route-state', 'updated');
    await expect(this.html()).toHaveAttribute('data-routing', 'false');
  }
}
