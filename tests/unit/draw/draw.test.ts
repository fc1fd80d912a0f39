import { describe, it, expect } from 'vitest';
import {
  draw,
  groups,
  indexFromLists,
  validateAssignment,
  type DrawResult,
} from '../../../server/services/exchanges/draw/index.js';
import { isValidAssignment } from './brute-force.js';

const people = (n: number, prefix = 'p'): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

function expectOk(res: DrawResult): Extract<DrawResult, { ok: true }> {
  if (!res.ok) throw new Error(`expected success, got ${res.reason}: ${res.message}`);
  return res;
}

describe('draw: bad input gives clear errors, not crashes', () => {
  it.each([
    [[], 'too-few-participants'],
    [['solo'], 'too-few-participants'],
    [['a', 'b', 'a'], 'duplicate-id'],
    [['a', ''], 'invalid-id'],
  ])('participants %j → %s', (participants, code) => {
    const res = draw({ participants: participants as string[] });
    expect(res.ok).toBe(false);
    if (res.ok || res.reason !== 'invalid-input') throw new Error('expected invalid-input');
    expect(res.errors.map((e) => e.code)).toContain(code);
    expect(res.message.length).toBeGreaterThan(0);
  });

  it('restrictions naming unknown ids are reported with the ids', () => {
    const res = draw({
      participants: ['a', 'b', 'c'],
      restrictions: [{ giver: 'a', receiver: 'zed' }],
      households: [['b', 'ghost']],
    });
    if (res.ok || res.reason !== 'invalid-input') throw new Error('expected invalid-input');
    const err = res.errors.find((e) => e.code === 'unknown-id');
    expect(err?.ids?.sort()).toEqual(['ghost', 'zed']);
  });

  it('malformed restrictions are reported', () => {
    const res = draw({
      participants: ['a', 'b', 'c'],
      restrictions: [{ giver: 'a' } as unknown as { giver: string; receiver: string }],
    });
    if (res.ok || res.reason !== 'invalid-input') throw new Error('expected invalid-input');
    expect(res.errors[0]?.code).toBe('invalid-restriction');
  });

  it('an index for another participant count is refused', () => {
    const res = draw({ participants: ['a', 'b', 'c'], restrictions: indexFromLists(4, null) });
    if (res.ok || res.reason !== 'invalid-input') throw new Error('expected invalid-input');
    expect(res.errors[0]?.code).toBe('index-mismatch');
  });

  it('self restrictions are harmless', () => {
    const res = expectOk(
      draw({ participants: ['a', 'b', 'c'], restrictions: [{ giver: 'a', receiver: 'a' }], seed: 1 }),
    );
    expect(validateAssignment(['a', 'b', 'c'], res.assignment).valid).toBe(true);
  });
});

describe('draw: seeds', () => {
  it('same seed, same draw; different seeds, different draws', () => {
    const ids = people(50);
    const a = expectOk(draw({ participants: ids, seed: 'xmas-2024' }));
    const b = expectOk(draw({ participants: ids, seed: 'xmas-2024' }));
    expect([...a.assignment]).toEqual([...b.assignment]);
    const distinct = new Set<string>();
    for (let s = 0; s < 10; s++)
      distinct.add(JSON.stringify([...expectOk(draw({ participants: ids, seed: s })).assignment]));
    expect(distinct.size).toBe(10);
  });

  it('reproducible on the matching path too', () => {
    const ids = people(200);
    const restrictions = [];
    for (let a = 0; a < 200; a++)
      for (let k = 1; k <= 30; k++) restrictions.push({ giver: ids[a]!, receiver: ids[(a + k * 7) % 200]! });
    const a = expectOk(draw({ participants: ids, restrictions, seed: 42, singleLoop: true }));
    const b = expectOk(draw({ participants: ids, restrictions, seed: 42, singleLoop: true }));
    expect(a.method).toBe('matching');
    expect([...a.assignment]).toEqual([...b.assignment]);
  });
});

describe('draw: methods and constraints', () => {
  it('no restrictions: rejection (plain) and Sattolo (single loop)', () => {
    const ids = people(1000);
    expect(expectOk(draw({ participants: ids, seed: 3 })).method).toBe('rejection');
    const loop = expectOk(draw({ participants: ids, seed: 3, singleLoop: true }));
    expect(loop.method).toBe('sattolo');
    expect(validateAssignment(ids, loop.assignment, { singleLoop: true }).valid).toBe(true);
  });

  // How fast is measured by npm run bench:draw; here, by the draw's own count of work (deterministic
  // for a seed), that it takes the direct way and not a search.
  it('two households of 20 with singleLoop: an alternating loop, by matching rather than by rejection', () => {
    const a = people(20, 'a');
    const b = people(20, 'b');
    const res = expectOk(draw({ participants: [...a, ...b], households: [a, b], singleLoop: true, seed: 9 }));
    expect(validateAssignment([...a, ...b], res.assignment, { households: [a, b], singleLoop: true }).valid).toBe(true);
    for (const [g, r] of res.assignment) expect(g[0]).not.toBe(r[0]);
    // A random loop is valid with probability ~1e-12: rejection sampling is not even tried.
    expect(res.method).toBe('matching');
    expect(res.stats.rejectionAttempts).toBe(0);
    expect(res.stats.work).toBeLessThanOrEqual(10 * 40);
  });

  it('noMutualPairs on a larger draw', () => {
    const ids = people(300);
    const restrictions = groups(Array.from({ length: 100 }, (_, h) => ids.slice(h * 3, h * 3 + 3)));
    for (let s = 0; s < 5; s++) {
      const res = expectOk(draw({ participants: ids, restrictions, noMutualPairs: true, seed: s }));
      expect(isValidAssignment({ ids, restrictions, households: [] }, res.assignment, { noMutualPairs: true })).toBe(
        true,
      );
    }
  });

  it('dense restrictions switch to matching', () => {
    const n = 2000;
    const rows: number[][] = [];
    for (let u = 0; u < n; u++) {
      const r: number[] = [];
      for (let v = 0; v < n; v++) if (v !== u && (u * 31 + v * 17) % 10 < 3) r.push(v);
      rows.push(r);
    }
    const ix = indexFromLists(n, rows);
    const ids = people(n);
    const res = expectOk(draw({ participants: ids, restrictions: ix, seed: 1 }));
    expect(res.method).toBe('matching');
    expect(validateAssignment(ids, res.assignment, { restrictions: ix }).valid).toBe(true);
  });

  it('a household bigger than half: certificate names it, N = 10,000, found by counting before any search', () => {
    const ids = people(10_000);
    const big = ids.slice(0, 5001);
    const res = draw({ participants: ids, households: [big], seed: 1 });
    if (res.ok || res.reason !== 'no-valid-assignment') throw new Error('expected certificate');
    expect(res.stats.work).toBe(0);
    expect(res.stats.rejectionAttempts).toBe(0);
    expect(res.certificate.givers).toHaveLength(5001);
    expect(res.certificate.allowedRecipients).toHaveLength(4999);
    expect(res.certificate.perGiver).toBeUndefined();
    expect(res.message).toContain('5,001 givers');
  });

  it('small certificate sentence', () => {
    const res = draw({
      participants: ['Alice', 'Bob', 'Carol', 'Dave', 'Erin'],
      households: [['Alice', 'Bob', 'Carol']],
    });
    if (res.ok || res.reason !== 'no-valid-assignment') throw new Error('expected certificate');
    expect(res.certificate.message).toBe(
      'Alice, Bob and Carol can only give to Dave and Erin: lift a restriction for one of them.',
    );
    expect(res.certificate.perGiver).toEqual([
      { giver: 'Alice', allowedRecipients: ['Dave', 'Erin'] },
      { giver: 'Bob', allowedRecipients: ['Dave', 'Erin'] },
      { giver: 'Carol', allowedRecipients: ['Dave', 'Erin'] },
    ]);
  });

  it('matching finds Hall violators that are not one big household', () => {
    // 30 people; p0..p2 may only give to p3 and p4
    const ids = people(30);
    const restrictions = [];
    for (const g of ['p0', 'p1', 'p2'])
      for (const r of ids) if (r !== 'p3' && r !== 'p4') restrictions.push({ giver: g, receiver: r });
    const res = draw({ participants: ids, restrictions, seed: 5 });
    if (res.ok || res.reason !== 'no-valid-assignment') throw new Error('expected certificate');
    expect(res.certificate.givers).toEqual(['p0', 'p1', 'p2']);
    expect(res.certificate.allowedRecipients).toEqual(['p3', 'p4']);
  });

  it('single loop proven impossible for large N when two sides cannot reach each other', () => {
    const a = people(20, 'a');
    const b = people(20, 'b');
    const restrictions = [];
    for (const x of a) for (const y of b) restrictions.push({ giver: x, receiver: y });
    const res = draw({ participants: [...a, ...b], restrictions, singleLoop: true, seed: 2 });
    if (res.ok || res.reason === 'invalid-input' || res.reason === 'no-valid-assignment')
      throw new Error('expected constraint failure');
    expect(res.reason).toBe('single-loop-impossible');
    expect(res.proven).toBe(true);
    expect(validateAssignment([...a, ...b], res.plainDraw, { restrictions }).valid).toBe(true);
  });

  it('a tiny work bound answers "not found", not "impossible"', () => {
    const ids = people(60);
    const restrictions = [];
    for (let x = 0; x < 60; x++)
      for (let k = 2; k < 50; k++) restrictions.push({ giver: ids[x]!, receiver: ids[(x + k) % 60]! });
    const res = draw({
      participants: ids,
      restrictions,
      singleLoop: true,
      seed: 4,
      limits: { repairWork: 1, loopRestarts: 0, maxRejectionAttempts: 0 },
    });
    if (res.ok) {
      // the matching happened to be one loop already
      expect(validateAssignment(ids, res.assignment, { restrictions, singleLoop: true }).valid).toBe(true);
    } else {
      expect(res.reason).toBe('single-loop-not-found');
      if (res.reason === 'single-loop-not-found') expect(res.proven).toBe(false);
    }
  });
});
