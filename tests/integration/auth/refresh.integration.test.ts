import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, TEST_PASSWORD } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { TestBrowser, decodeJwt } from '../../helpers/http-client';
import { startTestServer, type TTestServer } from '../../helpers/server';

const COOKIE = 'gifting_rt';
let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer({ REFRESH_GRACE_SECONDS: '2' });
});

async function signedIn(): Promise<{ client: TestBrowser; userId: string }> {
  const member = await createMember(testDb());
  const client = new TestBrowser(server.baseUrl);
  const response = await client.post('/auth/v2/log-in/', { email: member.email, password: TEST_PASSWORD });
  expect(response.status).toBe(200);
  return { client, userId: member.id };
}

async function familiesOf(userId: string) {
  return testDb().refreshTokenFamily.findMany({ where: { userId }, include: { tokens: true } });
}

describe('the refresh cookie', () => {
  it('is HttpOnly, SameSite=Lax and stored only as a hash', async () => {
    const member = await createMember(testDb());
    const response = await fetch(`${server.baseUrl}/auth/v2/log-in/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: member.email, password: TEST_PASSWORD }),
    });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const raw = cookie.split(';')[0]!.split('=')[1]!;
    const [family] = await familiesOf(member.id);
    expect(family!.tokens[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(family!.tokens[0]!.tokenHash).not.toBe(raw);
  });

  it('uses the __Host- prefix and Secure on https', async () => {
    const secure = await startTestServer({ PUBLIC_URL: 'https://gifts.example' });
    const member = await createMember(testDb());
    const response = await fetch(`${secure.baseUrl}/auth/v2/log-in/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://gifts.example' },
      body: JSON.stringify({ email: member.email, password: TEST_PASSWORD }),
    });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('__Host-gifting_rt='));
    expect(cookie).toMatch(/Secure/);
  });
});

describe('GET /auth/v2/refresh-token/', () => {
  it('answers a null token without a cookie', async () => {
    const response = await new TestBrowser(server.baseUrl).get('/auth/v2/refresh-token/');
    expect(response.body).toEqual({ accessToken: null, auditToken: null });
  });

  it('rotates the token on every use and keeps one family', async () => {
    const { client, userId } = await signedIn();
    const first = client.cookie(COOKIE);
    const refreshed = await client.get('/auth/v2/refresh-token/');
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(String(refreshed.body.accessToken)).sub).toBe(userId);
    expect(refreshed.body.auditToken).toBeNull();
    expect(client.cookie(COOKIE)).not.toBe(first);
    await client.get('/auth/v2/refresh-token/');
    const families = await familiesOf(userId);
    expect(families).toHaveLength(1);
    expect(families[0]!.tokens).toHaveLength(3);
    expect(families[0]!.tokens.filter((token) => !token.usedAt)).toHaveLength(1);
  });

  it('two concurrent refreshes with one token yield one successor, never two families', async () => {
    const { client, userId } = await signedIn();
    const token = client.cookie(COOKIE)!;
    const tabA = new TestBrowser(server.baseUrl);
    const tabB = new TestBrowser(server.baseUrl);
    tabA.setCookie(COOKIE, token);
    tabB.setCookie(COOKIE, token);
    const [a, b] = await Promise.all([tabA.get('/auth/v2/refresh-token/'), tabB.get('/auth/v2/refresh-token/')]);
    expect(a.body.accessToken).toEqual(expect.any(String));
    expect(b.body.accessToken, JSON.stringify([b.status, b.body])).toEqual(expect.any(String));
    expect(tabA.cookie(COOKIE)).toBe(tabB.cookie(COOKIE));
    const families = await familiesOf(userId);
    expect(families).toHaveLength(1);
    expect(families[0]!.revokedAt).toBeNull();
    expect(families[0]!.tokens).toHaveLength(2);
    // And the shared successor keeps working.
    expect((await tabA.get('/auth/v2/refresh-token/')).body.accessToken).toEqual(expect.any(String));
  });

  it('re-use of a used token after the grace window revokes the whole family', async () => {
    const { client, userId } = await signedIn();
    const stolen = client.cookie(COOKIE)!;
    await client.get('/auth/v2/refresh-token/');
    await testDb().refreshToken.updateMany({
      where: { family: { userId }, usedAt: { not: null } },
      data: { usedAt: new Date(Date.now() - 10_000) },
    });
    const thief = new TestBrowser(server.baseUrl);
    thief.setCookie(COOKIE, stolen);
    expect((await thief.get('/auth/v2/refresh-token/')).body).toEqual({ accessToken: null, auditToken: null });
    // The rightful owner is signed out too: the family is gone.
    expect((await client.get('/auth/v2/refresh-token/')).body).toEqual({ accessToken: null, auditToken: null });
    const [family] = await familiesOf(userId);
    expect(family!.revokedReason).toBe('reuse-detected');
  });

  it('ends after the idle lifetime of a token and the absolute lifetime of a family', async () => {
    const idle = await signedIn();
    await testDb().refreshToken.updateMany({
      where: { family: { userId: idle.userId } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await idle.client.get('/auth/v2/refresh-token/')).body.accessToken).toBeNull();

    const absolute = await signedIn();
    await testDb().refreshTokenFamily.updateMany({
      where: { userId: absolute.userId },
      data: { absoluteExpiresAt: new Date(Date.now() - 1000) },
    });
    expect((await absolute.client.get('/auth/v2/refresh-token/')).body.accessToken).toBeNull();
  });

  it('rejects cross-site requests', async () => {
    const { client } = await signedIn();
    const crossSite = await client.get('/auth/v2/refresh-token/', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await client.get('/auth/v2/refresh-token/', { headers: { origin: 'https://evil.example' } });
    expect(otherOrigin.status).toBe(403);
  });

  it('log-out revokes the family and clears the cookie (the GET only opens the confirmation)', async () => {
    const { client, userId } = await signedIn();
    const token = client.cookie(COOKIE)!;
    const navigation = await client.get('/auth/v2/logout/?returnurl=/gift-exchanges/');
    expect(navigation.status).toBe(302);
    expect(navigation.location).toBe('/a/log-out/?returnurl=%2Fgift-exchanges%2F');
    expect(client.cookie(COOKIE)).toBe(token);
    expect((await familiesOf(userId))[0]!.revokedAt).toBeNull();
    const response = await client.post('/auth/v2/logout/');
    expect(response.status).toBe(200);
    expect(client.cookie(COOKIE)).toBeUndefined();
    const replay = new TestBrowser(server.baseUrl);
    replay.setCookie(COOKIE, token);
    expect((await replay.get('/auth/v2/refresh-token/')).body.accessToken).toBeNull();
    const [family] = await familiesOf(userId);
    expect(family!.revokedReason).toBe('logout');
  });

  it('a deleted member cannot refresh', async () => {
    const { client, userId } = await signedIn();
    await testDb().user.update({ where: { id: userId }, data: { deletedAt: new Date() } });
    expect((await client.get('/auth/v2/refresh-token/')).body.accessToken).toBeNull();
  });
});

describe('bearer tokens on the API', () => {
  it('identify the caller; a forged or expired token is refused with 401', async () => {
    const { client, userId } = await signedIn();
    const me = await client.trpc<{ userId: string }>('query', 'auth.me');
    expect(me.data?.userId).toBe(userId);
    const [header, payload] = client.accessToken!.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    const response = await client.get('/trpc/auth.relatedAccounts', { bearer: forged });
    expect(response.status).toBe(401);
  });
});
