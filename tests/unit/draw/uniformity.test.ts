import { describe, it, expect } from 'vitest';
import { draw } from '../../../server/services/exchanges/draw/index.js';
import { chiSquareCritical, enumerateValid, keyOf, type Instance } from './brute-force.js';

/** Draws `runs` times with seeds 0..runs-1 and returns the chi-square statistic against uniform. */
function chiSquare(
  inst: Instance,
  expectedKeys: string[],
  runs: number,
  opts: Parameters<typeof draw>[0] extends infer T ? Partial<T> : never,
  expectMethod: string,
): { stat: number; df: number } {
  const counts = new Map<string, number>(expectedKeys.map((k) => [k, 0]));
  for (let s = 0; s < runs; s++) {
    const res = draw({ participants: inst.ids, restrictions: inst.restrictions, seed: `u${s}`, ...opts });
    if (!res.ok) throw new Error(`draw failed: ${res.message}`);
    expect(res.method).toBe(expectMethod);
    const key = keyOf(inst.ids, res.assignment);
    const c = counts.get(key);
    if (c === undefined) throw new Error(`draw produced an assignment outside the valid set: ${key}`);
    counts.set(key, c + 1);
  }
  const e = runs / expectedKeys.length;
  let stat = 0;
  for (const c of counts.values()) stat += (c - e) ** 2 / e;
  return { stat, df: expectedKeys.length - 1 };
}

const five: Instance = {
  ids: ['A', 'B', 'C', 'D', 'E'],
  restrictions: [
    { giver: 'A', receiver: 'B' },
    { giver: 'C', receiver: 'A' },
  ],
  households: [],
};

describe('uniformity (chi-square against exhaustive enumeration)', () => {
  it('plain draw, N = 5 with 2 restrictions (rejection sampling)', () => {
    const valid = enumerateValid(five).plain;
    expect(valid.length).toBeGreaterThan(20);
    const { stat, df } = chiSquare(five, valid, 20_000, {}, 'rejection');
    expect(stat).toBeLessThan(chiSquareCritical(df));
  });

  it('single loop, N = 5 with 2 restrictions (rejection over Sattolo cycles)', () => {
    const valid = enumerateValid(five).loop;
    const { stat, df } = chiSquare(five, valid, 6_000, { singleLoop: true }, 'rejection-sattolo');
    expect(stat).toBeLessThan(chiSquareCritical(df));
  });

  it('exact DP sampler (plain and single loop) is uniform too', () => {
    const plain = enumerateValid(five).plain;
    const a = chiSquare(five, plain, 10_000, { limits: { maxRejectionAttempts: 0 } }, 'exact-dp');
    expect(a.stat).toBeLessThan(chiSquareCritical(a.df));
    const loop = enumerateValid(five).loop;
    const b = chiSquare(five, loop, 4_000, { singleLoop: true, limits: { maxRejectionAttempts: 0 } }, 'exact-dp');
    expect(b.stat).toBeLessThan(chiSquareCritical(b.df));
  });

  it('the test can fail: a biased sampler is rejected', () => {
    const valid = enumerateValid(five).plain;
    const e = 20_000 / valid.length;
    // half the assignments drawn 1.2× as often as the other half
    let stat = 0;
    valid.forEach((_, i) => {
      const c = i % 2 === 0 ? e * 1.2 : e * 0.8;
      stat += (c - e) ** 2 / e;
    });
    expect(stat).toBeGreaterThan(chiSquareCritical(valid.length - 1));
  });
});
