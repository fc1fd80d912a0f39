/**
 * Changes after the draw, touching as few secrets as possible. Only the arcs that change are
 * checked against the restrictions (the rest of the draw is kept as it is).
 *
 * - replaceParticipant: the newcomer takes over the old person's giver and recipient (2 givers
 *   change: the old person's giver, who now gives to the newcomer, and the newcomer). Otherwise
 *   the smallest local repair with 3 changed givers: splice the old slot out and insert the
 *   newcomer into another arc (keeps a single loop), or swap one end with one other pair.
 * - removeParticipant: the old person's giver gives to the old person's recipient (1 change),
 *   else a swap with one other pair (2 changes, not for singleLoop), else move one person into
 *   the gap (3 changes, keeps a single loop).
 * - addParticipant: insert the newcomer into one arc x → y as x → new → y (2 changes).
 * Work: O(N) candidate checks (each O(log R)), plus building the restriction index.
 * Among equally small repairs one is chosen at random (seeded), so the result is not predictable.
 */
import { createRng } from './random.js';
import { buildRestrictionIndex, isAllowed } from './restrictions.js';
import type { ChangeOptions, ChangeResult, Restriction, RestrictionIndex } from './types.js';

type AssignmentLike = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

interface Parsed {
  ids: string[];
  succ: Int32Array;
}

function parse(assignment: AssignmentLike): Parsed | string {
  const entries: [string, string][] =
    assignment instanceof Map ? [...assignment.entries()] : Object.entries(assignment as Record<string, string>);
  const ids = entries.map(([g]) => g);
  const pos = new Map<string, number>();
  ids.forEach((id, i) => pos.set(id, i));
  const succ = new Int32Array(ids.length);
  const hit = new Uint8Array(ids.length);
  for (let i = 0; i < entries.length; i++) {
    const r = pos.get(entries[i]![1]);
    if (r === undefined) return `"${entries[i]![1]}" receives a gift but does not give one.`;
    if (hit[r]) return `"${entries[i]![1]}" receives more than one gift.`;
    hit[r] = 1;
    succ[i] = r;
  }
  return { ids, succ };
}

type Arc = [number, number];

/** Parses the assignment and finds `id` in it: the shared start of replace and remove. */
function locate(assignment: AssignmentLike, id: string): (Parsed & { k: number }) | string {
  const parsed = parse(assignment);
  if (typeof parsed === 'string') return parsed;
  const k = parsed.ids.indexOf(id);
  if (k === -1) return `"${id}" is not in the draw.`;
  return { ...parsed, k };
}

/** Applies `changes` virtually and checks them: allowed, and no new mutual pair when asked. */
function arcsOk(ix: RestrictionIndex, succ: Int32Array, changes: Arc[], noMutual: boolean): boolean {
  const over = new Map<number, number>(changes);
  for (const [a, b] of changes) {
    if (!isAllowed(ix, a, b)) return false;
    if (noMutual && (over.get(b) ?? succ[b]) === a) return false;
  }
  return true;
}

function buildIndexFor(
  ids: string[],
  restrictions: Iterable<Restriction>,
  options: ChangeOptions,
  dropped: string | null,
): RestrictionIndex | string {
  const rs: Restriction[] = [];
  for (const r of restrictions) if (dropped === null || (r.giver !== dropped && r.receiver !== dropped)) rs.push(r);
  const hh = (options.households ?? []).map((h) => h.filter((x) => x !== dropped));
  const built = buildRestrictionIndex(ids, rs, hh);
  if (!built.ok) return built.errors.map((e) => e.message).join(' ');
  return built.index;
}

function finish(
  ids: string[],
  succ: Int32Array,
  changes: Arc[],
  extraChanged: number[],
  skip: number,
  message: string,
): ChangeResult {
  for (const [a, b] of changes) succ[a] = b;
  const assignment = new Map<string, string>();
  for (let i = 0; i < ids.length; i++) if (i !== skip) assignment.set(ids[i]!, ids[succ[i]!]!);
  const changed = new Set<number>([...changes.map(([a]) => a), ...extraChanged]);
  changed.delete(skip);
  return { ok: true, assignment, changedGivers: [...changed].sort((a, b) => a - b).map((i) => ids[i]!), message };
}

const fail = (reason: 'invalid-input' | 'no-local-repair', message: string): ChangeResult => ({
  ok: false,
  reason,
  message,
});

/** Replace oldId by newId, changing as few givers' recipients as possible. */
export function replaceParticipant(
  assignment: AssignmentLike,
  oldId: string,
  newId: string,
  restrictions: Iterable<Restriction> = [],
  options: ChangeOptions = {},
): ChangeResult {
  const located = locate(assignment, oldId);
  if (typeof located === 'string') return fail('invalid-input', located);
  const { ids, succ, k } = located;
  if (typeof newId !== 'string' || newId.length === 0)
    return fail('invalid-input', 'The new id must be a non-empty string.');
  if (ids.includes(newId)) return fail('invalid-input', `"${newId}" is already in the draw.`);
  ids[k] = newId;
  const ix = buildIndexFor(ids, restrictions, options, oldId);
  if (typeof ix === 'string') return fail('invalid-input', ix);
  const n = ids.length;
  const noMutual = options.noMutualPairs === true;
  const rng = createRng(options.seed);
  const pred = new Int32Array(n);
  for (let i = 0; i < n; i++) pred[succ[i]!] = i;
  const g = pred[k]!;
  const r = succ[k]!;
  // 2 changes: newcomer steps into the old slot (g → new, new → r)
  if (
    arcsOk(
      ix,
      succ,
      [
        [g, k],
        [k, r],
      ],
      noMutual,
    )
  ) {
    return finish(
      ids,
      succ,
      [[k, r]],
      [g],
      -1,
      `${newId} takes over ${oldId}'s place: only ${ids[g]!}'s recipient changes.`,
    );
  }
  // 3 changes
  const cands: { changes: Arc[]; extra: number[] }[] = [];
  for (let x = 0; x < n; x++) {
    if (x === k || x === g) continue;
    // (a) splice the slot out (g → r) and insert the newcomer into x → y
    const yy = succ[x]!;
    if (yy !== k) {
      const ch: Arc[] = [
        [g, r],
        [x, k],
        [k, yy],
      ];
      if (g !== r && arcsOk(ix, succ, ch, noMutual)) cands.push({ changes: ch, extra: [] });
    }
    if (options.singleLoop) continue;
    const d = succ[x]!;
    // (b1) g keeps giving to the slot, newcomer takes x's recipient, x gives to r
    const b1: Arc[] = [
      [k, d],
      [x, r],
    ];
    if (arcsOk(ix, succ, [[g, k], ...b1], noMutual)) cands.push({ changes: b1, extra: [g] });
    // (b2) x gives to the newcomer, g takes x's recipient, newcomer keeps r
    const b2: Arc[] = [
      [x, k],
      [g, d],
      [k, r],
    ];
    if (d !== k && arcsOk(ix, succ, b2, noMutual)) cands.push({ changes: b2, extra: [] });
  }
  if (cands.length === 0) {
    ids[k] = oldId;
    return fail('no-local-repair', `No repair touching at most 3 givers fits the restrictions; consider a new draw.`);
  }
  const pick = cands[rng.int(cands.length)]!;
  return finish(ids, succ, pick.changes, pick.extra, -1, `${newId} replaces ${oldId}; 3 givers' recipients change.`);
}

/** Remove a participant, changing as few givers' recipients as possible. */
export function removeParticipant(
  assignment: AssignmentLike,
  id: string,
  restrictions: Iterable<Restriction> = [],
  options: ChangeOptions = {},
): ChangeResult {
  const located = locate(assignment, id);
  if (typeof located === 'string') return fail('invalid-input', located);
  const { ids, succ, k } = located;
  if (ids.length - 1 < 2) return fail('invalid-input', 'A draw needs at least 2 participants.');
  // Index over everyone; k simply gets no arcs. Restrictions naming `id` are ignored.
  const ix = buildIndexFor(ids, restrictions, options, id);
  if (typeof ix === 'string') return fail('invalid-input', ix);
  const n = ids.length;
  const noMutual = options.noMutualPairs === true;
  const rng = createRng(options.seed);
  const pred = new Int32Array(n);
  for (let i = 0; i < n; i++) pred[succ[i]!] = i;
  const g = pred[k]!;
  const r = succ[k]!;
  // 1 change: g → r
  if (g !== r && isAllowed(ix, g, r) && (!noMutual || succ[r] !== g)) {
    return finish(ids, succ, [[g, r]], [], k, `${ids[g]!} now gives to ${ids[r]!}.`);
  }
  const best: Arc[][] = [];
  // 2 changes (plain only): g → s(x), x → r
  if (!options.singleLoop) {
    for (let x = 0; x < n; x++) {
      if (x === k || x === g) continue;
      const ch: Arc[] = [
        [g, succ[x]!],
        [x, r],
      ];
      if (succ[x] !== k && arcsOk(ix, succ, ch, noMutual)) best.push(ch);
    }
  }
  if (best.length === 0) {
    // 3 changes: move z into the gap: p(z) → s(z), g → z, z → r (keeps a single loop)
    for (let z = 0; z < n; z++) {
      if (z === k || z === g || z === r) continue;
      const pz = pred[z]!; // never k or g, since z ∉ {r, k}
      const sz = succ[z]!;
      const ch: Arc[] = [
        [pz, sz],
        [g, z],
        [z, r],
      ];
      if (g !== r && arcsOk(ix, succ, ch, noMutual)) best.push(ch);
    }
  }
  if (best.length === 0)
    return fail('no-local-repair', 'No repair touching at most 3 givers fits the restrictions; consider a new draw.');
  const pick = best[rng.int(best.length)]!;
  return finish(ids, succ, pick, [], k, `${id} removed; ${pick.length} givers' recipients change.`);
}

/** Add a participant by inserting them into one arc x → y (x → new → y). */
export function addParticipant(
  assignment: AssignmentLike,
  newId: string,
  restrictions: Iterable<Restriction> = [],
  options: ChangeOptions = {},
): ChangeResult {
  const parsed = parse(assignment);
  if (typeof parsed === 'string') return fail('invalid-input', parsed);
  if (typeof newId !== 'string' || newId.length === 0)
    return fail('invalid-input', 'The new id must be a non-empty string.');
  if (parsed.ids.includes(newId)) return fail('invalid-input', `"${newId}" is already in the draw.`);
  const ids = [...parsed.ids, newId];
  const n = ids.length;
  const k = n - 1;
  const succ = new Int32Array(n);
  succ.set(parsed.succ);
  succ[k] = k;
  const ix = buildIndexFor(ids, restrictions, options, null);
  if (typeof ix === 'string') return fail('invalid-input', ix);
  const noMutual = options.noMutualPairs === true;
  const cands: Arc[][] = [];
  for (let x = 0; x < k; x++) {
    const ch: Arc[] = [
      [x, k],
      [k, succ[x]!],
    ];
    if (arcsOk(ix, succ, ch, noMutual)) cands.push(ch);
  }
  if (cands.length === 0)
    return fail(
      'no-local-repair',
      `${newId} cannot be inserted into any existing pair without breaking a restriction; consider a new draw.`,
    );
  const pick = cands[createRng(options.seed).int(cands.length)]!;
  return finish(ids, succ, pick, [], -1, `${newId} joins between ${ids[pick[0]![0]]!} and ${ids[pick[1]![1]]!}.`);
}

/** Every ordering of 0..m-1 (m ≤ 6: at most 720). */
function permutations(m: number): number[][] {
  if (m === 0) return [[]];
  const out: number[][] = [];
  for (const rest of permutations(m - 1))
    for (let at = 0; at <= rest.length; at++) out.push([...rest.slice(0, at), m - 1, ...rest.slice(at)]);
  return out;
}

function isSingleLoop(succ: Int32Array): boolean {
  let steps = 0;
  let at = 0;
  do {
    at = succ[at]!;
    steps++;
  } while (at !== 0 && steps <= succ.length);
  return at === 0 && steps === succ.length;
}

/** How many people a secrecy reshuffle re-pairs (a small random set, the given person among them). */
export const RESHUFFLE_SIZE = 4;
const RESHUFFLE_TRIES = 40;

/**
 * Re-pairs a small random set of givers around `id` (`id` and RESHUFFLE_SIZE − 1 others chosen at
 * random) among their own recipients, uniformly among the re-pairings that keep every rule
 * (restrictions, households, nobody draws themselves, no A⇄B when asked, one loop when asked).
 * Used after a replacement that the acting person may not see: without it the newcomer would take
 * over the leaver's recipient for certain, and whoever controls the newcomer's address would learn
 * that pair. A set is used only if some valid re-pairing gives `id` another recipient, so keeping
 * the old one is never certain. Fails ('no-local-repair') when no tried set allows that.
 * Work: RESHUFFLE_TRIES × RESHUFFLE_SIZE! candidate checks, each O(RESHUFFLE_SIZE · log R) (+ O(N)
 * for the single-loop check).
 */
export function reshuffleAround(
  assignment: AssignmentLike,
  id: string,
  restrictions: Iterable<Restriction> = [],
  options: ChangeOptions = {},
): ChangeResult {
  const located = locate(assignment, id);
  if (typeof located === 'string') return fail('invalid-input', located);
  const { ids, succ, k } = located;
  const n = ids.length;
  const ix = buildIndexFor(ids, restrictions, options, null);
  if (typeof ix === 'string') return fail('invalid-input', ix);
  const noMutual = options.noMutualPairs === true;
  const rng = createRng(options.seed);
  const m = Math.min(n, RESHUFFLE_SIZE);
  const orders = permutations(m);
  const others = ids.map((_, i) => i).filter((i) => i !== k);
  for (let attempt = 0; attempt < RESHUFFLE_TRIES; attempt++) {
    // k and m − 1 others, drawn by a partial Fisher–Yates shuffle.
    for (let i = 0; i < m - 1; i++) {
      const j = i + rng.int(others.length - i);
      [others[i], others[j]] = [others[j]!, others[i]!];
    }
    const set = [k, ...others.slice(0, m - 1)];
    const recipients = set.map((giver) => succ[giver]!);
    const valid: Arc[][] = [];
    let movesId = false;
    for (const order of orders) {
      const changes: Arc[] = set.map((giver, i) => [giver, recipients[order[i]!]!]);
      if (changes.some(([a, b]) => a === b) || !arcsOk(ix, succ, changes, noMutual)) continue;
      if (options.singleLoop) {
        const trial = succ.slice();
        for (const [a, b] of changes) trial[a] = b;
        if (!isSingleLoop(trial)) continue;
      }
      valid.push(changes);
      if (changes[0]![1] !== succ[k]) movesId = true;
    }
    if (!movesId) continue;
    const pick = valid[rng.int(valid.length)]!;
    const changed = pick.filter(([a, b]) => succ[a] !== b).map(([a]) => ids[a]!);
    for (const [a, b] of pick) succ[a] = b;
    const result = new Map<string, string>();
    for (let i = 0; i < n; i++) result.set(ids[i]!, ids[succ[i]!]!);
    return {
      ok: true,
      assignment: result,
      changedGivers: changed.sort(),
      message: `${changed.length} givers' recipients were re-paired at random.`,
    };
  }
  return fail('no-local-repair', 'No small random re-pairing fits the restrictions; consider a new draw.');
}
