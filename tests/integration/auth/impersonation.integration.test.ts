import { beforeAll, describe, expect, it } from 'vitest';
import { endSessionRequest } from '../../../electron/policy';
import { ROLES } from '../../../server/contracts/roles';
import { createMember, TEST_PASSWORD } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { TestBrowser, decodeJwt } from '../../helpers/http-client';
import { startTestServer, type TTestServer } from '../../helpers/server';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});

async function logIn(email: string): Promise<TestBrowser> {
  const client = new TestBrowser(server.baseUrl);
  const response = await client.post('/auth/v2/log-in/', { email, password: TEST_PASSWORD });
  expect(response.status).toBe(200);
  return client;
}

async function staff(...roles: string[]) {
  const member = await createMember(testDb(), { roles });
  return { member, client: await logIn(member.email) };
}

const REASON = 'Member reported a missing wish list';

describe('the impersonation matrix: each staff role × each target kind', () => {
  const staffRoles = {
    ElfSupportAdmin: [ROLES.supportAdmin],
    ElfSupportLead: [ROLES.supportLead],
    ElfSupportAnalyst: [ROLES.supportAnalyst],
    'a member without a staff role': [] as string[],
  };
  const targets = ['member', 'floater', 'staff', 'self', 'deleted member', 'unknown id'] as const;

  for (const [label, roles] of Object.entries(staffRoles)) {
    for (const target of targets) {
      const allowed = roles.length > 0 && (target === 'member' || target === 'floater');
      it(`${label} → ${target}: ${allowed ? 'allowed' : 'refused'}`, async () => {
        const actor = await staff(...roles);
        let uid: string;
        switch (target) {
          case 'member':
            uid = (await createMember(testDb())).id;
            break;
          case 'floater':
            uid = (
              await testDb().user.create({
                data: { id: crypto.randomUUID(), name: 'Floater', email: `floater${Date.now()}@x.test` },
              })
            ).id;
            break;
          case 'staff':
            uid = (await createMember(testDb(), { roles: [ROLES.supportAnalyst] })).id;
            break;
          case 'self':
            uid = actor.member.id;
            break;
          case 'deleted member':
            uid = (await createMember(testDb(), { deletedAt: new Date() })).id;
            break;
          case 'unknown id':
            uid = crypto.randomUUID();
            break;
        }
        const response = await actor.client.post('/auth/v2/impersonate/', { uid, reason: REASON });
        if (allowed) {
          expect(response.status).toBe(200);
          const claims = decodeJwt(String(response.body.accessToken));
          expect(claims.sub).toBe(uid);
          expect(claims.impersonatorUserId).toBe(actor.member.id);
          expect(claims.impersonatorRoles).toEqual(expect.arrayContaining(roles));
          // The impersonator's roles are merged into the identity's roles (spec §6).
          expect(claims.role).toEqual(expect.arrayContaining(roles));
          // The audit token stands for the root identity: the staff member.
          expect(decodeJwt(String(response.body.auditToken)).sub).toBe(actor.member.id);
        } else {
          expect([403, 404]).toContain(response.status);
          expect(await testDb().impersonationSession.count({ where: { staffUserId: actor.member.id } })).toBe(0);
        }
      });
    }
  }
});

describe('an impersonation session', () => {
  it('audits start, writes and stop with both user ids and the reason', async () => {
    const actor = await staff(ROLES.supportAdmin);
    const target = await createMember(testDb());
    await actor.client.post('/auth/v2/impersonate/', { uid: target.id, reason: REASON });
    const other = await createMember(testDb());
    // A write made while impersonating (merging is refused while impersonating, so use a write that is allowed).
    const write = await actor.client.trpc('mutation', 'auth.mergeAccounts', { otherUserId: other.id });
    expect(write.status).toBe(403);
    const stop = await actor.client.post('/auth/v2/impersonate/stop/');
    expect(stop.status).toBe(200);
    expect(decodeJwt(String(stop.body.accessToken)).sub).toBe(actor.member.id);
    expect(stop.body.auditToken).toBeNull();

    const rows = await testDb().auditLog.findMany({ where: { actorUserId: actor.member.id }, orderBy: { id: 'asc' } });
    // Merging is itself refused while impersonating; the attempt is still on record.
    expect(rows.map((row) => row.action)).toEqual([
      'impersonation.start',
      'impersonation.write:refused:Merging accounts',
      'impersonation.write:failed:auth.mergeAccounts',
      'impersonation.stop',
    ]);
    for (const row of rows) expect(row.subjectUserId).toBe(target.id);
    expect(rows[0]!.reason).toBe(REASON);
    expect(rows[1]!.reason).toBe(REASON);
    expect(rows[2]!.reason).toBe(REASON);
  });

  it('audits a write refused on its way to the procedure (a malformed Idempotency-Key) as failed', async () => {
    const actor = await staff(ROLES.supportAdmin);
    const target = await createMember(testDb());
    await actor.client.post('/auth/v2/impersonate/', { uid: target.id, reason: REASON });
    const write = await actor.client.post(
      '/trpc/wishLists.create',
      { title: 'Refused before it ran' },
      { headers: { 'idempotency-key': 'not a key: spaces are not visible characters' } },
    );
    expect(write.status).toBe(400);
    const rows = await testDb().auditLog.findMany({ where: { actorUserId: actor.member.id }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => row.action)).toEqual([
      'impersonation.start',
      'impersonation.write:failed:wishLists.create',
    ]);
    expect(await testDb().wishList.count({ where: { ownerId: target.id, title: 'Refused before it ran' } })).toBe(0);
  });

  it('ends when its support window closes: the console’s logout request stops it and the refresh token', async () => {
    const actor = await staff(ROLES.supportAdmin);
    const target = await createMember(testDb());
    const started = await actor.client.post('/auth/v2/impersonate/', { uid: target.id, reason: REASON });
    expect(started.status).toBe(200);
    // Exactly the request the Electron shell sends when a support window closes (electron/policy.ts).
    const request = endSessionRequest(server.baseUrl);
    expect(request.url).toBe(`${server.baseUrl}/auth/v2/logout/`);
    const closed = await actor.client.request('POST', new URL(request.url).pathname, {
      headers: request.init.headers,
      json: JSON.parse(request.init.body),
      bearer: null,
    });
    expect(closed.status).toBe(200);
    const session = await testDb().impersonationSession.findFirstOrThrow({ where: { staffUserId: actor.member.id } });
    expect(session.endedAt).not.toBeNull();
    expect(session.endReason).toBe('logged-out');
    const stop = await testDb().auditLog.findFirst({
      where: { actorUserId: actor.member.id, subjectUserId: target.id, action: 'impersonation.stop' },
    });
    expect(stop).not.toBeNull();
    // The window's refresh cookie no longer brings the member back.
    expect((await actor.client.get('/auth/v2/refresh-token/')).body).toMatchObject({ accessToken: null });
  });

  it('analysts are read-only: every write is refused (and audited), reads work', async () => {
    const actor = await staff(ROLES.supportAnalyst);
    const target = await createMember(testDb());
    await actor.client.post('/auth/v2/impersonate/', { uid: target.id, reason: REASON });
    const read = await actor.client.trpc<{ userId: string }>('query', 'auth.me');
    expect(read.data?.userId).toBe(target.id);
    const write = await actor.client.trpc('mutation', 'auth.mergeAccounts', { otherUserId: crypto.randomUUID() });
    expect(write.status).toBe(403);
    expect(write.error?.message).toMatch(/look but not change/);
    const refused = await testDb().auditLog.findFirst({
      where: { actorUserId: actor.member.id, action: { startsWith: 'impersonation.write:refused' } },
    });
    expect(refused?.subjectUserId).toBe(target.id);
  });

  it('refuses password changes and e-mail confirmation while impersonating', async () => {
    const actor = await staff(ROLES.supportLead);
    const target = await createMember(testDb(), { confirmed: false });
    await actor.client.post('/auth/v2/impersonate/', { uid: target.id, reason: REASON });
    expect((await actor.client.post('/auth/v2/set-password/', { password: 'hijacked' })).status).toBe(403);
    expect((await actor.client.post('/auth/v2/confirm-code/', { code: '123456' })).status).toBe(403);
    expect(
      (await actor.client.post('/auth/v2/reset-password/', { token: 'x'.repeat(20), password: 'hijacked' })).status,
    ).toBe(403);
  });

  it('expires within 60 minutes without refresh, and the access token never outlives it', async () => {
    const actor = await staff(ROLES.supportAdmin);
    const target = await createMember(testDb());
    const started = await actor.client.post('/auth/v2/impersonate/', { uid: target.id, reason: REASON });
    const claims = decodeJwt(String(started.body.accessToken));
    const session = await testDb().impersonationSession.findFirstOrThrow({ where: { staffUserId: actor.member.id } });
    expect(session.expiresAt.getTime() - session.startedAt.getTime()).toBeLessThanOrEqual(60 * 60_000);
    expect(Number(claims.expires) * 1000).toBeLessThanOrEqual(session.expiresAt.getTime());

    // Time passes: the session's hour is over.
    await testDb().impersonationSession.update({
      where: { id: session.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const refused = await actor.client.trpc('query', 'auth.relatedAccounts');
    expect(refused.status).toBe(401);
    const refreshed = await actor.client.get('/auth/v2/refresh-token/');
    expect(decodeJwt(String(refreshed.body.accessToken)).sub).toBe(actor.member.id);
    const ended = await testDb().impersonationSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(ended.endReason).toBe('expired');
  });

  it('revoking the staff member’s role ends the impersonation at the next request', async () => {
    const actor = await staff(ROLES.supportAdmin);
    const target = await createMember(testDb());
    await actor.client.post('/auth/v2/impersonate/', { uid: target.id, reason: REASON });
    expect((await actor.client.trpc<{ userId: string }>('query', 'auth.me')).data?.userId).toBe(target.id);
    await testDb().userRole.deleteMany({ where: { userId: actor.member.id } });
    // The very next request no longer carries the impersonated identity: its token is refused
    // (401, so the client refreshes), even where a visitor would get an answer (issue 24).
    expect((await actor.client.trpc('query', 'auth.me')).status).toBe(401);
    expect((await actor.client.trpc('query', 'auth.relatedAccounts')).status).toBe(401);
    const session = await testDb().impersonationSession.findFirstOrThrow({ where: { staffUserId: actor.member.id } });
    expect(session.endReason).toBe('role-revoked');
    const refreshed = await actor.client.get('/auth/v2/refresh-token/');
    expect(decodeJwt(String(refreshed.body.accessToken)).impersonatorUserId).toBeNull();
  });

  it('the navigation opens the confirmation; the state change needs a same-site POST', async () => {
    const actor = await staff(ROLES.supportAdmin);
    const target = await createMember(testDb());
    const navigation = await actor.client.get(`/auth/v2/impersonate/?uid=${target.id}&returnurl=/gift-exchanges/`);
    expect(navigation.status).toBe(302);
    expect(navigation.location).toBe(`/auth/impersonate/?uid=${target.id}&returnurl=%2Fgift-exchanges%2F`);
    expect(await testDb().impersonationSession.count({ where: { staffUserId: actor.member.id } })).toBe(0);
    const crossSite = await actor.client.post(
      '/auth/v2/impersonate/',
      { uid: target.id, reason: REASON },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(crossSite.status).toBe(403);
    const noReason = await actor.client.post('/auth/v2/impersonate/', { uid: target.id, reason: ' ' });
    expect(noReason.status).toBe(400);
  });
});

describe('switching identity', () => {
  it('switches to a related account and back to the root, never to strangers', async () => {
    const root = await createMember(testDb());
    const related = await testDb().user.create({
      data: { id: crypto.randomUUID(), name: 'Same Mail', email: root.email },
    });
    const stranger = await createMember(testDb());
    const client = await logIn(root.email);

    const targets = await client.trpc<{ userId: string; relation: string }[]>('query', 'auth.switchTargets');
    expect(targets.data?.map((target) => target.userId).sort()).toEqual([root.id, related.id].sort());

    const switched = await client.post('/auth/v2/switch/', { uid: related.id, returnurl: '//evil.example' });
    expect(switched.status).toBe(200);
    expect(switched.body.returnUrl).toBe('/home/');
    const claims = decodeJwt(String(switched.body.accessToken));
    expect(claims.sub).toBe(related.id);
    expect(claims.rootIdentity).toBe(root.id);
    // The switch survives a refresh.
    expect(decodeJwt(String((await client.get('/auth/v2/refresh-token/')).body.accessToken)).sub).toBe(related.id);

    expect((await client.post('/auth/v2/switch/', { uid: stranger.id })).status).toBe(403);
    const back = await client.post('/auth/v2/switch/', { uid: root.id });
    expect(decodeJwt(String(back.body.accessToken)).sub).toBe(root.id);
  });

  it('the navigation goes to /switch-identity with a safe return address', async () => {
    const client = new TestBrowser(server.baseUrl);
    const uid = crypto.randomUUID();
    const response = await client.get(`/auth/v2/switch/?uid=${uid}&returnurl=https:evil.example`);
    expect(response.location).toBe(`/switch-identity/?uid=${uid}&returnurl=%2Fhome%2F`);
  });
});

describe('returnurl never leaves the site', () => {
  const payloads = [
    '//evil.example',
    '/\\evil.example',
    'https:evil.example',
    'https://evil.example/',
    '%2F%2Fevil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    'javascript:alert(1)',
    '\t//evil.example',
    '/\t/evil.example',
    'evil.example',
  ];
  it.each(payloads)('%s falls back to /home/', async (payload) => {
    const client = new TestBrowser(server.baseUrl);
    const login = await client.get(`/auth/v2/login/?returnurl=${encodeURIComponent(payload)}`);
    expect(login.location).toBe('/a/log-in/?returnurl=%2Fhome%2F');
    const logout = await client.get(`/auth/v2/logout/?returnurl=${encodeURIComponent(payload)}`);
    expect(logout.location).toBe('/a/log-out/?returnurl=%2F');
  });

  it('keeps a same-site path with its query', async () => {
    const client = new TestBrowser(server.baseUrl);
    const login = await client.get(`/auth/v2/login/?returnurl=${encodeURIComponent('/gift-exchanges/?tab=mine')}`);
    expect(login.location).toBe(`/a/log-in/?returnurl=${encodeURIComponent('/gift-exchanges/?tab=mine')}`);
  });
});
