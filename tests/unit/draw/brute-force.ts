/** Independent brute-force helpers for the draw tests (no engine code used). */
import type { Restriction } from '../../../server/services/exchanges/draw/index.js';

export interface Instance {
  ids: string[];
  restrictions: Restriction[];
  households: string[][];
}

export function forbiddenSet(inst: Instance): Set<string> {
  const f = new Set<string>();
  for (const r of inst.restrictions) f.add(`${r.giver}\u0000${r.receiver}`);
  for (const h of inst.households) for (const a of h) for (const b of h) f.add(`${a}\u0000${b}`);
  for (const a of inst.ids) f.add(`${a}\u0000${a}`);
  return f;
}

export function allowedFn(inst: Instance): (g: string, r: string) => boolean {
  const f = forbiddenSet(inst);
  return (g, r) => !f.has(`${g}\u0000${r}`);
}

/** All permutations of 0..n-1. */
export function* permutations(n: number): Generator<number[]> {
  const a = Array.from({ length: n }, (_, i) => i);
  const c = new Array<number>(n).fill(0);
  yield a.slice();
  let i = 0;
  while (i < n) {
    if (c[i]! < i) {
      const j = i % 2 === 0 ? 0 : c[i]!;
      [a[j], a[i]] = [a[i]!, a[j]!];
      yield a.slice();
      c[i]!++;
      i = 0;
    } else {
      c[i] = 0;
      i++;
    }
  }
}

export function isOneCycle(p: number[]): boolean {
  let v = 0;
  for (let k = 1; k < p.length; k++) {
    v = p[v]!;
    if (v === 0) return false;
  }
  return p[v] === 0;
}

export function hasMutual(p: number[]): boolean {
  return p.some((r, g) => p[r] === g);
}

/** Every valid assignment as a key "r0,r1,…", split by which extra constraints hold. */
export function enumerateValid(inst: Instance): { plain: string[]; loop: string[]; noMutual: string[] } {
  const ok = allowedFn(inst);
  const n = inst.ids.length;
  const plain: string[] = [];
  const loop: string[] = [];
  const noMutual: string[] = [];
  for (const p of permutations(n)) {
    if (!p.every((r, g) => ok(inst.ids[g]!, inst.ids[r]!))) continue;
    const key = p.join(',');
    plain.push(key);
    if (isOneCycle(p)) loop.push(key);
    if (!hasMutual(p)) noMutual.push(key);
  }
  return { plain, loop, noMutual };
}

export function keyOf(ids: string[], assignment: ReadonlyMap<string, string>): string {
  const pos = new Map(ids.map((id, i) => [id, i] as const));
  return ids.map((id) => pos.get(assignment.get(id)!)).join(',');
}

/** Independent validity check of an id-level assignment. */
export function isValidAssignment(
  inst: Instance,
  a: ReadonlyMap<string, string>,
  opts: { singleLoop?: boolean; noMutualPairs?: boolean } = {},
): boolean {
  const ok = allowedFn(inst);
  if (a.size !== inst.ids.length) return false;
  const receivers = new Set(a.values());
  if (receivers.size !== inst.ids.length) return false;
  for (const id of inst.ids) {
    const r = a.get(id);
    if (r === undefined || !inst.ids.includes(r) || !ok(id, r)) return false;
  }
  const pos = new Map(inst.ids.map((id, i) => [id, i] as const));
  const p = inst.ids.map((id) => pos.get(a.get(id)!)!);
  if (opts.singleLoop && !isOneCycle(p)) return false;
  if (opts.noMutualPairs && hasMutual(p)) return false;
  return true;
}

/** Chi-square critical value (upper tail alpha via z) with the Wilson–Hilferty approximation. */
export function chiSquareCritical(df: number, z = 3.29 /* alpha ≈ 0.0005 */): number {
  const a = 2 / (9 * df);
  return df * Math.pow(1 - a + z * Math.sqrt(a), 3);
}
