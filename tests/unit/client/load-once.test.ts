/** One load shared by every caller, run again only after it failed (renderer/client/load-once.ts). */
import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../../renderer/client/load-once';

describe('loadOnce', () => {
  it('runs the load once and hands every caller the same promise, with the first call’s arguments', async () => {
    const runs: string[] = [];
    const load = loadOnce((name: string) => (runs.push(name), Promise.resolve(`module ${name}`)));
    const first = load('a');
    const second = load('b');
    expect(second).toBe(first);
    await expect(first).resolves.toBe('module a');
    await expect(load('c')).resolves.toBe('module a');
    expect(runs).toEqual(['a']);
  });

  it('runs it again after a failure, and keeps the answer that came', async () => {
    let attempts = 0;
    const load = loadOnce(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('module');
    });
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toBe('module');
    await expect(load()).resolves.toBe('module');
    expect(attempts).toBe(2);
  });
});
