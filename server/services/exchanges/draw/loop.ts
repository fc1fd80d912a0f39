/**
 * Local rewiring of an assignment succ[giver] = receiver (a permutation):
 * - mergeCycles: 2-opt successor swaps a→b, c→d ⇒ a→d, c→b between two different cycles until one
 *   loop remains (bounded by `budget` pair checks);
 * - breakMutualPairs: the same swap with a third party to break every A⇄B pair (bounded);
 * - mixSwaps / mixLoop: random symmetric swap moves (Metropolis chain with uniform target) that
 *   re-randomise a matching-based draw while keeping it valid (exactly `steps` proposals).
 */
import { isAllowed } from './restrictions.js';
import type { Rng } from './random.js';
import type { RestrictionIndex } from './types.js';

const RANDOM_TRIES = 64;

/** Cycles of a permutation as lists of members. */
export function cyclesOf(succ: Int32Array): number[][] {
  const n = succ.length;
  const seen = new Uint8Array(n);
  const out: number[][] = [];
  for (let s = 0; s < n; s++) {
    if (seen[s]) continue;
    const c: number[] = [];
    let v = s;
    while (!seen[v]) {
      seen[v] = 1;
      c.push(v);
      v = succ[v]!;
    }
    out.push(c);
  }
  return out;
}

export function isSingleLoop(succ: Int32Array): boolean {
  const n = succ.length;
  let v = 0;
  for (let k = 1; k < n; k++) {
    v = succ[v]!;
    if (v === 0) return false;
  }
  return succ[v] === 0;
}

export function hasMutualPair(succ: Int32Array): boolean {
  for (let i = 0; i < succ.length; i++) if (succ[succ[i]!] === i) return true;
  return false;
}

interface Budget {
  left: number;
}

function tryMergePair(
  ix: RestrictionIndex,
  succ: Int32Array,
  A: number[],
  B: number[],
  rng: Rng,
  budget: Budget,
): boolean {
  const ok = (a: number, c: number): boolean => isAllowed(ix, a, succ[c]!) && isAllowed(ix, c, succ[a]!);
  const swap = (a: number, c: number): void => {
    const t = succ[a]!;
    succ[a] = succ[c]!;
    succ[c] = t;
  };
  for (let t = 0; t < RANDOM_TRIES && budget.left > 0; t++) {
    budget.left--;
    const a = A[rng.int(A.length)]!;
    const c = B[rng.int(B.length)]!;
    if (ok(a, c)) {
      swap(a, c);
      return true;
    }
  }
  // exhaustive scan starting at random offsets
  const oa = rng.int(A.length);
  const ob = rng.int(B.length);
  for (let j = 0; j < B.length; j++) {
    const c = B[(ob + j) % B.length]!;
    for (let i = 0; i < A.length; i++) {
      if (--budget.left < 0) return false;
      const a = A[(oa + i) % A.length]!;
      if (ok(a, c)) {
        swap(a, c);
        return true;
      }
    }
  }
  return false;
}

/** Merges all cycles into one loop. Returns merges done, or -1 when not found within the budget. */
export function mergeCycles(ix: RestrictionIndex, succ: Int32Array, rng: Rng, budgetChecks: number): number {
  const cycles = cyclesOf(succ);
  if (cycles.length <= 1) return 0;
  cycles.sort((x, y) => y.length - x.length);
  const main = cycles[0]!;
  let pending = cycles.slice(1);
  const budget: Budget = { left: budgetChecks };
  let merges = 0;
  while (pending.length > 0) {
    let progressed = false;
    const still: number[][] = [];
    for (const c of pending) {
      if (budget.left > 0 && tryMergePair(ix, succ, main, c, rng, budget)) {
        for (const v of c) main.push(v);
        merges++;
        progressed = true;
      } else {
        still.push(c);
      }
    }
    pending = still;
    if (!progressed && pending.length > 1) {
      // merge two side cycles with each other, then retry against the main loop
      outer: for (let i = 0; i < pending.length; i++) {
        for (let j = i + 1; j < pending.length; j++) {
          if (budget.left <= 0) break outer;
          if (tryMergePair(ix, succ, pending[i]!, pending[j]!, rng, budget)) {
            for (const v of pending[j]!) pending[i]!.push(v);
            pending.splice(j, 1);
            merges++;
            progressed = true;
            break outer;
          }
        }
      }
    }
    if (!progressed) return -1;
  }
  return merges;
}

/** Breaks every mutual pair a⇄b by swapping with a third party. Returns swaps, or -1 if stuck. */
export function breakMutualPairs(ix: RestrictionIndex, succ: Int32Array, rng: Rng, budgetChecks: number): number {
  const n = succ.length;
  let budget = budgetChecks;
  let swaps = 0;
  // ok(a, c): a→succ[c], c→succ[a] allowed and neither new arc is mutual
  const ok = (a: number, c: number): boolean => {
    const b = succ[a]!;
    const d = succ[c]!;
    return c !== a && c !== b && isAllowed(ix, a, d) && isAllowed(ix, c, b) && succ[d] !== a && succ[b] !== c;
  };
  for (let a = 0; a < n; a++) {
    const b = succ[a]!;
    if (succ[b] !== a) continue;
    let done = false;
    for (let t = 0; t < RANDOM_TRIES && !done; t++) {
      if (--budget < 0) return -1;
      const c = rng.int(n);
      if (ok(a, c)) {
        done = true;
        doSwap(succ, a, c);
      }
    }
    if (!done) {
      const off = rng.int(n);
      for (let k = 0; k < n && !done; k++) {
        if (--budget < 0) return -1;
        const c = (off + k) % n;
        if (ok(a, c)) {
          done = true;
          doSwap(succ, a, c);
        }
      }
    }
    if (!done) return -1;
    swaps++;
  }
  return swaps;
}

function doSwap(succ: Int32Array, a: number, c: number): void {
  const t = succ[a]!;
  succ[a] = succ[c]!;
  succ[c] = t;
}

/**
 * `steps` random successor swaps (a, c) ⇒ (a→succ[c], c→succ[a]) accepted when still valid.
 * Symmetric proposals with accept/reject leave the uniform distribution over valid assignments
 * invariant, so this moves a matching-based draw towards uniform. Returns accepted swaps.
 */
export function mixSwaps(ix: RestrictionIndex, succ: Int32Array, rng: Rng, steps: number, noMutual: boolean): number {
  const n = succ.length;
  let accepted = 0;
  for (let s = 0; s < steps; s++) {
    const a = rng.int(n);
    const c = rng.int(n);
    if (a === c) continue;
    const b = succ[a]!;
    const d = succ[c]!;
    if (!isAllowed(ix, a, d) || !isAllowed(ix, c, b)) continue;
    if (noMutual && (succ[d] === a || succ[b] === c)) continue;
    succ[a] = d;
    succ[c] = b;
    accepted++;
  }
  return accepted;
}

/**
 * `steps` random node moves that keep a single loop: take x out (p→x→s ⇒ p→s) and put it
 * between y and succ[y]. Symmetric proposals, uniform target. Returns accepted moves.
 */
export function mixLoop(ix: RestrictionIndex, succ: Int32Array, rng: Rng, steps: number): number {
  const n = succ.length;
  if (n < 4) return 0;
  const pred = new Int32Array(n);
  for (let i = 0; i < n; i++) pred[succ[i]!] = i;
  let accepted = 0;
  for (let s = 0; s < steps; s++) {
    const x = rng.int(n);
    const y = rng.int(n);
    const p = pred[x]!;
    if (y === x || y === p) continue;
    const nx = succ[x]!;
    const z = succ[y]!;
    if (!isAllowed(ix, p, nx) || !isAllowed(ix, y, x) || !isAllowed(ix, x, z)) continue;
    succ[p] = nx;
    pred[nx] = p;
    succ[y] = x;
    pred[x] = y;
    succ[x] = z;
    pred[z] = x;
    accepted++;
  }
  return accepted;
}
