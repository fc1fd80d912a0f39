/** Public types of the gift-exchange draw engine. */

/** "giver must not give to receiver" (ordered). */
export interface Restriction {
  readonly giver: string;
  readonly receiver: string;
}

/**
 * Compact restriction index over participant indexes (see restrictions.ts). Memory O(N + R):
 * households are stored as one group label per person (never expanded into pairs) and the
 * remaining pairs as a CSR list of sorted forbidden receivers per giver.
 */
export interface RestrictionIndex {
  readonly kind: 'restriction-index';
  /** Number of participants. */
  readonly n: number;
  /** Group label per person, 0..groupCount-1. Same label = may not give (this includes self). */
  readonly group: Int32Array;
  readonly groupCount: number;
  /** Size of every group. */
  readonly groupSize: Int32Array;
  /** CSR row starts, length n + 1. */
  readonly offsets: Int32Array;
  /** Forbidden receivers per giver: sorted, no duplicates, never a same-group receiver. */
  readonly targets: Int32Array;
}

export interface DrawLimits {
  /** Hard cap on rejection-sampling attempts. */
  maxRejectionAttempts: number;
  /** Rejection sampling is skipped when expectedAttempts * N exceeds this many steps. */
  rejectionWork: number;
  /** Swap proposals used to re-randomise a matching-based draw (per participant). */
  mixStepsPerParticipant: number;
  /** Pair checks allowed when merging cycles / breaking mutual pairs. */
  repairWork: number;
  /** Nodes of the exhaustive backtracking search (noMutualPairs fallback). */
  searchNodes: number;
  /** Fresh matchings tried when cycle merging fails (singleLoop, large N). */
  loopRestarts: number;
}

export interface DrawInput {
  /** Participant ids: non-empty, unique strings. */
  readonly participants: readonly string[];
  /** Pair restrictions, or a prebuilt index (for very large inputs; see buildRestrictionIndex). */
  readonly restrictions?: Iterable<Restriction> | RestrictionIndex;
  /** Households / groups: nobody gives inside their own group. Stored compactly (no N² pairs). */
  readonly households?: readonly (readonly string[])[];
  /** Everyone in one chain: A → B → C → … → A. */
  readonly singleLoop?: boolean;
  /** Forbid A → B together with B → A. */
  readonly noMutualPairs?: boolean;
  /** Same seed + same input = same draw. Without it, crypto randomness is used. */
  readonly seed?: number | string;
  readonly limits?: Partial<DrawLimits>;
}

export type DrawMethod =
  | 'rejection' // Fisher–Yates + reject: exactly uniform
  | 'sattolo' // single loop, no restriction hit on the first Sattolo cycle: exactly uniform
  | 'rejection-sattolo' // Sattolo cycles + reject: exactly uniform among valid single loops
  | 'exact-dp' // subset dynamic programming, N <= 16: exactly uniform
  | 'matching' // randomised augmenting-path matching + swap mixing (+ loop merge / mutual repair)
  | 'backtracking'; // exhaustive bounded search (noMutualPairs fallback)

export interface DrawStats {
  n: number;
  /** Forbidden (giver, receiver) pairs, self excluded, households counted as pairs. */
  forbiddenPairs: number;
  /** Estimated probability that a random permutation / cycle is valid. */
  estimatedAcceptance: number;
  rejectionAttempts: number;
  /** Givers matched by the randomised greedy start (matching method). */
  greedyMatched: number;
  augmentations: number;
  mixSwaps: number;
  /** Cycle merges (singleLoop) or 2-cycle breaking swaps (noMutualPairs). */
  repairSwaps: number;
  /** Abstract work units spent (pair checks, visited vertices). */
  work: number;
  ms: number;
}

export interface HallCertificate {
  /** Givers S whose allowed recipients N(S) number fewer than |S|. */
  readonly givers: string[];
  /** N(S): everyone any giver of S may give to. */
  readonly allowedRecipients: string[];
  /** Per giver allowed recipients; present when |S| * |N(S)| <= 10,000 (kept readable). */
  readonly perGiver?: { giver: string; allowedRecipients: string[] }[];
  /** A sentence for people. */
  readonly message: string;
}

export interface InputError {
  readonly code:
    'too-few-participants' | 'invalid-id' | 'duplicate-id' | 'unknown-id' | 'invalid-restriction' | 'index-mismatch';
  readonly message: string;
  readonly ids?: string[];
}

export interface DrawSuccess {
  readonly ok: true;
  /** giver -> receiver, in participant order. */
  readonly assignment: Map<string, string>;
  readonly method: DrawMethod;
  readonly stats: DrawStats;
}

export interface DrawInvalidInput {
  readonly ok: false;
  readonly reason: 'invalid-input';
  readonly errors: InputError[];
  readonly message: string;
}

export interface DrawNoAssignment {
  readonly ok: false;
  readonly reason: 'no-valid-assignment';
  readonly certificate: HallCertificate;
  readonly message: string;
  readonly stats: DrawStats;
}

/**
 * singleLoop / noMutualPairs could not be met although a plain draw exists.
 * `proven: true` = impossible (exhaustive DP/search or a structural proof in `explanation`);
 * `proven: false` = "not found within the work bound" (reason ends in -not-found).
 */
export interface DrawConstraintFailure {
  readonly ok: false;
  readonly reason:
    'single-loop-impossible' | 'single-loop-not-found' | 'no-mutual-pairs-impossible' | 'no-mutual-pairs-not-found';
  readonly proven: boolean;
  readonly plainDrawAvailable: true;
  /** A valid assignment without the extra constraint (singleLoop / noMutualPairs dropped). */
  readonly plainDraw: Map<string, string>;
  readonly message: string;
  readonly stats: DrawStats;
}

export type DrawResult = DrawSuccess | DrawInvalidInput | DrawNoAssignment | DrawConstraintFailure;

export interface ChangeOptions {
  readonly households?: readonly (readonly string[])[];
  readonly singleLoop?: boolean;
  readonly noMutualPairs?: boolean;
  readonly seed?: number | string;
}

export type ChangeResult =
  | {
      readonly ok: true;
      readonly assignment: Map<string, string>;
      /** Givers whose recipient changed (including a newly added giver); nobody else's changed. */
      readonly changedGivers: string[];
      readonly message: string;
    }
  | {
      readonly ok: false;
      readonly reason: 'invalid-input' | 'no-local-repair';
      readonly message: string;
    };
