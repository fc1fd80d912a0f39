/**
 * Every account has its settings row (and e-mail settings guid) from creation, so every
 * notification e-mail carries the "manage notifications" link, and that link opens the member's
 * e-mail settings without signing in. A row that is somehow missing is created when a mail needs it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_HANDLERS } from '../../../server/jobs/registry';
import { createMember, TEST_PASSWORD } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { linkFrom, waitForMail } from '../../helpers/mail';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

let server: TTestServer;
const deps = testDeps();
beforeAll(async () => {
  server = await startTestServer();
});

const unique = (): string => crypto.randomUUID().slice(0, 8);

async function logIn(email: string, password = TEST_PASSWORD): Promise<TestBrowser> {
  const client = new TestBrowser(server.baseUrl);
  expect((await client.post('/auth/v2/log-in/', { email, password })).status).toBe(200);
  return client;
}

/** Runs this test's queued jobs of one kind (the worker's queue is shared by the file's tests). */
async function runQueuedJobs(kind: string, mention: string): Promise<number> {
  const jobs = await testDb().job.findMany({ where: { kind, status: 'queued', payload: { contains: mention } } });
  for (const job of jobs) {
    await JOB_HANDLERS[kind]!(deps, JSON.parse(job.payload) as unknown, { id: job.id, attempts: 1 });
    await testDb().job.update({ where: { id: job.id }, data: { status: 'done', finishedAt: new Date() } });
  }
  return jobs.length;
}

/** The manage-notifications link of a caught mail and the guid it carries. */
function manageLinkOf(mail: { text: string }): { url: URL; emailGuid: string } {
  const url = new URL(linkFrom(mail as never, '/email/notifications/'));
  return { url, emailGuid: url.searchParams.get('emailGuid') ?? '' };
}

describe('settings rows from creation on', () => {
  it("a brand-new member's first follow mail carries the manage link, which opens their e-mail settings without sign-in", async () => {
    const email = `new${unique()}@example.test`;
    const signUp = await new TestBrowser(server.baseUrl).post<{ accessToken: string }>('/auth/v2/sign-up/', {
      name: 'Newt Member',
      email,
      password: 'a-good-password',
    });
    expect(signUp.status).toBe(201);
    const newcomer = await testDb().user.findFirstOrThrow({ where: { registeredEmail: email } });
    const row = await testDb().userSettings.findUnique({ where: { userId: newcomer.id } });
    expect(row?.emailGuid).toMatch(/^[0-9a-f-]{36}$/);

    const fan = await createMember(testDb());
    const fanClient = await logIn(fan.email);
    expect((await fanClient.trpc('mutation', 'people.follow', { userId: newcomer.id })).status).toBe(200);
    expect(await runQueuedJobs('notifications:new-follower-mail', newcomer.id)).toBe(1);
    const mail = await waitForMail(email, /started following you/);
    const { url, emailGuid } = manageLinkOf(mail);
    expect(url.pathname).toBe('/email/notifications/');
    expect(emailGuid).toBe(row!.emailGuid);

    // Anyone holding the link (no sign-in) reads and changes the e-mail settings.
    const anyone = new TestBrowser(server.baseUrl);
    const read = await anyone.trpc<{ displayName: string; settings: Record<string, boolean> }>(
      'query',
      'people.emailSettings',
      { emailGuid },
    );
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({ displayName: 'Newt Member', settings: { subscribeNotifcations: true } });
    const off = await anyone.trpc('mutation', 'people.updateEmailSettings', {
      emailGuid,
      settings: { subscribeNotifcations: false },
    });
    expect(off.status).toBe(200);
    expect(
      (await testDb().userSettings.findUniqueOrThrow({ where: { userId: newcomer.id } })).subscribeNotifcations,
    ).toBe(false);
  });

  it('a mail to someone whose row is missing creates it and still carries the link', async () => {
    const reader = await createMember(testDb());
    await testDb().userSettings.deleteMany({ where: { userId: reader.id } });
    const fan = await createMember(testDb());
    expect((await (await logIn(fan.email)).trpc('mutation', 'people.follow', { userId: reader.id })).status).toBe(200);
    expect(await runQueuedJobs('notifications:new-follower-mail', reader.id)).toBe(1);
    const { emailGuid } = manageLinkOf(await waitForMail(reader.email, /started following you/));
    const row = await testDb().userSettings.findUniqueOrThrow({ where: { userId: reader.id } });
    expect(emailGuid).toBe(row.emailGuid);
  });

  it('child accounts and floaters invited to an exchange get their row when they are made', async () => {
    const manager = await createMember(testDb());
    const client = await logIn(manager.email);
    const child = await client.post<{ userId: string }>('/v1/users', { firstName: 'Kit', lastName: 'Junior' });
    expect(child.status).toBe(201);
    expect(await testDb().userSettings.count({ where: { userId: child.body.userId } })).toBe(1);

    const created = await client.trpc<{ exchangeId: string }>('mutation', 'exchanges.create', {
      title: 'Swap',
      exchangeDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(created.status).toBe(200);
    const emails = [`floater${unique()}@example.test`, `floater${unique()}@example.test`];
    const invited = await client.trpc('mutation', 'exchanges.inviteByEmail', {
      exchangeId: created.data!.exchangeId,
      invitees: emails.map((address) => ({ email: address })),
    });
    expect(invited.status).toBe(200);
    const floaters = await testDb().user.findMany({ where: { email: { in: emails } }, include: { settings: true } });
    expect(floaters).toHaveLength(2);
    for (const floater of floaters) expect(floater.settings?.emailGuid).toMatch(/^[0-9a-f-]{36}$/);
  });
});
