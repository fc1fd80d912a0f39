/**
 * Rejection sampling, exactly uniform over valid assignments:
 * - permutations: Fisher–Yates built position by position; an attempt is abandoned at the first
 *   giver whose drawn receiver is forbidden (or forms a mutual pair). The array is reused between
 *   attempts: Fisher–Yates output is uniform from any starting order, so this stays uniform.
 * - single loops: Sattolo's algorithm from the identity, entries are final once written (top down),
 *   so an attempt also stops at the first forbidden arc.
 * Each attempt is O(N); the caller bounds the number of attempts.
 */
import { isAllowed } from './restrictions.js';
import { identity, type Rng } from './random.js';
import type { RestrictionIndex } from './types.js';

export interface RejectionOutcome {
  succ: Int32Array | null;
  attempts: number;
  work: number;
}

/** Log of the (independence-approximated) probability that one attempt is accepted. */
export function logAcceptance(ix: RestrictionIndex, singleLoop: boolean, noMutual: boolean): number {
  const n = ix.n;
  let lp = 0;
  for (let u = 0; u < n; u++) {
    const f = ix.groupSize[ix.group[u]!]! + ix.offsets[u + 1]! - ix.offsets[u]!; // self included
    const q = singleLoop ? 1 - (f - 1) / (n - 1) : 1 - f / n;
    if (q <= 0) return -Infinity;
    lp += Math.log(q);
  }
  // Random derangement: P(no 2-cycle) ≈ e^{-1/2}
  if (noMutual && !singleLoop) lp -= 0.5;
  return lp;
}

export function rejectPermutations(
  ix: RestrictionIndex,
  rng: Rng,
  noMutual: boolean,
  maxAttempts: number,
): RejectionOutcome {
  const n = ix.n;
  const perm = identity(n);
  let work = 0;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    let ok = true;
    for (let i = 0; i < n; i++) {
      const j = i + rng.int(n - i);
      const r = perm[j]!;
      perm[j] = perm[i]!;
      perm[i] = r;
      work++;
      if (!isAllowed(ix, i, r) || (noMutual && r < i && perm[r] === i)) {
        ok = false;
        break;
      }
    }
    if (ok) return { succ: perm, attempts: attempt, work };
  }
  return { succ: null, attempts: maxAttempts, work };
}

export function rejectSattolo(ix: RestrictionIndex, rng: Rng, maxAttempts: number): RejectionOutcome {
  const n = ix.n;
  let work = 0;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const a = identity(n);
    work += n;
    let ok = true;
    for (let i = n - 1; i > 0; i--) {
      const j = rng.int(i);
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
      if (!isAllowed(ix, i, a[i]!)) {
        ok = false;
        break;
      }
    }
    if (ok && isAllowed(ix, 0, a[0]!)) return { succ: a, attempts: attempt, work };
  }
  return { succ: null, attempts: maxAttempts, work };
}
