/**
 * Fixed-window counters for throttling (log-in failures per account and per address, client log
 * batches). In-process by default; with REDIS_URL the counters live in Redis so every instance
 * behind a load balancer sees the same counts.
 */
import type { Redis } from 'ioredis';

export interface TRateLimiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): Promise<number>;
  /** Counts one event (a failure, a batch) for the key. */
  record(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface TRateLimitOptions {
  max: number;
  windowMs: number;
}

export function createRateLimiter(options: TRateLimitOptions & { now?: () => number }): TRateLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string): { start: number; count: number } | undefined => {
    const entry = windows.get(key);
    if (entry && now() - entry.start >= options.windowMs) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async retryAfter(key) {
      const entry = current(key);
      if (!entry || entry.count < options.max) return 0;
      return Math.max(1, Math.ceil((entry.start + options.windowMs - now()) / 1000));
    },
    async record(key) {
      const entry = current(key);
      if (entry) entry.count += 1;
      else windows.set(key, { start: now(), count: 1 });
      if (windows.size > 100_000) windows.delete(windows.keys().next().value as string);
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** The same fixed window in Redis: INCR, with the expiry set by the first event of a window. */
export function createRedisRateLimiter(redis: Redis, options: TRateLimitOptions & { prefix: string }): TRateLimiter {
  const redisKey = (key: string): string => `${options.prefix}rate:${key}`;
  return {
    async retryAfter(key) {
      const [count, ttl] = await Promise.all([redis.get(redisKey(key)), redis.pttl(redisKey(key))]);
      if (!count || Number(count) < options.max) return 0;
      return Math.max(1, Math.ceil((ttl > 0 ? ttl : options.windowMs) / 1000));
    },
    async record(key) {
      await redis.multi().incr(redisKey(key)).pexpire(redisKey(key), options.windowMs, 'NX').exec();
    },
    async reset(key) {
      await redis.del(redisKey(key));
    },
  };
}
