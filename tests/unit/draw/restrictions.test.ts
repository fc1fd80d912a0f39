import { describe, it, expect } from 'vitest';
import {
  buildRestrictionIndex,
  createRng,
  groups,
  indexFromLists,
  isAllowed,
  notLastTime,
  randomPermutation,
  sattolo,
  twoWay,
} from '../../../server/services/exchanges/draw/index.js';

describe('restriction helpers', () => {
  it('twoWay', () => {
    expect(twoWay('a', 'b')).toEqual([
      { giver: 'a', receiver: 'b' },
      { giver: 'b', receiver: 'a' },
    ]);
  });

  it('groups: every ordered pair inside each household, none across', () => {
    const r = groups([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(r).toHaveLength(6 + 2);
    expect(r).toContainEqual({ giver: 'c', receiver: 'a' });
    expect(r).not.toContainEqual({ giver: 'a', receiver: 'd' });
    expect(r.some((x) => x.giver === x.receiver)).toBe(false);
  });

  it('notLastTime from a Map and from a Record', () => {
    const expected = [
      { giver: 'a', receiver: 'b' },
      { giver: 'b', receiver: 'a' },
    ];
    expect(
      notLastTime(
        new Map([
          ['a', 'b'],
          ['b', 'a'],
        ]),
      ),
    ).toEqual(expected);
    expect(notLastTime({ a: 'b', b: 'a' })).toEqual(expected);
  });
});

describe('restriction index', () => {
  it('sorts, dedupes, drops self and same-household pairs', () => {
    const ix = indexFromLists(5, [[3, 1, 3, 0], [], [4], [], []], [[0, 1]]);
    expect(Array.from(ix.targets.subarray(ix.offsets[0]!, ix.offsets[1]!))).toEqual([3]);
    expect(isAllowed(ix, 0, 0)).toBe(false);
    expect(isAllowed(ix, 0, 1)).toBe(false); // household
    expect(isAllowed(ix, 1, 0)).toBe(false); // household
    expect(isAllowed(ix, 0, 2)).toBe(true);
    expect(isAllowed(ix, 0, 3)).toBe(false);
    expect(isAllowed(ix, 2, 4)).toBe(false);
    expect(isAllowed(ix, 4, 2)).toBe(true);
  });

  it('a person in two households is restricted in both, without merging them', () => {
    const built = buildRestrictionIndex(
      ['a', 'b', 'c', 'd'],
      [],
      [
        ['a', 'b'],
        ['b', 'c'],
      ],
    );
    if (!built.ok) throw new Error('build failed');
    const ix = built.index;
    expect(isAllowed(ix, 0, 1)).toBe(false);
    expect(isAllowed(ix, 1, 2)).toBe(false);
    expect(isAllowed(ix, 2, 1)).toBe(false);
    expect(isAllowed(ix, 0, 2)).toBe(true);
    expect(isAllowed(ix, 2, 0)).toBe(true);
  });

  it('rejects out-of-range indexes', () => {
    expect(() => indexFromLists(2, [[5], []])).toThrow(RangeError);
  });
});

describe('random', () => {
  it('seeded generators repeat, int stays in range', () => {
    const a = createRng(7);
    const b = createRng(7);
    const c = createRng('7');
    const xs = Array.from({ length: 20 }, () => a.nextU32());
    expect(Array.from({ length: 20 }, () => b.nextU32())).toEqual(xs);
    expect(Array.from({ length: 20 }, () => c.nextU32())).not.toEqual(xs);
    for (let i = 0; i < 1000; i++) {
      const v = a.int(7);
      expect(v >= 0 && v < 7 && Number.isInteger(v)).toBe(true);
      const f = a.next();
      expect(f >= 0 && f < 1).toBe(true);
    }
  });

  it('Fisher–Yates gives permutations, Sattolo gives one cycle', () => {
    const rng = createRng(1);
    for (let n = 2; n < 30; n++) {
      const p = randomPermutation(n, rng);
      expect([...p].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
      const s = sattolo(n, rng);
      let v = 0;
      let len = 0;
      do {
        v = s[v]!;
        len++;
      } while (v !== 0);
      expect(len).toBe(n);
    }
  });
});
