import { beforeAll, describe, expect, it } from 'vitest';
import { floaterLinkUrl } from '../../../server/auth/floater-links';
import { ROLES } from '../../../server/contracts/roles';
import { createFloaterUser, createMember, TEST_PASSWORD } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { TestBrowser, decodeJwt } from '../../helpers/http-client';
import { startTestServer, type TTestServer } from '../../helpers/server';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});

function linkPath(userId: string, scope: string[], returnUrl: string, ttlSeconds?: number): string {
  const url = new URL(floaterLinkUrl(server.app.deps.config, { userId, scope, returnUrl }, ttlSeconds));
  return `${url.pathname}${url.search}`;
}

describe('floaters: signed, expiring, scoped invitation links', () => {
  it('partly signs in, grants only the link scope, and registers by setting a password', async () => {
    const floater = await createFloaterUser(testDb());
    const client = new TestBrowser(server.baseUrl);
    const opened = await client.get(linkPath(floater.id, ['exchange:123:rsvp'], '/gift-exchanges/'));
    expect(opened.status).toBe(302);
    expect(opened.location).toBe('/gift-exchanges/');

    const tokens = await client.get('/auth/v2/refresh-token/');
    const claims = decodeJwt(String(tokens.body.accessToken));
    expect(claims.role).toEqual([ROLES.semiAuth]);
    expect(claims.scope).toEqual(['exchange:123:rsvp']);
    // Floaters are known but not authenticated: member-only procedures refuse them.
    expect((await client.trpc('query', 'auth.me')).status).toBe(200);
    expect((await client.trpc('mutation', 'auth.mergeAccounts', { otherUserId: crypto.randomUUID() })).status).toBe(
      401,
    );

    const registered = await client.post('/auth/v2/set-password/', { password: 'now-a-member' });
    expect(registered.status).toBe(200);
    const after = decodeJwt(String(registered.body.accessToken));
    expect(after.role).toEqual(expect.arrayContaining([ROLES.fullAuth, ROLES.registeredUser, ROLES.emailRegistered]));
    expect(after.scope).toEqual([]);
    expect(
      (
        await new TestBrowser(server.baseUrl).post('/auth/v2/log-in/', {
          email: floater.email,
          password: 'now-a-member',
        })
      ).status,
    ).toBe(200);
  });

  it('refuses expired, forged and foreign links', async () => {
    const floater = await createFloaterUser(testDb());
    const client = new TestBrowser(server.baseUrl);
    const expired = await client.get(linkPath(floater.id, ['x'], '/home/', -10));
    expect(expired.location).toBe('/a/log-in/?link=expired');
    const forged = await client.get(`/auth/v2/link/?token=${'e30.e30.'}${'A'.repeat(43)}`);
    expect(forged.location).toBe('/a/log-in/?link=expired');
    expect(client.cookie('gifting_rt')).toBeUndefined();
    const offsite = await client.get(linkPath(floater.id, ['x'], '//evil.example'));
    expect(offsite.location).toBe('/home/');
  });

  it('a floater sharing a registered e-mail is e-mail-registered and sees the related account', async () => {
    const member = await createMember(testDb());
    const floater = await createFloaterUser(testDb(), { email: member.email });
    const client = new TestBrowser(server.baseUrl);
    await client.get(linkPath(floater.id, ['x'], '/home/'));
    const claims = decodeJwt(String((await client.get('/auth/v2/refresh-token/')).body.accessToken));
    expect(claims.role).toEqual(expect.arrayContaining([ROLES.semiAuth, ROLES.emailRegistered]));
    const related = await client.trpc<{ items: { userId: string }[] }>('query', 'auth.relatedAccounts');
    expect(related.data?.items.map((account) => account.userId)).toEqual([member.id]);
    // It cannot take over the registered e-mail by setting a password.
    expect((await client.post('/auth/v2/set-password/', { password: 'sneaky' })).status).toBe(409);
  });
});

describe('merging related accounts', () => {
  it('merges a floater into the confirmed member, moving it out of the way', async () => {
    const member = await createMember(testDb());
    const floater = await createFloaterUser(testDb(), { email: member.email });
    const client = new TestBrowser(server.baseUrl);
    await client.post('/auth/v2/log-in/', { email: member.email, password: TEST_PASSWORD });
    const merged = await client.trpc('mutation', 'auth.mergeAccounts', { otherUserId: floater.id });
    expect(merged.status).toBe(200);
    expect((await testDb().user.findUniqueOrThrow({ where: { id: floater.id } })).deletedAt).toBeInstanceOf(Date);
    expect(await testDb().auditLog.count({ where: { action: 'account.merge', subjectUserId: floater.id } })).toBe(1);
  });

  it('needs the other account’s password when it has one, and never merges strangers', async () => {
    const member = await createMember(testDb());
    const stranger = await createMember(testDb());
    const client = new TestBrowser(server.baseUrl);
    await client.post('/auth/v2/log-in/', { email: member.email, password: TEST_PASSWORD });
    const refused = await client.trpc('mutation', 'auth.mergeAccounts', {
      otherUserId: stranger.id,
      password: TEST_PASSWORD,
    });
    expect(refused.status).toBe(404);
    expect((await testDb().user.findUniqueOrThrow({ where: { id: stranger.id } })).deletedAt).toBeNull();
  });
});

describe('GET /v1/users/{userId}/users-same-email (paged)', () => {
  it('pages through the related accounts with the -paging header', async () => {
    const member = await createMember(testDb());
    for (let i = 0; i < 3; i += 1) await createFloaterUser(testDb(), { email: member.email });
    const client = new TestBrowser(server.baseUrl);
    await client.post('/auth/v2/log-in/', { email: member.email, password: TEST_PASSWORD });

    const first = await client.get<{ userId: string }[]>(`/v1/users/${member.id}/users-same-email?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    expect(JSON.parse(first.headers.get('x-paging')!)).toEqual({ limit: 2, offset: 0, total: 3, token: '2' });
    const second = await client.get<{ userId: string }[]>(`/v1/users/${member.id}/users-same-email?limit=2&offset=2`);
    expect(second.body).toHaveLength(1);
    expect(JSON.parse(second.headers.get('x-paging')!)).toMatchObject({ offset: 2, total: 3, token: '' });
    const ids = new Set([...first.body, ...second.body].map((account) => account.userId));
    expect(ids.size).toBe(3);
    expect((await client.get(`/v1/users/${member.id}/users-same-email?limit=500`)).status).toBe(400);
  });
});

describe('related accounts need a sign-in that proved the e-mail, on every face', () => {
  it('an unconfirmed member gets 403 over REST as over tRPC, and no other account is shown', async () => {
    const member = await createMember(testDb(), { confirmed: false });
    await createFloaterUser(testDb(), { email: member.email, firstName: 'Hidden', lastName: 'Floater' });
    const client = new TestBrowser(server.baseUrl);
    expect((await client.post('/auth/v2/log-in/', { email: member.email, password: TEST_PASSWORD })).status).toBe(200);

    const viaTrpc = await client.trpc('query', 'auth.relatedAccounts');
    expect(viaTrpc.status).toBe(403);
    const viaRest = await client.get(`/v1/users/${member.id}/users-same-email`);
    expect(viaRest.status).toBe(403);
    expect(JSON.stringify(viaRest.body)).not.toContain('Hidden');
    // Both refusals are audited.
    expect(
      await testDb().auditLog.count({ where: { actorUserId: member.id, action: 'identity.refused:related-accounts' } }),
    ).toBe(2);

    // Once the address is confirmed, the same sign-in sees the related account on both faces.
    await testDb().user.update({ where: { id: member.id }, data: { emailConfirmedAt: new Date() } });
    expect((await client.get(`/v1/users/${member.id}/users-same-email`)).status).toBe(200);
    expect((await client.trpc('query', 'auth.relatedAccounts')).status).toBe(200);
  });
});
