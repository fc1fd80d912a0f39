import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  draw,
  placeLatecomers,
  spliceAlwaysFits,
  SPLICE_NOT_SURE,
  validateAssignment,
  type Restriction,
} from '../../../server/services/exchanges/draw/index.js';

const drawn = (people: string[], seed: string, options: { singleLoop?: boolean; noMutualPairs?: boolean } = {}) => {
  const result = draw({ participants: people, seed, ...options });
  if (!result.ok) throw new Error(result.reason);
  return result.assignment;
};
const changedOf = (before: Map<string, string>, after: Map<string, string>) =>
  [...before].filter(([giver, receiver]) => after.get(giver) !== receiver).map(([giver]) => giver);

describe('placeLatecomers', () => {
  it('one latecomer changes exactly one existing giver and keeps one loop', () => {
    const people = ['a', 'b', 'c', 'd', 'e'];
    const before = drawn(people, 's1', { singleLoop: true });
    const result = placeLatecomers(before, ['z'], [], { singleLoop: true, seed: 'x' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.changedGivers).toHaveLength(1);
    expect(changedOf(before, result.assignment)).toEqual(result.changedGivers);
    expect(validateAssignment([...people, 'z'], result.assignment, { singleLoop: true }).valid).toBe(true);
  });

  it('four or more latecomers are drawn among themselves: no existing giver changes', () => {
    const before = drawn(['a', 'b', 'c', 'd'], 's2');
    const late = ['w', 'x', 'y', 'z'];
    const result = placeLatecomers(before, late, [], { noMutualPairs: true, seed: 'q' });
    expect(result).toMatchObject({ ok: true, method: 'own-draw', changedGivers: [] });
    if (!result.ok) return;
    for (const id of late) expect(late).toContain(result.assignment.get(id));
  });

  it('two or three latecomers are spliced (never a ring of their own, which would name their Santas)', () => {
    const before = drawn(['a', 'b', 'c', 'd', 'e'], 's3');
    const result = placeLatecomers(before, ['y', 'z'], [], { seed: 'r' });
    expect(result).toMatchObject({ ok: true, method: 'spliced' });
    if (!result.ok) return;
    expect(result.changedGivers.length).toBeGreaterThanOrEqual(1);
    expect(result.changedGivers.length).toBeLessThanOrEqual(2);
  });

  it('refuses, changing nothing, when no splice fits the restrictions', () => {
    const before = drawn(['a', 'b', 'c'], 's4');
    const restrictions: Restriction[] = ['a', 'b', 'c'].map((id) => ({ giver: id, receiver: 'z' }));
    expect(placeLatecomers(before, ['z'], restrictions)).toMatchObject({ ok: false, reason: 'no-local-repair' });
  });

  it('every placement keeps every rule (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 9 }),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(14), fc.nat(14)), { maxLength: 12 }),
        fc.string(),
        (existing, late, singleLoop, noMutualPairs, pairs, seed) => {
          const people = Array.from({ length: existing }, (_, i) => `p${i}`);
          const latecomers = Array.from({ length: late }, (_, i) => `l${i}`);
          const all = [...people, ...latecomers];
          const restrictions = pairs
            .map(([g, r]) => ({ giver: all[g % all.length]!, receiver: all[r % all.length]! }))
            .filter((r) => r.giver !== r.receiver && (latecomers.includes(r.giver) || latecomers.includes(r.receiver)));
          const first = draw({ participants: people, singleLoop, noMutualPairs, seed: `${seed}:d` });
          if (!first.ok) return;
          const result = placeLatecomers(first.assignment, latecomers, restrictions, {
            singleLoop,
            noMutualPairs,
            seed,
          });
          if (!result.ok) return;
          expect(validateAssignment(all, result.assignment, { restrictions, singleLoop, noMutualPairs }).valid).toBe(
            true,
          );
          const changed = changedOf(first.assignment, result.assignment);
          expect(changed.sort()).toEqual([...result.changedGivers].sort());
          expect(changed.length).toBeLessThanOrEqual(result.method === 'own-draw' ? 0 : late);
          if (late === 1) expect(changed).toHaveLength(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('spliceAlwaysFits', () => {
  it('holds when allowed givers and recipients outnumber the pairs, whatever the draw', () => {
    const people = ['a', 'b', 'c', 'd'];
    // z may draw a, b and be drawn by c, d: 2 + 2 = 4 pairs, not more: some draw (c→a, d→b) refuses.
    const tight = [
      { giver: 'z', receiver: 'c' },
      { giver: 'z', receiver: 'd' },
      { giver: 'a', receiver: 'z' },
      { giver: 'b', receiver: 'z' },
    ];
    expect(spliceAlwaysFits(people, ['z'], tight)).toBe(false);
    expect(spliceAlwaysFits(people, ['z'], tight.slice(1))).toBe(true);
    // Sure means every draw takes the splice.
    for (let seed = 0; seed < 30; seed++) {
      const result = placeLatecomers(drawn(people, `t${seed}`), ['z'], tight.slice(1), {
        spliceOnlyIfSure: { restrictions: tight.slice(1) },
      });
      expect(result.ok).toBe(true);
    }
    expect(
      placeLatecomers(drawn(people, 'u'), ['z'], tight, { spliceOnlyIfSure: { restrictions: tight } }),
    ).toMatchObject({ ok: false, message: SPLICE_NOT_SURE });
  });
});
