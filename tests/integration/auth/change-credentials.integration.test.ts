import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../server/contracts/roles';
import { createMember, TEST_PASSWORD } from '../../factories/identities';
import { uniqueSuffix } from '../../factories/users';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { codeFrom, waitForMail } from '../../helpers/mail';
import { startTestServer, type TTestServer } from '../../helpers/server';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES: '3' });
});

async function logIn(email: string, password = TEST_PASSWORD): Promise<TestBrowser> {
  const client = new TestBrowser(server.baseUrl);
  expect((await client.post('/auth/v2/log-in/', { email, password })).status).toBe(200);
  return client;
}

describe('changing the password', () => {
  it('needs the current password, keeps this sign-in and ends the others', async () => {
    const member = await createMember(testDb());
    const here = await logIn(member.email);
    const elsewhere = await logIn(member.email);

    const wrong = await here.post('/auth/v2/change-password/', {
      currentPassword: 'nope',
      newPassword: 'next-password',
    });
    expect(wrong.status).toBe(400);
    const tooShort = await here.post('/auth/v2/change-password/', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'abc',
    });
    expect((tooShort.body as { error: { fieldErrors: Record<string, string> } }).error.fieldErrors.newPassword).toBe(
      'This field should be at least 4 characters long',
    );

    expect(
      (await here.post('/auth/v2/change-password/', { currentPassword: TEST_PASSWORD, newPassword: 'next-password' }))
        .status,
    ).toBe(200);
    expect((await here.get('/auth/v2/refresh-token/')).body.accessToken).toEqual(expect.any(String));
    expect((await elsewhere.get('/auth/v2/refresh-token/')).body.accessToken).toBeNull();
    await logIn(member.email, 'next-password');
    expect(
      await testDb().auditLog.count({ where: { subjectUserId: member.id, action: 'account.password-change' } }),
    ).toBe(1);
  });

  it('throttles guessing the current password', async () => {
    const member = await createMember(testDb());
    const client = await logIn(member.email);
    for (let i = 0; i < 3; i += 1)
      await client.post('/auth/v2/change-password/', { currentPassword: `guess${i}`, newPassword: 'whatever' });
    const blocked = await client.post('/auth/v2/change-password/', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'whatever',
    });
    expect(blocked.status).toBe(429);
  });
});

describe('changing the e-mail', () => {
  it('takes effect only with the code mailed to the new address, and tells the old one', async () => {
    const member = await createMember(testDb());
    const client = await logIn(member.email);
    const newEmail = `moved${uniqueSuffix()}@example.test`.toLowerCase();
    expect((await client.post('/auth/v2/change-email/', { newEmail, password: TEST_PASSWORD })).status).toBe(202);
    expect((await testDb().user.findUniqueOrThrow({ where: { id: member.id } })).email).toBe(member.email);

    const code = codeFrom(await waitForMail(newEmail, /confirms your new Gifting e-mail/));
    const confirmed = await client.post('/auth/v2/change-email/confirm/', { code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email).toBe(newEmail);
    expect((await testDb().user.findUniqueOrThrow({ where: { id: member.id } })).email).toBe(newEmail);
    await waitForMail(member.email, /Your Gifting e-mail was changed/);
    await logIn(newEmail);
    expect((await client.post('/auth/v2/change-email/confirm/', { code })).status).toBe(410);
  });

  it('refuses an address another account uses, and a wrong password', async () => {
    const member = await createMember(testDb());
    const other = await createMember(testDb());
    const client = await logIn(member.email);
    expect(
      (await client.post('/auth/v2/change-email/', { newEmail: other.email, password: TEST_PASSWORD })).status,
    ).toBe(409);
    expect(
      (await client.post('/auth/v2/change-email/', { newEmail: 'fresh@example.test', password: 'wrong' })).status,
    ).toBe(400);
    expect(
      (await client.post('/auth/v2/change-email/', { newEmail: 'not-an-email', password: TEST_PASSWORD })).status,
    ).toBe(400);
  });
});

describe('while impersonating', () => {
  it('staff cannot change the member’s password or e-mail', async () => {
    const lead = await createMember(testDb(), { roles: [ROLES.supportLead] });
    const target = await createMember(testDb());
    const staff = await logIn(lead.email);
    await staff.post('/auth/v2/impersonate/', { uid: target.id, reason: 'Helping with settings' });
    const password = await staff.post('/auth/v2/change-password/', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'taken-over',
    });
    expect(password.status).toBe(403);
    const email = await staff.post('/auth/v2/change-email/', {
      newEmail: 'staff@example.test',
      password: TEST_PASSWORD,
    });
    expect(email.status).toBe(403);
    expect((await staff.post('/auth/v2/change-email/confirm/', { code: '123456' })).status).toBe(403);
  });
});
