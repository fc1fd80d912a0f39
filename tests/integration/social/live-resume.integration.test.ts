/**
 * Live streams resume after a dropped connection without losing or repeating anything, through the
 * real HTTP servers (two instances behind one Redis) and the browser's tRPC links: the connection is
 * really cut (the response body errors and the HTTP request is cancelled), the client's EventSource
 * reconnects by itself with its Last-Event-ID, and the stream sends what was missed while it was down:
 *
 * - a stream that had sent nothing yet resumes from where it started (its first event carries that);
 * - a stream resumes from its last event, on the same instance or the other one;
 * - a write that got its place (its id, its time) earlier but committed later than one already
 *   delivered is not skipped (two messages, two notifications committed in reverse order).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessage, TNotificationItem } from '../../../server/contracts/social';
import { createRedisBus, type TRealtimeBus } from '../../../server/realtime/bus';
import type { TAppRouter } from '../../../server/trpc/router';
import { ensureRedis } from '../../../scripts/lib/redis-server';
import { createMember, identityFor } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';
import { trpcClientFor } from '../../helpers/trpc-client';

let redis: Awaited<ReturnType<typeof ensureRedis>>;
let first: TTestServer;
let second: TTestServer;
/** The instances' bus, as a service that wrote a notification publishes on it. */
let bus: TRealtimeBus;
const deps = testDeps();

beforeAll(async () => {
  redis = await ensureRedis();
  const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `resume-${randomBytes(4).toString('hex')}:` };
  first = await startTestServer(env);
  second = await startTestServer(env);
  bus = createRedisBus(new Redis(redis.url), env.REDIS_KEY_PREFIX);
});
afterAll(async () => {
  await bus.close();
  await redis.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function person(isPrivate = true) {
  const member = await createMember(testDb());
  if (!isPrivate)
    await testDb().userSettings.create({ data: { userId: member.id, emailGuid: randomUUID(), isPrivate: false } });
  const identity = await identityFor(deps, member.id);
  return { id: member.id, token: identity.token, client: trpcClientFor(first.baseUrl, identity.token) };
}

/**
 * A tRPC client whose live connection can be cut like a network drop: `drop()` errors the response
 * body under the EventSource and cancels the HTTP request, and holds its reconnection until
 * `reconnect()` (optionally to another instance). `requests` records each connection's Last-Event-ID.
 */
function droppableClient(baseUrl: string, token: string) {
  let target = baseUrl;
  let gate: Promise<void> = Promise.resolve();
  let openGate = () => {};
  let cut: (() => void) | null = null;
  const requests: { host: string; lastEventId: string | null }[] = [];

  async function streamFetch(input: string | URL, init?: RequestInit): Promise<Response> {
    await gate;
    const url = new URL(String(input));
    url.host = new URL(target).host;
    const headers = new Headers(init?.headers);
    requests.push({ host: url.host, lastEventId: headers.get('last-event-id') });
    const response = await fetch(url, { ...init, headers });
    const upstream = response.body!.getReader();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => void (controller = c),
      async pull(c) {
        try {
          const { done, value } = await upstream.read();
          if (done) c.close();
          else c.enqueue(value);
        } catch (error) {
          c.error(error);
        }
      },
      cancel: (reason) => upstream.cancel(reason),
    });
    cut = () => {
      controller.error(new TypeError('network connection lost'));
      void upstream.cancel().catch(() => undefined);
    };
    return new Response(body, { status: response.status, headers: response.headers });
  }

  const client = createTRPCClient<TAppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: `${baseUrl}/trpc`,
          EventSource,
          // The token as the browser's live link sends it; the fetch only cuts and redirects.
          connectionParams: { token },
          eventSourceOptions: () => ({ fetch: streamFetch }),
        }),
        false: httpBatchLink({ url: `${baseUrl}/trpc`, headers: { authorization: `Bearer ${token}` } }),
      }),
    ],
  });
  return {
    client,
    requests,
    drop() {
      gate = new Promise<void>((resolve) => (openGate = resolve));
      cut?.();
      cut = null;
    },
    reconnect(to?: string) {
      if (to) target = to;
      openGate();
    },
  };
}

/** A stream's events: items, and the positions of events without one (each (re)start). */
function collect<T>() {
  const items: { id: string; data: T }[] = [];
  const positions: string[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((resolve) => resolve());
  async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), sleep(200)]);
    }
  }
  return {
    items,
    positions,
    /** The id of the last event of either kind (what the EventSource sends back). */
    lastId: '',
    onData(value: unknown) {
      const event = value as { id: string; data: T | null };
      this.lastId = event.id;
      if (event.data === null) positions.push(event.id);
      else items.push({ id: event.id, data: event.data });
      wake();
    },
    items_: (count: number) => until(() => items.length >= count, `${count} items (have ${items.length})`),
    positions_: (count: number) => until(() => positions.length >= count, `${count} positions`),
  };
}

describe('resuming live messages', () => {
  it('a stream that had sent nothing, and one that had, get every message missed while down, once', async () => {
    const ann = await person();
    const bob = await person(false);
    const { conversationId } = await ann.client.messages.startDirect.mutate({ userId: bob.id });
    const bobLive = droppableClient(first.baseUrl, bob.token);
    const events = collect<TChatMessage>();
    const subscription = bobLive.client.messages.onMessage.subscribe(undefined, {
      onData: (value) => events.onData(value),
    });
    // The stream starts with its position, before any message.
    await events.positions_(1);
    expect(events.items).toEqual([]);

    bobLive.drop();
    const missed = [
      await ann.client.messages.send.mutate({ conversationId, body: 'While you were away (1)' }),
      await ann.client.messages.send.mutate({ conversationId, body: 'While you were away (2)' }),
    ];
    bobLive.reconnect();
    await events.items_(2);
    // The EventSource came back with the start position: nothing had arrived before the drop.
    expect(bobLive.requests.map((request) => request.lastEventId)).toEqual([null, events.positions[0]]);
    await events.positions_(2);

    await sleep(300);
    const live = await ann.client.messages.send.mutate({ conversationId, body: 'Back live' });
    await events.items_(3);

    // Down again, back on the other instance: it resumes from the last event Bob had.
    bobLive.drop();
    const lastBeforeDrop = events.lastId;
    const missedAgain = await ann.client.messages.send.mutate({ conversationId, body: 'Away once more' });
    bobLive.reconnect(second.baseUrl);
    await events.items_(4);
    expect(bobLive.requests.at(-1)).toEqual({ host: new URL(second.baseUrl).host, lastEventId: lastBeforeDrop });

    await sleep(500);
    subscription.unsubscribe();
    // Every message once, in order: nothing lost, nothing repeated.
    expect(events.items.map((item) => item.data.messageId)).toEqual(
      [...missed, live, missedAgain].map((message) => message.messageId),
    );
    expect(events.items.map((item) => item.data.body)).toEqual([
      'While you were away (1)',
      'While you were away (2)',
      'Back live',
      'Away once more',
    ]);
  });

  it('a long absence (more messages than a page, and than a position names) arrives in order, once', async () => {
    const ann = await person();
    const bob = await person(false);
    const { conversationId } = await ann.client.messages.startDirect.mutate({ userId: bob.id });
    const bobLive = droppableClient(first.baseUrl, bob.token);
    const events = collect<TChatMessage>();
    const subscription = bobLive.client.messages.onMessage.subscribe(undefined, {
      onData: (value) => events.onData(value),
    });
    await events.positions_(1);
    bobLive.drop();
    const bodies = Array.from({ length: 130 }, (_, index) => `Missed ${index + 1}`);
    await testDb().chatMessage.createMany({
      data: bodies.map((body) => ({ conversationId, senderId: ann.id, body })),
    });
    bobLive.reconnect();
    await events.items_(130);
    await sleep(500);
    subscription.unsubscribe();
    expect(events.items.map((item) => item.data.body)).toEqual(bodies);
    // Every event's position stays short: the floor moved up as the catch-up went.
    expect(Math.max(...events.items.map((item) => item.id.length))).toBeLessThan(1_000);
  });

  it('a message whose id came first but whose transaction committed last is not skipped', async () => {
    const ann = await person();
    const carol = await person();
    const bob = await person(false);
    const direct = await ann.client.messages.startDirect.mutate({ userId: bob.id });
    const other = await carol.client.messages.startDirect.mutate({ userId: bob.id });
    const bobLive = droppableClient(first.baseUrl, bob.token);
    const events = collect<TChatMessage>();
    const subscription = bobLive.client.messages.onMessage.subscribe(undefined, {
      onData: (value) => events.onData(value),
    });
    await events.positions_(1);
    await sleep(300);

    let earlyId = 0n;
    let later!: TChatMessage;
    // Carol's message gets its id in a transaction held open while Ann's, with the next id, commits
    // and reaches Bob; then Bob's connection drops, and only then does Carol's commit.
    await testDb().$transaction(
      async (tx) => {
        const early = await tx.chatMessage.create({
          data: { conversationId: other.conversationId, senderId: carol.id, body: 'Written first, committed last' },
          select: { id: true },
        });
        earlyId = early.id;
        later = await ann.client.messages.send.mutate({
          conversationId: direct.conversationId,
          body: 'Written second, committed first',
        });
        expect(BigInt(later.messageId)).toBeGreaterThan(earlyId);
        await events.items_(1);
        bobLive.drop();
      },
      { timeout: 20_000 },
    );

    bobLive.reconnect();
    await events.items_(2);
    await sleep(500);
    subscription.unsubscribe();
    expect(events.items.map((item) => item.data.messageId)).toEqual([later.messageId, earlyId.toString()]);
    expect(events.items[1]!.data).toMatchObject({ body: 'Written first, committed last', isMine: false });
  });
});

describe('resuming live notifications', () => {
  it('a stream that had sent nothing gets what came while down, and a notification committed late is not skipped', async () => {
    const owner = await person(false);
    const fans = [await person(), await person(), await person()];
    const ownerLive = droppableClient(first.baseUrl, owner.token);
    const events = collect<TNotificationItem>();
    const subscription = ownerLive.client.notifications.onNotification.subscribe(undefined, {
      onData: (value) => events.onData(value),
    });
    await events.positions_(1);

    // Down before anything arrived: a new follower meanwhile.
    ownerLive.drop();
    await fans[0]!.client.people.follow.mutate({ userId: owner.id });
    ownerLive.reconnect();
    await events.items_(1);
    expect(events.items[0]!.data).toMatchObject({ kind: 'follow', payload: { userId: fans[0]!.id } });
    await events.positions_(2);
    await sleep(300);

    // A notice written (and timed) first but committed after a later one was written, committed and
    // delivered (published on the bus as notify.ts does; a follow would wait on the held row).
    const notice = (userId: string) => ({
      id: randomUUID(),
      userId: owner.id,
      kind: 'follow',
      payload: JSON.stringify({ userId }),
    });
    const early = notice(fans[1]!.id);
    const later = notice(fans[2]!.id);
    await testDb().$transaction(
      async (tx) => {
        await tx.notification.create({ data: early });
        await sleep(20);
        await testDb().notification.create({ data: later });
        await bus.publish([owner.id], { kind: 'notification', notificationId: later.id });
        await events.items_(2);
        ownerLive.drop();
      },
      { timeout: 20_000 },
    );
    ownerLive.reconnect();
    await events.items_(3);
    await sleep(500);
    subscription.unsubscribe();
    expect(events.items.map((item) => item.data.payload.userId)).toEqual([fans[0]!.id, fans[2]!.id, fans[1]!.id]);
    expect(events.items.map((item) => item.data.notificationId).slice(1)).toEqual([later.id, early.id]);
  });
});
