/**
 * Latecomers: people who joined after the draw, placed into it so that every rule still holds
 * (restrictions, households, nobody draws themselves, one loop, no A⇄B) and as few existing givers'
 * recipients change as possible (issue 31).
 *
 * - Four or more latecomers (and no "one loop"): a draw among themselves (`draw`); no existing
 *   giver changes. Fewer than four are never drawn among themselves: two would draw each other and
 *   three form one fixed ring, so each would know their Secret Santa by elimination
 *   (docs/secrecy.md, section 1: "never … by elimination"). With four, every latecomer keeps at
 *   least two possible Santas.
 * - Otherwise each latecomer is spliced into one arc x → y as x → latecomer → y (`addParticipant`),
 *   one after the other in a random order: one latecomer changes exactly one existing giver; k
 *   latecomers change at most k (an arc may be one a previous latecomer just made). A spliced draw
 *   keeps one loop and never makes a mutual pair (the engine checks both).
 * - When neither fits the restrictions, nothing changes and the reason says a new draw is needed.
 *
 * `changedGivers` lists only the existing givers whose recipient changed (the latecomers are new
 * givers and are listed in `placed`).
 */
import { draw } from './draw.js';
import { createRng } from './random.js';
import { addParticipant } from './replace.js';
import type { ChangeOptions, Restriction } from './types.js';

/** Fewer latecomers than this are spliced into the draw rather than drawn among themselves. */
export const LATECOMERS_OWN_DRAW_MIN = 4;

/** The failure message when `spliceOnlyIfSure` held the splice back. */
export const SPLICE_NOT_SURE = 'splice-not-sure';

export type LatecomerResult =
  | {
      readonly ok: true;
      readonly assignment: Map<string, string>;
      /** Existing givers whose recipient changed. */
      readonly changedGivers: string[];
      readonly placed: string[];
      readonly method: 'own-draw' | 'spliced';
    }
  | { readonly ok: false; readonly reason: 'invalid-input' | 'no-local-repair'; readonly message: string };

export function placeLatecomers(
  assignment: ReadonlyMap<string, string>,
  latecomers: readonly string[],
  restrictions: readonly Restriction[] = [],
  options: ChangeOptions & {
    /**
     * Splice only when it succeeds for every possible draw (`spliceAlwaysFits` over these rules),
     * for a caller who may not see the draw: otherwise the answer could tell something about it.
     */
    readonly spliceOnlyIfSure?: { restrictions: readonly Restriction[] };
  } = {},
): LatecomerResult {
  if (latecomers.length === 0) return { ok: false, reason: 'invalid-input', message: 'Nobody is waiting to be drawn.' };
  if (new Set(latecomers).size !== latecomers.length || latecomers.some((id) => assignment.has(id)))
    return { ok: false, reason: 'invalid-input', message: 'A latecomer is listed twice or already drawn.' };
  if (latecomers.length >= LATECOMERS_OWN_DRAW_MIN && !options.singleLoop) {
    const own = new Set(latecomers);
    const result = draw({
      participants: latecomers,
      restrictions: restrictions.filter((r) => own.has(r.giver) && own.has(r.receiver)),
      households: (options.households ?? []).map((members) => members.filter((id) => own.has(id))),
      noMutualPairs: options.noMutualPairs === true,
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
    });
    if (result.ok)
      return {
        ok: true,
        assignment: new Map([...assignment, ...result.assignment]),
        changedGivers: [],
        placed: [...latecomers],
        method: 'own-draw',
      };
  }
  if (
    options.spliceOnlyIfSure &&
    !spliceAlwaysFits([...assignment.keys()], latecomers, options.spliceOnlyIfSure.restrictions, options.households)
  )
    return { ok: false, reason: 'no-local-repair', message: SPLICE_NOT_SURE };
  // Splice one by one, in a random order (so the first latecomer is not always next to the old draw).
  const rng = createRng(options.seed);
  const order = [...latecomers];
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let current: Map<string, string> = new Map(assignment);
  for (const [index, id] of order.entries()) {
    // The engine refuses ids it does not know: only the people placed so far and this one.
    const known = (person: string) => person === id || current.has(person);
    const step = addParticipant(
      current,
      id,
      restrictions.filter((r) => known(r.giver) && known(r.receiver)),
      {
        ...options,
        households: (options.households ?? []).map((members) => members.filter(known)),
        ...(options.seed !== undefined ? { seed: `${options.seed}:${index}` } : {}),
      },
    );
    if (!step.ok)
      return {
        ok: false,
        reason: step.reason,
        message: `${step.reason === 'no-local-repair' ? 'A latecomer' : 'The draw'} cannot be placed without breaking a rule; draw the names again to include everyone.`,
      };
    current = step.assignment;
  }
  const changedGivers = [...assignment.keys()].filter((giver) => current.get(giver) !== assignment.get(giver)).sort();
  return { ok: true, assignment: current, changedGivers, placed: order, method: 'spliced' };
}

/**
 * Whether splicing every latecomer one by one succeeds whatever the current draw is, so that the
 * answer of "Draw latecomers" (placed or refused, how many changed) tells nothing about a draw the
 * caller may not see. Splicing latecomer L needs one pair x → y with x allowed to give to L and L
 * allowed to give to y. Among the m pairs of the draw, the givers allowed to give to L (set A) have
 * |A| distinct recipients; if |A| + |B| > m (B: the recipients L may draw), some of them is in B
 * (pigeonhole), for every possible draw. Counted over the people drawn before the latecomers only,
 * with m grown by the other latecomers, so the bound holds in any order.
 */
export function spliceAlwaysFits(
  drawn: readonly string[],
  latecomers: readonly string[],
  restrictions: readonly Restriction[] = [],
  households: readonly (readonly string[])[] = [],
): boolean {
  const forbidden = new Set(restrictions.map((r) => `${r.giver}\u0000${r.receiver}`));
  const householdOf = new Map<string, number>();
  households.forEach((members, index) => members.forEach((id) => householdOf.set(id, index)));
  const allowed = (giver: string, receiver: string) =>
    giver !== receiver &&
    !forbidden.has(`${giver}\u0000${receiver}`) &&
    (householdOf.get(giver) === undefined || householdOf.get(giver) !== householdOf.get(receiver));
  const pairs = drawn.length + latecomers.length - 1;
  return latecomers.every((late) => {
    const givers = drawn.filter((id) => allowed(id, late)).length;
    const recipients = drawn.filter((id) => allowed(late, id)).length;
    return givers + recipients > pairs;
  });
}
