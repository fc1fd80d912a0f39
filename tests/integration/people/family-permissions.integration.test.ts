/**
 * Who may do what to a child account, as a table (the shared permission table's actors manage no
 * child): its family manager from their own account; the manager switched into the child; the
 * manager switched into the child's sibling; another family manager; a visitor. Reserved settings
 * (privacy, closing) are the manager's own-account business; the child's profile, address and
 * notification settings may also be changed while switched in. Every call goes through HTTP
 * with the token the real sign-in and switch gave.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, TEST_PASSWORD } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, type TTestServer } from '../../helpers/server';

let server: TTestServer;
type TActor = 'manager' | 'asChild' | 'asSibling' | 'otherParent' | 'visitor';
const ACTORS: TActor[] = ['manager', 'asChild', 'asSibling', 'otherParent', 'visitor'];

async function logIn(email: string): Promise<TestBrowser> {
  const client = new TestBrowser(server.baseUrl);
  expect((await client.post('/auth/v2/log-in/', { email, password: TEST_PASSWORD })).status).toBe(200);
  return client;
}

/** A family of a manager and two children, and each actor's client, made afresh for each row. */
async function family(): Promise<{ childId: string; managerId: string; clients: Record<TActor, TestBrowser> }> {
  const manager = await createMember(testDb());
  const other = await createMember(testDb());
  const managerClient = await logIn(manager.email);
  const childOf = async () =>
    (await managerClient.post<{ userId: string }>('/v1/users', { firstName: 'Kid', lastName: 'Lee' })).body.userId;
  const [childId, siblingId] = [await childOf(), await childOf()];
  const switchedInto = async (uid: string) => {
    const client = await logIn(manager.email);
    expect((await client.post('/auth/v2/switch/', { uid })).status).toBe(200);
    return client;
  };
  const otherParent = await logIn(other.email);
  expect((await otherParent.post('/v1/users', { firstName: 'Their', lastName: 'Kid' })).status).toBe(201);
  return {
    childId,
    managerId: manager.id,
    clients: {
      manager: managerClient,
      asChild: await switchedInto(childId),
      asSibling: await switchedInto(siblingId),
      otherParent,
      visitor: new TestBrowser(server.baseUrl),
    },
  };
}

interface TRow {
  name: string;
  call: (client: TestBrowser, ids: { childId: string; managerId: string }) => Promise<{ status: number }>;
  expect: Record<TActor, number>;
}

const ROWS: TRow[] = [
  {
    name: 'read the profile',
    call: (client, { childId }) => client.get(`/v1/users/${childId}`),
    expect: { manager: 200, asChild: 200, asSibling: 200, otherParent: 200, visitor: 200 },
  },
  {
    name: 'change names and birthday',
    call: (client, { childId }) =>
      client.request('PATCH', `/v1/users/${childId}`, { json: { firstName: 'Tilly', birthday: { month: 3, day: 9 } } }),
    expect: { manager: 200, asChild: 200, asSibling: 200, otherParent: 403, visitor: 401 },
  },
  {
    name: 'make the profile public (reserved)',
    call: (client, { childId }) =>
      client.request('PATCH', `/v1/users/${childId}/settings`, { json: { isPrivate: false } }),
    expect: { manager: 200, asChild: 403, asSibling: 403, otherParent: 403, visitor: 401 },
  },
  {
    name: 'change a notification setting',
    call: (client, { childId }) =>
      client.trpc('mutation', 'people.updateSettings', {
        userId: childId,
        settings: { subscribeFollowingBirthdayReminders: false },
      }),
    expect: { manager: 200, asChild: 200, asSibling: 200, otherParent: 403, visitor: 401 },
  },
  {
    name: 'set the mailing address',
    call: (client, { childId }) =>
      client.request('PUT', `/v1/users/${childId}/mailing-address`, {
        json: { address1: '1 Elm St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
      }),
    expect: { manager: 200, asChild: 200, asSibling: 200, otherParent: 403, visitor: 401 },
  },
  {
    name: 'see who manages it',
    call: (client, { childId }) => client.get(`/v1/users/${childId}/parent-accounts`),
    expect: { manager: 200, asChild: 200, asSibling: 200, otherParent: 403, visitor: 401 },
  },
  {
    name: 'close the account (reserved)',
    call: (client, { childId }) => client.request('DELETE', `/v1/users/${childId}`),
    expect: { manager: 204, asChild: 403, asSibling: 403, otherParent: 403, visitor: 401 },
  },
];

beforeAll(async () => {
  server = await startTestServer();
});

describe.each(ROWS)('a child account: $name', (row) => {
  it.each(ACTORS)('as %s', async (actor) => {
    const { childId, managerId, clients } = await family();
    const answer = await row.call(clients[actor], { childId, managerId });
    expect(answer.status).toBe(row.expect[actor]);
  });
});
