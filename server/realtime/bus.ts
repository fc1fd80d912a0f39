/**
 * Live events for subscriptions (new messages, notifications): publish to a person's channel, and
 * every open stream of that person, on any instance, hears it. In one process an EventEmitter
 * does it; with REDIS_URL, Redis pub/sub fans events out across instances (ioredis: one extra
 * connection in subscriber mode, opened on the first subscription).
 *
 * Events only say "something arrived"; the streams read the rows themselves (server/realtime/
 * streams.ts), so a lost pub/sub message never loses data: the next event or a reconnect with the
 * last event id catches up from the database.
 */
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

export type TLiveEvent =
  | { kind: 'message'; conversationId: string; messageId: string }
  | { kind: 'notification'; notificationId: string }
  /** Notifications already delivered changed (read elsewhere, e.g. a join request answered). */
  | { kind: 'notifications-changed' }
  /** A new post on an exchange's wall (the post only: each reader's stream reads it for them). */
  | { kind: 'wall'; exchangeId: string; postId: string }
  /** A post left an exchange's wall (removed): open walls reload what they show. */
  | { kind: 'wall-removed'; exchangeId: string; postId: string };

export interface TRealtimeBus {
  publish(userIds: readonly string[], event: TLiveEvent): Promise<void>;
  /** Calls `listener` for each event on the person's channel until the returned function runs. */
  subscribe(userId: string, listener: (event: TLiveEvent) => void): Promise<() => void>;
  close(): Promise<void>;
}

export function createMemoryBus(): TRealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(userIds, event) {
      for (const userId of new Set(userIds)) emitter.emit(userId, event);
    },
    async subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function createRedisBus(redis: Redis, prefix: string): TRealtimeBus {
  const local = createMemoryBus();
  const channelOf = (userId: string): string => `${prefix}live:${userId}`;
  let subscriber: Redis | null = null;
  const counts = new Map<string, number>();

  function ensureSubscriber(): Redis {
    if (subscriber) return subscriber;
    subscriber = redis.duplicate();
    subscriber.on('message', (channel: string, raw: string) => {
      const userId = channel.slice(`${prefix}live:`.length);
      try {
        void local.publish([userId], JSON.parse(raw) as TLiveEvent);
      } catch {
        // A malformed payload on our channel is dropped: streams re-read from the database anyway.
      }
    });
    return subscriber;
  }

  return {
    async publish(userIds, event) {
      const payload = JSON.stringify(event);
      const pipeline = redis.pipeline();
      for (const userId of new Set(userIds)) pipeline.publish(channelOf(userId), payload);
      await pipeline.exec();
    },
    async subscribe(userId, listener) {
      const connection = ensureSubscriber();
      const count = counts.get(userId) ?? 0;
      counts.set(userId, count + 1);
      if (count === 0) await connection.subscribe(channelOf(userId));
      const off = await local.subscribe(userId, listener);
      return () => {
        off();
        const left = (counts.get(userId) ?? 1) - 1;
        if (left <= 0) {
          counts.delete(userId);
          void connection.unsubscribe(channelOf(userId)).catch(() => undefined);
        } else counts.set(userId, left);
      };
    },
    async close() {
      await local.close();
      if (subscriber) await subscriber.quit().catch(() => undefined);
    },
  };
}
