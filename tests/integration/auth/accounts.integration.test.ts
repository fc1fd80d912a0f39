import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../server/contracts/roles';
import { createMember, TEST_PASSWORD } from '../../factories/identities';
import { uniqueSuffix } from '../../factories/users';
import { testDb } from '../../helpers/db';
import { TestBrowser, decodeJwt } from '../../helpers/http-client';
import { codeFrom, linkFrom, waitForMail } from '../../helpers/mail';
import { startTestServer, type TTestServer } from '../../helpers/server';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_MAX_FAILURES: '3',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    LOGIN_WINDOW_SECONDS: '600',
  });
});

const browser = (): TestBrowser => new TestBrowser(server.baseUrl);
const newEmail = (): string => `member${uniqueSuffix()}@example.test`.toLowerCase();

describe('sign-up, confirmation by mailed code, log-out and log-in', () => {
  it('goes the whole way with real mail', async () => {
    const email = newEmail();
    const client = browser();
    const signUp = await client.post('/auth/v2/sign-up/', { name: 'Robin Hood', email, password: 'sherwood' });
    expect(signUp.status).toBe(201);
    expect(signUp.body.next).toBe('/a/code-confirm/');
    const roles = decodeJwt(String(signUp.body.accessToken)).role as string[];
    expect(roles).toEqual(expect.arrayContaining([ROLES.fullAuth, ROLES.registeredUser]));
    expect(roles).not.toContain(ROLES.emailRegistered);

    const mail = await waitForMail(email, /confirmation code/);
    const code = codeFrom(mail);
    const wrong = await client.post('/auth/v2/confirm-code/', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    const confirmed = await client.post('/auth/v2/confirm-code/', { code });
    expect(confirmed.status).toBe(200);
    expect(decodeJwt(String(confirmed.body.accessToken)).role).toContain(ROLES.emailRegistered);

    const logout = await client.post('/auth/v2/logout/');
    expect(logout.status).toBe(200);
    expect((await client.get('/auth/v2/refresh-token/')).body).toEqual({ accessToken: null, auditToken: null });

    const logIn = await browser().post('/auth/v2/log-in/', { email, password: 'sherwood' });
    expect(logIn.status).toBe(200);
    expect(decodeJwt(String(logIn.body.accessToken)).sub).toBe(String(signUp.body.userId));
  });

  it('confirms by the mailed link too, once', async () => {
    const email = newEmail();
    const client = browser();
    await client.post('/auth/v2/sign-up/', { name: 'Link Person', email, password: 'secret1' });
    const mail = await waitForMail(email, /confirmation code/);
    const link = new URL(linkFrom(mail, '/auth/v2/confirm-email/'));
    const first = await client.get(`${link.pathname}${link.search}`);
    expect(first.status).toBe(302);
    expect(first.location).toBe('/a/email-confirmed/');
    const again = await client.get(`${link.pathname}${link.search}`);
    expect(again.location).toBe('/a/email-confirmed/?status=invalid');
    const user = await testDb().user.findFirst({ where: { email } });
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
  });

  it('answers the spec §5 messages for bad input, and never writes a user', async () => {
    const email = newEmail();
    const response = await browser().post('/auth/v2/sign-up/', { name: 'A', email: 'not-an-email', password: 'abc' });
    expect(response.status).toBe(400);
    expect((response.body as { error: { fieldErrors: Record<string, string> } }).error.fieldErrors).toEqual({
      name: 'This field should be at least 2 characters long',
      email: 'Value is not a valid email address',
      password: 'This field should be at least 4 characters long',
    });
    const blank = await browser().post('/auth/v2/sign-up/', { name: '   ', email, password: '' });
    expect((blank.body as { error: { fieldErrors: Record<string, string> } }).error.fieldErrors).toMatchObject({
      name: 'Value is required',
      password: 'Value is required',
    });
    expect(await testDb().user.count({ where: { email } })).toBe(0);
  });

  it('refuses a second account for a registered e-mail with a clear message', async () => {
    const member = await createMember(testDb());
    const response = await browser().post('/auth/v2/sign-up/', {
      name: 'Copy Cat',
      email: member.email,
      password: 'whatever',
    });
    expect(response.status).toBe(409);
    expect((response.body as { error: { fieldErrors: Record<string, string> } }).error.fieldErrors.email).toMatch(
      /already exists/,
    );
  });
});

describe('log-in', () => {
  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const member = await createMember(testDb());
    const unknown = await browser().post('/auth/v2/log-in/', { email: newEmail(), password: 'whatever' });
    const wrong = await browser().post('/auth/v2/log-in/', { email: member.email, password: 'not the password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('spends similar time on unknown e-mails and wrong passwords (argon2 either way)', async () => {
    const member = await createMember(testDb());
    const time = async (email: string): Promise<number> => {
      const started = performance.now();
      await browser().post(
        '/auth/v2/log-in/',
        { email, password: 'nope-nope' },
        { headers: { 'x-forwarded-for': uniqueSuffix() } },
      );
      return performance.now() - started;
    };
    // Warm up, then compare medians of a few runs each.
    await time(member.email);
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      unknown.push(await time(newEmail()));
      known.push(await time(member.email));
    }
    const median = (values: number[]): number => values.sort((a, b) => a - b)[1]!;
    // Both paths run a full argon2id verification; without the dummy one an unknown e-mail answers in ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it('throttles failed log-ins per account with 429 and Retry-After', async () => {
    const member = await createMember(testDb());
    for (let i = 0; i < 3; i += 1) {
      expect((await browser().post('/auth/v2/log-in/', { email: member.email, password: 'wrong' })).status).toBe(401);
    }
    const blocked = await browser().post('/auth/v2/log-in/', { email: member.email, password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses cross-site and non-JSON state changes', async () => {
    const member = await createMember(testDb());
    const crossSite = await browser().post(
      '/auth/v2/log-in/',
      { email: member.email, password: TEST_PASSWORD },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(crossSite.status).toBe(403);
    const form = browser();
    const answer = await form.request('POST', '/auth/v2/log-in/', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      json: undefined,
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(form.accessToken).toBeNull();
  });
});

describe('throttling per address', () => {
  it('blocks an address that fails across many accounts', async () => {
    const strict = await startTestServer({ LOGIN_MAX_FAILURES: '100', LOGIN_MAX_FAILURES_PER_ADDRESS: '4' });
    const client = new TestBrowser(strict.baseUrl);
    for (let i = 0; i < 4; i += 1)
      expect((await client.post('/auth/v2/log-in/', { email: newEmail(), password: 'x' })).status).toBe(401);
    const blocked = await client.post('/auth/v2/log-in/', { email: newEmail(), password: 'x' });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('password reset by mailed link', () => {
  it('resets once, ends other sign-ins, and the link cannot be reused', async () => {
    const member = await createMember(testDb());
    const otherDevice = browser();
    await otherDevice.post('/auth/v2/log-in/', { email: member.email, password: TEST_PASSWORD });

    const request = await browser().post('/auth/v2/reset-password/request/', { email: member.email });
    expect(request.status).toBe(202);
    const mail = await waitForMail(member.email, /Reset your Gifting password/);
    const token = new URL(linkFrom(mail, '/auth/reset-password/')).searchParams.get('token')!;

    const reset = await browser().post('/auth/v2/reset-password/', { token, password: 'brand-new-pass' });
    expect(reset.status).toBe(200);
    expect((await browser().post('/auth/v2/reset-password/', { token, password: 'again-again' })).status).toBe(410);
    expect((await otherDevice.get('/auth/v2/refresh-token/')).body).toEqual({ accessToken: null, auditToken: null });
    expect((await browser().post('/auth/v2/log-in/', { email: member.email, password: TEST_PASSWORD })).status).toBe(
      401,
    );
    expect((await browser().post('/auth/v2/log-in/', { email: member.email, password: 'brand-new-pass' })).status).toBe(
      200,
    );
  });

  it('answers the same for unknown e-mails and sends nothing', async () => {
    const email = newEmail();
    const response = await browser().post('/auth/v2/reset-password/request/', { email });
    expect(response.status).toBe(202);
    await expect(waitForMail(email, /Reset/, 500)).rejects.toThrow(/No matching e-mail/);
  });

  it('an expired link is refused', async () => {
    const member = await createMember(testDb());
    await browser().post('/auth/v2/reset-password/request/', { email: member.email });
    const mail = await waitForMail(member.email, /Reset your Gifting password/);
    const token = new URL(linkFrom(mail, '/auth/reset-password/')).searchParams.get('token')!;
    await testDb().emailToken.updateMany({
      where: { userId: member.id, purpose: 'reset-password' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await browser().post('/auth/v2/reset-password/', { token, password: 'brand-new-pass' })).status).toBe(410);
  });
});

describe('no mail bombing through us', () => {
  it('limits account e-mails per recipient, whether or not the address has an account', async () => {
    const strict = await startTestServer({ MAIL_MAX_PER_RECIPIENT: '2' });
    const client = new TestBrowser(strict.baseUrl);
    const target = newEmail();
    expect((await client.post('/auth/v2/reset-password/request/', { email: target })).status).toBe(202);
    expect((await client.post('/auth/v2/reset-password/request/', { email: target })).status).toBe(202);
    const blocked = await client.post('/auth/v2/reset-password/request/', { email: target });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Signing up with that address counts against the same budget.
    expect(
      (await client.post('/auth/v2/sign-up/', { name: 'Flood Target', email: target, password: 'whatever' })).status,
    ).toBe(429);
    expect(await testDb().user.count({ where: { email: target } })).toBe(0);
  });

  it('limits account e-mails per client address across recipients', async () => {
    const strict = await startTestServer({ MAIL_MAX_PER_CLIENT: '3' });
    const client = new TestBrowser(strict.baseUrl);
    for (let i = 0; i < 3; i += 1)
      expect((await client.post('/auth/v2/reset-password/request/', { email: newEmail() })).status).toBe(202);
    expect((await client.post('/auth/v2/reset-password/request/', { email: newEmail() })).status).toBe(429);
  });
});
