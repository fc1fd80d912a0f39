/**
 * Fixed-window failure counters for log-in throttling (per account and per address). In-process;
 * with REDIS_URL a shared store replaces it behind the same interface.
 */
export interface TRateLimiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number;
  recordFailure(key: string): void;
  reset(key: string): void;
}

export function createRateLimiter(options: { max: number; windowMs: number; now?: () => number }): TRateLimiter {
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
    retryAfter(key) {
      const entry = current(key);
      if (!entry || entry.count < options.max) return 0;
      return Math.max(1, Math.ceil((entry.start + options.windowMs - now()) / 1000));
    },
    recordFailure(key) {
      const entry = current(key);
      if (entry) entry.count += 1;
      else windows.set(key, { start: now(), count: 1 });
      if (windows.size > 100_000) windows.delete(windows.keys().next().value as string);
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
