/**
 * docs/secrecy.md as code: the model's ground truth of who may know which secret, and the reads that
 * check, after every step, that nothing any session can read through the procedures and REST calls
 * goes beyond it. The database is the truth of WHAT happened (pairs, claims, seats); the model
 * decides WHO may know it, from what happened in the run (when names were drawn and with which
 * visibility, which gifts were revealed, who declined, who is a stranger).
 */
import { ANONYMOUS_WALL_NAME } from '../../../server/contracts/exchange-values';
import { APP_ERRORS } from '../../../server/errors';
import { MESSAGE_KEYS, ResumePosition } from '../../../server/realtime/resume';
import { wallStream } from '../../../server/realtime/streams';
import { toAppError } from '../../../server/trpc/init';
import { SANTA_NAME } from '../../../server/services/exchanges/messages';
import { testDb } from '../../helpers/db';
import { deps, type TSession, type TWorld } from './world';

/** A failure of the model: what leaked to whom, with the response that showed it. */
export class SecrecyViolation extends Error {
  override name = 'SecrecyViolation';
}

export function violation(message: string, evidence?: unknown): never {
  const shown = evidence === undefined ? '' : `\n  seen: ${JSON.stringify(evidence).slice(0, 600)}`;
  throw new SecrecyViolation(`${message}${shown}`);
}

export const pairKey = (giverId: string, receiverId: string): string => `${giverId}>${receiverId}`;

/** The model's view of one exchange. */
export interface TExchangeModel {
  id: string;
  label: string;
  /** The draw version the model last saw (a draw or redraw changes it). */
  drawVersion: number;
  /** Whether managers may see the draw: decided when the names were drawn. */
  visibleAtDraw: boolean;
  /** The setting went secret after the draw: from then on, this draw stays secret. */
  madeSecret: boolean;
}

export interface TModel {
  exchanges: TExchangeModel[];
  /** Pairs of the current draw each account has read (legitimately), by `exchangeId|accountId`. */
  known: Map<string, Set<string>>;
  /** Per owner-side wish: the claims ("claimer:quantity") whose givers were shown to the owner side. */
  revealed: Map<string, Set<string>>;
  /** Accounts of the stranger (its own and any look-alike sign-up): never in any exchange. */
  strangerAccounts: Set<string>;
  /** Accounts whose addresses the stranger copied: they must stay theirs. */
  victims: Map<string, string>;
  /** Accounts the organizer controls besides their own (replacements at their own addresses). */
  organizerAliases: Set<string>;
  /** The repeat probe: set by the repeat action, checked once. */
  steps: number;
  /** Links of the person without e-mail that the organizer's browser got in through (tokens). */
  organizerLinkEntries: Set<string>;
  /** Whether a person without e-mail was added (the link actions wait for it). */
  namedAdded: boolean;
  /** Anonymous wall posts of the first exchange (docs/secrecy.md section 8): post id → author's account. */
  anonymousPosts: Map<string, string>;
  /** Whether anything was posted on the wall (its reads wait for it). */
  wallUsed: boolean;
}

export function newModel(world: TWorld): TModel {
  return {
    exchanges: [{ id: world.exchangeId, label: 'E1', drawVersion: 0, visibleAtDraw: false, madeSecret: false }],
    known: new Map(),
    revealed: new Map(),
    strangerAccounts: new Set([world.people.stranger.id]),
    victims: new Map(),
    organizerAliases: new Set(),
    steps: 0,
    organizerLinkEntries: new Set(),
    namedAdded: false,
    anonymousPosts: new Map(),
    wallUsed: false,
  };
}

// ---- Reading -----------------------------------------------------------------------------------

export type TRead = { ok: true; value: unknown } | { ok: false; code: string; message: string };

/**
 * A call's answer, or its refusal (any 4xx: the product said no). A 5xx is not a refusal: it fails
 * the run (a refusal that hides a crash would hide a leak, too).
 */
export async function read(promise: Promise<unknown>): Promise<TRead> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    const appError = toAppError(error);
    if (APP_ERRORS[appError.code].http >= 500) throw error;
    return { ok: false, code: appError.code, message: appError.message };
  }
}

export async function rest(world: TWorld, session: TSession, path: string): Promise<TRead> {
  const answer = await world.browser.request('GET', path, { bearer: session.identity.token });
  if (answer.status >= 500) throw new Error(`GET ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  if (answer.status >= 200 && answer.status < 300) return { ok: true, value: answer.body };
  return { ok: false, code: String(answer.status), message: JSON.stringify(answer.body).slice(0, 200) };
}

/**
 * Runs the reads a few at a time: the test's connection pool is small, and a read waiting too long
 * for a connection must not turn into a failure of the run.
 */
export async function inTurn<T>(tasks: (() => Promise<T>)[], width = 3): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
  return results;
}

/** Every object inside a JSON value (depth first). */
function* objects(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* objects(item);
  else if (value && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const item of Object.values(value)) yield* objects(item);
  }
}

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { userId?: unknown }).userId === 'string')
    return (value as { userId: string }).userId;
  return null;
};

/** Every pairing a response shows: objects naming a giver and a recipient, in any shape. */
export function pairsIn(value: unknown): string[] {
  const found: string[] = [];
  for (const object of objects(value)) {
    const giver = idOf(object.giver ?? object.giverId ?? object.santa ?? object.santaId);
    const receiver = idOf(object.recipient ?? object.receiver ?? object.receiverId ?? object.recipientId);
    if (giver && receiver) found.push(pairKey(giver, receiver));
  }
  return found;
}

// ---- Ground truth from the database --------------------------------------------------------------

export interface TDrawState {
  status: string;
  drawVersion: number;
  organizerId: string;
  organizerCanViewDraw: boolean;
  pairs: { giverId: string; receiverId: string }[];
  seats: Map<string, { status: string; isAssistant: boolean }>;
}

export async function drawState(exchangeId: string): Promise<TDrawState> {
  const db = testDb();
  const [exchange, pairs, seats] = await Promise.all([
    db.exchange.findUniqueOrThrow({
      where: { id: exchangeId },
      select: { status: true, drawVersion: true, organizerId: true, organizerCanViewDraw: true },
    }),
    db.exchangeAssignment.findMany({ where: { exchangeId }, select: { giverId: true, receiverId: true } }),
    db.exchangeParticipant.findMany({
      where: { exchangeId },
      select: { userId: true, status: true, isAssistant: true },
    }),
  ]);
  return {
    ...exchange,
    pairs,
    seats: new Map(seats.map((seat) => [seat.userId, { status: seat.status, isAssistant: seat.isAssistant }])),
  };
}

/**
 * Follows what happened to each exchange's draw: a new draw (or redraw) decides the visibility from
 * the setting at that moment; a setting that is off after the draw keeps that draw secret.
 */
export async function syncDraws(model: TModel): Promise<Map<string, TDrawState>> {
  const states = new Map<string, TDrawState>();
  for (const exchange of model.exchanges) {
    const state = await drawState(exchange.id);
    states.set(exchange.id, state);
    if (state.drawVersion !== exchange.drawVersion) {
      exchange.drawVersion = state.drawVersion;
      exchange.visibleAtDraw = state.organizerCanViewDraw;
      exchange.madeSecret = false;
      // What was read of the old draw says nothing about the new one.
      for (const key of [...model.known.keys()]) if (key.startsWith(`${exchange.id}|`)) model.known.delete(key);
    }
    if (state.drawVersion > 0 && !state.organizerCanViewDraw) exchange.madeSecret = true;
  }
  return states;
}

/** Who is in an exchange for privacy: the organizer and every seat but a declined one. */
const IN_EXCHANGE = new Set(['invited', 'accepted', 'organizing']);
export function isInExchange(state: TDrawState, accountId: string): boolean {
  if (state.organizerId === accountId) return true;
  const seat = state.seats.get(accountId);
  return Boolean(seat && IN_EXCHANGE.has(seat.status));
}

function isManager(state: TDrawState, session: TSession): boolean {
  const fullSignIn = session.identity.scope.length === 0;
  return (
    fullSignIn &&
    (state.organizerId === session.accountId || Boolean(state.seats.get(session.accountId)?.isAssistant)) &&
    isInExchange(state, session.accountId)
  );
}

/**
 * The pairs of the current draw a session may know now (docs/secrecy.md, "A pairing"): its own
 * (as the giver); and, for a manager when the draw was visible when drawn and has not been made
 * secret since, every pair but the one where they are the recipient.
 */
export function allowedPairs(model: TModel, exchange: TExchangeModel, state: TDrawState, session: TSession) {
  const allowed = new Set(model.known.get(`${exchange.id}|${session.accountId}`) ?? []);
  for (const pair of state.pairs) {
    if (pair.giverId === session.accountId && isInExchange(state, session.accountId))
      allowed.add(pairKey(pair.giverId, pair.receiverId));
  }
  if (exchange.visibleAtDraw && !exchange.madeSecret && isManager(state, session)) {
    for (const pair of state.pairs)
      if (pair.receiverId !== session.accountId) allowed.add(pairKey(pair.giverId, pair.receiverId));
  }
  return allowed;
}

/**
 * How many givers could still be `me`'s Secret Santa given the pairs `seen` of a draw (every giver
 * gives once, every recipient gets once, nobody draws themselves). One left means it is known.
 */
export function santaCandidates(pairs: { giverId: string; receiverId: string }[], seen: Set<string>, me: string) {
  const seenPairs = pairs.filter((pair) => seen.has(pairKey(pair.giverId, pair.receiverId)));
  const givers = pairs.map((pair) => pair.giverId).filter((id) => !seenPairs.some((pair) => pair.giverId === id));
  const receivers = pairs
    .map((pair) => pair.receiverId)
    .filter((id) => !seenPairs.some((pair) => pair.receiverId === id));
  if (!receivers.includes(me)) return new Set(seenPairs.filter((p) => p.receiverId === me).map((p) => p.giverId));
  const candidates = new Set<string>();
  // Small draws: try each giver as my Santa and ask whether the rest can still be matched.
  const matchable = (left: string[], open: string[]): boolean => {
    if (left.length === 0) return true;
    const [first, ...rest] = left;
    return open.some(
      (r) =>
        r !== first &&
        matchable(
          rest,
          open.filter((o) => o !== r),
        ),
    );
  };
  for (const giver of givers) {
    if (giver === me) continue;
    if (
      matchable(
        givers.filter((g) => g !== giver),
        receivers.filter((r) => r !== me),
      )
    )
      candidates.add(giver);
  }
  return candidates;
}

// ---- The checks ------------------------------------------------------------------------------

type TSessionReads = Record<string, TRead>;

/**
 * A wall's live stream resumed from its very start: the catch-up sends every post the session may
 * read, shaped for it, up to the stream's "started" cue (refused, like the query, outside the exchange).
 */
export async function wallCatchUp(session: TSession, exchangeId: string): Promise<TRead> {
  const controller = new AbortController();
  let stream: Awaited<ReturnType<typeof wallStream>> | null = null;
  try {
    const from = new ResumePosition('w', MESSAGE_KEYS, 0n).encode();
    stream = await wallStream(deps, session.identity, exchangeId, from, controller.signal);
    const posts: unknown[] = [];
    for (let step = 0; step < 500; step += 1) {
      const next = await stream.next();
      if (next.done) break;
      const [, item] = next.value as unknown as [string, unknown];
      if (item === null) break;
      posts.push(item);
    }
    return { ok: true, value: posts };
  } catch (error) {
    return read(Promise.reject(error));
  } finally {
    controller.abort();
    // Ends the generator (its bus subscription goes with it).
    await stream?.return(undefined);
  }
}

/** The exchange reads of one session: every procedure and REST call that could carry a pairing. */
async function exchangeReads(
  world: TWorld,
  session: TSession,
  exchangeId: string,
  withWall: boolean,
): Promise<TSessionReads> {
  const c = session.caller.exchanges;
  const reads: [string, () => Promise<TRead>][] = [
    ['exchanges.get', () => read(c.get({ exchangeId }))],
    ['exchanges.mine', () => read(c.mine())],
    ['exchanges.participants', () => read(c.participants({ exchangeId, limit: 50, offset: 0 }))],
    ['exchanges.restrictions', () => read(c.restrictions({ exchangeId, limit: 50, offset: 0 }))],
    ['exchanges.disqualified', () => read(c.disqualified({ exchangeId }))],
    ['exchanges.activity', () => read(c.activity({ exchangeId }))],
    ['exchanges.questions', () => read(c.questions({ exchangeId }))],
    ['exchanges.thankYous', () => read(c.thankYous({ exchangeId }))],
    ['exchanges.viewDraw', () => read(c.viewDraw({ exchangeId }))],
    ['exchanges.myAssignment', () => read(c.myAssignment({ exchangeId }))],
    ['exchanges.conversation(santa)', () => read(c.conversation({ exchangeId, with: 'santa' }))],
    ['exchanges.conversation(recipient)', () => read(c.conversation({ exchangeId, with: 'recipient' }))],
    ['exchanges.conversations', () => read(c.conversations())],
    ['exchanges.personLinks', () => read(c.personLinks({ exchangeId }))],
    ['exchanges.myPersonLink', () => read(c.myPersonLink({ exchangeId }))],
    ['GET /v1/exchanges/{id}/users', () => rest(world, session, `/v1/exchanges/${exchangeId}/users?limit=50`)],
    [
      'GET /v1/exchanges/{id}/draw-restricted-users',
      () => rest(world, session, `/v1/exchanges/${exchangeId}/draw-restricted-users?limit=50`),
    ],
  ];
  if (withWall)
    reads.push(
      ['exchanges.wall', () => read(c.wall({ exchangeId }))],
      ['exchanges.onWall (resumed from the start)', () => wallCatchUp(session, exchangeId)],
    );
  const values = await inTurn(reads.map(([, call]) => call));
  return Object.fromEntries(reads.map(([name], i) => [name, values[i]!]));
}

/** Reads an outsider may still make: a decliner reads the invitation (and answers it again). */
const DECLINER_MAY_READ = new Set(['exchanges.get', 'exchanges.mine']);

async function checkExchange(
  model: TModel,
  world: TWorld,
  exchange: TExchangeModel,
  state: TDrawState,
  names: Map<string, string>,
): Promise<void> {
  const sessions = [...world.sessions.values()];
  const allReads: TSessionReads[] = [];
  const withWall = model.wallUsed && exchange.id === world.exchangeId;
  for (const session of sessions) allReads.push(await exchangeReads(world, session, exchange.id, withWall));
  const anonymousAuthors = await authorsOf(model);
  sessions.forEach((session, index) => {
    const reads = allReads[index]!;
    const where = `${exchange.label}, ${session.key}`;
    // Strangers never hold a seat (an invitation to someone else's address is not theirs).
    if (
      model.strangerAccounts.has(session.accountId) &&
      (state.seats.has(session.accountId) || isInExchange(state, session.accountId))
    )
      violation(`${where}: the stranger holds a seat in the exchange`, state.seats.get(session.accountId));
    // Outsiders (never in it, removed, replaced, declined) read nothing of it.
    if (!isInExchange(state, session.accountId)) {
      const declined = state.seats.get(session.accountId)?.status === 'declined';
      for (const [name, answer] of Object.entries(reads)) {
        if (!answer.ok) continue;
        if (name === 'exchanges.mine') {
          const listed = (answer.value as { exchangeId: string }[]).some((row) => row.exchangeId === exchange.id);
          if (listed && !declined) violation(`${where}: an outsider sees the exchange in ${name}`, answer.value);
          continue;
        }
        if (name === 'exchanges.conversations') continue; // checked below by pairs
        if (declined && DECLINER_MAY_READ.has(name)) continue;
        violation(`${where}: ${declined ? 'a decliner' : 'an outsider'} reads ${name}`, answer.value);
      }
    }
    // An anonymous wall post names its author to nobody but the author (section 8).
    for (const [name, answer] of Object.entries(reads))
      if (answer.ok) checkWallAnonymity(model, anonymousAuthors, session, `${where}, ${name}`, name, answer.value);
    // The managers' view of private links names the people without e-mail and nobody else (no pair).
    const links = reads['exchanges.personLinks'];
    if (links?.ok) {
      const listed = new Set((links.value as { userId: string }[]).map((row) => row.userId));
      const text = JSON.stringify(links.value);
      for (const pair of state.pairs)
        for (const id of [pair.giverId, pair.receiverId])
          if (!listed.has(id) && text.includes(id))
            violation(`${where}: exchanges.personLinks names someone of the draw (${id})`, links.value);
    }
    // Pairings: only those the session may know, and nothing that pins down its own Secret Santa.
    const allowed = allowedPairs(model, exchange, state, session);
    const current = new Set(state.pairs.map((pair) => pairKey(pair.giverId, pair.receiverId)));
    const seen = new Set<string>();
    for (const [name, answer] of Object.entries(reads)) {
      if (!answer.ok) continue;
      const shown = pairsIn(answer.value);
      if (name === 'exchanges.myAssignment') {
        const recipient = (answer.value as { recipient?: { userId?: string } }).recipient?.userId;
        if (recipient) shown.push(pairKey(session.accountId, recipient));
      }
      for (const pair of shown) {
        if (!current.has(pair)) continue; // a pair of no current draw (e.g. the shape of a list)
        if (!allowed.has(pair)) {
          const own = pair.endsWith(`>${session.accountId}`) ? ': its own Secret Santa' : '';
          violation(`${where}: ${name} shows a pairing it may not know (${pair})${own}`, answer.value);
        }
        seen.add(pair);
      }
    }
    const santa = state.pairs.find((pair) => pair.receiverId === session.accountId)?.giverId;
    if (santa && !allowed.has(pairKey(santa, session.accountId))) {
      const own = state.pairs.filter((pair) => pair.giverId === session.accountId);
      const before = santaCandidates(
        state.pairs,
        new Set(own.map((p) => pairKey(p.giverId, p.receiverId))),
        session.accountId,
      );
      const read = new Set([...seen, ...(model.known.get(`${exchange.id}|${session.accountId}`) ?? [])]);
      const after = santaCandidates(state.pairs, read, session.accountId);
      if (after.size === 1 && before.size > 1)
        violation(
          `${where}: the pairings it can read leave one possible Secret Santa (${[...after][0]}): its own is known by elimination`,
        );
      // The Santa's identity in messages: only "Your Secret Santa".
      const santaName = names.get(santa);
      const santaThreads = [
        reads['exchanges.conversation(santa)'],
        ...(reads['exchanges.conversations']?.ok
          ? (reads['exchanges.conversations'].value as { exchangeId: string; with: string }[])
              .filter((item) => item.exchangeId === exchange.id && item.with === 'santa')
              .map((value) => ({ ok: true as const, value }))
          : []),
      ];
      for (const thread of santaThreads) {
        if (!thread?.ok) continue;
        const text = JSON.stringify(thread.value);
        if (text.includes(santa) || (santaName && text.includes(santaName)))
          violation(`${where}: a Secret Santa conversation names the Santa`, thread.value);
        const partner = (thread.value as { partnerName?: string }).partnerName;
        if (partner !== undefined && partner !== SANTA_NAME)
          violation(`${where}: the Santa is called "${partner}"`, thread.value);
      }
    }
    // What it read, it knows from now on (knowledge is not taken back).
    const key = `${exchange.id}|${session.accountId}`;
    model.known.set(key, new Set([...(model.known.get(key) ?? []), ...seen]));
  });
}

// ---- Anonymous wall posts (section 8) ---------------------------------------------------------------

/** The anonymous authors' names (as shown anywhere), by account. */
export async function authorsOf(model: TModel): Promise<Map<string, string[]>> {
  const ids = [...new Set(model.anonymousPosts.values())];
  if (ids.length === 0) return new Map();
  const rows = await testDb().user.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, firstName: true, lastName: true },
  });
  return new Map(
    rows.map((row) => [
      row.id,
      [row.name, [row.firstName, row.lastName].filter(Boolean).join(' ')].filter((text): text is string =>
        Boolean(text && text.trim()),
      ),
    ]),
  );
}

/**
 * What a session read must not tie an anonymous post to its author, unless the session is the
 * author's own account: each post object (by `postId`) shows "Someone in the exchange", no author,
 * not "mine", and carries neither the author's id nor their name; a removal's activity line names
 * no anonymous author.
 */
export function checkWallAnonymity(
  model: TModel,
  authors: Map<string, string[]>,
  session: TSession,
  where: string,
  name: string,
  value: unknown,
): void {
  if (model.anonymousPosts.size === 0) return;
  for (const object of objects(value)) {
    if (name === 'exchanges.activity' && object.kind === 'wall-post-removed') {
      const text = JSON.stringify({ ...object, actorName: undefined });
      for (const [authorId, names] of authors)
        if (text.includes(authorId) || names.some((n) => text.includes(n)))
          violation(`${where}: a wall removal's activity line names an anonymous author`, object);
      continue;
    }
    const postId = typeof object.postId === 'string' ? object.postId : null;
    const authorId = postId ? model.anonymousPosts.get(postId) : undefined;
    if (!authorId || authorId === session.accountId) continue;
    const text = JSON.stringify(object);
    const names = authors.get(authorId) ?? [];
    if (
      object.author !== null ||
      object.mine !== false ||
      object.anonymous !== true ||
      object.authorName !== ANONYMOUS_WALL_NAME ||
      text.includes(authorId) ||
      names.some((n) => text.includes(n))
    )
      violation(`${where}: an anonymous wall post names its author to someone else`, object);
  }
}

// ---- Claims ------------------------------------------------------------------------------------

export interface TClaimState {
  /** Owner-side wishes: those of the parent and of the child the parent manages. */
  wishes: Map<string, { ownerId: string; quantity: number; received: boolean; claims: Map<string, number> }>;
}

export async function claimState(world: TWorld): Promise<TClaimState> {
  const rows = await testDb().wish.findMany({
    where: { id: { in: Object.values(world.wishes) } },
    select: {
      id: true,
      quantity: true,
      receivedAt: true,
      wishList: { select: { ownerId: true } },
      claims: { select: { claimerId: true, quantity: true } },
    },
  });
  return {
    wishes: new Map(
      rows.map((row) => [
        row.id,
        {
          ownerId: row.wishList.ownerId,
          quantity: row.quantity,
          received: row.receivedAt !== null,
          claims: new Map(row.claims.map((claim) => [claim.claimerId, claim.quantity])),
        },
      ]),
    ),
  };
}

/**
 * The owner side of the parent's and the child's lists: every session whose signed-in person is
 * the owner, manages the owner, or can switch into the owner's account — here every session of the
 * parent (as themselves, switched into the child, switched into their related account).
 */
export function isOwnerSide(world: TWorld, session: TSession): boolean {
  return session.personId === world.people.parent.id;
}

const claimTokens = (claims: Map<string, number>) => [...claims].map(([who, quantity]) => `${who}:${quantity}`);

/** Givers are shown once the gift is marked received; from then on they stay shown (one way). */
export function revealReceived(model: TModel, claims: TClaimState): void {
  for (const [wishId, wish] of claims.wishes) {
    if (!wish.received) continue;
    const revealed = model.revealed.get(wishId) ?? new Set<string>();
    for (const token of claimTokens(wish.claims)) revealed.add(token);
    for (const who of wish.claims.keys()) revealed.add(who);
    model.revealed.set(wishId, revealed);
  }
}

/** Whether the owner side may see the claim state of a wish now. */
function ownerMaySeeClaims(
  model: TModel,
  wish: TClaimState['wishes'] extends Map<string, infer W> ? W : never,
  wishId: string,
) {
  if (wish.received) return true;
  const revealed = model.revealed.get(wishId) ?? new Set<string>();
  return claimTokens(wish.claims).every((token) => revealed.has(token));
}

function ownerMayKnowGiver(
  model: TModel,
  wishId: string,
  wish: { received: boolean; claims: Map<string, number> },
  giver: string,
) {
  return (wish.received && wish.claims.has(giver)) || Boolean(model.revealed.get(wishId)?.has(giver));
}

/** Owner-side answer: no claim state on a wish whose givers were not revealed, no unrevealed giver. */
export function checkOwnerSideAnswer(model: TModel, claims: TClaimState, where: string, value: unknown): void {
  for (const object of objects(value)) {
    const wishId = object.wishId;
    if (typeof wishId !== 'string') continue;
    const wish = claims.wishes.get(wishId);
    if (!wish) continue;
    if (!ownerMaySeeClaims(model, wish, wishId)) {
      const claimed = object.claimedQuantity;
      const remaining = object.remainingQuantity;
      const mine = object.myClaimQuantity;
      if (
        (typeof claimed === 'number' && claimed > 0) ||
        (typeof remaining === 'number' && remaining < wish.quantity) ||
        (typeof mine === 'number' && mine > 0)
      )
        violation(`${where}: the owner side sees claims on a wish whose givers were never revealed`, object);
    }
    for (const key of ['givers', 'claims', 'claimers', 'purchases']) {
      const list = object[key];
      if (!Array.isArray(list)) continue;
      for (const entry of list) {
        for (const inner of objects(entry)) {
          const id =
            idOf(inner.person ?? inner.claimer ?? inner) ??
            (typeof inner.claimerId === 'string' ? inner.claimerId : null);
          if (id && wish.claims.has(id) && !ownerMayKnowGiver(model, wishId, wish, id))
            violation(`${where}: the owner side sees who gave a gift that was not revealed`, object);
        }
      }
    }
  }
}

async function checkClaims(model: TModel, world: TWorld, claims: TClaimState): Promise<void> {
  const { parent, child } = world.people;
  const claimers = new Set<string>();
  for (const wish of claims.wishes.values()) for (const who of wish.claims.keys()) claimers.add(who);
  for (const session of [...world.sessions.values()]) {
    {
      const w = session.caller.wishLists;
      const reads: [string, () => Promise<TRead>][] = [
        ['wishLists.get(parent)', () => read(w.get({ wishlistId: world.lists.parent, sort: 'custom' }))],
        ['wishLists.get(child)', () => read(w.get({ wishlistId: world.lists.child, sort: 'custom' }))],
        ['wishLists.ofUser(parent)', () => read(w.ofUser({ userId: parent.id }))],
        ['wishLists.ofUser(child)', () => read(w.ofUser({ userId: child.id }))],
      ];
      const ownerSide = isOwnerSide(world, session);
      if (ownerSide) {
        reads.push(
          ['wishLists.giftsReceived(parent)', () => read(w.giftsReceived({ userId: parent.id }))],
          ['wishLists.giftsReceived(child)', () => read(w.giftsReceived({ userId: child.id }))],
          ['wishLists.mine', () => read(w.mine())],
          [`GET /v1/users/{self}/export`, () => rest(world, session, `/v1/users/${session.accountId}/export`)],
        );
      }
      const values = await inTurn(reads.map(([, call]) => call));
      reads.forEach(([name], index) => {
        const answer = values[index]!;
        if (!answer.ok) return;
        const where = `${session.key}, ${name}`;
        if (ownerSide) {
          checkOwnerSideAnswer(model, claims, where, answer.value);
          return;
        }
        // A guest sees totals and their own share, never who else claimed.
        if (name.startsWith('GET')) return;
        const text = JSON.stringify(answer.value);
        for (const who of claimers) {
          if (who === session.accountId || who === parent.id || who === child.id) continue;
          if (text.includes(who)) violation(`${where}: a guest sees who else claimed a wish`, answer.value);
        }
      });
    }
  }
}

// ---- Identity (look-alike addresses) --------------------------------------------------------------

async function checkIdentity(model: TModel, world: TWorld): Promise<void> {
  const db = testDb();
  for (const [victim, key] of model.victims) {
    const row = await db.user.findUnique({ where: { id: victim }, select: { deletedAt: true } });
    if (!row || row.deletedAt)
      violation(`${key}'s account was absorbed by the look-alike sign-up (a different address)`);
  }
  for (const session of world.sessions.values()) {
    if (!model.strangerAccounts.has(session.accountId)) continue;
    const targets = await read(session.caller.auth.switchTargets());
    if (!targets.ok) continue;
    for (const target of targets.value as { userId: string }[])
      if (!model.strangerAccounts.has(target.userId))
        violation(`${session.key}: the stranger may switch into someone else's account`, targets.value);
  }
}

// ---- Link previews (what a chat app fetching a shared link reads, with no cookies) -----------------

/**
 * The shared pages of the parent's and the child's lists and the exchange's invitation link, fetched
 * anonymously: their Open Graph tags may name the list and its owner, never who claimed (a name or
 * an id) and never anyone in the exchange or a pairing.
 */
async function checkPreviews(world: TWorld, claims: TClaimState, names: Map<string, string>): Promise<void> {
  const { parent, child } = world.people;
  const exchange = await testDb().exchange.findUniqueOrThrow({
    where: { id: world.exchangeId },
    select: { joinCode: true },
  });
  const pages: [string, string][] = [
    ['the parent’s list', `/profile/${parent.id}/wish-lists/${world.lists.parent}/`],
    ['the child’s list', `/profile/${child.id}/wish-lists/${world.lists.child}/`],
    ['the invitation link', `/gift-exchanges/${world.exchangeId}/rsvp/?code=${encodeURIComponent(exchange.joinCode)}`],
  ];
  const people = Object.values(world.people);
  const claimers = new Set<string>();
  for (const wish of claims.wishes.values()) for (const who of wish.claims.keys()) claimers.add(who);
  for (const [what, address] of pages) {
    const response = await fetch(`${world.server.baseUrl}${address}`, { headers: { 'user-agent': 'Slackbot 1.0' } });
    if (response.status >= 500) throw new Error(`GET ${address} answered ${response.status}`);
    const head = (await response.text()).split('</head>')[0] ?? '';
    const owners = what === 'the invitation link' ? [] : [parent.id, child.id];
    for (const who of people) {
      if (owners.includes(who.id)) continue;
      const claimed = claimers.has(who.id);
      if (head.includes(who.id) || head.includes(who.name))
        violation(`the preview of ${what} names ${who.key}${claimed ? ', who claimed a wish' : ''}`, head);
    }
    for (const name of names.values())
      if (!owners.length && head.includes(name)) violation(`the preview of ${what} names a giver`, head);
  }
}

// ---- All of it, after each step ------------------------------------------------------------------

export async function checkEverything(model: TModel, world: TWorld): Promise<void> {
  model.steps += 1;
  const t0 = performance.now();
  const states = await syncDraws(model);
  const names = new Map(
    (
      await testDb().user.findMany({
        where: { id: { in: [...new Set([...states.values()].flatMap((s) => s.pairs.map((p) => p.giverId)))] } },
        select: { id: true, name: true },
      })
    ).map((row) => [row.id, row.name]),
  );
  for (const exchange of model.exchanges) await checkExchange(model, world, exchange, states.get(exchange.id)!, names);
  const claims = await claimState(world);
  revealReceived(model, claims);
  await checkClaims(model, world, claims);
  await checkPreviews(world, claims, names);
  await checkIdentity(model, world);
  if (process.env.SECRECY_DEBUG)
    console.log(`check ${model.steps}: ${(performance.now() - t0).toFixed(0)} ms, ${world.sessions.size} sessions`);
}
