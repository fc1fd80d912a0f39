import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../server/auth/rate-limit';
import { unknownEmailSubject } from '../../../server/auth/password-throttle';

describe('rate limiter with a growing lock (backoff)', () => {
  it('locks at max, then doubles the lock after each further failure, up to the cap', async () => {
    let now = 0;
    const limiter = createRateLimiter({ max: 3, windowMs: 60_000, backoff: { maxMs: 300_000 }, now: () => now });
    for (let i = 0; i < 2; i += 1) await limiter.record('k');
    expect(await limiter.retryAfter('k')).toBe(0);
    await limiter.record('k');
    expect(await limiter.retryAfter('k')).toBe(60);
    now = 60_000;
    expect(await limiter.retryAfter('k')).toBe(0);
    await limiter.record('k'); // 4th failure: 2 minutes from now
    expect(await limiter.retryAfter('k')).toBe(120);
    now += 120_000;
    await limiter.record('k'); // 5th: 4 minutes
    expect(await limiter.retryAfter('k')).toBe(240);
    now += 240_000;
    await limiter.record('k'); // 6th: 8 minutes, capped at 5
    expect(await limiter.retryAfter('k')).toBe(300);
    expect(await limiter.count('k')).toBe(6);
    // After the lock and a quiet window the key is forgotten.
    now += 300_000 + 60_000;
    expect(await limiter.count('k')).toBe(0);
  });

  it('a success resets the key', async () => {
    const limiter = createRateLimiter({ max: 2, windowMs: 60_000, backoff: { maxMs: 600_000 } });
    await limiter.record('k');
    await limiter.record('k');
    expect(await limiter.retryAfter('k')).toBeGreaterThan(0);
    await limiter.reset('k');
    expect(await limiter.retryAfter('k')).toBe(0);
  });
});

describe('rate limiter memory', () => {
  it('stays bounded under a million distinct keys', async () => {
    // What the limiter keeps, not the garbage its million calls left: collected before each
    // reading (the worker's heap is shared with other test files, whose garbage counted too).
    v8.setFlagsFromString('--expose-gc');
    const collect = vm.runInNewContext('gc') as () => void;
    const limiter = createRateLimiter({ max: 5, windowMs: 900_000, maxKeys: 10_000 });
    collect();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 1_000_000; i += 1) await limiter.record(`login:email:flood${i}@example.test`);
    collect();
    expect(limiter.size).toBe(10_000);
    // The newest keys are kept, the oldest evicted.
    expect(await limiter.count('login:email:flood999999@example.test')).toBe(1);
    expect(await limiter.count('login:email:flood0@example.test')).toBe(0);
    // 10,000 small entries: far below what a million would take (well over 100 MB in a Map).
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('throttle subjects for unknown addresses', () => {
  it('fold case, accents and width like the column collation', () => {
    const plain = unknownEmailSubject('jose@example.test');
    expect(unknownEmailSubject('JOSÉ@example.test')).toBe(plain);
    expect(unknownEmailSubject('jose\u0301@example.test')).toBe(plain);
    expect(unknownEmailSubject('ｊｏｓｅ@example.test')).toBe(plain);
    expect(unknownEmailSubject('josh@example.test')).not.toBe(plain);
  });
});
