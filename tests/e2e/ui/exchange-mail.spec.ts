/**
 * Mail meeting the outside world, as the organizer sees it (issue 29): an invitation to an address
 * the mail server refuses for good (the e2e catcher refuses every bounce-… recipient with 550)
 * shows "This address bounced" on the participants page, and correcting the address sends the
 * invitation there; the exchange's overview offers "Add to calendar" (an .ics download with the
 * exchange's day and time, and a Google Calendar link).
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../pages/a11y';
import { Shell } from '../pages/auth-pages';
import { waitForMail } from '../pages/mailbox';

async function signUp(request: APIRequestContext, baseURL: string, name: string): Promise<{ token: string }> {
  const email = `e2e-mail-${randomUUID().slice(0, 8)}@gifting.test`;
  const answer = await request.post('/auth/v2/sign-up/', {
    data: { name, email, password: 'long-enough-password' },
    headers: { 'content-type': 'application/json', origin: baseURL },
  });
  expect(answer.status()).toBe(201);
  return { token: ((await answer.json()) as { accessToken: string }).accessToken };
}

async function createExchange(request: APIRequestContext, token: string, input: unknown): Promise<string> {
  const answer = await request.post('/trpc/exchanges.create', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: input,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { result: { data: { exchangeId: string } } }).result.data.exchangeId;
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await new Shell(page).acceptTermsIfShown();
}

const nextYear = (monthDay: string): string => `${new Date().getUTCFullYear() + 1}-${monthDay}`;

test.describe('exchange mail as the organizer sees it', () => {
  test('a bounced invitation shows on its row, and the corrected address gets the invitation', async ({
    page,
    baseURL,
  }) => {
    const startedAt = Date.now();
    const { token } = await signUp(page.request, baseURL ?? '', 'Olga Organizer');
    const tag = randomUUID().slice(0, 8);
    const bounced = `bounce-${tag}@example.com`;
    const fine = `fine-${tag}@example.com`;
    const exchangeId = await createExchange(page.request, token, {
      title: `Bounce swap ${tag}`,
      exchangeDate: nextYear('12-20'),
      participants: [
        { name: 'Bea Typo', email: bounced },
        { name: 'Finn Fine', email: fine },
      ],
    });
    await waitForMail(fine, /invited you to Bounce swap/, { after: startedAt, timeoutMs: 60_000 });

    await open(page, `/gift-exchanges/${exchangeId}/participants/`);
    const row = page
      .getByTestId('participant-row')
      .filter({ has: page.getByTestId('person-name').getByText('Bea Typo', { exact: true }) });
    const fineRow = page
      .getByTestId('participant-row')
      .filter({ has: page.getByTestId('person-name').getByText('Finn Fine', { exact: true }) });
    await expect(fineRow).toBeVisible();
    // The refusal is recorded by the job that sent the mail: the page shows it once it happened.
    await expect(async () => {
      await page.reload();
      await expect(row.getByTestId('participant-bounced')).toHaveText('This address bounced', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(fineRow.getByTestId('participant-bounced')).toHaveCount(0);
    await expectAccessible(page);

    const corrected = `bea-${tag}@example.com`;
    await row.getByTestId('participant-correct-email').click();
    const dialog = page.getByRole('dialog', { name: 'Correct Bea Typo’s address' });
    await expect(dialog.getByTestId('replace-name')).toHaveValue('Bea Typo');
    await dialog.getByTestId('replace-email').fill(corrected);
    await dialog.getByTestId('replace-submit').click();
    await expect(dialog).toBeHidden();
    await waitForMail(corrected, /invited you to Bounce swap/, { after: startedAt, timeoutMs: 60_000 });
    const newRow = page
      .getByTestId('participant-row')
      .filter({ has: page.getByTestId('participant-notes').getByText(corrected) });
    await expect(newRow).toBeVisible();
    await expect(newRow.getByTestId('participant-bounced')).toHaveCount(0);
    await expect(page.getByTestId('participant-bounced')).toHaveCount(0);
  });

  test('"Add to calendar" downloads the exchange day and time, and offers Google Calendar', async ({
    page,
    baseURL,
  }) => {
    const { token } = await signUp(page.request, baseURL ?? '', 'Cara Calendar');
    const date = nextYear('12-24');
    const exchangeId = await createExchange(page.request, token, {
      title: `Calendar swap ${randomUUID().slice(0, 6)}`,
      exchangeDate: date,
      partyTime: '18:30',
      location: 'Town hall',
    });
    await open(page, `/gift-exchanges/${exchangeId}/`);
    const add = page.getByTestId('exchange-add-to-calendar');
    await expect(add).toHaveText('Add to calendar');
    const google = page.getByTestId('exchange-google-calendar');
    const googleUrl = new URL((await google.getAttribute('href')) ?? '');
    expect(googleUrl.host).toBe('calendar.google.com');
    expect(googleUrl.searchParams.get('dates')).toBe(
      `${date.replaceAll('-', '')}T183000/${date.replaceAll('-', '')}T213000`,
    );
    await expectAccessible(page);

    const downloading = page.waitForEvent('download');
    await add.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('gift-exchange.ics');
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    const ics = await readFile(file, 'utf8');
    expect(ics).toContain(`DTSTART:${date.replaceAll('-', '')}T183000`);
    expect(ics).toContain('LOCATION:Town hall');
  });
});
