/**
 * Randomised perfect matching on the ALLOWED bipartite graph (givers × receivers), working on
 * its complement (the restriction index) so memory stays O(N + R), never O(N²).
 *
 * 1. Randomised greedy: givers in random order each try up to GREEDY_TRIES random free receivers.
 * 2. Augmenting paths (Hopcroft–Karp's BFS step, one free giver at a time, in random order):
 *    a BFS over alternating paths that enumerates a giver's allowed receivers as
 *    "all still-unvisited receivers minus the giver's forbidden ones". Unvisited receivers are
 *    kept bucketed by household with swap-remove, so one BFS costs O(N + R) whatever the
 *    density: every examined receiver is either visited (at most N times per BFS) or one of
 *    the giver's CSR restrictions (charged to R), plus O(1) to skip the giver's own household.
 *    Reset between searches is O(touched households).
 * Work bound: O(N·GREEDY_TRIES·log R) for the greedy step plus (free givers after greedy) × O(N + R)
 * for augmentations, in practice a handful of searches.
 * A search that fails proves infeasibility: the givers S it reached and the receivers T it visited
 * satisfy T = N(S), |T| = |S| - 1 (König / Hall), which is returned as the certificate.
 */
import { isAllowed, transposeTargets } from './restrictions.js';
import { randomPermutation, shuffleInPlace, type Rng } from './random.js';
import type { RestrictionIndex } from './types.js';

const GREEDY_TRIES = 8;

export type MatchingResult =
  | { ok: true; succ: Int32Array; greedyMatched: number; augmentations: number; work: number }
  | { ok: false; givers: Int32Array; receivers: Int32Array; work: number };

/** Unvisited-vertex pool bucketed by group, with O(1) swap-removal and cheap reset. */
class GroupedPool {
  readonly order: Int32Array;
  readonly start: Int32Array;
  readonly alive: Int32Array;
  readonly active: Int32Array;
  activeCount: number;
  private readonly touched: Int32Array;
  private touchedCount = 0;
  private readonly touchedMark: Uint8Array;

  constructor(
    private readonly ix: RestrictionIndex,
    rng: Rng,
  ) {
    const { n, groupCount, group, groupSize } = ix;
    this.start = new Int32Array(groupCount);
    for (let g = 1; g < groupCount; g++) this.start[g] = this.start[g - 1]! + groupSize[g - 1]!;
    const fill = this.start.slice();
    this.order = new Int32Array(n);
    for (let v = 0; v < n; v++) this.order[fill[group[v]!]!++] = v;
    for (let g = 0; g < groupCount; g++) {
      shuffleInPlace(this.order.subarray(this.start[g]!, this.start[g]! + groupSize[g]!), rng);
    }
    this.alive = groupSize.slice();
    this.active = randomPermutation(groupCount, rng);
    this.activeCount = groupCount;
    this.touched = new Int32Array(groupCount);
    this.touchedMark = new Uint8Array(groupCount);
  }

  touch(g: number): void {
    if (this.touchedMark[g] === 0) {
      this.touchedMark[g] = 1;
      this.touched[this.touchedCount++] = g;
    }
  }

  reset(): void {
    for (let k = 0; k < this.touchedCount; k++) {
      const g = this.touched[k]!;
      this.alive[g] = this.ix.groupSize[g]!;
      this.touchedMark[g] = 0;
    }
    this.touchedCount = 0;
    this.activeCount = this.ix.groupCount;
  }

  /**
   * Visits (and removes) every pooled vertex v with group(v) != gu and mark[v] != stamp.
   * `visit` returns true to stop early. Returns true when stopped early.
   */
  scan(gu: number, mark: Int32Array, stamp: number, visit: (v: number) => boolean): boolean {
    const { order, start, alive, active } = this;
    for (let i = this.activeCount - 1; i >= 0; i--) {
      const g = active[i]!;
      if (g === gu) continue;
      const s = start[g]!;
      let a = alive[g]!;
      this.touch(g);
      let stop = false;
      for (let j = a - 1; j >= 0; j--) {
        const v = order[s + j]!;
        if (mark[v] === stamp) continue;
        a--;
        order[s + j] = order[s + a]!;
        order[s + a] = v;
        if (visit(v)) {
          stop = true;
          break;
        }
      }
      alive[g] = a;
      if (a === 0) {
        this.activeCount--;
        active[i] = active[this.activeCount]!;
        active[this.activeCount] = g;
      }
      if (stop) return true;
    }
    return false;
  }
}

/** Finds a random perfect matching (succ[giver] = receiver) or a Hall violator. */
export function randomPerfectMatching(ix: RestrictionIndex, rng: Rng): MatchingResult {
  const n = ix.n;
  const matchG = new Int32Array(n).fill(-1);
  const matchR = new Int32Array(n).fill(-1);
  let work = 0;

  // 1. randomised greedy
  const freeR = randomPermutation(n, rng);
  let freeCount = n;
  const order = randomPermutation(n, rng);
  let greedyMatched = 0;
  for (let k = 0; k < n; k++) {
    const u = order[k]!;
    for (let t = 0; t < GREEDY_TRIES && freeCount > 0; t++) {
      work++;
      const idx = rng.int(freeCount);
      const v = freeR[idx]!;
      if (isAllowed(ix, u, v)) {
        matchG[u] = v;
        matchR[v] = u;
        freeCount--;
        freeR[idx] = freeR[freeCount]!;
        freeR[freeCount] = v;
        greedyMatched++;
        break;
      }
    }
  }
  if (greedyMatched === n) return { ok: true, succ: matchG, greedyMatched, augmentations: 0, work };

  // 2. augmenting paths
  const pool = new GroupedPool(ix, rng);
  const mark = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n);
  const queue = new Int32Array(n);
  const visitedR = new Int32Array(n);
  let stamp = 0;
  let augmentations = 0;
  for (let k = 0; k < n; k++) {
    const root = order[k]!;
    if (matchG[root] !== -1) continue;
    let head = 0;
    let tail = 0;
    let visitedCount = 0;
    queue[tail++] = root;
    let found = -1;
    let u = -1;
    const visit = (v: number): boolean => {
      parent[v] = u;
      visitedR[visitedCount++] = v;
      const w = matchR[v]!;
      if (w === -1) {
        found = v;
        return true;
      }
      queue[tail++] = w;
      return false;
    };
    while (head < tail) {
      u = queue[head++]!;
      stamp++;
      const rowEnd = ix.offsets[u + 1]!;
      for (let p = ix.offsets[u]!; p < rowEnd; p++) mark[ix.targets[p]!] = stamp;
      work += rowEnd - ix.offsets[u]! + 1;
      if (pool.scan(ix.group[u]!, mark, stamp, visit)) break;
    }
    work += visitedCount;
    pool.reset();
    if (found === -1) {
      return { ok: false, givers: queue.slice(0, tail), receivers: visitedR.slice(0, visitedCount), work };
    }
    // flip the alternating path
    let v = found;
    while (v !== -1) {
      const g = parent[v]!;
      const next = matchG[g]!;
      matchG[g] = v;
      matchR[v] = g;
      v = next;
    }
    augmentations++;
  }
  return { ok: true, succ: matchG, greedyMatched, augmentations, work };
}

/**
 * Reachability in the allowed digraph u → v (u may give to v) from `start`, forwards or backwards,
 * in O(N + R) with the same complement trick. Returns a 0/1 array.
 */
export function reachable(ix: RestrictionIndex, start: number, backwards: boolean, rng: Rng): Uint8Array {
  const n = ix.n;
  const rows = backwards ? transposeTargets(ix) : { offsets: ix.offsets, targets: ix.targets };
  const pool = new GroupedPool(ix, rng);
  const seen = new Uint8Array(n);
  const mark = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  seen[start] = 1;
  const visit = (v: number): boolean => {
    seen[v] = 1;
    queue[tail++] = v;
    return false;
  };
  let stamp = 0;
  while (head < tail) {
    const u = queue[head++]!;
    stamp++;
    for (let p = rows.offsets[u]!; p < rows.offsets[u + 1]!; p++) mark[rows.targets[p]!] = stamp;
    mark[start] = stamp; // the start vertex is never re-visited
    pool.scan(ix.group[u]!, mark, stamp, visit);
  }
  return seen;
}
