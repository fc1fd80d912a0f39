/**
 * A small TTL cache for server-side caches (spec §9: enums 1 hour; menu, guides, markets, merchants
 * 5 minutes). In-process; a Redis-backed implementation can replace it behind the same interface.
 */
export interface TCache {
  getOrLoad<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  delete(key: string): void;
  clear(): void;
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
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
