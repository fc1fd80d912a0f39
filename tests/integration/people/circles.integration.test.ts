/**
 * People and the circles they share (groups and gift exchanges) over HTTP — REST /v1/users and the
 * tRPC face — against the real server and database: the privacy matrix (owner, followed by the
 * owner, follower, group co-member, exchange co-participant, stranger, visitor, blocked user ×
 * profile, wish lists, birthday), suggestions and the address book drawn from the circles, and the
 * data export covering every domain without breaking any secret.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, TEST_PASSWORD, type TMember } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, type TTestServer } from '../../helpers/server';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});

interface TSignedIn {
  member: TMember;
  client: TestBrowser;
}

async function signedIn(): Promise<TSignedIn> {
  const member = await createMember(testDb());
  const client = new TestBrowser(server.baseUrl);
  expect((await client.post('/auth/v2/log-in/', { email: member.email, password: TEST_PASSWORD })).status).toBe(200);
  return { member, client };
}

async function call<T>(who: TSignedIn, kind: 'query' | 'mutation', path: string, input?: unknown): Promise<T> {
  const answer = await who.client.trpc<T>(kind, path, input);
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.error)}`);
  return answer.data as T;
}

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The owner's group with `people` in it (asked, then approved). */
async function groupWith(owner: TSignedIn, people: TSignedIn[]): Promise<string> {
  const { groupId } = await call<{ groupId: string }>(owner, 'mutation', 'groups.create', {
    name: `Circle ${crypto.randomUUID().slice(0, 6)}`,
  });
  for (const person of people) {
    await call(person, 'mutation', 'groups.join', { groupId });
    await call(owner, 'mutation', 'groups.approve', { groupId, userId: person.member.id });
  }
  return groupId;
}

/** The owner's exchange with `people` in it (invited as members, then accepted). */
async function exchangeWith(owner: TSignedIn, people: TSignedIn[]): Promise<string> {
  const { exchangeId } = await call<{ exchangeId: string }>(owner, 'mutation', 'exchanges.create', {
    title: 'Family swap',
    exchangeDate: inDays(30),
  });
  await call(owner, 'mutation', 'exchanges.inviteUsers', { exchangeId, userIds: people.map((p) => p.member.id) });
  for (const person of people) await call(person, 'mutation', 'exchanges.rsvp', { exchangeId, response: 'accept' });
  return exchangeId;
}

describe('privacy matrix', () => {
  it('a private member’s birthday, lists and friends show to the people they follow and their circles only', async () => {
    const owner = await signedIn();
    const followed = await signedIn();
    const follower = await signedIn();
    const groupMate = await signedIn();
    const exchangeMate = await signedIn();
    const stranger = await signedIn();
    const blocked = await signedIn();
    const ownerId = owner.member.id;
    const username = `owner${crypto.randomUUID().slice(0, 8)}`;
    const patched = await owner.client.request('PATCH', `/v1/users/${ownerId}`, {
      json: { birthday: { month: 7, day: 14 }, username, gender: 'female', firstName: 'Olive', lastName: 'Owner' },
    });
    expect(patched.status).toBe(200);
    await call(owner, 'mutation', 'people.follow', { userId: followed.member.id });
    await call(follower, 'mutation', 'people.follow', { userId: ownerId });
    await groupWith(owner, [groupMate]);
    await exchangeWith(owner, [exchangeMate]);
    await call(owner, 'mutation', 'people.block', { userId: blocked.member.id });
    const list = await call<{ wishlistId: string }>(owner, 'mutation', 'wishLists.create', {
      title: 'Birthday wishes',
      privacy: 'public',
    });

    type TSeenProfile = {
      birthday: unknown;
      displayName: string;
      username: string | null;
      gender: string | null;
      dateCreated: string | null;
      counts: { following: number; followers: number } | null;
    };
    const view = async (client: TestBrowser) => {
      const profile = await client.get<TSeenProfile>(`/v1/users/${ownerId}`);
      // tRPC answers the same profile as REST.
      const viaTrpc = await client.trpc<TSeenProfile>('query', 'people.get', { userId: ownerId });
      expect(viaTrpc.status).toBe(profile.status);
      if (profile.status === 200) expect(viaTrpc.data).toEqual(profile.body);
      const friends = await client.get(`/v1/users/${ownerId}/followed-users`);
      const lists = await client.trpc<{ wishlistId: string }[]>('query', 'wishLists.ofUser', { userId: ownerId });
      const one = await client.trpc('query', 'wishLists.get', { wishlistId: list.wishlistId });
      return {
        profile: profile.status,
        birthday: profile.body?.birthday ?? null,
        // Name (and picture) are public; the rest of a private profile is not.
        name: profile.status === 200 ? profile.body.displayName : null,
        details:
          profile.status === 200
            ? {
                username: profile.body.username,
                gender: profile.body.gender,
                joined: profile.body.dateCreated !== null,
                counts: profile.body.counts,
              }
            : null,
        friends: friends.status,
        lists: lists.status === 200 ? lists.data!.map((row) => row.wishlistId) : lists.status,
        list: one.status,
      };
    };
    const details = { username, gender: 'female', joined: true, counts: { following: 1, followers: 1 } };
    const sees = {
      profile: 200,
      birthday: { month: 7, day: 14 },
      name: 'Olive Owner',
      details,
      friends: 200,
      lists: [list.wishlistId],
      list: 200,
    };
    const hidden = { username: null, gender: null, joined: false, counts: null };
    const seesNameOnly = {
      profile: 200,
      birthday: null,
      name: 'Olive Owner',
      details: hidden,
      friends: 403,
      lists: 403,
      list: 403,
    };
    expect(await view(owner.client)).toEqual(sees);
    expect(await view(followed.client)).toEqual(sees);
    expect(await view(groupMate.client)).toEqual(sees);
    expect(await view(exchangeMate.client)).toEqual(sees);
    expect(await view(follower.client)).toEqual(seesNameOnly);
    expect(await view(stranger.client)).toEqual(seesNameOnly);
    expect(await view(new TestBrowser(server.baseUrl))).toEqual({
      ...seesNameOnly,
      friends: 401,
      lists: 401,
      list: 401,
    });
    expect(await view(blocked.client)).toEqual({
      profile: 404,
      birthday: null,
      name: null,
      details: null,
      friends: 404,
      lists: 404,
      list: 404,
    });

    // Leaving the group closes the circle again.
    const groups = await call<{ items: { groupId: string }[] }>(groupMate, 'query', 'groups.list', {
      scope: 'mine',
      limit: 10,
      offset: 0,
    });
    await call(groupMate, 'mutation', 'groups.leave', { groupId: groups.items[0]!.groupId });
    expect(await view(groupMate.client)).toEqual(seesNameOnly);

    // A public profile shows them to everyone but the blocked person.
    await owner.client.request('PATCH', `/v1/users/${ownerId}/settings`, { json: { isPrivate: false } });
    expect((await view(stranger.client)).details).toEqual(details);
    expect((await view(new TestBrowser(server.baseUrl))).details).toEqual(details);
    expect((await view(blocked.client)).details).toBeNull();
  });
});

describe('suggestions and the address book come from the circles', () => {
  it('suggests friends of friends, group mates and exchange mates, ranked by ties, and never the excluded', async () => {
    const me = await signedIn();
    const friend = await signedIn();
    const [fof, groupMate, both, exchangeMate, alreadyFollowed, blocker] = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => signedIn()),
    );
    await call(me, 'mutation', 'people.follow', { userId: friend.member.id });
    await call(me, 'mutation', 'people.follow', { userId: alreadyFollowed!.member.id });
    await call(friend, 'mutation', 'people.follow', { userId: fof!.member.id });
    await call(friend, 'mutation', 'people.follow', { userId: both!.member.id });
    await groupWith(me, [groupMate!, both!, alreadyFollowed!, blocker!]);
    await exchangeWith(me, [exchangeMate!]);
    await call(blocker!, 'mutation', 'people.block', { userId: me.member.id });

    const response = await me.client.get<
      { userId: string; mutualCount: number; sharedGroupCount: number; sharedExchangeCount: number }[]
    >(`/v1/users/${me.member.id}/followed-users-suggestions?limit=10`);
    expect(response.status).toBe(200);
    expect(
      response.body.map((row) => [row.userId, row.mutualCount, row.sharedGroupCount, row.sharedExchangeCount]),
    ).toEqual([
      [both!.member.id, 1, 1, 0],
      ...[
        [fof!.member.id, 1, 0, 0],
        [groupMate!.member.id, 0, 1, 0],
        [exchangeMate!.member.id, 0, 0, 1],
      ].sort((a, b) => (b[1] as number) - (a[1] as number) || String(a[0]).localeCompare(String(b[0]))),
    ]);
    const paged = await me.client.get<unknown[]>(
      `/v1/users/${me.member.id}/followed-users-suggestions?limit=2&offset=2`,
    );
    expect(paged.body).toHaveLength(2);
    expect(JSON.parse(paged.headers.get('x-paging')!)).toMatchObject({ limit: 2, offset: 2, total: 4, token: '' });
  });

  it('never suggests a child its own family manager; auth.me names the manager while switched in', async () => {
    const parent = await signedIn();
    const mate = await signedIn();
    const made = await parent.client.post<{ userId: string }>('/v1/users', { firstName: 'Kid', lastName: 'Lee' });
    expect(made.status).toBe(201);
    const childId = made.body.userId;
    const child: TSignedIn = { member: { ...parent.member, id: childId }, client: new TestBrowser(server.baseUrl) };
    expect(
      (await child.client.post('/auth/v2/log-in/', { email: parent.member.email, password: TEST_PASSWORD })).status,
    ).toBe(200);
    expect((await child.client.post('/auth/v2/switch/', { uid: childId })).status).toBe(200);
    // The child shares a group with its parent (the owner) and a mate.
    const groupId = await groupWith(parent, [mate]);
    await call(child, 'mutation', 'groups.join', { groupId });
    await call(parent, 'mutation', 'groups.approve', { groupId, userId: childId });

    const suggested = await child.client.get<{ userId: string }[]>(
      `/v1/users/${childId}/followed-users-suggestions?limit=10`,
    );
    expect(suggested.status).toBe(200);
    expect(suggested.body.map((row) => row.userId)).toEqual([mate.member.id]);
    // The mate, who is no family of the parent's, is still offered the parent.
    const forMate = await mate.client.get<{ userId: string }[]>(
      `/v1/users/${mate.member.id}/followed-users-suggestions?limit=10`,
    );
    expect(forMate.body.map((row) => row.userId)).toContain(parent.member.id);

    const me = await call<{ userId: string; familyManager: { userId: string } | null }>(child, 'query', 'auth.me');
    expect(me.userId).toBe(childId);
    expect(me.familyManager?.userId).toBe(parent.member.id);
    expect((await call<{ familyManager: unknown }>(parent, 'query', 'auth.me')).familyManager).toBeNull();
    const targets = await call<{ userId: string; pictureUrl: string | null; isCurrent: boolean }[]>(
      child,
      'query',
      'auth.switchTargets',
    );
    expect(targets.find((target) => target.isCurrent)?.userId).toBe(childId);
    expect(targets.every((target) => target.pictureUrl === null)).toBe(true);
  }, 90_000);

  it('lists group and exchange mates in the address book, without their e-mail, and not people across a block', async () => {
    const me = await signedIn();
    const groupMate = await signedIn();
    const exchangeMate = await signedIn();
    const blocked = await signedIn();
    await groupWith(me, [groupMate, blocked]);
    await exchangeWith(me, [exchangeMate]);
    await call(me, 'mutation', 'people.block', { userId: blocked.member.id });
    const book = await me.client.get<{ kind: string; id: string; email: string | null }[]>(
      '/v1/users/address-book?limit=50',
    );
    expect(book.status).toBe(200);
    const members = book.body.filter((entry) => entry.kind === 'member');
    expect(members.map((entry) => entry.id).sort()).toEqual([groupMate.member.id, exchangeMate.member.id].sort());
    expect(members.every((entry) => entry.email === null)).toBe(true);
  });
});

describe('export', () => {
  it('carries every domain of the member’s data, and keeps the secrets it keeps on screen', async () => {
    const me = await signedIn();
    const friend = await signedIn();
    const santa = await signedIn();
    await call(me, 'mutation', 'people.follow', { userId: friend.member.id });
    await call(friend, 'mutation', 'people.follow', { userId: me.member.id });
    const list = await call<{ wishlistId: string }>(me, 'mutation', 'wishLists.create', {
      title: 'My export list',
      privacy: 'public',
    });
    const wish = await call<{ wishId: string }>(me, 'mutation', 'wishLists.addWish', {
      wishlistId: list.wishlistId,
      title: 'A red scarf',
    });
    await call(friend, 'mutation', 'wishLists.claim', { wishId: wish.wishId, quantity: 1 });
    const groupId = await groupWith(me, [friend]);
    const { conversationId } = await call<{ conversationId: string }>(me, 'mutation', 'messages.startDirect', {
      userId: friend.member.id,
    });
    await call(me, 'mutation', 'messages.send', { conversationId, body: 'See you Friday' });
    await call(friend, 'mutation', 'messages.send', { conversationId, body: 'Yes, Friday' });
    const exchangeId = await exchangeWith(me, [friend, santa]);
    await call(me, 'mutation', 'exchanges.draw', { exchangeId });

    const response = await me.client.get<Record<string, unknown>>(`/v1/users/${me.member.id}/export`);
    expect(response.status).toBe(200);
    const data = response.body as {
      format: string;
      wishLists: { title: string; wishes: Record<string, unknown>[] }[];
      groups: { group: { id: string } }[];
      conversations: { conversationId: string; messages: { body: string; sentByMe: boolean }[] }[];
      exchanges: { exchangeId: string; myRecipientUserId: string | null }[];
    };
    expect(data.format).toBe('gifting-export/2');
    const exported = data.wishLists.find((row) => row.title === 'My export list')!;
    expect(exported.wishes.map((row) => row.title)).toEqual(['A red scarf']);
    // The owner never learns from the export who bought what.
    expect(JSON.stringify(exported)).not.toContain(friend.member.id);
    expect(Object.keys(exported.wishes[0]!)).not.toContain('claims');
    expect(data.groups.map((row) => row.group.id)).toContain(groupId);
    expect(data.conversations.find((row) => row.conversationId === conversationId)?.messages).toEqual([
      expect.objectContaining({ body: 'See you Friday', sentByMe: true }),
      expect.objectContaining({ body: 'Yes, Friday', sentByMe: false }),
    ]);
    // My own recipient is mine to know; who drew me is not in the export.
    const seat = data.exchanges.find((row) => row.exchangeId === exchangeId)!;
    const assignments = await testDb().exchangeAssignment.findMany({ where: { exchangeId } });
    const mine = assignments.find((row) => row.giverId === me.member.id)!;
    const myGiver = assignments.find((row) => row.receiverId === me.member.id)!;
    expect(seat.myRecipientUserId).toBe(mine.receiverId);
    // Three people draw in one loop of three: my giver is never my recipient, so their id must not appear.
    expect(myGiver.giverId).not.toBe(mine.receiverId);
    expect(JSON.stringify(seat)).not.toContain(myGiver.giverId);
  });
});
