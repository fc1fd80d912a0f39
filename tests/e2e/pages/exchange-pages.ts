/**
 * Shared steps of the gift-exchange e2e specs: the generator's step pages (headings, the calendar,
 * the people rows), a mailed invitation opened in a browser of the invitee's own (a floater), a
 * toast waited for, the exchange's overview card of one's own recipient, and the one direct write
 * to the e2e database the full-exchange spec needs (moving the exchange date: its clock jump).
 */
import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import mysql, { type ResultSetHeader } from 'mysql2/promise';
import { ensureDatabaseServer } from '../../../scripts/lib/database-server';
import { parseDatabaseUrl, withDatabase } from '../../../server/db/database-url';
import { waitForQuietNetwork } from './a11y';
import { Shell } from './auth-pages';
import { waitForMail } from './mailbox';
import { e2eServerPort } from './server-port';

export const PASSWORD = 'long-enough-password';

/** An address nobody else uses: `e2e-<prefix>-<label>-<random>@gifting.test`. */
export function uniqueEmail(prefix: string, label: string): string {
  return `e2e-${prefix}-${label}-${randomUUID().slice(0, 8)}@gifting.test`;
}

/**
 * Opens a path, accepts the terms of service when a signed-in member is asked to, and waits until
 * the page has settled (no request for 300 ms, nothing busy). A section that arrives late moves
 * what is below it, and a click whose press and release land in different places is no click:
 * beside a busy core the draw button was pressed (it had the focus) but no dialog opened.
 */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await new Shell(page).acceptTermsIfShown();
  await waitForSettled(page);
}

/** No request for 300 ms and nothing busy: late sections have arrived, so nothing moves under a click. */
export async function waitForSettled(page: Page): Promise<void> {
  await waitForQuietNetwork(page, 300);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The page's h1 is `heading`, and the generator's progress line reads `progress`. */
export async function expectStep(page: Page, heading: string, progress?: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  if (progress) await expect(page.getByTestId('step-progress')).toHaveText(progress);
}

/** A day `days` from today, as the calendar names its button ("15 December 2026"). */
function dayLabel(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getDate()} ${date.toLocaleString('en-US', { month: 'long' })} ${date.getFullYear()}`;
}

/** Opens a date field's calendar and picks the day `days` from today (turning months as needed). */
export async function pickDate(page: Page, testId: string, days: number): Promise<void> {
  await page.getByTestId(testId).click();
  const day = page.getByRole('button', { name: dayLabel(days), exact: true });
  for (let turns = 0; turns < 14 && !(await day.isVisible()); turns += 1)
    await page.getByRole('button', { name: 'Next month' }).click();
  await day.click();
  await expect(day).toBeHidden();
}

/** Types people into the generator's name and e-mail rows, adding rows as needed. */
export async function typePeople(page: Page, people: readonly { name: string; email: string }[]): Promise<void> {
  for (const [index, person] of people.entries()) {
    if ((await page.getByTestId('person-row').count()) <= index) await page.getByTestId('person-add').click();
    await page.getByTestId('person-name-input').nth(index).fill(person.name);
    await page.getByTestId('person-email-input').nth(index).fill(person.email);
  }
}

/** The sign-in link (`/auth/v2/link/?token=…`) of the newest invitation mailed to `to`. */
export async function invitationLink(to: string, after?: number): Promise<string> {
  const mail = await waitForMail(to, /invited you to/, { after, timeoutMs: 60_000 });
  const link = /(https?:\/\/\S+\/auth\/v2\/link\/\?token=[^\s>\])]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`No invitation link in "${mail.subject}"`);
  return link;
}

/** A fresh browser of the invitee's own, signed in only by the mailed link (a floater, no password). */
export async function openInvitation(browser: Browser, baseURL: string, to: string, after?: number): Promise<Page> {
  const link = await invitationLink(to, after);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(link);
  await new Shell(page).acceptTermsIfShown();
  return page;
}

/** Waits until the toast saying `text` has finished its entrance (axe judges colours at full opacity). */
export async function toastShown(page: Page, text: string | RegExp): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect
    .poll(() =>
      toast.evaluate((node) => {
        let opacity = 1;
        for (let element: Element | null = node; element; element = element.parentElement)
          opacity *= Number(getComputedStyle(element).opacity);
        return opacity;
      }),
    )
    .toBe(1);
}

const ASSIGNMENT = /^You’re the Secret Santa for (.+)$/;

/** On an exchange's overview after the draw: the one recipient card, and the name it gives. */
export async function recipientShown(page: Page): Promise<string> {
  await expect(page.getByTestId('assignment-card')).toHaveCount(1);
  const title = page.getByTestId('assignment-title');
  await expect(title).toHaveText(ASSIGNMENT);
  return ASSIGNMENT.exec((await title.textContent()) ?? '')?.[1] ?? '';
}

/**
 * The e2e server's database, found as tests/e2e/serve.ts finds it (`gifting_e2e_<its port>` on
 * the server of TEST_DATABASE_URL, DATABASE_URL, 127.0.0.1:3306 or the project's own MariaDB).
 */
export async function e2eDatabaseUrl(): Promise<string> {
  const server = await ensureDatabaseServer({
    env: { DATABASE_URL: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL },
  });
  return withDatabase(server.url, `gifting_e2e_${e2eServerPort()}`);
}

/**
 * The test's clock jump: nobody can wait weeks for an exchange date, so its date moves to two days
 * ago straight in the e2e database (the server reads it from there on every request).
 */
export async function moveExchangeDateIntoPast(exchangeId: string): Promise<void> {
  const connection = await mysql.createConnection(parseDatabaseUrl(await e2eDatabaseUrl()));
  try {
    const [result] = await connection.execute<ResultSetHeader>(
      'UPDATE exchanges SET exchange_date = CURDATE() - INTERVAL 2 DAY WHERE id = ?',
      [exchangeId],
    );
    expect(result.affectedRows, `the exchange ${exchangeId} in the e2e database`).toBe(1);
  } finally {
    await connection.end();
  }
}
