/**
 * The live streams behind the tRPC subscriptions (SSE through httpSubscriptionLink): new chat
 * messages and new notifications of one person. Each yields `tracked(id, item)`, so the client's
 * EventSource resumes with the last id it saw after a dropped connection; the stream then first
 * catches up from the database (nothing is lost while away), and then follows the bus.
 *
 * The bus subscription opens before the catch-up read, so an event that arrives meanwhile is
 * queued, not missed; items already sent are skipped by id.
 */
import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { TChatMessage, TNotificationItem } from '../contracts/social';
import type { TAppDeps } from '../deps';
import { messageFor, messagesAfter } from '../services/messages/conversations';
import { notificationFor, notificationsAfter } from '../services/notifications/state';
import type { TLiveEvent } from './bus';

type TDeps = Pick<TAppDeps, 'db' | 'bus'>;

/**
 * Subscribes to one person's channel (resolved once listening) and returns its events as an async
 * iterator that ends when `signal` aborts.
 */
async function liveEvents(
  deps: TDeps,
  userId: string,
  signal: AbortSignal | undefined,
): Promise<{ events: AsyncGenerator<TLiveEvent>; close: () => void }> {
  const queue: TLiveEvent[] = [];
  let wake: (() => void) | null = null;
  const off = await deps.bus.subscribe(userId, (event) => {
    queue.push(event);
    wake?.();
  });
  let closed = false;
  const close = () => {
    if (!closed) off();
    closed = true;
  };
  return { events: drain(queue, close, (resolve) => (wake = resolve), signal), close };
}

async function* drain(
  queue: TLiveEvent[],
  off: () => void,
  setWake: (resolve: (() => void) | null) => void,
  signal: AbortSignal | undefined,
): AsyncGenerator<TLiveEvent> {
  let wake: (() => void) | null = null;
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    while (!signal?.aborted) {
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setWake(resolve);
        if (queue.length > 0 || signal?.aborted) resolve();
      });
      wake = null;
      setWake(null);
    }
  } finally {
    off();
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Remembers the last ids sent (bounded), so a catch-up and a live event never send one twice. */
function recentIds(max = 1000) {
  const seen = new Set<string>();
  return {
    has: (id: string) => seen.has(id),
    add(id: string) {
      seen.add(id);
      if (seen.size > max) seen.delete(seen.values().next().value as string);
    },
  };
}

/** At most this many pages of 200 messages are replayed to a resumed stream. */
const CATCH_UP_PAGES = 5;

export async function* messageStream(
  deps: TDeps,
  userId: string,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
): AsyncGenerator<TrackedEnvelope<TChatMessage>> {
  const { events, close } = await liveEvents(deps, userId, signal);
  const sent = recentIds();
  try {
    if (lastEventId && /^\d{1,19}$/.test(lastEventId)) {
      // A dropped connection catches up on what it missed, up to a bound: a page that was away
      // longer (or asks from 0) reloads its chats from the queries instead of a replay of everything.
      let cursor = BigInt(lastEventId);
      for (let page = 0; page < CATCH_UP_PAGES; page += 1) {
        const missed = await messagesAfter(deps.db, userId, cursor);
        for (const message of missed) {
          sent.add(message.messageId);
          yield tracked(message.messageId, message);
        }
        if (missed.length < 200) break;
        cursor = BigInt(missed[missed.length - 1]!.messageId);
      }
    }
    for await (const event of events) {
      if (event.kind !== 'message' || sent.has(event.messageId)) continue;
      const message = await messageFor(deps.db, userId, BigInt(event.messageId));
      if (!message) continue;
      sent.add(message.messageId);
      yield tracked(message.messageId, message);
    }
  } finally {
    close();
  }
}

export async function* notificationStream(
  deps: TDeps,
  userId: string,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
): AsyncGenerator<TrackedEnvelope<TNotificationItem>> {
  const { events, close } = await liveEvents(deps, userId, signal);
  const sent = recentIds();
  try {
    if (lastEventId) {
      for (const item of await notificationsAfter(deps.db, userId, lastEventId)) {
        sent.add(item.notificationId);
        yield tracked(item.notificationId, item);
      }
    }
    for await (const event of events) {
      if (event.kind !== 'notification' || sent.has(event.notificationId)) continue;
      const item = await notificationFor(deps.db, userId, event.notificationId);
      if (!item) continue;
      sent.add(item.notificationId);
      yield tracked(item.notificationId, item);
    }
  } finally {
    close();
  }
}
