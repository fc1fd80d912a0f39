/** One shared validator for assignments (used by tests and the benchmark for every engine). */
import { buildRestrictionIndex, isAllowed } from './restrictions.js';
import type { Restriction, RestrictionIndex } from './types.js';

export interface ValidationRules {
  readonly restrictions?: Iterable<Restriction> | RestrictionIndex;
  readonly households?: readonly (readonly string[])[];
  readonly singleLoop?: boolean;
  readonly noMutualPairs?: boolean;
}

export interface ValidationReport {
  valid: boolean;
  /** First problems found (at most 20). */
  problems: string[];
}

/** Index-space check of succ[giver] = receiver. */
export function checkSucc(
  ix: RestrictionIndex,
  succ: Int32Array,
  rules: { singleLoop?: boolean; noMutualPairs?: boolean } = {},
): ValidationReport {
  const problems: string[] = [];
  const add = (p: string): void => {
    if (problems.length < 20) problems.push(p);
  };
  const n = ix.n;
  if (succ.length !== n) add(`expected ${n} givers, got ${succ.length}`);
  const hit = new Uint8Array(n);
  for (let u = 0; u < succ.length; u++) {
    const v = succ[u]!;
    if (v < 0 || v >= n) {
      add(`giver #${u} has no valid receiver`);
      continue;
    }
    if (hit[v]) add(`receiver #${v} gets more than one gift`);
    hit[v] = 1;
    if (u === v) add(`#${u} gives to themselves`);
    else if (!isAllowed(ix, u, v)) add(`#${u} → #${v} is restricted`);
    if (rules.noMutualPairs && succ[v] === u && u < v) add(`#${u} ⇄ #${v} is a mutual pair`);
  }
  if (rules.singleLoop && problems.length === 0) {
    let v = 0;
    let len = 0;
    do {
      v = succ[v]!;
      len++;
    } while (v !== 0 && len <= n);
    if (len !== n) add(`not a single loop (the loop through #0 has ${len} of ${n} people)`);
  }
  return { valid: problems.length === 0, problems };
}

/** Id-level check: a permutation of the participants, no self, no restricted pair, options honoured. */
export function validateAssignment(
  participants: readonly string[],
  assignment: ReadonlyMap<string, string> | Readonly<Record<string, string>>,
  rules: ValidationRules = {},
): ValidationReport {
  const entries: [string, string][] =
    assignment instanceof Map ? [...assignment.entries()] : Object.entries(assignment as Record<string, string>);
  let ix: RestrictionIndex;
  const pos = new Map<string, number>();
  participants.forEach((p, i) => pos.set(p, i));
  const r = rules.restrictions;
  if (typeof r === 'object' && r !== null && (r as { kind?: unknown }).kind === 'restriction-index') {
    ix = r as RestrictionIndex;
  } else {
    const built = buildRestrictionIndex(
      participants,
      (r as Iterable<Restriction> | undefined) ?? [],
      rules.households ?? [],
    );
    if (!built.ok) return { valid: false, problems: built.errors.map((e) => e.message) };
    ix = built.index;
  }
  const problems: string[] = [];
  if (entries.length !== participants.length) {
    problems.push(`assignment has ${entries.length} givers for ${participants.length} participants`);
  }
  const succ = new Int32Array(participants.length).fill(-1);
  for (const [g, rcv] of entries) {
    const a = pos.get(g);
    const b = pos.get(rcv);
    if (a === undefined || b === undefined) {
      problems.push(`unknown person in ${g} → ${rcv}`);
      continue;
    }
    succ[a] = b;
  }
  if (problems.length > 0) return { valid: false, problems };
  const report = checkSucc(ix, succ, rules);
  return {
    valid: report.valid,
    problems: report.problems.map((p) => p.replace(/#(\d+)/g, (_, d: string) => participants[Number(d)] ?? `#${d}`)),
  };
}
