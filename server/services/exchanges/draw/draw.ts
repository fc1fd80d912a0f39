/**
 * draw(input): the public entry point. Pure: no I/O, no Math.random.
 *
 * Pipeline and work bounds (N participants, R pair restrictions, households kept as labels):
 *  0. Validation + index build: O(N + R log R).
 *  1. Household larger than everyone else → Hall certificate at once, O(N + R).
 *  2. Rejection sampling (exactly uniform) when the estimated acceptance p makes it cheap:
 *     attempts ≤ min(maxRejectionAttempts = 20,000, rejectionWork / N = 4,000,000 / N) and only
 *     tried when 4/p fits in that cap; each attempt O(N) (usually stops much earlier).
 *  3. N ≤ 16: exact subset DP (uniform, and a proof when nothing exists): O(2^N·N) plain,
 *     O(2^N·N²) single loop (≈ 7M steps); noMutualPairs: ≤ 200 uniform DP samples, then a DFS of
 *     ≤ searchNodes = 2,000,000 nodes.
 *  4. Larger N: randomised matching (matching.ts) — greedy O(8N log R) + at most one O(N + R)
 *     BFS per giver left free (first failing BFS = Hall certificate); then 2·N swap-mixing
 *     proposals; singleLoop: cycle merging bounded by repairWork = 20,000,000 pair checks per try,
 *     ≤ 1 + loopRestarts (3) fresh matchings; after a first failure a strong-connectivity check
 *     O(N + R) may prove impossibility;
 *     noMutualPairs: 2-cycle breaking bounded by repairWork, then the bounded DFS.
 * Every loop is bounded, so draw() always terminates; when a bound runs out the answer says
 * "not found within the work bound" (proven: false), distinct from a proof of impossibility.
 */
import { largeGroupViolation, listNames, makeCertificate } from './certificate.js';
import { EXACT_MAX_N, exactLoop, exactPlain, searchNoMutual } from './exact.js';
import { breakMutualPairs, hasMutualPair, mergeCycles, mixLoop, mixSwaps } from './loop.js';
import { randomPerfectMatching, reachable } from './matching.js';
import { createRng, type Rng } from './random.js';
import { logAcceptance, rejectPermutations, rejectSattolo } from './rejection.js';
import { buildRestrictionIndex, checkParticipants, forbiddenPairCount } from './restrictions.js';
import type {
  DrawConstraintFailure,
  DrawInput,
  DrawLimits,
  DrawMethod,
  DrawResult,
  DrawStats,
  InputError,
  RestrictionIndex,
} from './types.js';

export const DEFAULT_LIMITS: Readonly<DrawLimits> = Object.freeze({
  maxRejectionAttempts: 20_000,
  rejectionWork: 4_000_000,
  mixStepsPerParticipant: 2,
  repairWork: 20_000_000,
  searchNodes: 2_000_000,
  loopRestarts: 3,
});

const DP_NO_MUTUAL_SAMPLES = 200;

function isIndex(x: unknown): x is RestrictionIndex {
  return typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'restriction-index';
}

function invalid(errors: InputError[]): DrawResult {
  return { ok: false, reason: 'invalid-input', errors, message: errors.map((e) => e.message).join(' ') };
}

/** Draws an assignment. See the module comment for the algorithm and its bounds. */
export function draw(input: DrawInput): DrawResult {
  const t0 = performance.now();
  if (typeof input !== 'object' || input === null || !Array.isArray(input.participants)) {
    return invalid([{ code: 'invalid-id', message: 'draw() needs { participants: string[] }.' }]);
  }
  const ids = input.participants;
  let ix: RestrictionIndex;
  if (isIndex(input.restrictions)) {
    const errors = checkParticipants(ids);
    if (input.restrictions.n !== ids.length) {
      errors.push({
        code: 'index-mismatch',
        message: `The restriction index is for ${input.restrictions.n} participants, not ${ids.length}.`,
      });
    }
    if (input.households && input.households.length > 0) {
      errors.push({
        code: 'index-mismatch',
        message: 'Pass households to buildRestrictionIndex, not next to an index.',
      });
    }
    if (errors.length > 0) return invalid(errors);
    ix = input.restrictions;
  } else {
    const built = buildRestrictionIndex(ids, input.restrictions ?? [], input.households ?? []);
    if (!built.ok) return invalid(built.errors);
    const errors = checkParticipants(ids);
    if (errors.length > 0) return invalid(errors);
    ix = built.index;
  }
  const limits: DrawLimits = { ...DEFAULT_LIMITS, ...(input.limits ?? {}) };
  return drawIndexed(ix, ids, {
    singleLoop: input.singleLoop === true,
    noMutualPairs: input.noMutualPairs === true,
    rng: createRng(input.seed),
    limits,
    t0,
  });
}

interface CoreOptions {
  singleLoop: boolean;
  noMutualPairs: boolean;
  rng: Rng;
  limits: DrawLimits;
  t0: number;
}

function toMap(ids: readonly string[], succ: Int32Array): Map<string, string> {
  const m = new Map<string, string>();
  for (let i = 0; i < succ.length; i++) m.set(ids[i]!, ids[succ[i]!]!);
  return m;
}

/** Returns a sentence proving that no single loop exists, or null when the digraph is strongly connected. */
function strongConnectivityProof(ix: RestrictionIndex, ids: readonly string[], rng: Rng): string | null {
  const n = ix.n;
  for (const forward of [true, false]) {
    const seen = reachable(ix, 0, !forward, rng);
    const inside: string[] = [];
    const outside: string[] = [];
    for (let v = 0; v < n; v++) (seen[v] ? inside : outside).push(ids[v]!);
    if (outside.length > 0) {
      const [from, to] = forward ? [inside, outside] : [outside, inside];
      return `A single loop is impossible: nobody among ${listNames(from)} may give to anyone among ${listNames(to)} (directly or through others), so one loop can never pass through everyone. A draw with several smaller circles is possible.`;
    }
  }
  return null;
}

function drawIndexed(ix: RestrictionIndex, ids: readonly string[], o: CoreOptions): DrawResult {
  const n = ix.n;
  const { rng, limits } = o;
  const single = o.singleLoop;
  // A loop of length >= 3 has no mutual pairs; with N = 2 the only loop is one.
  const noMutual = o.noMutualPairs && !(single && n >= 3);
  const stats: DrawStats = {
    n,
    forbiddenPairs: forbiddenPairCount(ix),
    estimatedAcceptance: 0,
    rejectionAttempts: 0,
    greedyMatched: 0,
    augmentations: 0,
    mixSwaps: 0,
    repairSwaps: 0,
    work: 0,
    ms: 0,
  };
  const finish = (): DrawStats => {
    stats.ms = performance.now() - o.t0;
    return stats;
  };
  const success = (succ: Int32Array, method: DrawMethod): DrawResult => ({
    ok: true,
    assignment: toMap(ids, succ),
    method,
    stats: finish(),
  });
  const noAssignment = (givers: ArrayLike<number>, receivers: ArrayLike<number>): DrawResult => {
    const certificate = makeCertificate(ix, ids, givers, receivers);
    return { ok: false, reason: 'no-valid-assignment', certificate, message: certificate.message, stats: finish() };
  };
  const constraintFailure = (
    reason: DrawConstraintFailure['reason'],
    proven: boolean,
    plain: Int32Array,
    message: string,
  ): DrawResult => ({
    ok: false,
    reason,
    proven,
    plainDrawAvailable: true,
    plainDraw: toMap(ids, plain),
    message,
    stats: finish(),
  });
  const mutualImpossibleMsg =
    n === 2
      ? 'With two people the only possible draw is a mutual pair (A gives to B and B to A).'
      : 'Every valid draw contains a mutual pair (A gives to B and B to A) with these restrictions (checked exhaustively).';

  // 1. obvious Hall violation
  const big = largeGroupViolation(ix);
  if (big) return noAssignment(big.givers, big.receivers);

  // 2. rejection sampling (exactly uniform)
  const lp = logAcceptance(ix, single, noMutual);
  const p = Math.exp(lp);
  stats.estimatedAcceptance = p;
  // With N <= 16 the exact DP is cheap, so rejection gets a smaller cap there.
  const cap = Math.max(
    1,
    Math.min(limits.maxRejectionAttempts, Math.floor(limits.rejectionWork / n), n <= EXACT_MAX_N ? 2_000 : Infinity),
  );
  if (p > 0 && 4 / p <= cap && !(single && noMutual)) {
    const r = single ? rejectSattolo(ix, rng, cap) : rejectPermutations(ix, rng, noMutual, cap);
    stats.rejectionAttempts = r.attempts;
    stats.work += r.work;
    if (r.succ) {
      const method: DrawMethod = single
        ? stats.forbiddenPairs === 0 && r.attempts === 1
          ? 'sattolo'
          : 'rejection-sattolo'
        : 'rejection';
      return success(r.succ, method);
    }
  }

  // 3. exact methods for small N
  if (n <= EXACT_MAX_N) {
    const plain = exactPlain(ix);
    stats.work += (1 << n) * n;
    if (plain.count === 0) {
      const m = randomPerfectMatching(ix, rng);
      if (!m.ok) return noAssignment(m.givers, m.receivers);
      throw new Error('internal: DP and matching disagree on feasibility');
    }
    if (single) {
      const loop = exactLoop(ix);
      stats.work += (1 << n) * n * n;
      if (loop.count === 0) {
        return constraintFailure(
          'single-loop-impossible',
          true,
          plain.sample(rng)!,
          'A single loop is impossible with these restrictions (every possible loop was checked); a draw with several smaller circles is possible.',
        );
      }
      const succ = loop.sample(rng)!;
      if (o.noMutualPairs && n === 2) {
        return constraintFailure('no-mutual-pairs-impossible', true, succ, mutualImpossibleMsg);
      }
      return success(succ, 'exact-dp');
    }
    if (!noMutual) return success(plain.sample(rng)!, 'exact-dp');
    for (let k = 0; k < DP_NO_MUTUAL_SAMPLES; k++) {
      const s = plain.sample(rng)!;
      if (!hasMutualPair(s)) return success(s, 'exact-dp');
    }
    const search = searchNoMutual(ix, rng, limits.searchNodes);
    stats.work += search.nodes;
    if (search.status === 'found') return success(search.succ, 'backtracking');
    return constraintFailure(
      search.status === 'impossible' ? 'no-mutual-pairs-impossible' : 'no-mutual-pairs-not-found',
      search.status === 'impossible',
      plain.sample(rng)!,
      search.status === 'impossible'
        ? mutualImpossibleMsg
        : `No draw without mutual pairs was found within the work bound (${limits.searchNodes.toLocaleString('en-US')} search nodes); this is not a proof that none exists.`,
    );
  }

  // 4. matching-based draw for larger N
  const matchAndMix = (): Int32Array | DrawResult => {
    const m = randomPerfectMatching(ix, rng);
    stats.work += m.work;
    if (!m.ok) return noAssignment(m.givers, m.receivers);
    stats.greedyMatched = m.greedyMatched;
    stats.augmentations += m.augmentations;
    stats.mixSwaps += mixSwaps(ix, m.succ, rng, limits.mixStepsPerParticipant * n, false);
    stats.work += limits.mixStepsPerParticipant * n;
    return m.succ;
  };
  const first = matchAndMix();
  if (!(first instanceof Int32Array)) return first;

  if (single) {
    let succ = first;
    for (let attempt = 0; attempt <= limits.loopRestarts; attempt++) {
      if (attempt > 0) {
        const next = matchAndMix();
        if (!(next instanceof Int32Array)) return next;
        succ = next;
      }
      const plainCopy = succ.slice();
      const merges = mergeCycles(ix, succ, rng, limits.repairWork);
      if (merges >= 0) {
        stats.repairSwaps += merges;
        stats.mixSwaps += mixLoop(ix, succ, rng, limits.mixStepsPerParticipant * n);
        return success(succ, 'matching');
      }
      stats.work += limits.repairWork;
      if (attempt === 0) {
        // Structural proof: a single loop needs the allowed digraph to be strongly connected.
        const proof = strongConnectivityProof(ix, ids, rng);
        stats.work += 4 * n + 2 * ix.targets.length;
        if (proof) {
          return constraintFailure('single-loop-impossible', true, plainCopy, proof);
        }
      }
      succ = plainCopy;
    }
    return constraintFailure(
      'single-loop-not-found',
      false,
      succ,
      `No single loop was found within the work bound (${1 + limits.loopRestarts} matchings, ${limits.repairWork.toLocaleString('en-US')} swap checks each); this is not a proof that none exists. A draw with several smaller circles is possible.`,
    );
  }

  if (noMutual) {
    const plainCopy = first.slice();
    const swaps = breakMutualPairs(ix, first, rng, limits.repairWork);
    if (swaps >= 0) {
      stats.repairSwaps = swaps;
      stats.mixSwaps += mixSwaps(ix, first, rng, limits.mixStepsPerParticipant * n, true);
      return success(first, 'matching');
    }
    const search = searchNoMutual(ix, rng, limits.searchNodes);
    stats.work += search.nodes;
    if (search.status === 'found') return success(search.succ, 'backtracking');
    return constraintFailure(
      search.status === 'impossible' ? 'no-mutual-pairs-impossible' : 'no-mutual-pairs-not-found',
      search.status === 'impossible',
      plainCopy,
      search.status === 'impossible'
        ? mutualImpossibleMsg
        : `No draw without mutual pairs was found within the work bound (${limits.searchNodes.toLocaleString('en-US')} search nodes); this is not a proof that none exists.`,
    );
  }
  return success(first, 'matching');
}
