/**
 * Live messages and notifications over server-sent events, through the real HTTP server and the
 * same tRPC links the browser uses: with two instances behind one Redis, a message sent through
 * one arrives on a stream held by the other; a stream resumed with its last event id gets what
 * was sent while it was away, once; a notification arrives live too.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessage, TNotificationItem } from '../../../server/contracts/social';
import { ensureRedis } from '../../../scripts/lib/redis-server';
import { createMember, identityFor } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';
import { trpcClientFor } from '../../helpers/trpc-client';

let redis: Awaited<ReturnType<typeof ensureRedis>>;
let first: TTestServer;
let second: TTestServer;
const deps = testDeps();

beforeAll(async () => {
  redis = await ensureRedis();
  const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `live-${randomBytes(4).toString('hex')}:` };
  first = await startTestServer(env);
  second = await startTestServer(env);
});
afterAll(() => redis.stop());

const clientFor = trpcClientFor;

async function person() {
  const member = await createMember(testDb());
  const identity = await identityFor(deps, member.id);
  return { id: member.id, token: identity.token };
}

/**
 * Collects a subscription's items until `count` arrived (or times out). Events without an item
 * (the stream's resume position at each (re)start) are kept apart, in `positions`.
 */
function collect<T>(
  subscribe: (handlers: { onData: (value: { id: string; data: T | null }) => void; onStarted: () => void }) => {
    unsubscribe(): void;
  },
) {
  const items: { id: string; data: T }[] = [];
  const positions: string[] = [];
  let started!: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  const waiters: { count: number; resolve: () => void }[] = [];
  const subscription = subscribe({
    onStarted: () => started(),
    onData(value) {
      if (value.data === null) {
        positions.push(value.id);
        return;
      }
      items.push({ id: value.id, data: value.data });
      for (const waiter of waiters) if (items.length >= waiter.count) waiter.resolve();
    },
  });
  return {
    items,
    positions,
    ready,
    until(count: number, timeoutMs = 8_000) {
      if (items.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${items.length} of ${count} arrived`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    stop: () => subscription.unsubscribe(),
  };
}

describe('live messages', () => {
  it('a message sent through one instance arrives on a stream held by the other, and a resumed stream misses nothing', async () => {
    const ann = await person();
    const bob = await person();
    // Bob is public, so Ann may write to him.
    await testDb().userSettings.create({ data: { userId: bob.id, emailGuid: crypto.randomUUID(), isPrivate: false } });
    const annOnFirst = clientFor(first.baseUrl, ann.token);
    const bobOnSecond = clientFor(second.baseUrl, bob.token);
    const { conversationId } = await annOnFirst.messages.startDirect.mutate({ userId: bob.id });

    const live = collect<TChatMessage>((handlers) =>
      bobOnSecond.messages.onMessage.subscribe(undefined, {
        onStarted: handlers.onStarted,
        onData: (value) => handlers.onData(value as unknown as { id: string; data: TChatMessage | null }),
      }),
    );
    await live.ready;
    // The stream is open before the send: give the subscriber a moment to reach Redis.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = await annOnFirst.messages.send.mutate({ conversationId, body: 'Hello from the first instance' });
    await live.until(1);
    expect(live.items[0]!.data.messageId).toBe(sent.messageId);
    expect(live.items[0]!.data).toMatchObject({ body: 'Hello from the first instance', isMine: false, conversationId });
    live.stop();

    // Away: two more messages; the stream resumes from the last position it had and gets exactly those.
    const missed = [
      await annOnFirst.messages.send.mutate({ conversationId, body: 'While you were away (1)' }),
      await annOnFirst.messages.send.mutate({ conversationId, body: 'While you were away (2)' }),
    ];
    const resumed = collect<TChatMessage>((handlers) =>
      bobOnSecond.messages.onMessage.subscribe(
        { lastEventId: live.items[0]!.id },
        {
          onStarted: handlers.onStarted,
          onData: (value) => handlers.onData(value as unknown as { id: string; data: TChatMessage | null }),
        },
      ),
    );
    await resumed.until(2);
    await resumed.ready;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await annOnFirst.messages.send.mutate({ conversationId, body: 'Back live' });
    await resumed.until(3);
    expect(resumed.items.map((item) => item.data.messageId)).toEqual([
      ...missed.map((m) => m.messageId),
      after.messageId,
    ]);
    resumed.stop();

    const unread = await bobOnSecond.messages.unreadCount.query();
    expect(unread.count).toBe(4);
  });

  it('a stream never carries messages of conversations the person is not in', async () => {
    const ann = await person();
    const bob = await person();
    const eve = await person();
    await testDb().userSettings.create({ data: { userId: bob.id, emailGuid: crypto.randomUUID(), isPrivate: false } });
    const annClient = clientFor(first.baseUrl, ann.token);
    const eveStream = collect<TChatMessage>((handlers) =>
      clientFor(second.baseUrl, eve.token).messages.onMessage.subscribe(undefined, {
        onStarted: handlers.onStarted,
        onData: (value) => handlers.onData(value as unknown as { id: string; data: TChatMessage | null }),
      }),
    );
    await eveStream.ready;
    const { conversationId } = await annClient.messages.startDirect.mutate({ userId: bob.id });
    await annClient.messages.send.mutate({ conversationId, body: 'Private to Bob' });
    // Resuming from 0 asks for everything after id 0: still only Eve's own conversations.
    const replay = collect<TChatMessage>((handlers) =>
      clientFor(first.baseUrl, eve.token).messages.onMessage.subscribe(
        { lastEventId: '0' },
        {
          onStarted: handlers.onStarted,
          onData: (value) => handlers.onData(value as unknown as { id: string; data: TChatMessage | null }),
        },
      ),
    );
    await replay.ready;
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(eveStream.items).toEqual([]);
    expect(replay.items).toEqual([]);
    eveStream.stop();
    replay.stop();
  });

  it('a notification (a join request to my group) arrives live on the other instance', async () => {
    const owner = await person();
    const asker = await person();
    const ownerClient = clientFor(first.baseUrl, owner.token);
    const { groupId } = await ownerClient.groups.create.mutate({ name: 'Live group', isPrivate: true });
    const live = collect<TNotificationItem>((handlers) =>
      clientFor(second.baseUrl, owner.token).notifications.onNotification.subscribe(undefined, {
        onStarted: handlers.onStarted,
        onData: (value) => handlers.onData(value as unknown as { id: string; data: TNotificationItem | null }),
      }),
    );
    await live.ready;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const joined = await clientFor(first.baseUrl, asker.token).groups.join.mutate({ groupId });
    expect(joined.status).toBe('pending');
    await live.until(1);
    expect(live.items[0]!.data).toMatchObject({ kind: 'group', path: `/groups/${groupId}/members/pending/` });
    expect(live.items[0]!.data.title).toMatch(/asked to join Live group/);
    live.stop();
  });

  it('refuses a stream without a sign-in', async () => {
    const response = await fetch(`${first.baseUrl}/trpc/messages.onMessage`, {
      headers: { accept: 'text/event-stream' },
    });
    const text = await response.text();
    expect(response.status === 401 || text.includes('UNAUTHORIZED')).toBe(true);
  });
});
