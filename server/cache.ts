/**
 * A small TTL cache for server-side caches (spec §9: enums 1 hour; menu, guides, markets, merchants
 * 5 minutes). In-process by default; with REDIS_URL the values (JSON) are shared by every instance.
 */
import type { Redis } from 'ioredis';

export interface TCache {
  /** Values must survive JSON (the Redis cache stores them so). */
  getOrLoad<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  delete(key: string): Promise<void>;
}

export function createMemoryCache(now: () => number = Date.now, maxEntries = 5_000): TCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    async getOrLoad<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { expires: now() + ttlMs, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      // A failed load must not be cached.
      value.catch(() => entries.delete(key));
      return value;
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

export function createRedisCache(redis: Redis, prefix: string): TCache {
  return {
    async getOrLoad<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      const stored = await redis.get(`${prefix}cache:${key}`);
      if (stored !== null) return JSON.parse(stored) as T;
      const value = await load();
      await redis.set(`${prefix}cache:${key}`, JSON.stringify(value ?? null), 'PX', ttlMs);
      return value;
    },
    async delete(key) {
      await redis.del(`${prefix}cache:${key}`);
    },
  };
}
