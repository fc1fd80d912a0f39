import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { draw, type DrawResult } from '../../../server/services/exchanges/draw/index.js';
import { allowedFn, enumerateValid, isValidAssignment, keyOf, permutations, type Instance } from './brute-force.js';

/** Random instance: n people, random pair restrictions, optional households (disjoint). */
function instanceArb(minN: number, maxN: number): fc.Arbitrary<Instance> {
  return fc.integer({ min: minN, max: maxN }).chain((n) => {
    const ids = Array.from({ length: n }, (_, i) => `p${i}`);
    const pair = fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 }));
    return fc
      .record({
        pairs: fc.array(pair, { maxLength: Math.max(1, Math.floor((n * n) / 2)) }),
        hhLabels: fc.array(fc.integer({ min: 0, max: Math.max(1, Math.floor(n / 2)) }), { minLength: n, maxLength: n }),
        useHouseholds: fc.boolean(),
      })
      .map(({ pairs, hhLabels, useHouseholds }) => {
        const restrictions = pairs.map(([a, b]) => ({ giver: ids[a]!, receiver: ids[b]! }));
        const households: string[][] = [];
        if (useHouseholds) {
          const byLabel = new Map<number, string[]>();
          hhLabels.forEach((l, i) => {
            if (l === 0) return; // label 0 = no household
            byLabel.set(l, [...(byLabel.get(l) ?? []), ids[i]!]);
          });
          households.push(...byLabel.values());
        }
        return { ids, restrictions, households };
      });
  });
}

/** Checks a certificate against the raw instance: S's allowed recipients are exactly N(S), |N(S)| < |S|. */
function expectHallViolation(inst: Instance, res: DrawResult): void {
  if (res.ok || res.reason !== 'no-valid-assignment') throw new Error('expected a certificate');
  const ok = allowedFn(inst);
  const S = res.certificate.givers;
  const N = new Set<string>();
  for (const g of S) for (const r of inst.ids) if (ok(g, r)) N.add(r);
  expect(S.length).toBeGreaterThan(0);
  expect(new Set(S).size).toBe(S.length);
  expect(N.size).toBeLessThan(S.length);
  expect([...N].sort()).toEqual([...res.certificate.allowedRecipients].sort());
  expect(res.certificate.message.length).toBeGreaterThan(10);
}

describe('draw: properties against brute force (N <= 7)', () => {
  it('every answer is valid, and every "impossible" is true and certified', () => {
    fc.assert(
      fc.property(
        instanceArb(2, 7),
        fc.boolean(),
        fc.boolean(),
        fc.integer(),
        (inst, singleLoop, noMutualPairs, seed) => {
          const res = draw({
            participants: inst.ids,
            restrictions: inst.restrictions,
            households: inst.households,
            singleLoop,
            noMutualPairs,
            seed,
          });
          const all = enumerateValid(inst);
          const wanted = all.plain.filter((k) => {
            const p = k.split(',').map(Number);
            return allConstraints(p, singleLoop, noMutualPairs);
          });
          if (res.ok) {
            expect(isValidAssignment(inst, res.assignment, { singleLoop, noMutualPairs })).toBe(true);
            expect(wanted).toContain(keyOf(inst.ids, res.assignment));
            return;
          }
          if (res.reason === 'no-valid-assignment') {
            expect(all.plain).toHaveLength(0);
            expectHallViolation(inst, res);
            return;
          }
          if (res.reason === 'invalid-input') throw new Error(`unexpected invalid input: ${res.message}`);
          // constraint failure: plain draw exists, the constrained one does not (proven for small N)
          expect(res.proven).toBe(true);
          expect(wanted).toHaveLength(0);
          expect(all.plain.length).toBeGreaterThan(0);
          expect(isValidAssignment(inst, res.plainDraw)).toBe(true);
          if (singleLoop && !noMutualPairs) expect(res.reason).toBe('single-loop-impossible');
          if (noMutualPairs && !singleLoop) expect(res.reason).toBe('no-mutual-pairs-impossible');
          // with both flags, the single loop without mutual pair must be missing for one of the two reasons
          if (res.reason === 'single-loop-impossible') expect(all.loop).toHaveLength(0);
        },
      ),
      { numRuns: 400 },
    );
  });
});

function allConstraints(p: number[], singleLoop: boolean, noMutual: boolean): boolean {
  let v = 0;
  if (singleLoop) {
    for (let k = 1; k < p.length; k++) {
      v = p[v]!;
      if (v === 0) return false;
    }
    if (p[v] !== 0) return false;
  }
  if (noMutual && p.some((r, g) => p[r] === g)) return false;
  return true;
}

describe('draw: properties on larger random instances (matching path)', () => {
  it('returns a valid draw or a certificate that really violates Hall', () => {
    fc.assert(
      fc.property(
        instanceArb(17, 60),
        fc.boolean(),
        fc.boolean(),
        fc.integer(),
        (inst, singleLoop, noMutualPairs, seed) => {
          const res = draw({
            participants: inst.ids,
            restrictions: inst.restrictions,
            households: inst.households,
            singleLoop,
            noMutualPairs,
            seed,
          });
          if (res.ok) {
            expect(isValidAssignment(inst, res.assignment, { singleLoop, noMutualPairs })).toBe(true);
          } else if (res.reason === 'no-valid-assignment') {
            expectHallViolation(inst, res);
          } else if (res.reason === 'invalid-input') {
            throw new Error(res.message);
          } else {
            expect(isValidAssignment(inst, res.plainDraw)).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('dense restrictions at N = 40 still yield valid single loops and no-mutual draws', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const n = 40;
        const ids = Array.from({ length: n }, (_, i) => `q${i}`);
        const restrictions = [];
        for (let a = 0; a < n; a++)
          for (let b = 0; b < n; b++)
            if ((a * 7 + b * 13 + seed) % 10 < 6) restrictions.push({ giver: ids[a]!, receiver: ids[b]! });
        const inst: Instance = { ids, restrictions, households: [] };
        for (const opts of [{}, { singleLoop: true }, { noMutualPairs: true }]) {
          const res = draw({ participants: ids, restrictions, seed, ...opts });
          if (res.ok) expect(isValidAssignment(inst, res.assignment, opts)).toBe(true);
          else if (res.reason === 'no-valid-assignment') expectHallViolation(inst, res);
          else if (res.reason !== 'invalid-input') expect(isValidAssignment(inst, res.plainDraw)).toBe(true);
          else throw new Error(res.message);
        }
      }),
      { numRuns: 30 },
    );
  });
});

describe('brute-force helper sanity', () => {
  it('enumerates n! permutations, all distinct', () => {
    const all = [...permutations(5)].map((p) => p.join(','));
    expect(all).toHaveLength(120);
    expect(new Set(all).size).toBe(120);
  });
});
