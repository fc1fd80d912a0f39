/**
 * The people domain under concurrency, over HTTP against the real server and database: writes that
 * create a row on first use (settings, mailing address, preferences, address-book contacts) must be
 * decided by the database, never answer a 500 for a lost race, and leave one row; following and
 * blocking racing each other must never leave a follow across a block.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, TEST_PASSWORD, type TMember } from '../../factories/identities';
import { createMarket } from '../../factories/shop';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, type TTestServer } from '../../helpers/server';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});

const CONCURRENCY = 10;

async function signedIn(): Promise<{ member: TMember; client: TestBrowser }> {
  const member = await createMember(testDb());
  const client = new TestBrowser(server.baseUrl);
  expect((await client.post('/auth/v2/log-in/', { email: member.email, password: TEST_PASSWORD })).status).toBe(200);
  return { member, client };
}

/** Fires `CONCURRENCY` calls at once and returns their statuses. */
async function together(call: (index: number) => Promise<{ status: number }>): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: CONCURRENCY }, (_unused, index) => call(index)));
  return answers.map((answer) => answer.status);
}

const allOk = (statuses: number[]) => statuses.every((status) => status >= 200 && status < 300);

describe('first-use rows are created once, whoever asks at the same time', () => {
  it('GET settings: every call answers 200 and one settings row exists', async () => {
    const { member, client } = await signedIn();
    await testDb().userSettings.deleteMany({ where: { userId: member.id } });
    const statuses = await together(() => client.get(`/v1/users/${member.id}/settings`));
    expect(statuses, String(statuses)).toSatisfy(allOk);
    expect(await testDb().userSettings.count({ where: { userId: member.id } })).toBe(1);
  });

  it('PATCH settings: every call answers 200, one row, the change applied', async () => {
    const { member, client } = await signedIn();
    await testDb().userSettings.deleteMany({ where: { userId: member.id } });
    const statuses = await together(() =>
      client.request('PATCH', `/v1/users/${member.id}/settings`, { json: { subscribeNewsletter: false } }),
    );
    expect(statuses, String(statuses)).toSatisfy(allOk);
    const rows = await testDb().userSettings.findMany({ where: { userId: member.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subscribeNewsletter).toBe(false);
  });

  it('PUT mailing-address: every call answers 200 and one address row holds one of the writes', async () => {
    const { member, client } = await signedIn();
    const statuses = await together((index) =>
      client.request('PUT', `/v1/users/${member.id}/mailing-address`, {
        json: { address1: `${index} Main St`, city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
      }),
    );
    expect(statuses, String(statuses)).toSatisfy(allOk);
    const rows = await testDb().mailingAddress.findMany({ where: { userId: member.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.address1).toMatch(/^\d Main St$/);
  });

  it('PUT preferences: every call answers 200 and one preference row exists', async () => {
    const { member, client } = await signedIn();
    const market = await createMarket(testDb());
    const statuses = await together(() =>
      client.request('PUT', `/v1/users/${member.id}/preferences`, {
        json: { preferenceSet: 'wishing', market: market.countryCode },
      }),
    );
    expect(statuses, String(statuses)).toSatisfy(allOk);
    const rows = await testDb().userPreference.findMany({ where: { userId: member.id } });
    expect(rows.map((row) => [row.preferenceSet, row.market])).toEqual([['wishing', market.countryCode]]);
  });

  it('people.addContact: every call answers 200 with the same contact, and one row exists', async () => {
    const { member, client } = await signedIn();
    const answers = await Promise.all(
      Array.from({ length: CONCURRENCY }, () =>
        client.trpc<{ id: string }>('mutation', 'people.addContact', { name: 'Pat Doe', email: 'pat@example.test' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toSatisfy(allOk);
    const rows = await testDb().addressBookContact.findMany({ where: { ownerId: member.id } });
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.data?.id))).toEqual(new Set([rows[0]!.id]));
  });
});

describe('following and blocking at the same time', () => {
  it('15 simultaneous block + follow pairs never leave a follow across a block', async () => {
    const PAIRS = 15;
    const pairs = await Promise.all(
      Array.from({ length: PAIRS }, async () => ({ blocker: await signedIn(), blocked: await signedIn() })),
    );
    const answers = await Promise.all(
      pairs.flatMap(({ blocker, blocked }) => [
        blocker.client.trpc('mutation', 'people.block', { userId: blocked.member.id }),
        // The blocked person follows the blocker, and the blocker (a second tab) follows them too.
        blocked.client.trpc('mutation', 'people.follow', { userId: blocker.member.id }),
        blocker.client.trpc('mutation', 'people.follow', { userId: blocked.member.id }),
      ]),
    );
    // Every call is decided: done, or refused as if the other did not exist; never a 500.
    for (const answer of answers) expect([200, 404], JSON.stringify(answer.error)).toContain(answer.status);
    for (const { blocker, blocked } of pairs) {
      const ids = [blocker.member.id, blocked.member.id];
      expect(
        await testDb().block.count({ where: { blockerId: blocker.member.id, blockedId: blocked.member.id } }),
      ).toBe(1);
      expect(await testDb().follow.count({ where: { followerId: { in: ids }, followedId: { in: ids } } })).toBe(0);
    }
  });
});
