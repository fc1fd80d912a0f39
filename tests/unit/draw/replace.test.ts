import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  addParticipant,
  draw,
  removeParticipant,
  replaceParticipant,
  validateAssignment,
  type Restriction,
} from '../../../server/services/exchanges/draw/index.js';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
const loop = new Map([
  ['a', 'b'],
  ['b', 'c'],
  ['c', 'd'],
  ['d', 'e'],
  ['e', 'f'],
  ['f', 'a'],
]);

function unchangedExcept(
  before: Map<string, string>,
  after: Map<string, string>,
  changed: string[],
  gone: string[] = [],
): void {
  for (const [g, r] of before) {
    if (changed.includes(g) || gone.includes(g)) continue;
    expect(after.get(g)).toBe(gone.includes(r) ? undefined : r);
  }
}

describe('replaceParticipant', () => {
  it('takes over the old slot: only two givers change', () => {
    const res = replaceParticipant(loop, 'c', 'z');
    if (!res.ok) throw new Error(res.message);
    expect(res.changedGivers.sort()).toEqual(['b', 'z']);
    expect(res.assignment.get('b')).toBe('z');
    expect(res.assignment.get('z')).toBe('d');
    expect(res.assignment.has('c')).toBe(false);
    unchangedExcept(loop, res.assignment, res.changedGivers, ['c']);
  });

  it('local repair with 3 changes when the newcomer may not take the slot; single loop kept', () => {
    const restrictions: Restriction[] = [{ giver: 'z', receiver: 'd' }];
    const res = replaceParticipant(loop, 'c', 'z', restrictions, { singleLoop: true, seed: 1 });
    if (!res.ok) throw new Error(res.message);
    expect(res.changedGivers).toHaveLength(3);
    const people = ['a', 'b', 'z', 'd', 'e', 'f'];
    expect(validateAssignment(people, res.assignment, { restrictions, singleLoop: true }).valid).toBe(true);
    for (const [g, r] of loop) {
      if (g === 'c' || res.changedGivers.includes(g)) continue;
      expect(res.assignment.get(g)).toBe(r);
    }
  });

  it('property: valid, minimal-ish, nobody outside changedGivers changes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 12 }),
        fc.integer(),
        fc.array(fc.tuple(fc.nat(12), fc.nat(12)), { maxLength: 20 }),
        (n, seed, pairs) => {
          const people = Array.from({ length: n }, (_, i) => `p${i}`);
          const all = [...people.slice(1), 'new'];
          const restrictions = pairs
            .map(([x, y]) => ({ giver: x === 12 ? 'new' : `p${x % n}`, receiver: y === 12 ? 'new' : `p${y % n}` }))
            .filter((r) => all.includes(r.giver) && all.includes(r.receiver));
          const d = draw({
            participants: people,
            restrictions: restrictions.filter((r) => r.giver !== 'new' && r.receiver !== 'new'),
            seed,
          });
          if (!d.ok) return;
          const res = replaceParticipant(d.assignment, 'p0', 'new', restrictions, { seed });
          if (!res.ok) {
            expect(res.reason).toBe('no-local-repair');
            return;
          }
          expect(validateAssignment(all, res.assignment, { restrictions }).valid).toBe(true);
          expect(res.changedGivers.length).toBeGreaterThanOrEqual(2);
          expect(res.changedGivers.length).toBeLessThanOrEqual(3);
          for (const [g, r] of d.assignment) {
            if (g === 'p0' || res.changedGivers.includes(g)) continue;
            expect(res.assignment.get(g)).toBe(r);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('bad input', () => {
    expect(replaceParticipant(loop, 'nobody', 'z').ok).toBe(false);
    expect(replaceParticipant(loop, 'a', 'b').ok).toBe(false);
    expect(
      replaceParticipant(
        new Map([
          ['a', 'b'],
          ['b', 'b'],
        ]),
        'a',
        'z',
      ).ok,
    ).toBe(false);
  });
});

describe('removeParticipant / addParticipant', () => {
  it('remove: the giver now gives to the removed person’s recipient (1 change)', () => {
    const res = removeParticipant(loop, 'c');
    if (!res.ok) throw new Error(res.message);
    expect(res.changedGivers).toEqual(['b']);
    expect(res.assignment.get('b')).toBe('d');
    expect(validateAssignment(['a', 'b', 'd', 'e', 'f'], res.assignment, { singleLoop: true }).valid).toBe(true);
  });

  it('remove with a restriction in the way keeps the loop with 3 changes', () => {
    const restrictions = [{ giver: 'b', receiver: 'd' }];
    const res = removeParticipant(loop, 'c', restrictions, { singleLoop: true, seed: 3 });
    if (!res.ok) throw new Error(res.message);
    expect(res.changedGivers).toHaveLength(3);
    expect(
      validateAssignment(['a', 'b', 'd', 'e', 'f'], res.assignment, { restrictions, singleLoop: true }).valid,
    ).toBe(true);
  });

  it('add inserts into one arc (2 changes)', () => {
    const res = addParticipant(loop, 'z', [{ giver: 'z', receiver: 'b' }], { seed: 2 });
    if (!res.ok) throw new Error(res.message);
    expect(res.changedGivers).toHaveLength(2);
    expect(res.changedGivers).toContain('z');
    expect(
      validateAssignment([...ids, 'z'], res.assignment, {
        restrictions: [{ giver: 'z', receiver: 'b' }],
        singleLoop: true,
      }).valid,
    ).toBe(true);
  });

  it('remove refuses to go below two people', () => {
    expect(
      removeParticipant(
        new Map([
          ['a', 'b'],
          ['b', 'a'],
        ]),
        'a',
      ).ok,
    ).toBe(false);
  });
});
