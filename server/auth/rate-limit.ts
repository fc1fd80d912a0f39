/**
 * Counters for throttling: log-in failures (per account + client, per account, per client), mail
 * budgets and client log batches. In-process by default; with REDIS_URL the counters live in Redis
 * so every instance behind a load balancer sees the same counts.
 *
 * Why our own and not @fastify/rate-limit: that plugin counts requests to a route before the
 * handler runs. The log-in throttle counts only *failures*, keyed on the account the handler finds
 * (not the literal e-mail typed), is reset by a success, and locks for a growing time; the mail
 * budget is keyed on the recipient inside the body. Both need counters the handler drives.
 *
 * A key's count lives in a window that starts at its first event. Without `backoff` a key is
 * refused once it reaches `max` until its window ends. With `backoff`, reaching `max` locks the key
 * for `windowMs`, and every further event doubles the lock (counted from the last event), up to
 * `backoff.maxMs`; the count is kept until the lock and a quiet window after it have passed, so a
 * client that fails again right after its lock waits twice as long.
 *
 * Memory is bounded: the in-process store is an LRU of at most `maxKeys` keys (100,000 by
 * default) whose entries also expire, so a flood of distinct keys (a million random e-mails)
 * evicts the oldest instead of growing the heap.
 */
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

export interface TRateLimiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): Promise<number>;
  /** Events counted for the key so far (0 when none, or when its window has passed). */
  count(key: string): Promise<number>;
  /** Counts one event (a failure, a batch) for the key. */
  record(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface TRateLimitOptions {
  max: number;
  windowMs: number;
  /** Growing lock once `max` is reached (see the module comment). */
  backoff?: { maxMs: number };
}

export const DEFAULT_MAX_KEYS = 100_000;

interface TWindow {
  start: number;
  count: number;
  last: number;
}

/** How long the key is refused after its last event, or 0 when it is not refused. */
function lockMs(options: TRateLimitOptions, count: number): number {
  if (count < options.max) return 0;
  if (!options.backoff) return options.windowMs;
  const doublings = Math.min(count - options.max, 30);
  return Math.min(options.backoff.maxMs, options.windowMs * 2 ** doublings);
}

/** When a window's entry may be forgotten. */
function expiresAt(options: TRateLimitOptions, entry: TWindow): number {
  if (!options.backoff) return entry.start + options.windowMs;
  return entry.last + lockMs(options, entry.count) + options.windowMs;
}

function secondsUntil(at: number, now: number): number {
  return at > now ? Math.max(1, Math.ceil((at - now) / 1000)) : 0;
}

export function createRateLimiter(
  options: TRateLimitOptions & { now?: () => number; maxKeys?: number },
): TRateLimiter & { readonly size: number } {
  const now = options.now ?? Date.now;
  // Bounded by a size of one per key, not by `max`: with `max` the LRU allocates and fills all its
  // slots up front (about 20 ms and 2.4 MB for 100,000 keys, five limiters a process), while counted
  // by size it grows with the keys it holds and evicts the same way at the bound.
  const windows = new LRUCache<string, TWindow>({
    maxSize: options.maxKeys ?? DEFAULT_MAX_KEYS,
    sizeCalculation: () => 1,
  });
  const current = (key: string): TWindow | undefined => {
    const entry = windows.get(key);
    if (entry && expiresAt(options, entry) <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    get size() {
      return windows.size;
    },
    async retryAfter(key) {
      const entry = current(key);
      if (!entry) return 0;
      const lock = lockMs(options, entry.count);
      if (!lock) return 0;
      return secondsUntil(options.backoff ? entry.last + lock : entry.start + options.windowMs, now());
    },
    async count(key) {
      return current(key)?.count ?? 0;
    },
    async record(key) {
      const at = now();
      const entry = current(key);
      if (entry) {
        entry.count += 1;
        entry.last = at;
        windows.set(key, entry);
      } else windows.set(key, { start: at, count: 1, last: at });
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/**
 * The same counters in Redis: INCR with the expiry set by the window's first event; with backoff,
 * the last event's time is kept beside the count and both expire when the lock has passed.
 */
export function createRedisRateLimiter(
  redis: Redis,
  options: TRateLimitOptions & { prefix: string; now?: () => number },
): TRateLimiter {
  const now = options.now ?? Date.now;
  const countKey = (key: string): string => `${options.prefix}rate:${key}`;
  const lastKey = (key: string): string => `${options.prefix}rate-last:${key}`;
  return {
    async retryAfter(key) {
      if (!options.backoff) {
        const [count, ttl] = await Promise.all([redis.get(countKey(key)), redis.pttl(countKey(key))]);
        if (!count || Number(count) < options.max) return 0;
        return Math.max(1, Math.ceil((ttl > 0 ? ttl : options.windowMs) / 1000));
      }
      const [count, last] = await redis.mget(countKey(key), lastKey(key));
      const lock = lockMs(options, Number(count ?? 0));
      if (!lock) return 0;
      return secondsUntil(Number(last ?? now()) + lock, now());
    },
    async count(key) {
      return Number((await redis.get(countKey(key))) ?? 0);
    },
    async record(key) {
      if (!options.backoff) {
        await redis.multi().incr(countKey(key)).pexpire(countKey(key), options.windowMs, 'NX').exec();
        return;
      }
      const at = now();
      const results = await redis.multi().incr(countKey(key)).set(lastKey(key), String(at)).exec();
      const count = Number(results?.[0]?.[1] ?? 1);
      const ttl = lockMs(options, count) + options.windowMs;
      await redis.multi().pexpire(countKey(key), ttl).pexpire(lastKey(key), ttl).exec();
    },
    async reset(key) {
      await redis.del(countKey(key), lastKey(key));
    },
  };
}
