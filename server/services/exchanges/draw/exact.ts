/**
 * Exact methods for small N (N <= EXACT_MAX_N = 16):
 * - exactPlain: counts valid assignments with a subset DP (the permanent, O(2^N · N)) and samples
 *   one exactly uniformly; a count of 0 proves infeasibility.
 * - exactLoop: counts Hamiltonian cycles with the Held–Karp style DP (O(2^N · N²), ≈ 7M steps at
 *   N = 16) and samples one uniformly; a count of 0 proves no single loop exists.
 * - searchNoMutual: depth-first search for an assignment without A⇄B pairs, bounded by a node
 *   budget; answers found / proven impossible / budget exhausted.
 */
import { isAllowed } from './restrictions.js';
import type { Rng } from './random.js';
import type { RestrictionIndex } from './types.js';

export const EXACT_MAX_N = 16;

function allowedMasks(ix: RestrictionIndex): Int32Array {
  const n = ix.n;
  const m = new Int32Array(n);
  for (let u = 0; u < n; u++) {
    let bits = 0;
    for (let v = 0; v < n; v++) if (isAllowed(ix, u, v)) bits |= 1 << v;
    m[u] = bits;
  }
  return m;
}

function pickWeighted(weights: number[], total: number, rng: Rng): number {
  let r = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  // rounding fallback: last positive weight
  for (let i = weights.length - 1; i >= 0; i--) if (weights[i]! > 0) return i;
  return weights.length - 1;
}

export interface ExactPlain {
  count: number;
  sample: (rng: Rng) => Int32Array | null;
}

/** Subset DP for the number of valid assignments; sampling is exactly uniform. */
export function exactPlain(ix: RestrictionIndex): ExactPlain {
  const n = ix.n;
  if (n > EXACT_MAX_N) throw new RangeError(`exactPlain supports N <= ${EXACT_MAX_N}`);
  const allowed = allowedMasks(ix);
  const size = 1 << n;
  const f = new Float64Array(size);
  const pc = new Uint8Array(size);
  f[0] = 1;
  for (let mask = 1; mask < size; mask++) {
    pc[mask] = pc[mask >> 1]! + (mask & 1);
    const k = pc[mask]! - 1; // giver k takes a receiver from mask
    let bits = mask & allowed[k]!;
    let sum = 0;
    while (bits !== 0) {
      const low = bits & -bits;
      sum += f[mask ^ low]!;
      bits ^= low;
    }
    f[mask] = sum;
  }
  const count = f[size - 1]!;
  return {
    count,
    sample(rng: Rng): Int32Array | null {
      if (count === 0) return null;
      const succ = new Int32Array(n);
      let mask = size - 1;
      for (let k = n - 1; k >= 0; k--) {
        const cands: number[] = [];
        const weights: number[] = [];
        let bits = mask & allowed[k]!;
        while (bits !== 0) {
          const low = bits & -bits;
          cands.push(31 - Math.clz32(low));
          weights.push(f[mask ^ low]!);
          bits ^= low;
        }
        const v = cands[pickWeighted(weights, f[mask]!, rng)]!;
        succ[k] = v;
        mask ^= 1 << v;
      }
      return succ;
    },
  };
}

/** Hamiltonian-cycle DP: count of single loops and a uniform sampler. */
export function exactLoop(ix: RestrictionIndex): ExactPlain {
  const n = ix.n;
  if (n > EXACT_MAX_N) throw new RangeError(`exactLoop supports N <= ${EXACT_MAX_N}`);
  const allowed = allowedMasks(ix);
  const m = n - 1; // nodes 1..n-1 are bits 0..m-1; paths start at node 0
  const size = 1 << m;
  const dp = new Float64Array(size * m); // dp[mask * m + j]: paths 0 → … → node j+1 covering mask
  for (let j = 0; j < m; j++) if ((allowed[0]! >> (j + 1)) & 1) dp[(1 << j) * m + j] = 1;
  for (let mask = 1; mask < size; mask++) {
    for (let j = 0; j < m; j++) {
      const cur = dp[mask * m + j]!;
      if (cur === 0) continue;
      const from = j + 1;
      let free = ~mask & (size - 1) & (allowed[from]! >> 1);
      while (free !== 0) {
        const low = free & -free;
        const k = 31 - Math.clz32(low);
        dp[(mask | low) * m + k]! += cur;
        free ^= low;
      }
    }
  }
  const full = size - 1;
  let count = 0;
  const endW: number[] = [];
  for (let j = 0; j < m; j++) {
    const w = allowed[j + 1]! & 1 ? dp[full * m + j]! : 0;
    endW.push(w);
    count += w;
  }
  return {
    count,
    sample(rng: Rng): Int32Array | null {
      if (count === 0) return null;
      const succ = new Int32Array(n);
      let j = pickWeighted(endW, count, rng);
      succ[j + 1] = 0;
      let mask = full;
      while (true) {
        const node = j + 1;
        const rest = mask ^ (1 << j);
        if (rest === 0) {
          succ[0] = node;
          break;
        }
        const cands: number[] = [];
        const weights: number[] = [];
        let bits = rest;
        let total = 0;
        while (bits !== 0) {
          const low = bits & -bits;
          const k = 31 - Math.clz32(low);
          const w = (allowed[k + 1]! >> node) & 1 ? dp[rest * m + k]! : 0;
          cands.push(k);
          weights.push(w);
          total += w;
          bits ^= low;
        }
        const k = cands[pickWeighted(weights, total, rng)]!;
        succ[k + 1] = node;
        j = k;
        mask = rest;
      }
      return succ;
    },
  };
}

export type SearchOutcome =
  { status: 'found'; succ: Int32Array; nodes: number } | { status: 'impossible' | 'budget'; nodes: number };

/** Bounded DFS for a valid assignment without mutual pairs (random value order). */
export function searchNoMutual(ix: RestrictionIndex, rng: Rng, nodeBudget: number): SearchOutcome {
  const n = ix.n;
  const cands: Int32Array[] = [];
  for (let u = 0; u < n; u++) {
    const c: number[] = [];
    for (let v = 0; v < n; v++) if (isAllowed(ix, u, v)) c.push(v);
    const a = Int32Array.from(c);
    for (let i = a.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
    cands.push(a);
  }
  // most constrained givers first
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => cands[x]!.length - cands[y]!.length);
  const succ = new Int32Array(n).fill(-1);
  const used = new Uint8Array(n);
  const pos = new Int32Array(n);
  let nodes = 0;
  let depth = 0;
  pos[0] = 0;
  while (depth >= 0) {
    if (depth === n) return { status: 'found', succ, nodes };
    const u = order[depth]!;
    const c = cands[u]!;
    // undo previous choice at this depth
    if (succ[u] !== -1) {
      used[succ[u]!] = 0;
      succ[u] = -1;
    }
    let placed = false;
    while (pos[depth]! < c.length) {
      const v = c[pos[depth]!]!;
      pos[depth]!++;
      if (++nodes > nodeBudget) return { status: 'budget', nodes };
      if (used[v] || succ[v] === u) continue;
      succ[u] = v;
      used[v] = 1;
      placed = true;
      break;
    }
    if (placed) {
      depth++;
      if (depth < n) pos[depth] = 0;
    } else {
      depth--;
    }
  }
  return { status: 'impossible', nodes };
}
