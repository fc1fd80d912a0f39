/**
 * The identity core under attack (issue "Harden the identity core"): each block reproduces one
 * reported weakness against a real server, database and mail catcher, and checks it is closed.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFloaterLinkToken } from '../../../server/auth/floater-links';
import { startSession } from '../../../server/auth/sessions';
import { signAccessToken, type TIdentityClaims } from '../../../server/auth/tokens';
import { TRPC_MAX_BATCH_CALLS } from '../../../server/contracts/constants';
import { ROLES } from '../../../server/contracts/roles';
import { createFloaterUser, createMember, TEST_PASSWORD } from '../../factories/identities';
import { uniqueSuffix } from '../../factories/users';
import { testDb } from '../../helpers/db';
import { TestBrowser, decodeJwt } from '../../helpers/http-client';
import { codeFrom, waitForMail } from '../../helpers/mail';
import { startTestServer, type TTestServer } from '../../helpers/server';

const FORBIDDEN = 'Forbidden, please contact support';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_MAX_FAILURES: '3',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
    // Lets a test speak for several client addresses (X-Forwarded-For), as behind a load balancer.
    TRUST_PROXY: 'true',
  });
});

const browser = (): TestBrowser => new TestBrowser(server.baseUrl);
const newEmail = (): string => `member${uniqueSuffix()}@example.test`.toLowerCase();
const errorOf = (body: unknown) => (body as { error: { message: string; fieldErrors?: Record<string, string> } }).error;

async function logIn(email: string, password = TEST_PASSWORD, client = browser()): Promise<TestBrowser> {
  const response = await client.post('/auth/v2/log-in/', { email, password });
  expect(response.status).toBe(200);
  return client;
}

async function staff(...roles: string[]) {
  const member = await createMember(testDb(), { roles });
  return { member, client: await logIn(member.email) };
}

/** Signs a floater in the way invitations do: the mailed link. */
async function signInByLink(userId: string): Promise<TestBrowser> {
  const client = browser();
  const token = createFloaterLinkToken(server.app.deps.config, { userId, scope: ['exchange:*'], returnUrl: '/home/' });
  const response = await client.get(`/auth/v2/link/?token=${encodeURIComponent(token)}`);
  expect(response.status).toBe(302);
  expect((await client.get('/auth/v2/refresh-token/')).body.accessToken).toBeTruthy();
  return client;
}

describe('one registered account per e-mail address', () => {
  it('six concurrent sign-ups with case, NFC/NFD, accent and width variants make one account per canonical address', async () => {
    const local = `race${uniqueSuffix()}`;
    const domain = 'example.test';
    const variants = [
      `${local}@${domain}`,
      `${local.toUpperCase()}@${domain}`,
      `  ${local}@${domain.toUpperCase()}  `,
      // "e" + combining acute (NFD) is "é" (NFC): one address. "é" is not "e" (identity is compared
      // on the canonical form, byte for byte; see email-identity.integration.test.ts).
      `${local}e\u0301@${domain}`,
      `${local}é@${domain}`,
      // Full-width letters in the local part are other characters: another address, not a variant.
      `${[...local].map((c) => (/[a-z]/.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('')}@${domain}`,
    ];
    const answers = await Promise.all(
      variants.map((email) =>
        browser().post('/auth/v2/sign-up/', { name: 'Race Runner', email, password: 'sherwood' }),
      ),
    );
    const created = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    // The NFC/NFD accented variants are one address; the plain (case, spaces) ones are another; the
    // full-width one a third.
    const plain = await testDb().user.count({ where: { registeredEmail: `${local}@${domain}` } });
    const accented = await testDb().user.count({ where: { registeredEmail: `${local}é@${domain}` } });
    expect(plain).toBe(1);
    expect(accented).toBe(1);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect(created).toHaveLength(3);
    for (const answer of refused) expect(errorOf(answer.body).fieldErrors?.email).toMatch(/already exists/);
  });

  it('stores the address once normalized (trimmed, NFC, lower-case)', async () => {
    const local = `norm${uniqueSuffix()}`;
    const response = await browser().post('/auth/v2/sign-up/', {
      name: 'Norma Lized',
      email: `  ${local.toUpperCase()}E\u0301@Example.TEST `,
      password: 'sherwood',
    });
    expect(response.status).toBe(201);
    const user = await testDb().user.findUniqueOrThrow({ where: { id: String(response.body.userId) } });
    expect(user.email).toBe(`${local}é@example.test`);
    expect(user.registeredEmail).toBe(user.email);
  });

  it('a floater may share an address; signing up with it claims the floater only once the code is confirmed', async () => {
    const email = newEmail();
    const floater = await createFloaterUser(testDb(), { email });
    const client = browser();
    const signUp = await client.post('/auth/v2/sign-up/', { name: 'Claire Claim', email, password: 'sherwood' });
    expect(signUp.status).toBe(201);
    // Not yet: an unconfirmed sign-up proves nothing about the mailbox.
    expect((await testDb().user.findUniqueOrThrow({ where: { id: floater.id } })).deletedAt).toBeNull();

    const code = codeFrom(await waitForMail(email, /confirmation code/));
    expect((await client.post('/auth/v2/confirm-code/', { code })).status).toBe(200);
    expect((await testDb().user.findUniqueOrThrow({ where: { id: floater.id } })).deletedAt).toBeInstanceOf(Date);
    const audit = await testDb().auditLog.findFirst({
      where: { subjectUserId: floater.id, action: 'account.floater-claimed' },
    });
    expect(audit?.actorUserId).toBe(String(signUp.body.userId));
  });

  it('a registered address is refused (409), a password member and a social one alike', async () => {
    const member = await createMember(testDb());
    const again = await browser().post('/auth/v2/sign-up/', {
      name: 'Copy Cat',
      email: member.email.toUpperCase(),
      password: 'sherwood',
    });
    expect(again.status).toBe(409);
  });
});

describe('switching needs a sign-in that proved the address', () => {
  it('an unconfirmed sign-up cannot see, switch into or merge the floater at its address (403, audited)', async () => {
    const email = newEmail();
    const floater = await createFloaterUser(testDb(), { email });
    const attacker = browser();
    const signUp = await attacker.post('/auth/v2/sign-up/', { name: 'Eve Attacker', email, password: 'sherwood' });
    expect(signUp.status).toBe(201);
    const attackerId = String(signUp.body.userId);

    const switched = await attacker.post('/auth/v2/switch/', { uid: floater.id });
    expect(switched.status).toBe(403);
    expect(errorOf(switched.body).message).toBe(FORBIDDEN);
    const related = await attacker.trpc('query', 'auth.relatedAccounts');
    expect(related.status).toBe(403);
    expect(related.error?.message).toBe(FORBIDDEN);
    // The menu's list shows only the attacker's own account, and says the address is unproven.
    const targets = await attacker.trpc<{ userId: string }[]>('query', 'auth.switchTargets');
    expect(targets.data?.map((target) => target.userId)).toEqual([attackerId]);
    expect((await attacker.trpc<{ emailProven: boolean }>('query', 'auth.me')).data?.emailProven).toBe(false);
    expect((await attacker.trpc('mutation', 'auth.mergeAccounts', { otherUserId: floater.id })).status).toBe(403);

    const refusals = await testDb().auditLog.findMany({
      where: { actorUserId: attackerId, action: { startsWith: 'identity.refused:' } },
    });
    expect(refusals.map((row) => row.action).sort()).toEqual([
      'identity.refused:merge',
      'identity.refused:related-accounts',
      'identity.refused:switch',
    ]);
    // The floater is untouched and the sign-in still acts as the attacker.
    expect((await testDb().user.findUniqueOrThrow({ where: { id: floater.id } })).deletedAt).toBeNull();
    expect(decodeJwt(String((await attacker.get('/auth/v2/refresh-token/')).body.accessToken)).sub).toBe(attackerId);
  });

  it('a floater signed in without the mailed link is refused; with the link it may switch', async () => {
    const member = await createMember(testDb());
    const floater = await createFloaterUser(testDb(), { email: member.email });

    // A sign-in that never used the link (as the permission table's floater).
    const plain = await startSession(server.app.deps, { userId: floater.id });
    const unproven = browser();
    unproven.setCookie('gifting_rt', plain.refreshToken);
    expect((await unproven.post('/auth/v2/switch/', { uid: member.id })).status).toBe(403);

    const linked = await signInByLink(floater.id);
    expect((await linked.trpc<{ emailProven: boolean }>('query', 'auth.me')).data?.emailProven).toBe(true);
    const targets = await linked.trpc<{ userId: string }[]>('query', 'auth.switchTargets');
    expect(targets.data?.map((target) => target.userId)).toContain(member.id);
    const switched = await linked.post('/auth/v2/switch/', { uid: member.id });
    expect(switched.status).toBe(200);
    expect(decodeJwt(String(switched.body.accessToken)).sub).toBe(member.id);
  });

  it('a confirmed registered member may switch to a floater at its address', async () => {
    const member = await createMember(testDb());
    const floater = await createFloaterUser(testDb(), { email: member.email });
    const client = await logIn(member.email);
    expect((await client.post('/auth/v2/switch/', { uid: floater.id })).status).toBe(200);
  });

  it('an unconfirmed member switched before is switched back at the next refresh', async () => {
    const member = await createMember(testDb(), { confirmed: false });
    const floater = await createFloaterUser(testDb(), { email: member.email });
    const client = await logIn(member.email);
    // A switch recorded directly (as an older build could have): the refresh re-checks the rule.
    await testDb().refreshTokenFamily.updateMany({ where: { userId: member.id }, data: { activeUserId: floater.id } });
    expect(decodeJwt(String((await client.get('/auth/v2/refresh-token/')).body.accessToken)).sub).toBe(member.id);
  });
});

describe('the impersonation write guard decides on the matched route', () => {
  /** A raw request whose target is in absolute form (`POST http://host/path`). */
  function absoluteFormPost(path: string, token: string): Promise<{ status: number; body: string }> {
    const url = new URL(server.baseUrl);
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: `${server.baseUrl}${path}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end('{}');
    });
  }

  it('refuses and audits an analyst’s absolute-form write', async () => {
    const analyst = await staff(ROLES.supportAnalyst);
    const target = await createMember(testDb());
    const started = await analyst.client.post('/auth/v2/impersonate/', { uid: target.id, reason: 'Checking terms' });
    expect(started.status).toBe(200);
    const answer = await absoluteFormPost(`/v1/users/${target.id}/terms-of-service`, analyst.client.accessToken!);
    expect(answer.status).toBe(403);
    expect(await testDb().termsAcceptance.findUnique({ where: { userId: target.id } })).toBeNull();
    const audit = await testDb().auditLog.findFirst({
      where: { actorUserId: analyst.member.id, action: { startsWith: 'impersonation.write:refused:POST /v1/users' } },
    });
    expect(audit?.subjectUserId).toBe(target.id);
  });

  it('audits an admin’s write with its outcome, after the handler', async () => {
    const admin = await staff(ROLES.supportAdmin);
    const target = await createMember(testDb());
    await admin.client.post('/auth/v2/impersonate/', { uid: target.id, reason: 'Fixing the terms' });
    const done = await absoluteFormPost(`/v1/users/${target.id}/terms-of-service`, admin.client.accessToken!);
    expect(done.status).toBeLessThan(300);
    const missing = await admin.client.post('/v1/features/no-such-feature/variants/a/start');
    expect(missing.status).toBe(404);
    const rows = await testDb().auditLog.findMany({
      where: { actorUserId: admin.member.id, action: { startsWith: 'impersonation.write:' } },
      orderBy: { id: 'asc' },
    });
    expect(rows.map((row) => row.action)).toEqual([
      'impersonation.write:POST /v1/users/:userId/terms-of-service',
      'impersonation.write:failed:404:POST /v1/features/:name/variants/:variant/start',
    ]);
  });

  it('audits refused /auth/v2 attempts while impersonating', async () => {
    const admin = await staff(ROLES.supportAdmin);
    const target = await createMember(testDb());
    await admin.client.post('/auth/v2/impersonate/', { uid: target.id, reason: 'Password trouble' });
    const refused = await admin.client.post('/auth/v2/change-password/', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'something-new',
    });
    expect(refused.status).toBe(403);
    const audit = await testDb().auditLog.findFirst({
      where: { actorUserId: admin.member.id, action: 'impersonation.write:refused:Changing a password' },
    });
    expect(audit?.subjectUserId).toBe(target.id);
  });
});

describe('the log-in throttle', () => {
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

  it('counts case and spacing variants of an address against the one account', async () => {
    const email = `throttle${uniqueSuffix()}e@example.test`;
    await createMember(testDb(), { email });
    // (An accented variant is another address since issue 24: its failures count against that one.)
    const variants = [email.toUpperCase(), email.replace('@example.test', '@EXAMPLE.Test'), ` ${email} `];
    for (const variant of variants) {
      const answer = await browser().post('/auth/v2/log-in/', { email: variant, password: 'wrong' }, from('10.1.0.1'));
      expect(answer.status).toBe(401);
    }
    const locked = await browser().post('/auth/v2/log-in/', { email, password: TEST_PASSWORD }, from('10.1.0.1'));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('does not lock the owner out: a client that has not failed logs in with the right password', async () => {
    const member = await createMember(testDb());
    for (let i = 0; i < 4; i += 1)
      await browser().post('/auth/v2/log-in/', { email: member.email, password: 'wrong' }, from('10.2.0.66'));
    expect(
      (await browser().post('/auth/v2/log-in/', { email: member.email, password: 'wrong' }, from('10.2.0.66'))).status,
    ).toBe(429);
    const owner = await browser().post(
      '/auth/v2/log-in/',
      { email: member.email, password: TEST_PASSWORD },
      from('10.2.0.7'),
    );
    expect(owner.status).toBe(200);
  });

  it('guards the password check of merge-accounts too', async () => {
    const member = await createMember(testDb());
    const other = await createMember(testDb());
    // Make `other` a related account of `member`'s address without a second registration.
    await testDb().user.update({ where: { id: other.id }, data: { email: member.email, registeredEmail: null } });
    const client = await logIn(member.email);
    for (let i = 0; i < 3; i += 1) {
      const wrong = await client.trpc('mutation', 'auth.mergeAccounts', { otherUserId: other.id, password: 'nope' });
      expect(wrong.status).toBe(400);
    }
    const blocked = await client.trpc('mutation', 'auth.mergeAccounts', {
      otherUserId: other.id,
      password: TEST_PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect((await testDb().user.findUniqueOrThrow({ where: { id: other.id } })).deletedAt).toBeNull();
  });
});

describe('sessions, navigations and headers', () => {
  it('an access token stops working at once when its sign-in ends (log-out, re-use revocation)', async () => {
    const member = await createMember(testDb());
    const client = await logIn(member.email);
    const token = client.accessToken!;
    expect((await client.trpc('query', 'auth.switchTargets')).status).toBe(200);
    expect((await client.post('/auth/v2/logout/')).status).toBe(200);
    const after = await browser().get('/trpc/auth.switchTargets', { bearer: token });
    expect(after.status).toBe(401);

    const second = await logIn(member.email);
    const stolen = second.cookie('gifting_rt')!;
    const secondToken = second.accessToken!;
    await second.get('/auth/v2/refresh-token/');
    // Replaying the used refresh token after the grace window revokes the family (simulated by
    // ageing the rotation), and the access token issued before dies with it.
    await testDb().refreshToken.updateMany({
      where: { usedAt: { not: null }, family: { userId: member.id } },
      data: { usedAt: new Date(Date.now() - 3_600_000) },
    });
    const thief = browser();
    thief.setCookie('gifting_rt', stolen);
    expect((await thief.get('/auth/v2/refresh-token/')).body.accessToken).toBeNull();
    expect((await browser().get('/trpc/auth.switchTargets', { bearer: secondToken })).status).toBe(401);
  });

  it('GET /auth/v2/logout/ from another site logs nobody out; GET /auth/v2/switch/ switches nothing', async () => {
    const member = await createMember(testDb());
    const floater = await createFloaterUser(testDb(), { email: member.email });
    const client = await logIn(member.email);
    const crossSite = await client.get('/auth/v2/logout/?returnurl=/home/', {
      headers: { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' },
    });
    expect(crossSite.status).toBe(302);
    expect(crossSite.location).toBe('/a/log-out/?returnurl=%2Fhome%2F');
    const switchNavigation = await client.get(`/auth/v2/switch/?uid=${floater.id}`);
    expect(switchNavigation.location).toBe(`/switch-identity/?uid=${floater.id}&returnurl=%2Fhome%2F`);
    const families = await testDb().refreshTokenFamily.findMany({ where: { userId: member.id } });
    expect(families.every((family) => family.revokedAt === null && family.activeUserId === null)).toBe(true);
    expect(decodeJwt(String((await client.get('/auth/v2/refresh-token/')).body.accessToken)).sub).toBe(member.id);
  });

  it('a non-ASCII returnurl is encoded, never a 500', async () => {
    for (const path of ['/auth/v2/logout/', '/auth/v2/login/', '/auth/v2/switch/']) {
      const uid = path.includes('switch') ? `uid=${crypto.randomUUID()}&` : '';
      const answer = await browser().get(`${path}?${uid}returnurl=${encodeURIComponent('/héllo/wörld/?q=ü#ä')}`);
      expect(answer.status).toBe(302);
      expect(answer.location).toContain(encodeURIComponent('/h%C3%A9llo/w%C3%B6rld/?q=%C3%BC#%C3%A4'));
    }
    // The same with the raw UTF-8 bytes on the request line, as a hand-written client sends them.
    const url = new URL(server.baseUrl);
    const statusLine = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.end(
          Buffer.from(
            `GET /auth/v2/logout/?returnurl=/h\u00e9llo/ HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`,
          ),
        );
      });
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''));
      socket.on('error', reject);
    });
    expect(statusLine).toMatch(/^HTTP\/1\.1 [34]\d\d /);
  });

  it('treats Origin: null as another site for state changes', async () => {
    const member = await createMember(testDb());
    const answer = await browser().post(
      '/auth/v2/log-in/',
      { email: member.email, password: TEST_PASSWORD },
      { headers: { origin: 'null' } },
    );
    expect(answer.status).toBe(403);
  });

  it('answers a wrong method on a tRPC path with 405 in the usual error shape', async () => {
    const member = await createMember(testDb());
    const client = await logIn(member.email);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const answer = await client.request(method, '/trpc/auth.me');
      expect(answer.status).toBe(405);
      expect(errorOf(answer.body).message).toBeTruthy();
    }
    const mutationByGet = await client.get('/trpc/auth.mergeAccounts');
    expect(mutationByGet.status).toBe(405);
  });

  it('marks authenticated answers no-store', async () => {
    const member = await createMember(testDb());
    const client = await logIn(member.email);
    expect((await client.trpc('query', 'auth.me')).status).toBe(200);
    const me = await client.get('/trpc/auth.me');
    expect(me.headers.get('cache-control')).toBe('no-store');
    const terms = await client.get(`/v1/users/${member.id}/terms-of-service`);
    expect(terms.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses NUL and bidirectional controls in names with the field’s message', async () => {
    for (const name of ['Rob\u0000in Hood', 'Robin \u202eHood', 'Robin\u2066 Hood']) {
      const answer = await browser().post('/auth/v2/sign-up/', { name, email: newEmail(), password: 'sherwood' });
      expect(answer.status).toBe(400);
      expect(errorOf(answer.body).fieldErrors?.name).toBe('The value contains characters that are not allowed');
    }
  });

  it('does not echo the caller’s input in the enum 404', async () => {
    const probe = '<script>alert(1)</script>';
    const answer = await browser().get(`/v1/enums/${encodeURIComponent(probe)}`);
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain('script');
  });
});

describe('concurrent code attempts', () => {
  it('100 concurrent wrong codes spend at most the five attempts, and the code is then spoiled', async () => {
    const email = newEmail();
    const client = browser();
    expect((await client.post('/auth/v2/sign-up/', { name: 'Code Racer', email, password: 'sherwood' })).status).toBe(
      201,
    );
    const code = codeFrom(await waitForMail(email, /confirmation code/));
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => client.post('/auth/v2/confirm-code/', { code: wrong })),
    );
    expect(answers.filter((answer) => answer.status === 400).length).toBeLessThanOrEqual(5);
    const token = await testDb().emailToken.findFirstOrThrow({
      where: { email, purpose: 'confirm-code' },
      orderBy: { createdAt: 'desc' },
    });
    expect(token.attempts).toBe(5);
    expect((await client.post('/auth/v2/confirm-code/', { code })).status).toBe(410);
  });
});

describe('request logs', () => {
  it('never show one-time tokens carried in URLs', async () => {
    const lines: string[] = [];
    const logged = await startTestServer(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => lines.push(line) } },
    );
    const secret = `s3cret${uniqueSuffix()}`;
    const client = new TestBrowser(logged.baseUrl);
    const urls = [
      `/auth/v2/confirm-email/?token=${secret}`,
      `/auth/v2/link/?token=${secret}`,
      `/auth/reset-password/?token=${secret}`,
      `/auth/v2/oidc/callback/none/?code=${secret}&state=${secret}`,
      `/a/log-in/?link=${secret}&email=someone%40example.test`,
      `/auth/v2/login/?returnurl=%2Fhome%2F&lh=${secret}`,
    ];
    for (const url of urls) await client.get(url);
    const requestLines = lines.filter((line) => line.includes('"url"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(urls.length);
    expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    expect(requestLines.some((line) => line.includes('token=[redacted]'))).toBe(true);
    // Ordinary query values elsewhere stay readable for debugging.
    await client.get('/v1/enums/genders?probe=visible', { headers: { authorization: `Bearer ${secret}` } });
    expect(lines.some((line) => line.includes('probe=visible'))).toBe(true);
    // The one line of an answered request: its id first, the request as serialized, status and time,
    // and no header (the bearer token above is nowhere).
    const completed = JSON.parse(lines.find((line) => line.includes('probe=visible'))!) as Record<string, unknown>;
    expect(Object.keys(completed)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    expect(completed).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/v1/enums/genders?probe=visible' },
      // The made-up bearer token is refused.
      res: { statusCode: 401 },
    });
    expect(Object.keys(completed.req as object)).toEqual(['method', 'url', 'host', 'remoteAddress', 'remotePort']);
    expect(lines.filter((line) => line.includes(secret))).toEqual([]);
  });

  it('never show the emailGuid of the manage-notifications link: page URL, tRPC input, nested address, client logs', async () => {
    const lines: string[] = [];
    const logged = await startTestServer(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => lines.push(line) } },
    );
    const guid = crypto.randomUUID();
    const client = new TestBrowser(logged.baseUrl);
    const input = (value: unknown): string => encodeURIComponent(JSON.stringify(value));
    await client.get(`/email/notifications/?emailGuid=${guid}`);
    await client.get(`/trpc/people.emailSettings?input=${input({ emailGuid: guid })}`);
    await client.get(`/trpc/auth.me,people.emailSettings?batch=1&input=${input({ 1: { emailGuid: guid } })}`);
    await client.get(`/auth/v2/login/?returnurl=${encodeURIComponent(`/email/notifications/?emailGuid=${guid}`)}`);
    await client.get(`/a/log-in/?returnurl=${encodeURIComponent(`/email/notifications/?emailGuid=${guid}&x=1`)}`);
    await client.post('/trpc/people.updateEmailSettings', {
      emailGuid: guid,
      settings: { subscribeNotifcations: false },
    });
    await client.post('/v1/logs', [
      {
        level: 'error',
        category: 'routing',
        message: `failed on https://gifts.example/email/notifications/?emailGuid=${guid}`,
        clientKind: 'web',
        timestamp: Date.now(),
        appVersion: '1',
        info: { emailGuid: guid, page: `/email/notifications/?emailGuid=${guid}` },
      },
    ]);
    const requestLines = lines.filter((line) => line.includes('"url"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(6);
    expect(lines.some((line) => line.includes('failed on'))).toBe(true);
    expect(lines.filter((line) => line.toLowerCase().includes(guid))).toEqual([]);
    expect(requestLines.some((line) => line.includes('emailGuid=[redacted]'))).toBe(true);
  });
});

describe('a bearer token that does not verify (issue 24)', () => {
  const CHALLENGE = 'Bearer error="invalid_token"';

  /** The member's own token, re-signed so that it expired a minute ago. */
  function expiredCopy(token: string): string {
    const { iat, exp, iss, aud, jti, created, expires, sub, ...claims } = decodeJwt(token);
    void [iat, exp, iss, aud, jti, created, expires];
    const past = Math.floor(Date.now() / 1000) - 3_600;
    return signAccessToken(
      server.app.deps.config,
      { ...(claims as Omit<TIdentityClaims, 'sub'>), sub: String(sub) },
      { nowSeconds: past, ttlSeconds: 60 },
    ).token;
  }
  const forged = (token: string): string => `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`;

  it('answers 401 with the invalid_token challenge on a route that also serves visitors, REST and tRPC', async () => {
    const member = await createMember(testDb());
    const client = await logIn(member.email);
    const token = client.accessToken!;
    const anyone = browser();
    // A visitor (no header) gets the visitor's answer, not a 401.
    const visitor = await anyone.get(`/v1/users/${member.id}`, { bearer: null });
    expect(visitor.status).not.toBe(401);
    expect((await anyone.get('/trpc/auth.me', { bearer: null })).status).toBe(200);

    for (const bad of [expiredCopy(token), forged(token), 'not-a-jwt']) {
      for (const path of [`/v1/users/${member.id}`, '/v1/enums/genders', '/trpc/auth.me', '/trpc/auth.providers']) {
        const answer = await anyone.get(path, { bearer: bad });
        expect(answer.status, `${path} with a bad token`).toBe(401);
        expect(answer.headers.get('www-authenticate')).toBe(CHALLENGE);
      }
      const confirm = await anyone.post('/auth/v2/confirm-code/', { code: '123456' }, { bearer: bad });
      expect(confirm.status).toBe(401);
      expect(confirm.headers.get('www-authenticate')).toBe(CHALLENGE);
    }
    // A malformed bearer header is a token that does not verify either.
    const malformed = await anyone.get(`/v1/users/${member.id}`, {
      bearer: null,
      headers: { authorization: 'Bearer two parts' },
    });
    expect(malformed.status).toBe(401);
    // Another scheme (a proxy's Basic credentials) is no bearer token: the visitor's answer.
    const basic = await anyone.get(`/v1/users/${member.id}`, {
      bearer: null,
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.status).toBe(visitor.status);
  });

  it('answers 401 to the token of a sign-in that ended, where a visitor would get a public answer', async () => {
    const member = await createMember(testDb());
    const client = await logIn(member.email);
    const token = client.accessToken!;
    expect((await client.get(`/v1/users/${member.id}`)).status).toBe(200);
    expect((await client.post('/auth/v2/logout/')).status).toBe(200);
    const after = await browser().get(`/v1/users/${member.id}`, { bearer: token });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toBe(CHALLENGE);
  });

  it('leaves the refresh and sign-in endpoints usable with a stale token in the header, and cookies alone never trigger it', async () => {
    const member = await createMember(testDb());
    const client = await logIn(member.email);
    const stale = expiredCopy(client.accessToken!);
    // The refresh cookie is what the refresh endpoint reads; the stale header is ignored.
    const refreshed = await client.get('/auth/v2/refresh-token/', { bearer: stale });
    expect(refreshed.status).toBe(200);
    expect(typeof refreshed.body.accessToken).toBe('string');
    const again = await browser().post(
      '/auth/v2/log-in/',
      { email: member.email, password: TEST_PASSWORD },
      { bearer: stale },
    );
    expect(again.status).toBe(200);
    // The refresh cookie alone (no authorization header) is a visitor to the API.
    const cookieOnly = await client.get('/trpc/auth.providers', { bearer: null });
    expect(cookieOnly.status).toBe(200);
  });
});

describe('methods a path does not have (issue 24)', () => {
  /** Any method, TRACE included (fetch refuses to send TRACE). */
  function rawRequest(method: string, path: string): Promise<{ status: number; allow: string | undefined }> {
    const url = new URL(server.baseUrl);
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest({ host: url.hostname, port: url.port, method, path }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, allow: response.headers.allow as string | undefined }),
        );
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  it('answers TRACE and other unknown methods on tRPC with 405 and Allow, never a 500', async () => {
    for (const method of ['TRACE', 'OPTIONS', 'PUT', 'DELETE', 'HEAD']) {
      expect(await rawRequest(method, '/trpc/auth.me'), method).toEqual({ status: 405, allow: 'GET' });
    }
    expect(await rawRequest('TRACE', '/trpc/auth.me,auth.providers?batch=1')).toEqual({ status: 405, allow: 'GET' });
    expect(await rawRequest('GET', '/trpc/auth.mergeAccounts')).toEqual({ status: 405, allow: 'POST' });
    expect(await rawRequest('TRACE', '/trpc/no.such')).toEqual({ status: 405, allow: 'GET, POST' });
    const shape = await browser().request('DELETE', '/trpc/auth.me', { bearer: null });
    expect(errorOf(shape.body).message).toBe('This method is not allowed here');
  });

  it('answers a wrong method on an existing REST or /auth/v2 path with 405 and the methods the path has', async () => {
    const member = await createMember(testDb());
    expect(await rawRequest('TRACE', '/v1/enums/genders')).toEqual({ status: 405, allow: 'GET, HEAD' });
    const onUser = await browser().request('DELETE', `/v1/users/${member.id}/terms-of-service`, { bearer: null });
    expect(onUser.status).toBe(405);
    expect(onUser.headers.get('allow')?.split(', ')).toEqual(expect.arrayContaining(['GET', 'HEAD']));
    expect(errorOf(onUser.body).message).toBeTruthy();
    const signUp = await browser().get('/auth/v2/sign-up/', { bearer: null });
    expect(signUp.status).toBe(405);
    expect(signUp.headers.get('allow')).toBe('POST');
    const logs = await browser().request('PATCH', '/v1/logs', { bearer: null });
    expect(logs.status).toBe(405);
    expect(logs.headers.get('allow')).toBe('POST');
    // A path no route has is still a 404.
    expect((await browser().request('DELETE', '/v1/no-such-route', { bearer: null })).status).toBe(404);
  });
});

describe('tRPC batches (issue 24)', () => {
  it(`refuses a batch of more than ${TRPC_MAX_BATCH_CALLS} calls with a 400 in words; a batch at the cap runs`, async () => {
    const batch = (size: number): string => {
      const paths = Array.from({ length: size }, () => 'auth.providers').join(',');
      const input = Object.fromEntries(Array.from({ length: size }, (_, index) => [String(index), {}]));
      return `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
    };
    const atCap = await browser().get<unknown[]>(batch(TRPC_MAX_BATCH_CALLS), { bearer: null });
    expect(atCap.status).toBe(200);
    expect(atCap.body).toHaveLength(TRPC_MAX_BATCH_CALLS);
    const over = await browser().get(batch(300), { bearer: null });
    expect(over.status).toBe(400);
    expect(errorOf(over.body).message).toBe(
      `A batch may hold at most ${TRPC_MAX_BATCH_CALLS} calls; this one holds 300`,
    );
  });
});

describe('cross-site checks (issue 24)', () => {
  it('treats an Origin header that cannot be parsed as another site for state changes', async () => {
    const member = await createMember(testDb());
    for (const origin of ['http://[not-an-origin', 'garbage', '']) {
      const answer = await browser().post(
        '/auth/v2/log-in/',
        { email: member.email, password: TEST_PASSWORD },
        { headers: { origin }, bearer: null },
      );
      expect(answer.status, JSON.stringify(origin)).toBe(403);
    }
    // Our own origin still signs in.
    expect((await logIn(member.email)).accessToken).toBeTruthy();
  });
});

describe('invisible characters in names (issue 24)', () => {
  it('refuses zero-width spaces, BOM, line separators, word joiners and tag characters with the field’s message', async () => {
    for (const name of [
      'Robin\u200bHood',
      '\ufeffRobin Hood',
      'Robin\u2028Hood',
      'Robin Hood\u2029',
      'Robin\u2060Hood',
      'Robin \u{e0041}\u{e0042}Hood',
      '\u200dRobin Hood',
      '\u3164',
    ]) {
      const answer = await browser().post('/auth/v2/sign-up/', { name, email: newEmail(), password: 'sherwood' });
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(errorOf(answer.body).fieldErrors?.name).toBe('The value contains characters that are not allowed');
    }
  });

  it('keeps names that need joiners: Persian with ZWNJ, an emoji ZWJ sequence, a subdivision flag', async () => {
    for (const name of [
      'می\u200cخواهم',
      'Robin 👩\u200d👩\u200d👧',
      'Robin 🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}',
    ]) {
      const answer = await browser().post('/auth/v2/sign-up/', { name, email: newEmail(), password: 'sherwood' });
      expect(answer.status, JSON.stringify(name)).toBe(201);
    }
  });
});
