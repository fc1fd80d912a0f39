/**
 * E-mail identity (issue 24): an address is one person's only on its canonical form (NFC, lower
 * case, IDNA domain), compared byte for byte. The owner of a look-alike domain (gmáil.com for
 * gmail.com) signs up, confirms the code sent to their own mailbox and gets an account of their own:
 * the floater an invitation made for the real address stays the real owner's. And a sign-up with an
 * address mail cannot be sent to is refused up front, while a mail that fails never leaves half an
 * account: the confirmation mail is a job queued with the account.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sameEmail } from '../../../server/contracts/email-identity';
import { runJobNow } from '../../../server/jobs/queue';
import { JOB_HANDLERS } from '../../../server/jobs/registry';
import { CONFIRMATION_MAIL_JOB } from '../../../server/services/accounts/send-confirmation-email';
import { createMember, TEST_PASSWORD } from '../../factories/identities';
import { uniqueSuffix } from '../../factories/users';
import { testDb } from '../../helpers/db';
import { TestBrowser, decodeJwt } from '../../helpers/http-client';
import { codeFrom, mailCatcher } from '../../helpers/mail';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

let server: TTestServer;
let organizer: TestBrowser;
beforeAll(async () => {
  server = await startTestServer();
  const member = await createMember(testDb());
  organizer = new TestBrowser(server.baseUrl);
  expect((await organizer.post('/auth/v2/log-in/', { email: member.email, password: TEST_PASSWORD })).status).toBe(200);
});

const browser = (): TestBrowser => new TestBrowser(server.baseUrl);
const errorOf = (body: unknown) => (body as { error: { message: string; fieldErrors?: Record<string, string> } }).error;

/** The confirmation mail to this address, however its domain is spelled in the headers (IDN or ASCII). */
async function confirmationCode(email: string): Promise<string> {
  const mail = await mailCatcher().waitFor(
    (caught) => caught.to.some((to) => sameEmail(to, email)) && /confirmation code/.test(caught.subject),
    10_000,
  );
  return codeFrom(mail);
}

async function newExchange(): Promise<string> {
  const created = await organizer.trpc<{ exchangeId: string }>('mutation', 'exchanges.create', {
    title: `Swap ${uniqueSuffix()}`,
    exchangeDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  });
  expect(created.status).toBe(200);
  return created.data!.exchangeId;
}

/** Invites addresses to a fresh exchange; answers the account each row went to. */
async function invite(...emails: string[]): Promise<(string | null)[]> {
  const exchangeId = await newExchange();
  const invited = await organizer.trpc<{ results: { userId: string | null; status: string }[] }>(
    'mutation',
    'exchanges.inviteByEmail',
    { exchangeId, invitees: emails.map((email) => ({ email })) },
  );
  expect(invited.status).toBe(200);
  return invited.data!.results.map((result) => result.userId);
}

async function signUpAndConfirm(email: string, name: string): Promise<{ client: TestBrowser; userId: string }> {
  const client = browser();
  const signUp = await client.post('/auth/v2/sign-up/', { name, email, password: 'sherwood' });
  expect(signUp.status).toBe(201);
  const confirmed = await client.post('/auth/v2/confirm-code/', { code: await confirmationCode(email) });
  expect(confirmed.status).toBe(200);
  return { client, userId: String(signUp.body.userId) };
}

describe('a look-alike domain is another address', () => {
  it('its owner signs up and confirms, gets their own account, and the real address keeps its floater', async () => {
    const local = `x${uniqueSuffix()}`;
    const real = `${local}@gmail.com`;
    const lookalike = `${local}@gmáil.com`;
    const [floaterId] = await invite(real);
    expect(floaterId).toBeTruthy();

    // The owner of gmáil.com signs up (not "already exists") and proves their own mailbox.
    const attacker = await signUpAndConfirm(lookalike, 'Mallory Lookalike');
    expect(attacker.userId).not.toBe(floaterId);
    const floater = await testDb().user.findUniqueOrThrow({ where: { id: floaterId! } });
    expect(floater.deletedAt).toBeNull();
    expect(floater.email).toBe(real);
    expect(
      await testDb().auditLog.count({ where: { subjectUserId: floaterId!, action: 'account.floater-claimed' } }),
    ).toBe(0);

    // Nothing of the real address is theirs: no related accounts, no switching into the floater.
    const related = await attacker.client.trpc<{ items: { userId: string }[] }>('query', 'auth.relatedAccounts', {});
    expect(related.status).toBe(200);
    expect(related.data!.items).toEqual([]);
    const sameEmailRest = await attacker.client.get<{ items?: unknown[] }>(
      `/v1/users/${attacker.userId}/users-same-email`,
    );
    expect(sameEmailRest.status).toBe(200);
    expect(JSON.stringify(sameEmailRest.body)).not.toContain(floaterId!);
    const switched = await attacker.client.post('/auth/v2/switch/', { uid: floaterId });
    expect(switched.status).toBeGreaterThanOrEqual(400);
    const merged = await attacker.client.trpc('mutation', 'auth.mergeAccounts', { otherUserId: floaterId });
    expect(merged.status).toBe(404);

    // Later invitations to the real address still go to the floater; to the look-alike, to its owner.
    expect(await invite(real, lookalike)).toEqual([floaterId, attacker.userId]);

    // The real owner is not told the address is taken, and confirming claims their floater.
    const owner = await signUpAndConfirm(real, 'Real Owner');
    expect(owner.userId).not.toBe(attacker.userId);
    expect((await testDb().user.findUniqueOrThrow({ where: { id: floaterId! } })).deletedAt).toBeInstanceOf(Date);
    const claimed = await testDb().auditLog.findFirstOrThrow({
      where: { subjectUserId: floaterId!, action: 'account.floater-claimed' },
    });
    expect(claimed.actorUserId).toBe(owner.userId);
    expect(await invite(real)).toEqual([owner.userId]);

    // Each logs in with their own address, into their own account.
    for (const [email, userId] of [
      [real, owner.userId],
      [lookalike, attacker.userId],
    ]) {
      const logIn = await browser().post('/auth/v2/log-in/', { email, password: 'sherwood' });
      expect(logIn.status).toBe(200);
      expect(decodeJwt(String(logIn.body.accessToken)).sub).toBe(userId);
    }
  });

  it('ß and ss are two addresses; the member of one is not invited for the other', async () => {
    const suffix = uniqueSuffix();
    const sharp = await signUpAndConfirm(`straße${suffix}@example.test`, 'Sharp S');
    const [invitedSs] = await invite(`strasse${suffix}@example.test`);
    expect(invitedSs).not.toBe(sharp.userId);
    const signUp = await browser().post('/auth/v2/sign-up/', {
      name: 'Double S',
      email: `strasse${suffix}@example.test`,
      password: 'sherwood',
    });
    expect(signUp.status).toBe(201);
  });

  it('the same address spelt otherwise is the same person: case, NFD/NFC, IDN in Unicode or punycode', async () => {
    const suffix = uniqueSuffix();
    const variants = [
      [`x${suffix}@bücher.de`, `X${suffix}@xn--bcher-kva.de`],
      [`jose\u0301${suffix}@example.test`, `JOSÉ${suffix}@EXAMPLE.test`],
    ];
    for (const [first, second] of variants) {
      const [a, b] = await invite(first!);
      expect(b).toBeUndefined();
      // Listed together, the second is the same person (a duplicate row), and later alone too.
      const [again] = await invite(second!);
      expect(again).toBe(a);
    }
    // A registered IDN address: its punycode and upper-case spellings are "already exists".
    await signUpAndConfirm(`y${suffix}@bücher.de`, 'Buch Leser');
    for (const spelling of [`y${suffix}@xn--bcher-kva.de`, `Y${suffix}@BÜCHER.DE`, `y${suffix}@bu\u0308cher.de`]) {
      const again = await browser().post('/auth/v2/sign-up/', {
        name: 'Copy Cat',
        email: spelling,
        password: 'x1234567',
      });
      expect(again.status).toBe(409);
    }
    const logIn = await browser().post('/auth/v2/log-in/', {
      email: `y${suffix}@xn--bcher-kva.de`,
      password: 'sherwood',
    });
    expect(logIn.status).toBe(200);
  });

  it('a group invitation by address invites only the member of exactly that address', async () => {
    const suffix = uniqueSuffix();
    const member = await signUpAndConfirm(`g${suffix}@gmail.com`, 'Group Real');
    const group = await organizer.trpc<{ groupId: string }>('mutation', 'groups.create', { name: `Club ${suffix}` });
    expect(group.status).toBe(200);
    const invited = await organizer.trpc<{ rows: { key: string; result: string }[] }>(
      'mutation',
      'groups.inviteEmails',
      {
        groupId: group.data!.groupId,
        emails: [`g${suffix}@gmáil.com`],
      },
    );
    expect(invited.status).toBe(200);
    expect(invited.data!.rows).toEqual([expect.objectContaining({ result: 'invited' })]);
    expect(await testDb().groupMember.count({ where: { groupId: group.data!.groupId, userId: member.userId } })).toBe(
      0,
    );
  });
});

describe('sign-up and mail', () => {
  it('refuses an address mail cannot be sent to (a trailing dot) with the spec’s message, creating nothing', async () => {
    const local = `dot${uniqueSuffix()}`;
    const email = `${local}@example.com.`;
    const response = await browser().post('/auth/v2/sign-up/', { name: 'Trail Dot', email, password: 'sherwood' });
    expect(response.status).toBe(400);
    expect(errorOf(response.body).fieldErrors?.email).toBe('Value is not a valid email address');
    expect(await testDb().user.count({ where: { email: { startsWith: `${local}@` } } })).toBe(0);
  });

  it('a mail that cannot be sent leaves a whole account whose mail the job queue delivers later', async () => {
    // A server whose SMTP relay is down: nothing listens on the discard port.
    const broken = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:9' });
    const email = `queued${uniqueSuffix()}@example.test`;
    const client = new TestBrowser(broken.baseUrl);
    const signUp = await client.post('/auth/v2/sign-up/', { name: 'Kept Waiting', email, password: 'sherwood' });
    expect(signUp.status).toBe(201);
    const userId = String(signUp.body.userId);
    const user = await testDb().user.findUniqueOrThrow({
      where: { id: userId },
      include: { credential: true, settings: true },
    });
    expect(user.registeredEmail).toBe(email);
    expect(user.credential).not.toBeNull();
    expect(user.settings).not.toBeNull();
    const job = await testDb().job.findFirstOrThrow({
      where: { kind: CONFIRMATION_MAIL_JOB, uniqueKey: { endsWith: userId } },
    });
    expect(job.status).toBe('queued');
    expect(job.attempts).toBe(1);
    expect(job.lastError).toBeTruthy();

    // The relay is back (a worker with the working mailer), the retry is due: the mail arrives.
    await testDb().job.update({ where: { id: job.id }, data: { runAt: new Date() } });
    // This job alone: the worker's database also holds other files' jobs, whose runs are theirs.
    expect(await runJobNow(testDeps(), { uniqueKey: job.uniqueKey!, handlers: JOB_HANDLERS })).toBe(true);
    expect((await testDb().job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('done');
    const code = await confirmationCode(email);
    expect((await client.post('/auth/v2/confirm-code/', { code })).status).toBe(200);
  });
});
