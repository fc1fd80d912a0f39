/**
 * The people domain end to end over HTTP (REST /v1/users and the `people` tRPC router) against the
 * real server and database: validation in the spec's words, paging, privacy, blocking, family
 * manager child accounts, pictures and account deletion.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGING_HEADER } from '../../../server/contracts/constants';
import { PICTURE_MAX_BYTES } from '../../../server/contracts/people';
import { CHILD_SIGN_IN_MESSAGE } from '../../../server/services/people/access';
import { createMember, TEST_PASSWORD, type TMember } from '../../factories/identities';
import { createMarket } from '../../factories/shop';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, type TTestServer } from '../../helpers/server';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer({ DATA_DIR: `.data/test-pictures-${process.pid}` });
});

type TErrorBody = { error: { code: string; message: string; fieldErrors?: Record<string, string> } };
const fieldErrors = (body: unknown) => (body as TErrorBody).error.fieldErrors ?? {};
const trpcFieldErrors = (error: unknown) =>
  (error as { data?: { fieldErrors?: Record<string, string> } } | undefined)?.data?.fieldErrors ?? {};

async function signedIn(member?: TMember): Promise<{ member: TMember; client: TestBrowser }> {
  const who = member ?? (await createMember(testDb()));
  const client = new TestBrowser(server.baseUrl);
  const response = await client.post('/auth/v2/log-in/', { email: who.email, password: TEST_PASSWORD });
  expect(response.status).toBe(200);
  expect(client.accessToken).toBeTruthy();
  return { member: who, client };
}

const visitor = (): TestBrowser => new TestBrowser(server.baseUrl);

describe('profile: read and save', () => {
  it('answers 401 without a token, 400 for a malformed id and 404 for an unknown one', async () => {
    const { member } = await signedIn();
    expect((await visitor().request('PATCH', `/v1/users/${member.id}`, { json: { firstName: 'X' } })).status).toBe(401);
    expect((await visitor().get(`/v1/users/${member.id}/settings`)).status).toBe(401);
    expect((await visitor().get('/v1/users/not-a-uuid')).status).toBe(400);
    expect((await visitor().get(`/v1/users/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('refuses each invalid field with the spec §5 message on that field', async () => {
    const { member, client } = await signedIn();
    const patch = (json: unknown) => client.request('PATCH', `/v1/users/${member.id}`, { json });
    const cases: [unknown, string, string][] = [
      [{ firstName: '   ' }, 'firstName', 'Value is required'],
      [{ lastName: 'x'.repeat(51) }, 'lastName', 'The maximum length allowed is 50'],
      [{ username: 'a b' }, 'username', 'Username cannot contain spaces'],
      [{ username: 'a' }, 'username', 'This field should be at least 2 characters long'],
      [{ birthday: { month: 3, day: 0 } }, 'birthday.day', 'The minimum value allowed is 1'],
      [{ birthday: { month: null, day: 12 } }, 'birthday.month', 'The minimum value allowed is 1'],
      [{ birthday: { month: 13, day: 1 } }, 'birthday.month', 'The maximum value allowed is 12'],
      [{ birthday: { month: 1, day: 32 } }, 'birthday.day', 'The maximum value allowed is 31'],
      [{ birthday: { month: 2, day: 31 } }, 'birthday.day', 'The maximum value allowed is 29'],
      [{ birthday: { month: 11, day: 31 } }, 'birthday.day', 'The maximum value allowed is 30'],
      [{ birthday: { month: '3', day: 1 } }, 'birthday.month', 'Value must be decimal'],
      [{ birthday: { month: 3, day: '1' } }, 'birthday.day', 'Value must be decimal'],
      [{ birthday: { month: 3.5, day: 1 } }, 'birthday.month', 'Value must be a whole number'],
      [{ firstName: 'Ada\u202e' }, 'firstName', 'The value contains characters that are not allowed'],
    ];
    for (const [json, field, message] of cases) {
      const response = await patch(json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(fieldErrors(response.body)[field], JSON.stringify(response.body)).toBe(message);
    }
    // No year is given, so 29 February is a birthday.
    const leap = await patch({ birthday: { month: 2, day: 29 } });
    expect(leap.status).toBe(200);
    expect((leap.body as { birthday: unknown }).birthday).toEqual({ month: 2, day: 29 });
  });

  it('refuses each invalid mailing-address field with its message on that field', async () => {
    const { member, client } = await signedIn();
    const put = (json: unknown) => client.request('PUT', `/v1/users/${member.id}/mailing-address`, { json });
    const cases: [unknown, string, string][] = [
      [{ city: 'Springfield' }, 'country', 'The value is required'],
      [
        { address1: '1 Main St\u0000', country: 'US' },
        'address1',
        'The value contains characters that are not allowed',
      ],
      [{ city: 'Spring\u202efield', country: 'US' }, 'city', 'The value contains characters that are not allowed'],
      [{ country: 'U\u200eS' }, 'country', 'The value contains characters that are not allowed'],
      [{ postalCode: '1'.repeat(21), country: 'US' }, 'postalCode', 'The maximum length allowed is 20'],
      [{ state: 'x'.repeat(101), country: 'US' }, 'state', 'The maximum length allowed is 100'],
    ];
    for (const [json, field, message] of cases) {
      const response = await put(json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(fieldErrors(response.body)[field], JSON.stringify(response.body)).toBe(message);
    }
    expect(await testDb().mailingAddress.count({ where: { userId: member.id } })).toBe(0);
  });

  it('an address-book contact with a bad e-mail is refused with the spec §5 message on the field', async () => {
    const { client } = await signedIn();
    for (const email of ['not-an-email', 'two@@example.test', 'spaces in@example.test']) {
      const response = await client.trpc('mutation', 'people.addContact', { name: 'Pat Doe', email });
      expect(response.status, email).toBe(400);
      expect(trpcFieldErrors(response.error).email, email).toBe('Value is not a valid email address');
    }
    const missing = await client.trpc('mutation', 'people.addContact', { name: 'Pat Doe', email: '  ' });
    expect(missing.status).toBe(400);
    expect(trpcFieldErrors(missing.error).email).toBe('Value is required');
  });

  it('PATCH changes only what is given, drops an empty username, and PUT replaces the whole profile', async () => {
    const { member, client } = await signedIn();
    const username = `user${crypto.randomUUID().slice(0, 8)}`;
    const first = await client.request('PATCH', `/v1/users/${member.id}`, {
      json: { userId: member.id, firstName: 'Ada', lastName: 'Lovelace', username, birthday: { month: 12, day: 10 } },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ displayName: 'Ada Lovelace', shortName: 'Ada L.', username });
    expect(first.body.birthday).toEqual({ month: 12, day: 10 });

    const kept = await client.request('PATCH', `/v1/users/${member.id}`, { json: { username: '', gender: '' } });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ username, firstName: 'Ada' });

    const put = await client.request('PUT', `/v1/users/${member.id}`, {
      json: { firstName: 'Grace', lastName: 'Hopper' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ displayName: 'Grace Hopper', username: null, birthday: null, gender: null });
  });

  it('a taken username is a 409 with the message on the field, decided by the unique index', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const username = `taken${crypto.randomUUID().slice(0, 8)}`;
    expect((await a.client.request('PATCH', `/v1/users/${a.member.id}`, { json: { username } })).status).toBe(200);
    const response = await b.client.request('PATCH', `/v1/users/${b.member.id}`, { json: { username } });
    expect(response.status).toBe(409);
    expect(fieldErrors(response.body).username).toBe('That username is taken');
  });

  it("someone else's profile cannot be changed (403) and the same rule holds through tRPC", async () => {
    const a = await signedIn();
    const b = await signedIn();
    expect(
      (await b.client.request('PATCH', `/v1/users/${a.member.id}`, { json: { firstName: 'Hacked' } })).status,
    ).toBe(403);
    const viaTrpc = await b.client.trpc('mutation', 'people.patch', {
      userId: a.member.id,
      profile: { firstName: 'Hacked' },
    });
    expect(viaTrpc.error?.data.httpStatus).toBe(403);
    expect((await b.client.get(`/v1/users/${a.member.id}/settings`)).status).toBe(403);
    expect((await b.client.get(`/v1/users/${a.member.id}/mailing-address`)).status).toBe(403);
    expect((await b.client.get(`/v1/users/${a.member.id}/blocked-follower-users`)).status).toBe(403);
  });
});

describe('settings, preferences and the mailing address', () => {
  it('settings default to true, PATCH changes them, and the e-mailed guid manages subscriptions without signing in', async () => {
    const { member, client } = await signedIn();
    const initial = await client.get(`/v1/users/${member.id}/settings`);
    expect(initial.status).toBe(200);
    expect(Object.values(initial.body).every((value) => value === true)).toBe(true);
    expect(Object.keys(initial.body)).toHaveLength(8);

    const patched = await client.request('PATCH', `/v1/users/${member.id}/settings`, {
      json: { userId: member.id, subscribeNewsletter: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ subscribeNewsletter: false, subscribePriceDropNotifications: true });
    expect((await client.request('PATCH', `/v1/users/${member.id}/settings`, { json: { nope: true } })).status).toBe(
      400,
    );

    const { emailGuid } = await testDb().userSettings.findUniqueOrThrow({ where: { userId: member.id } });
    const anyone = visitor();
    const read = await anyone.trpc<{ settings: Record<string, boolean> }>('query', 'people.emailSettings', {
      emailGuid,
    });
    expect(read.data?.settings.subscribeNewsletter).toBe(false);
    expect(read.data?.settings).not.toHaveProperty('isPrivate');
    const write = await anyone.trpc('mutation', 'people.updateEmailSettings', {
      emailGuid,
      settings: { subscribeNotifcations: false },
    });
    expect(write.status).toBe(200);
    expect((await client.get(`/v1/users/${member.id}/settings`)).body).toMatchObject({ subscribeNotifcations: false });
    const unknown = await anyone.trpc('query', 'people.emailSettings', { emailGuid: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
  });

  it('reading no address answers 403; a city without a country is 400 "The value is required" on country', async () => {
    const { member, client } = await signedIn();
    const none = await client.get(`/v1/users/${member.id}/mailing-address`);
    expect(none.status).toBe(403);
    const missingCountry = await client.request('PUT', `/v1/users/${member.id}/mailing-address`, {
      json: { userId: member.id, city: 'Springfield' },
    });
    expect(missingCountry.status).toBe(400);
    expect(fieldErrors(missingCountry.body).country).toBe('The value is required');
    const partial = await client.request('PUT', `/v1/users/${member.id}/mailing-address`, {
      json: { city: 'Springfield', country: 'US' },
    });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ city: 'Springfield', isComplete: false });
    const full = await client.request('PUT', `/v1/users/${member.id}/mailing-address`, {
      json: { address1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
    });
    expect(full.body).toMatchObject({ isComplete: true });
    expect((await client.get(`/v1/users/${member.id}/mailing-address`)).body).toMatchObject({ address1: '1 Main St' });
  });

  it("saves the 'wishing' market and reports it as the market preference", async () => {
    const { member, client } = await signedIn();
    const market = await createMarket(testDb());
    expect((await client.get('/v1/users/market-preferences')).body).toEqual({ saved: null, effective: 'US' });
    const saved = await client.request('PUT', `/v1/users/${member.id}/preferences`, {
      json: { userId: member.id, preferenceSet: 'wishing', market: market.countryCode.toLowerCase() },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual([{ preferenceSet: 'wishing', market: market.countryCode }]);
    expect((await client.get('/v1/users/market-preferences')).body).toEqual({
      saved: market.countryCode,
      effective: market.countryCode,
    });
    // AA is a user-assigned ISO code: no market will ever have it.
    const bad = await client.request('PUT', `/v1/users/${member.id}/preferences`, {
      json: { preferenceSet: 'wishing', market: 'AA' },
    });
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad.body).market).toBe('Value is not a valid market');
    expect((await visitor().get('/v1/users/market-preferences')).status).toBe(401);
  });
});

describe('gaps: other managers, existing addresses, the address book', () => {
  it("another family manager cannot read a child's parent accounts or change it (403)", async () => {
    const manager = await signedIn();
    const otherManager = await signedIn();
    const child = await manager.client.post<{ userId: string }>('/v1/users', { firstName: 'Ada', lastName: 'Kid' });
    const otherChild = await otherManager.client.post<{ userId: string }>('/v1/users', {
      firstName: 'Bo',
      lastName: 'Kid',
    });
    expect([child.status, otherChild.status]).toEqual([201, 201]);
    expect((await manager.client.get(`/v1/users/${child.body.userId}/parent-accounts`)).status).toBe(200);
    // Being a family manager (of someone else) opens nothing of this child.
    expect((await otherManager.client.get(`/v1/users/${child.body.userId}/parent-accounts`)).status).toBe(403);
    const viaTrpc = await otherManager.client.trpc('query', 'people.parentAccounts', { userId: child.body.userId });
    expect(viaTrpc.status).toBe(403);
    expect(
      (await otherManager.client.request('PATCH', `/v1/users/${child.body.userId}`, { json: { firstName: 'X' } }))
        .status,
    ).toBe(403);
    expect((await otherManager.client.get(`/v1/users/${child.body.userId}/mailing-address`)).status).toBe(403);
    // And the other way round.
    expect((await manager.client.get(`/v1/users/${otherChild.body.userId}/parent-accounts`)).status).toBe(403);
  });

  it('a stranger reading an existing mailing address is refused, and learns nothing of it', async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const address = {
      address1: '12 Secret Lane',
      city: 'Hiddenville',
      state: 'ZZ',
      postalCode: '99999',
      country: 'US',
    };
    expect(
      (await owner.client.request('PUT', `/v1/users/${owner.member.id}/mailing-address`, { json: address })).status,
    ).toBe(200);
    expect((await owner.client.get(`/v1/users/${owner.member.id}/mailing-address`)).body).toMatchObject(address);
    for (const client of [stranger.client, visitor()]) {
      const rest = await client.get(`/v1/users/${owner.member.id}/mailing-address`);
      expect([401, 403, 404]).toContain(rest.status);
      expect(JSON.stringify(rest.body)).not.toContain('Secret Lane');
      const viaTrpc = await client.trpc('query', 'people.mailingAddress', { userId: owner.member.id });
      expect([401, 403, 404]).toContain(viaTrpc.status);
      expect(JSON.stringify(viaTrpc)).not.toContain('Secret Lane');
    }
    expect((await stranger.client.get(`/v1/users/${owner.member.id}/mailing-address`)).status).toBe(403);
    // Nor can they overwrite it.
    expect(
      (
        await stranger.client.request('PUT', `/v1/users/${owner.member.id}/mailing-address`, {
          json: { ...address, address1: '1 Hijack Road' },
        })
      ).status,
    ).toBe(403);
    expect((await owner.client.get(`/v1/users/${owner.member.id}/mailing-address`)).body).toMatchObject(address);
  });

  it('address-book contacts are added, renamed by e-mail, listed, and removed only by their owner', async () => {
    const { member, client } = await signedIn();
    const other = await signedIn();
    type TEntry = { kind: string; id: string; name: string; email: string | null };
    const added = await client.trpc<TEntry>('mutation', 'people.addContact', {
      name: 'Zed Contact',
      email: 'Zed@Example.test',
    });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ kind: 'contact', name: 'Zed Contact', email: 'zed@example.test' });
    const second = await client.trpc<TEntry>('mutation', 'people.addContact', {
      name: 'Amy Contact',
      email: 'amy@example.test',
    });
    // The same e-mail again renames the contact (one row).
    const renamed = await client.trpc<TEntry>('mutation', 'people.addContact', {
      name: 'Zed Renamed',
      email: 'zed@example.test',
    });
    expect(renamed.data).toMatchObject({ id: added.data!.id, name: 'Zed Renamed' });

    const listed = await client.get<TEntry[]>('/v1/users/address-book');
    expect(listed.status).toBe(200);
    const contacts = listed.body.filter((entry) => entry.kind === 'contact');
    expect(contacts.map((entry) => [entry.name, entry.email])).toEqual([
      ['Amy Contact', 'amy@example.test'],
      ['Zed Renamed', 'zed@example.test'],
    ]);
    const viaTrpc = await client.trpc<{ items: TEntry[] }>('query', 'people.addressBook', { limit: 50, offset: 0 });
    expect(viaTrpc.data?.items.filter((entry) => entry.kind === 'contact')).toEqual(contacts);
    // Nobody else sees or removes them.
    expect(
      (await other.client.get<TEntry[]>('/v1/users/address-book')).body.some((entry) => entry.kind === 'contact'),
    ).toBe(false);
    expect((await other.client.trpc('mutation', 'people.removeContact', { contactId: added.data!.id })).status).toBe(
      404,
    );

    expect((await client.trpc('mutation', 'people.removeContact', { contactId: added.data!.id })).status).toBe(200);
    expect((await client.trpc('mutation', 'people.removeContact', { contactId: added.data!.id })).status).toBe(404);
    const after = await client.get<TEntry[]>('/v1/users/address-book');
    expect(after.body.filter((entry) => entry.kind === 'contact').map((entry) => entry.id)).toEqual([second.data!.id]);
    expect(await testDb().addressBookContact.count({ where: { ownerId: member.id } })).toBe(1);
  });
});

describe('following, privacy and blocking', () => {
  it('pages followed users with limit and offset and the -paging header', async () => {
    const owner = await signedIn();
    const others = await Promise.all([1, 2, 3].map(() => createMember(testDb())));
    for (const other of others) {
      expect((await owner.client.trpc('mutation', 'people.follow', { userId: other.id })).status).toBe(200);
    }
    const page = await owner.client.get<unknown[]>(`/v1/users/${owner.member.id}/followed-users?limit=2&offset=0`);
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    expect(JSON.parse(page.headers.get(PAGING_HEADER)!)).toEqual({ limit: 2, offset: 0, total: 3, token: '2' });
    const last = await owner.client.get<unknown[]>(`/v1/users/${owner.member.id}/followed-users?limit=2&offset=2`);
    expect(last.body).toHaveLength(1);
    expect(JSON.parse(last.headers.get(PAGING_HEADER)!).token).toBe('');
    expect(PAGING_HEADER.endsWith('-paging')).toBe(true);
    expect((await owner.client.get(`/v1/users/${owner.member.id}/followed-users?limit=-1`)).status).toBe(400);
  });

  it('a double follow (two requests at once) makes one follow', async () => {
    const a = await signedIn();
    const b = await createMember(testDb());
    await Promise.all([
      a.client.trpc('mutation', 'people.follow', { userId: b.id }),
      a.client.trpc('mutation', 'people.follow', { userId: b.id }),
    ]);
    expect(await testDb().follow.count({ where: { followerId: a.member.id, followedId: b.id } })).toBe(1);
  });

  it('privacy matrix: a private birthday and friends list show to the owner and people they follow only', async () => {
    const owner = await signedIn();
    await owner.client.request('PATCH', `/v1/users/${owner.member.id}`, { json: { birthday: { month: 5, day: 4 } } });
    const followed = await signedIn(); // the owner follows them
    const follower = await signedIn(); // follows the owner; not followed back
    const stranger = await signedIn();
    const blocked = await signedIn();
    await owner.client.trpc('mutation', 'people.follow', { userId: followed.member.id });
    await follower.client.trpc('mutation', 'people.follow', { userId: owner.member.id });
    await owner.client.trpc('mutation', 'people.block', { userId: blocked.member.id });

    const view = async (client: TestBrowser) => {
      const profile = await client.get<{ birthday: unknown; canSeePrivate: boolean; name: string }>(
        `/v1/users/${owner.member.id}`,
      );
      const friends = await client.get(`/v1/users/${owner.member.id}/followed-users`);
      return { status: profile.status, birthday: profile.body?.birthday ?? null, friends: friends.status };
    };
    expect(await view(owner.client)).toEqual({ status: 200, birthday: { month: 5, day: 4 }, friends: 200 });
    expect(await view(followed.client)).toEqual({ status: 200, birthday: { month: 5, day: 4 }, friends: 200 });
    expect(await view(follower.client)).toEqual({ status: 200, birthday: null, friends: 403 });
    expect(await view(stranger.client)).toEqual({ status: 200, birthday: null, friends: 403 });
    expect(await view(visitor())).toEqual({ status: 200, birthday: null, friends: 401 });
    expect(await view(blocked.client)).toEqual({ status: 404, birthday: null, friends: 404 });

    // Public: everyone but the blocked person sees the birthday.
    await owner.client.request('PATCH', `/v1/users/${owner.member.id}/settings`, { json: { isPrivate: false } });
    expect((await view(stranger.client)).birthday).toEqual({ month: 5, day: 4 });
    expect((await view(blocked.client)).status).toBe(404);
  });

  it('a blocked person cannot follow the blocker, blocking ends both follows, and neither finds the other', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await a.client.trpc('mutation', 'people.follow', { userId: b.member.id });
    await b.client.trpc('mutation', 'people.follow', { userId: a.member.id });
    expect((await a.client.trpc('mutation', 'people.block', { userId: b.member.id })).status).toBe(200);
    expect(
      await testDb().follow.count({
        where: { followerId: { in: [a.member.id, b.member.id] }, followedId: { in: [a.member.id, b.member.id] } },
      }),
    ).toBe(0);
    expect((await b.client.trpc('mutation', 'people.follow', { userId: a.member.id })).error?.data.httpStatus).toBe(
      404,
    );
    const blockedList = await a.client.get<{ userId: string }[]>(`/v1/users/${a.member.id}/blocked-follower-users`);
    expect(blockedList.body.map((person) => person.userId)).toEqual([b.member.id]);
    await a.client.request('PATCH', `/v1/users/${a.member.id}`, { json: { firstName: 'Zanzibar', lastName: 'Quux' } });
    const search = await b.client.trpc<{ items: { userId: string }[] }>('query', 'people.search', {
      query: 'Zanzibar Quux',
    });
    expect(search.data?.items.map((item) => item.userId)).not.toContain(a.member.id);
    expect((await a.client.trpc('mutation', 'people.unblock', { userId: b.member.id })).status).toBe(200);
    const found = await b.client.trpc<{ items: { userId: string }[] }>('query', 'people.search', {
      query: 'Zanzibar Quux',
    });
    expect(found.data?.items.map((item) => item.userId)).toContain(a.member.id);
  });

  it('search takes % _ and \\ as the characters they are, never as wildcards', async () => {
    const searcher = await signedIn();
    const tag = crypto.randomUUID().slice(0, 6);
    const literal = await signedIn();
    await literal.client.request('PATCH', `/v1/users/${literal.member.id}`, {
      json: { firstName: `Per%c_nt\\${tag}`, lastName: 'Literal' },
    });
    const plain = await signedIn();
    await plain.client.request('PATCH', `/v1/users/${plain.member.id}`, {
      json: { firstName: `Percent${tag}`, lastName: 'Plain' },
    });
    const search = async (query: string) => {
      const answer = await searcher.client.trpc<{ items: { userId: string }[]; paging: { total: number } }>(
        'query',
        'people.search',
        { query, limit: 50 },
      );
      expect(answer.status, query).toBe(200);
      return { ids: answer.data!.items.map((item) => item.userId), total: answer.data!.paging.total };
    };
    // Wildcards alone list nobody (they listed every member).
    for (const query of ['%%', '__', '%_', '\\\\', '%% __'])
      expect(await search(query), query).toEqual({ ids: [], total: 0 });
    // A pattern that would match the plain name as wildcards finds only the literal one.
    expect((await search(`Per%c_nt\\${tag}`)).ids).toEqual([literal.member.id]);
    expect((await search(`Per_ent${tag}`)).ids).toEqual([]);
    expect((await search(`Percent${tag}`)).ids).toEqual([plain.member.id]);
  });

  it('suggests friends of friends, ranked by how many, never people already followed or blocked', async () => {
    const me = await signedIn();
    const [f1, f2, popular, single, alreadyFollowed, blocker] = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => signedIn()),
    );
    for (const friend of [f1!, f2!]) await me.client.trpc('mutation', 'people.follow', { userId: friend.member.id });
    await me.client.trpc('mutation', 'people.follow', { userId: alreadyFollowed!.member.id });
    for (const friend of [f1!, f2!]) {
      await friend.client.trpc('mutation', 'people.follow', { userId: popular!.member.id });
      await friend.client.trpc('mutation', 'people.follow', { userId: alreadyFollowed!.member.id });
      await friend.client.trpc('mutation', 'people.follow', { userId: blocker!.member.id });
    }
    await f1!.client.trpc('mutation', 'people.follow', { userId: single!.member.id });
    await blocker!.client.trpc('mutation', 'people.block', { userId: me.member.id });
    const response = await me.client.get<{ userId: string; mutualCount: number }[]>(
      `/v1/users/${me.member.id}/followed-users-suggestions`,
    );
    expect(response.status).toBe(200);
    expect(response.body.map((row) => [row.userId, row.mutualCount])).toEqual([
      [popular!.member.id, 2],
      [single!.member.id, 1],
    ]);
  });
});

describe('family manager and child accounts', () => {
  it('a manager creates a child, sees its parent accounts, switches into it, and the child cannot change reserved settings', async () => {
    const manager = await signedIn();
    const stranger = await signedIn();
    const created = await manager.client.post<{ userId: string; isChild: boolean; displayName: string }>('/v1/users', {
      firstName: 'Tilly',
      lastName: 'Junior',
      birthday: { month: 7, day: 1 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ isChild: true, displayName: 'Tilly Junior' });
    const childId = created.body.userId;
    const sibling = await manager.client.post<{ userId: string }>('/v1/users', {
      firstName: 'Sib',
      lastName: 'Junior',
    });
    expect(sibling.status).toBe(201);
    const siblingId = sibling.body.userId;

    const parents = await manager.client.get<{ parentId: string; parent: { userId: string } }[]>(
      `/v1/users/${childId}/parent-accounts`,
    );
    expect(parents.status).toBe(200);
    expect(parents.body.map((row) => row.parentId)).toEqual([manager.member.id]);
    expect((await stranger.client.get(`/v1/users/${childId}/parent-accounts`)).status).toBe(403);
    expect((await stranger.client.request('PATCH', `/v1/users/${childId}`, { json: { firstName: 'X' } })).status).toBe(
      403,
    );
    // The manager edits the child from their own account.
    expect(
      (await manager.client.request('PATCH', `/v1/users/${childId}`, { json: { lastName: 'Senior' } })).status,
    ).toBe(200);

    // Switching into the child needs no e-mail proof: the child belongs to the manager.
    const switched = await manager.client.post<{ userId: string }>('/auth/v2/switch/', { uid: childId });
    expect(switched.status).toBe(200);
    expect(switched.body.userId).toBe(childId);
    // The manager has not accepted the terms yet; once they do, the child counts as accepted too.
    expect((await manager.client.get(`/v1/users/${childId}/terms-of-service`)).body).toBe(false);
    await manager.client.post(
      `/v1/users/${manager.member.id}/terms-of-service`,
      {},
      {
        bearer: (
          await new TestBrowser(server.baseUrl).post('/auth/v2/log-in/', {
            email: manager.member.email,
            password: TEST_PASSWORD,
          })
        ).body.accessToken as string,
      },
    );
    expect((await manager.client.get(`/v1/users/${childId}/terms-of-service`)).body).toBe(true);
    const me = await manager.client.trpc<{ userId: string; flags: { isAuthenticated: boolean } }>('query', 'auth.me');
    expect(me.data).toMatchObject({ userId: childId, flags: { isAuthenticated: true } });
    // Acting as the child: its profile yes, the reserved settings no.
    expect(
      (await manager.client.request('PATCH', `/v1/users/${childId}`, { json: { firstName: 'Tilda' } })).status,
    ).toBe(200);
    const privacy = await manager.client.request('PATCH', `/v1/users/${childId}/settings`, {
      json: { isPrivate: false },
    });
    expect(privacy.status).toBe(403);
    expect((privacy.body as TErrorBody).error.message).toBe('Only a family manager can change this');
    expect((await manager.client.request('DELETE', `/v1/users/${childId}`)).status).toBe(403);
    expect((await manager.client.post('/v1/users', { firstName: 'Grand', lastName: 'Child' })).status).toBe(403);
    // Nor a sibling's: acting as one child is not being the manager.
    expect(
      (await manager.client.request('PATCH', `/v1/users/${siblingId}/settings`, { json: { isPrivate: false } })).status,
    ).toBe(403);
    expect((await manager.client.request('DELETE', `/v1/users/${siblingId}`)).status).toBe(403);

    // Back to the manager, who may change them.
    expect((await manager.client.post('/auth/v2/switch/', { uid: manager.member.id })).status).toBe(200);
    expect(
      (await manager.client.request('PATCH', `/v1/users/${childId}/settings`, { json: { isPrivate: false } })).status,
    ).toBe(200);
    const children = await manager.client.trpc<{ userId: string; displayName: string }[]>('query', 'people.children', {
      userId: manager.member.id,
    });
    expect(children.data?.map((child) => child.displayName).sort()).toEqual(['Sib Junior', 'Tilda Senior']);
    expect((await stranger.client.trpc('query', 'people.children', { userId: manager.member.id })).status).toBe(403);
    // A stranger cannot switch into someone else's child.
    expect((await stranger.client.post('/auth/v2/switch/', { uid: childId })).status).toBe(403);
  });
});

describe('pictures', () => {
  it('re-encodes an upload to WebP without metadata, and refuses other types', async () => {
    const { member, client } = await signedIn();
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c33' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .jpeg()
      .toBuffer();
    expect(png.includes(Buffer.from('secret-gps-owner'))).toBe(true);
    const upload = await fetch(`${server.baseUrl}/v1/users/${member.id}/picture`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${client.accessToken}`, origin: server.baseUrl },
      body: new Uint8Array(png),
    });
    expect(upload.status).toBe(200);
    const { pictureUrl } = (await upload.json()) as { pictureUrl: string };
    const image = await fetch(`${server.baseUrl}${pictureUrl}`);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await image.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-gps-owner'))).toBe(false);
    expect((await client.get<{ pictureUrl: string }>(`/v1/users/${member.id}`)).body.pictureUrl).toBe(pictureUrl);

    const notAnImage = await fetch(`${server.baseUrl}/v1/users/${member.id}/picture`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${client.accessToken}`, origin: server.baseUrl },
      body: new TextEncoder().encode('this is not a png at all'),
    });
    expect(notAnImage.status).toBe(400);
  });
});

/** PUTs raw bytes as the member's picture. */
async function uploadPicture(client: TestBrowser, userId: string, bytes: Uint8Array<ArrayBuffer>, type = 'image/png') {
  const response = await fetch(`${server.baseUrl}/v1/users/${userId}/picture`, {
    method: 'PUT',
    headers: { 'content-type': type, authorization: `Bearer ${client.accessToken}`, origin: server.baseUrl },
    body: bytes,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
}

const smallPng = async (color = '#3a6'): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
      .png()
      .toBuffer(),
  );

/** The picture files stored for a member (their names start with the member's id). */
function storedPictures(userId: string): string[] {
  const dir = path.resolve(server.app.deps.config.dataDir, 'pictures');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith(userId)) : [];
}

describe('pictures: limits, races and blocks', () => {
  it('a picture over 5 MB or over 40 megapixels answers 400 with the limit on the field', async () => {
    const { member, client } = await signedIn();
    const tooHeavy = await uploadPicture(client, member.id, new Uint8Array(PICTURE_MAX_BYTES + 1), 'image/jpeg');
    expect(tooHeavy.status).toBe(400);
    expect(fieldErrors(tooHeavy.body).picture).toBe('Choose a picture of at most 5 MB');
    // 8000 × 6000 = 48 megapixels of one colour: a small file, too many pixels.
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(PICTURE_MAX_BYTES);
    const tooBig = await uploadPicture(client, member.id, new Uint8Array(huge));
    expect(tooBig.status).toBe(400);
    expect(fieldErrors(tooBig.body).picture).toBe('Choose a picture of at most 40 megapixels');
    expect(storedPictures(member.id)).toEqual([]);
  });

  it('uploads at the same time leave exactly the current picture on disk', async () => {
    const { member, client } = await signedIn();
    const colors = ['#a00', '#0a0', '#00a', '#aa0', '#0aa', '#a0a'];
    const answers = await Promise.all(
      await Promise.all(colors.map(async (color) => uploadPicture(client, member.id, await smallPng(color)))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(colors.map(() => 200));
    const { pictureKey } = await testDb().user.findUniqueOrThrow({ where: { id: member.id } });
    expect(storedPictures(member.id)).toEqual([pictureKey]);
    // Removing it removes the file.
    expect((await client.request('DELETE', `/v1/users/${member.id}/picture`)).status).toBe(204);
    expect(storedPictures(member.id)).toEqual([]);
  });

  it('a viewer either side of a block gets 404 for the picture; others get it', async () => {
    const owner = await signedIn();
    const blocked = await signedIn();
    const stranger = await signedIn();
    expect((await uploadPicture(owner.client, owner.member.id, await smallPng())).status).toBe(200);
    expect((await uploadPicture(blocked.client, blocked.member.id, await smallPng('#123'))).status).toBe(200);
    expect((await owner.client.trpc('mutation', 'people.block', { userId: blocked.member.id })).status).toBe(200);
    const pictureOf = async (userId: string) =>
      (await owner.client.get<{ pictureUrl: string }>(`/v1/users/${userId}`)).body.pictureUrl;
    const ownerPicture = await pictureOf(owner.member.id);
    const blockedPicture = await pictureOf(blocked.member.id);
    const get = async (url: string, who: TestBrowser | null) =>
      (await fetch(`${server.baseUrl}${url}`, who ? { headers: { authorization: `Bearer ${who.accessToken}` } } : {}))
        .status;
    expect(await get(ownerPicture, blocked.client)).toBe(404);
    expect(await get(blockedPicture, owner.client)).toBe(404);
    expect(await get(ownerPicture, stranger.client)).toBe(200);
    expect(await get(ownerPicture, owner.client)).toBe(200);
    expect(await get(ownerPicture, null)).toBe(200);
    const signedInAnswer = await fetch(`${server.baseUrl}${ownerPicture}`, {
      headers: { authorization: `Bearer ${stranger.client.accessToken}` },
    });
    expect(signedInAnswer.headers.get('cache-control')).toMatch(/^private/);
    expect((await owner.client.trpc('mutation', 'people.unblock', { userId: blocked.member.id })).status).toBe(200);
    expect(await get(ownerPicture, blocked.client)).toBe(200);
  });
});

describe('account deletion', () => {
  it('removes the picture file once the account is deleted', async () => {
    const { member, client } = await signedIn();
    expect((await uploadPicture(client, member.id, await smallPng())).status).toBe(200);
    expect(storedPictures(member.id)).toHaveLength(1);
    expect((await client.request('DELETE', `/v1/users/${member.id}`)).status).toBe(204);
    expect(storedPictures(member.id)).toEqual([]);
    expect((await testDb().user.findUniqueOrThrow({ where: { id: member.id } })).pictureKey).toBeNull();
  });

  it('removes personal data, ends every sign-in, cannot be undone by a PUT, and shows a former member', async () => {
    const { member, client } = await signedIn();
    const friend = await signedIn();
    await friend.client.trpc('mutation', 'people.follow', { userId: member.id });
    expect((await visitor().request('DELETE', `/v1/users/${member.id}`)).status).toBe(401);
    expect((await friend.client.request('DELETE', `/v1/users/${member.id}`)).status).toBe(403);

    const deleted = await client.request('DELETE', `/v1/users/${member.id}`);
    expect(deleted.status).toBe(204);
    // The access token in hand stops working at once, and so do refresh and password log-in.
    expect(
      (await client.request('PUT', `/v1/users/${member.id}`, { json: { firstName: 'Back', lastName: 'Again' } }))
        .status,
    ).toBe(401);
    expect((await client.get('/auth/v2/refresh-token/')).body).toMatchObject({ accessToken: null });
    const logIn = await visitor().post('/auth/v2/log-in/', { email: member.email, password: TEST_PASSWORD });
    expect(logIn.status).toBe(401);

    const row = await testDb().user.findUniqueOrThrow({ where: { id: member.id } });
    expect(row).toMatchObject({ email: null, firstName: null, lastName: null, name: 'Former member' });
    expect(row.deletedAt).not.toBeNull();
    const seen = await friend.client.get(`/v1/users/${member.id}`);
    expect(seen.body).toMatchObject({ isDeleted: true, displayName: 'Former member' });
    expect((await friend.client.get(`/v1/users/${friend.member.id}/followed-users`)).body).toEqual([]);
  });
});

describe('export', () => {
  it('downloads the member’s own data as JSON, and nobody else’s', async () => {
    const { member, client } = await signedIn();
    const other = await signedIn();
    const response = await client.get<{ profile: { id: string; email: string; settings: unknown } }>(
      `/v1/users/${member.id}/export`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    expect(response.body.profile).toMatchObject({ id: member.id, email: member.email });
    expect(JSON.stringify(response.body)).not.toContain('emailGuid');
    expect(JSON.stringify(response.body)).not.toContain('passwordHash');
    expect((await other.client.get(`/v1/users/${member.id}/export`)).status).toBe(403);
  });
});

describe('a managed child has no log-in of its own', () => {
  it('switched into a child, setting a password or changing the e-mail or password is refused (403)', async () => {
    const manager = await signedIn();
    const created = await manager.client.post<{ userId: string }>('/v1/users', { firstName: 'Milo', lastName: 'Kid' });
    expect(created.status).toBe(201);
    const childId = created.body.userId;
    expect((await manager.client.post('/auth/v2/switch/', { uid: childId })).status).toBe(200);

    const setPassword = await manager.client.post('/auth/v2/set-password/', { password: 'child-password' });
    expect(setPassword.status).toBe(403);
    expect((setPassword.body as TErrorBody).error.message).toBe(CHILD_SIGN_IN_MESSAGE);
    const changeEmail = await manager.client.post('/auth/v2/change-email/', {
      newEmail: `kid${crypto.randomUUID().slice(0, 8)}@example.test`,
      password: 'child-password',
    });
    expect(changeEmail.status).toBe(403);
    expect((changeEmail.body as TErrorBody).error.message).toBe(CHILD_SIGN_IN_MESSAGE);
    const changePassword = await manager.client.post('/auth/v2/change-password/', {
      currentPassword: 'child-password',
      newPassword: 'another-one',
    });
    expect(changePassword.status).toBe(403);
    const confirm = await manager.client.post('/auth/v2/change-email/confirm/', { code: '123456' });
    expect(confirm.status).toBe(403);

    // Nothing changed: no password, no e-mail, no roles, and the session still acts as the child.
    const child = await testDb().user.findUniqueOrThrow({
      where: { id: childId },
      include: { credential: true, roles: true },
    });
    expect(child).toMatchObject({ email: null, registeredEmail: null, credential: null, roles: [] });
    expect((await testDb().emailToken.count({ where: { userId: childId } })) === 0).toBe(true);
    const me = await manager.client.trpc<{ userId: string }>('query', 'auth.me');
    expect(me.data?.userId).toBe(childId);
  });
});
