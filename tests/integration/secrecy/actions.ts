/**
 * The actions of the secrecy model, one small class each: the action is attempted through the real
 * procedures exactly as the person would, whether the product allows it or refuses it (a refusal
 * is a fine outcome: the model asserts on what can be READ afterwards, not on which attempts
 * succeed). After every action `checkEverything` reads through every session (rules.ts).
 *
 * To add an action: a class extending `Action` with `act` (and `check` when it only makes sense
 * in some states), and an arbitrary for it in `ACTIONS`.
 */
import fc from 'fast-check';
import { draw as drawEngine } from '../../../server/services/exchanges/draw';
import { loadDrawSetup } from '../../../server/services/exchanges/draw-exchange';
import { signUp, ZSignUpInput } from '../../../server/services/accounts/sign-up';
import { confirmEmailByCode } from '../../../server/services/accounts/confirm-email';
import { verifyAccessToken } from '../../../server/auth/tokens';
import { wallStream } from '../../../server/realtime/streams';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { codeFrom, mailCatcher } from '../../helpers/mail';
import {
  allowedPairs,
  authorsOf,
  checkEverything,
  checkWallAnonymity,
  drawState,
  isOwnerSide,
  pairKey,
  read,
  syncDraws,
  violation,
  type TModel,
} from './rules';
import {
  deps,
  floaterSession,
  inDays,
  memberSession,
  organizerAlias,
  sessionOf,
  switchedSession,
  type TPersonKey,
  type TSession,
  type TWorld,
} from './world';

export abstract class Action implements fc.AsyncCommand<TModel, TWorld> {
  check(_model: Readonly<TModel>): boolean {
    return true;
  }
  abstract act(model: TModel, world: TWorld): Promise<void>;
  async run(model: TModel, world: TWorld): Promise<void> {
    await this.act(model, world);
    await checkEverything(model, world);
  }
  abstract toString(): string;
}

const session = (world: TWorld, key: string): TSession | undefined => world.sessions.get(key);
const E1 = (world: TWorld) => world.exchangeId;

/** Turns "the organizer may see who drew whom" on or off (before or after the draw). */
export class SetDrawVisibility extends Action {
  constructor(
    readonly by: 'organizer' | 'assistant',
    readonly on: boolean,
  ) {
    super();
  }
  async act(_model: TModel, world: TWorld) {
    await read(
      session(world, this.by)!.caller.exchanges.updateSettings({
        exchangeId: E1(world),
        organizerCanViewDraw: this.on,
      }),
    );
  }
  toString() {
    return `${this.by} sets organizerCanViewDraw=${this.on}`;
  }
}

export class SetAssistant extends Action {
  constructor(
    readonly target: 'assistant' | 'p1' | 'parent',
    readonly on: boolean,
  ) {
    super();
  }
  async act(_model: TModel, world: TWorld) {
    await read(
      session(world, 'organizer')!.caller.exchanges.setAssistant({
        exchangeId: E1(world),
        userId: world.people[this.target].id,
        isAssistant: this.on,
      }),
    );
  }
  toString() {
    return `organizer ${this.on ? 'makes' : 'unmakes'} ${this.target} assistant`;
  }
}

export class Draw extends Action {
  constructor(
    readonly by: 'organizer' | 'assistant',
    readonly again: boolean,
  ) {
    super();
  }
  async act(_model: TModel, world: TWorld) {
    const c = session(world, this.by)!.caller.exchanges;
    await read(this.again ? c.redraw({ exchangeId: E1(world) }) : c.draw({ exchangeId: E1(world) }));
  }
  toString() {
    return `${this.by} ${this.again ? 'redraws' : 'draws'}`;
  }
}

/** Takes someone out, or replaces them by an address the organizer controls (before or after the draw). */
export class ReplaceOrRemove extends Action {
  constructor(
    readonly target: 'p1' | 'p2' | 'p3',
    readonly by: 'organizer' | 'assistant',
    readonly replace: boolean,
  ) {
    super();
  }
  async act(model: TModel, world: TWorld) {
    const c = session(world, this.by)!.caller.exchanges;
    const userId = world.people[this.target].id;
    if (!this.replace) {
      await read(c.removeParticipant({ exchangeId: E1(world), userId }));
      return;
    }
    const email = organizerAlias(world);
    const done = await read(
      c.replaceParticipant({ exchangeId: E1(world), userId, replacement: { name: 'Olga Second', email } }),
    );
    if (!done.ok) return;
    const newcomer = await testDb().user.findFirst({ where: { email }, select: { id: true } });
    if (!newcomer) return;
    model.organizerAliases.add(newcomer.id);
    const key = `newcomer${model.organizerAliases.size}`;
    const floater = await floaterSession(key, newcomer.id);
    // The organizer reads the newcomer's mailbox: the same person.
    world.sessions.set(key, { ...floater, personId: world.people.organizer.id });
  }
  toString() {
    return `${this.by} ${this.replace ? 'replaces' : 'removes'} ${this.target}${this.replace ? ' by an address of the organizer' : ''}`;
  }
}

export class Answer extends Action {
  constructor(
    readonly who: 'assistant' | 'p1' | 'p2' | 'p3' | 'parent',
    readonly accept: boolean,
  ) {
    super();
  }
  async act(_model: TModel, world: TWorld) {
    await read(
      session(world, this.who)!.caller.exchanges.rsvp({
        exchangeId: E1(world),
        response: this.accept ? 'accept' : 'decline',
      }),
    );
  }
  toString() {
    return `${this.who} ${this.accept ? 'accepts' : 'declines'}`;
  }
}

export class SendMessage extends Action {
  constructor(
    readonly from: 'organizer' | 'assistant' | 'p1' | 'p2' | 'p3' | 'parent' | 'named@person',
    readonly to: 'santa' | 'recipient',
  ) {
    super();
  }
  async act(_model: TModel, world: TWorld) {
    const writer = session(world, this.from);
    if (!writer) return; // the person without e-mail has not got in (yet)
    await read(
      writer.caller.exchanges.sendMessage({
        exchangeId: E1(world),
        with: this.to,
        body: 'What size do you wear?',
      }),
    );
  }
  toString() {
    return `${this.from} writes to their ${this.to}`;
  }
}

const CLAIMERS = [
  'organizer',
  'assistant',
  'p1',
  'p2',
  'p3',
  'stranger',
  'parent',
  'parent→child',
  'parent→related',
] as const;
const WISHES = ['parentOne', 'parentTwo', 'childOne'] as const;
type TWishKey = (typeof WISHES)[number];

/** Claims (a share of) a wish, or takes the claim back. The owner side may never claim. */
export class Claim extends Action {
  constructor(
    readonly who: (typeof CLAIMERS)[number],
    readonly wish: TWishKey,
    readonly quantity: number,
  ) {
    super();
  }
  async act(_model: TModel, world: TWorld) {
    const acting = session(world, this.who);
    if (!acting) return; // that switch has not happened in this run
    const wishId = world.wishes[this.wish];
    const answer = await read(
      this.quantity === 0
        ? acting.caller.wishLists.unclaim({ wishId })
        : acting.caller.wishLists.claim({ wishId, quantity: this.quantity }),
    );
    if (!isOwnerSide(world, acting)) return;
    if (answer.ok && this.quantity > 0)
      violation(`${acting.key} claimed a wish of the owner side (${this.wish})`, answer.value);
    if (!answer.ok && /bought the last|already bought|still wanted|remain/i.test(answer.message))
      violation(`${acting.key}'s refused claim tells them about others' claims: "${answer.message}"`);
  }
  toString() {
    return this.quantity === 0
      ? `${this.who} unclaims ${this.wish}`
      : `${this.who} claims ${this.quantity} of ${this.wish}`;
  }
}

export class SetReceived extends Action {
  constructor(
    readonly who: 'parent' | 'parent→child' | 'parent→related',
    readonly wish: TWishKey,
    readonly received: boolean,
  ) {
    super();
  }
  async act(_model: TModel, world: TWorld) {
    const acting = session(world, this.who);
    if (!acting) return;
    await read(acting.caller.wishLists.setReceived({ wishId: world.wishes[this.wish], received: this.received }));
  }
  toString() {
    return `${this.who} marks ${this.wish} ${this.received ? 'received' : 'not received'}`;
  }
}

/** The parent switches into the child or their related account (a session joins the readers). */
export class SwitchInto extends Action {
  constructor(readonly target: 'child' | 'related') {
    super();
  }
  async act(_model: TModel, world: TWorld) {
    const key = `parent→${this.target}`;
    if (world.sessions.has(key)) return;
    const switched = await switchedSession(key, world.people.parent.id, world.people[this.target].id);
    if (switched) world.sessions.set(key, switched);
  }
  toString() {
    return `parent switches into ${this.target}`;
  }
}

/** The stranger signs up with a look-alike of someone's address and confirms the code mailed to it. */
export class LookAlikeSignUp extends Action {
  constructor(readonly victim: 'p1' | 'p3' | 'parent') {
    super();
  }
  override check(model: Readonly<TModel>) {
    return model.victims.size === 0;
  }
  async act(model: TModel, world: TWorld) {
    const victim = world.people[this.victim];
    model.victims.set(victim.id, this.victim);
    // The parent's related account is a floater at the same address: it is theirs too.
    if (this.victim === 'parent') model.victims.set(world.people.related.id, 'related');
    const local = victim.email.split('@')[0]!;
    const lookalike = `${local}@${world.lookalikeDomain}`;
    const input = ZSignUpInput.safeParse({
      name: `Sam Lookalike${world.tag}`,
      email: lookalike,
      password: 'correct horse battery',
    });
    if (!input.success) return;
    const signed = await read(signUp(deps, input.data));
    const account = await testDb().user.findFirst({
      where: { lastName: `Lookalike${world.tag}` },
      select: { id: true },
    });
    if (!account) return;
    model.strangerAccounts.add(account.id);
    world.sessions.set('stranger-lookalike', await memberSession('stranger-lookalike', account.id));
    if (!signed.ok) return;
    // The code reaches the stranger's own mailbox (the look-alike, however the product spells it).
    const mail = await mailCatcher().waitFor(
      (m) =>
        m.to.some((to) => to.startsWith(`${local}@`) && !to.endsWith(`@${world.domain}`)) &&
        /\d{6}/.test(m.subject + m.text),
      30_000, // generous: the mail goes through real SMTP on a busy machine
    );
    await read(confirmEmailByCode(deps, { userId: account.id, code: codeFrom(mail) }));
    // Re-sign in after the confirmation (sessions may have been renewed).
    world.sessions.set('stranger-lookalike', await memberSession('stranger-lookalike', account.id));
  }
  toString() {
    return `stranger signs up with a look-alike of ${this.victim}'s address and confirms it`;
  }
}

/** The organizer invites someone's (real) address again: it must reach them, not a look-alike. */
export class InviteAddress extends Action {
  constructor(readonly victim: 'p1' | 'p3' | 'parent') {
    super();
  }
  async act(_model: TModel, world: TWorld) {
    await read(
      session(world, 'organizer')!.caller.exchanges.inviteByEmail({
        exchangeId: E1(world),
        invitees: [{ email: world.people[this.victim].email }],
      }),
    );
  }
  toString() {
    return `organizer invites ${this.victim}'s address`;
  }
}

/**
 * Next year's exchange repeats this one, excluding last year's pairs; the organizer may see the new
 * draw. As a curious organizer would, they leave one giver a single possible recipient (a guess of
 * last year's pair) and draw: the outcome must not depend on a pair of last year's draw they could
 * not see (docs/secrecy.md, "A repeat").
 */
export class RepeatProbe extends Action {
  constructor(
    readonly giver: number,
    readonly guessLastYear: boolean,
    readonly other: number,
    readonly viewNew: boolean,
  ) {
    super();
  }
  override check(model: Readonly<TModel>) {
    return model.exchanges.length === 1;
  }
  async act(model: TModel, world: TWorld) {
    const organizer = session(world, 'organizer')!;
    const last = await drawState(E1(world));
    if (last.pairs.length === 0) return;
    const created = await read(
      organizer.caller.exchanges.create({
        title: `Next year ${world.tag}`,
        exchangeDate: inDays(60),
        repeatOfExchangeId: E1(world),
        excludePreviousPairs: true,
      }),
    );
    if (!created.ok) return;
    const exchangeId = (created.value as { exchangeId: string }).exchangeId;
    model.exchanges.push({ id: exchangeId, label: 'E2', drawVersion: 0, visibleAtDraw: false, madeSecret: false });
    // Everyone answers yes (the child through the parent's switch).
    const child =
      world.sessions.get('parent→child') ??
      (await switchedSession('(child)', world.people.parent.id, world.people.child.id));
    for (const s of [...world.sessions.values(), ...(child ? [child] : [])])
      await read(s.caller.exchanges.rsvp({ exchangeId, response: 'accept' }));
    if (this.viewNew) await read(organizer.caller.exchanges.updateSettings({ exchangeId, organizerCanViewDraw: true }));
    const next = await drawState(exchangeId);
    const inDraw = [...next.seats]
      .filter(([, seat]) => seat.status === 'accepted')
      .map(([id]) => id)
      .sort();
    if (next.organizerId && !inDraw.includes(next.organizerId)) inDraw.push(next.organizerId);
    if (inDraw.length < 3) return;
    const giver = inDraw[this.giver % inDraw.length]!;
    const lastYear = last.pairs.find((pair) => pair.giverId === giver)?.receiverId;
    const others = inDraw.filter((id) => id !== giver);
    const only =
      this.guessLastYear && lastYear && others.includes(lastYear) ? lastYear : others[this.other % others.length]!;
    await read(
      organizer.caller.exchanges.setRestrictions({
        exchangeId,
        userId: giver,
        cannotDraw: others.filter((id) => id !== only),
        bothWays: false,
      }),
    );
    const drawn = await read(organizer.caller.exchanges.draw({ exchangeId }));
    // What the organizer may know of last year's draw, as the model says at this moment.
    await syncDraws(model);
    const lastModel = model.exchanges[0]!;
    // The organizer's person: their own sign-in and the mailboxes they control (replacements).
    const mayKnow = new Set<string>();
    for (const s of world.sessions.values())
      if (s.personId === organizer.personId)
        for (const pair of allowedPairs(model, lastModel, last, s)) mayKnow.add(pair);
    const exchange = await testDb().exchange.findUniqueOrThrow({ where: { id: exchangeId } });
    const base = await loadDrawSetup(testDb(), { ...exchange, excludePreviousPairs: false, repeatOfExchangeId: null });
    const known = last.pairs
      .filter((pair) => mayKnow.has(pairKey(pair.giverId, pair.receiverId)))
      .filter((pair) => base.ids.includes(pair.giverId) && base.ids.includes(pair.receiverId))
      .map((pair) => ({ giver: pair.giverId, receiver: pair.receiverId }));
    const fair = drawEngine({
      participants: base.ids,
      restrictions: [...base.restrictions, ...known],
      households: base.households,
      ...base.options,
    });
    if (!drawn.ok && fair.ok && /No draw is possible/.test(drawn.message))
      violation(
        `E2: the repeat's draw was refused although it is possible with what the organizer may know of last year's draw: the refusal tells them a secret pair of last year (${pairKey(giver, only)})`,
        drawn.message,
      );
  }
  toString() {
    return `organizer repeats the exchange excluding last year's pairs${this.viewNew ? ', may view the new draw' : ''}, leaves giver #${this.giver} only ${this.guessLastYear ? "last year's recipient" : `#${this.other}`} and draws`;
  }
}

/**
 * After the draw, the organizer invites one more address of their own and, as that latecomer,
 * joins (issue 31): what the latecomer then reads must stay within their own pair.
 */
export class LateJoinByAlias extends Action {
  async act(model: TModel, world: TWorld) {
    const email = organizerAlias(world);
    const invited = await read(
      session(world, 'organizer')!.caller.exchanges.inviteByEmail({ exchangeId: E1(world), invitees: [{ email }] }),
    );
    if (!invited.ok) return;
    const latecomer = await testDb().user.findFirst({ where: { email }, select: { id: true } });
    if (!latecomer) return;
    model.organizerAliases.add(latecomer.id);
    const key = `latecomer${model.organizerAliases.size}`;
    const floater = await floaterSession(key, latecomer.id);
    // The organizer reads the latecomer's mailbox: the same person.
    world.sessions.set(key, { ...floater, personId: world.people.organizer.id });
    await read(floater.caller.exchanges.rsvp({ exchangeId: E1(world), response: 'accept' }));
  }
  toString() {
    return 'organizer joins late by an address of their own';
  }
}

/** "Draw latecomers" (issue 31): places those who joined after the draw. */
export class DrawLatecomers extends Action {
  constructor(readonly by: 'organizer' | 'assistant') {
    super();
  }
  async act(_model: TModel, world: TWorld) {
    await read(session(world, this.by)!.caller.exchanges.drawLatecomers({ exchangeId: E1(world) }));
  }
  toString() {
    return `${this.by} draws the latecomers`;
  }
}

// ---- People without e-mail (docs/secrecy.md section 7) ----------------------------------------

/** The current private link's token of the person without e-mail (what the organizer would send). */
async function currentLinkToken(world: TWorld): Promise<string | null> {
  if (!world.named) return null;
  const link = await testDb().exchangePersonLink.findFirst({
    where: { exchangeId: E1(world), userId: world.named.userId, replacedAt: null },
    select: { token: true },
  });
  return link?.token ?? null;
}

/** The organizer (or the assistant) adds a person by name only, before the draw. */
export class AddNamedPerson extends Action {
  constructor(readonly by: 'organizer' | 'assistant') {
    super();
  }
  override check(model: Readonly<TModel>) {
    return !model.namedAdded;
  }
  async act(model: TModel, world: TWorld) {
    const added = await read(
      session(world, this.by)!.caller.exchanges.addNamedPerson({
        exchangeId: E1(world),
        name: `Nora Nomail${world.tag}`,
      }),
    );
    if (!added.ok) return;
    model.namedAdded = true;
    world.named = {
      userId: (added.value as { userId: string }).userId,
      browsers: { person: new TestBrowser(world.server.baseUrl), organizer: new TestBrowser(world.server.baseUrl) },
    };
  }
  toString() {
    return `${this.by} adds a person without e-mail`;
  }
}

/**
 * A practice draw (issue 31): whoever tries it, it stores no pairing (the draw is unchanged) and its
 * answer carries no one's id, only counts and the engine's words.
 */
export class PracticeDraw extends Action {
  constructor(readonly by: 'organizer' | 'assistant' | 'p1') {
    super();
  }
  async act(_model: TModel, world: TWorld) {
    const pairsNow = async () =>
      JSON.stringify(
        await testDb().exchangeAssignment.findMany({
          where: { exchangeId: E1(world) },
          orderBy: { giverId: 'asc' },
          select: { giverId: true, receiverId: true },
        }),
      );
    const before = await pairsNow();
    const answer = await read(session(world, this.by)!.caller.exchanges.practiceDraw({ exchangeId: E1(world) }));
    if ((await pairsNow()) !== before) violation(`a practice draw by ${this.by} changed the stored draw`);
    if (answer.ok) {
      const text = JSON.stringify(answer.value);
      for (const person of Object.values(world.people))
        if (text.includes(person.id)) violation(`a practice draw shows ${this.by} an id`, answer.value);
    }
  }
  toString() {
    return `${this.by} runs a practice draw`;
  }
}

/**
 * The current link is opened on the person's own browser, or on the organizer's (a peek). A browser
 * that gets in becomes a session the model reads through (as the person's account, with the
 * organizer behind it for the organizer's browser). Whenever the person's browser gets in, every
 * link the organizer's browser got in through must be shown to the person as opened and replaced.
 */
export class OpenPersonLink extends Action {
  constructor(readonly device: 'person' | 'organizer') {
    super();
  }
  override check(model: Readonly<TModel>) {
    return model.namedAdded;
  }
  async act(model: TModel, world: TWorld) {
    const token = await currentLinkToken(world);
    if (!world.named || !token) return;
    const browser = world.named.browsers[this.device];
    const opened = await browser.get(`/auth/v2/person-link/?token=${token}`, { bearer: null });
    if (!opened.location?.startsWith('/gift-exchanges/')) {
      if (opened.location !== `/personal-link/?token=${token}`)
        violation(`the ${this.device}'s browser opening the link went to ${opened.location ?? '(nowhere)'}`);
      return;
    }
    const tokens = await browser.get('/auth/v2/refresh-token/', { bearer: null });
    const accessToken = tokens.body.accessToken;
    if (typeof accessToken !== 'string') violation(`the link signed the ${this.device}'s browser in without a session`);
    const identity = verifyAccessToken(deps.config, accessToken, null);
    const personId = this.device === 'person' ? world.named.userId : world.people.organizer.id;
    world.sessions.set(`named@${this.device}`, sessionOf(`named@${this.device}`, identity, personId));
    if (this.device === 'organizer') {
      model.organizerLinkEntries.add(token);
      return;
    }
    if (model.organizerLinkEntries.has(token))
      violation("one link let both the organizer's browser and the person's in");
    const history = await read(
      session(world, 'named@person')!.caller.exchanges.myPersonLink({ exchangeId: E1(world) }),
    );
    const shown = history.ok ? (history.value as { replacedAfterOpening: unknown[] }).replacedAfterOpening.length : 0;
    if (shown < model.organizerLinkEntries.size)
      violation(
        `the organizer's browser got in through ${model.organizerLinkEntries.size} link(s) of the person, who is shown ${shown} opened earlier link(s): the peek goes unnoticed`,
        history,
      );
  }
  toString() {
    return `the ${this.device}'s browser opens the current private link`;
  }
}

/** Someone holding the link asks for a new one (from a browser the link refuses). */
export class RequestNewPersonLink extends Action {
  override check(model: Readonly<TModel>) {
    return model.namedAdded;
  }
  async act(_model: TModel, world: TWorld) {
    const token = await currentLinkToken(world);
    if (token) await read(callerFor(null, deps).exchanges.requestNewPersonLink({ token }));
  }
  toString() {
    return 'someone asks for a new private link';
  }
}

/** A manager makes a new link: the old one and every sign-in through it end. */
export class ReissuePersonLink extends Action {
  constructor(readonly by: 'organizer' | 'assistant') {
    super();
  }
  override check(model: Readonly<TModel>) {
    return model.namedAdded;
  }
  async act(_model: TModel, world: TWorld) {
    if (!world.named) return;
    const done = await read(
      session(world, this.by)!.caller.exchanges.reissuePersonLink({
        exchangeId: E1(world),
        userId: world.named.userId,
      }),
    );
    if (!done.ok) return;
    // The product ends those sign-ins; what they read stays known (model.known, by account).
    world.sessions.delete('named@person');
    world.sessions.delete('named@organizer');
  }
  toString() {
    return `${this.by} makes a new private link`;
  }
}

// ---- The exchange wall (docs/secrecy.md section 8) ---------------------------------------------

const WALL_WRITERS = [
  'organizer',
  'assistant',
  'p1',
  'p2',
  'p3',
  'parent',
  'parent→child',
  'named@person',
  'stranger',
] as const;

/** The next live item of a wall stream, or null when none comes within `ms`. */
async function nextLive(stream: AsyncGenerator<unknown>, ms: number): Promise<IteratorResult<unknown> | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([stream.next(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Someone writes on the wall, signed or anonymously. Every session's live stream of the wall is open
 * while they do: what arrives live is checked like every other read (an anonymous post names its
 * author to nobody else; outsiders cannot open the stream).
 */
export class WallPost extends Action {
  constructor(
    readonly by: (typeof WALL_WRITERS)[number],
    readonly anonymous: boolean,
  ) {
    super();
  }
  async act(model: TModel, world: TWorld) {
    const writer = session(world, this.by);
    if (!writer) return; // that switch or link has not happened in this run
    const exchangeId = E1(world);
    const open: { reader: TSession; stream: AsyncGenerator<unknown>; controller: AbortController }[] = [];
    for (const reader of world.sessions.values()) {
      const controller = new AbortController();
      const stream = await wallStream(deps, reader.identity, exchangeId, null, controller.signal).catch(() => null);
      if (!stream) continue;
      // The stream's "started" cue: it listens from here on.
      if ((await nextLive(stream, 10_000)) === null) violation(`${reader.key}'s wall stream never started`);
      open.push({ reader, stream, controller });
    }
    try {
      const posted = await read(
        writer.caller.exchanges.postToWall({
          exchangeId,
          body: `A hint from ${this.anonymous ? 'someone' : this.by}`,
          anonymous: this.anonymous,
        }),
      );
      if (!posted.ok) return;
      model.wallUsed = true;
      const postId = (posted.value as { postId: string }).postId;
      if (this.anonymous) model.anonymousPosts.set(postId, writer.accountId);
      const authors = await authorsOf(model);
      // Each open wall hears of it (a post of someone else may come first: each is checked).
      for (const { reader, stream } of open) {
        for (let step = 0; step < 20; step += 1) {
          const next = await nextLive(stream, 5_000);
          if (!next || next.done) break;
          const [, item] = next.value as [string, unknown];
          checkWallAnonymity(
            model,
            authors,
            reader,
            `${reader.key}, exchanges.onWall (live)`,
            'exchanges.onWall',
            item,
          );
          if ((item as { postId?: string } | null)?.postId === postId) break;
        }
      }
    } finally {
      for (const { stream, controller } of open) {
        controller.abort();
        await stream.return(undefined);
      }
    }
  }
  toString() {
    return `${this.by} writes on the wall${this.anonymous ? ' anonymously' : ''}`;
  }
}

/** A manager (or a participant, refused but for their own) removes one of the wall's posts. */
export class RemoveWallPost extends Action {
  constructor(
    readonly by: 'organizer' | 'assistant' | 'p1',
    readonly which: number,
  ) {
    super();
  }
  override check(model: Readonly<TModel>) {
    return model.wallUsed;
  }
  async act(_model: TModel, world: TWorld) {
    const posts = await testDb().exchangeWallPost.findMany({
      where: { exchangeId: E1(world) },
      orderBy: { id: 'asc' },
      select: { id: true },
    });
    if (posts.length === 0) return;
    const postId = posts[this.which % posts.length]!.id.toString();
    await read(session(world, this.by)!.caller.exchanges.removeWallPost({ exchangeId: E1(world), postId }));
  }
  toString() {
    return `${this.by} removes wall post #${this.which}`;
  }
}

const drawer = fc.constantFrom('organizer' as const, 'assistant' as const);

/** Every action, by name (SECRECY_ONLY / SECRECY_SKIP pick some by these names). */
export const ACTIONS: Record<string, fc.Arbitrary<Action>> = {
  SetDrawVisibility: fc.tuple(drawer, fc.boolean()).map(([by, on]) => new SetDrawVisibility(by, on)),
  SetAssistant: fc
    .tuple(fc.constantFrom('assistant' as const, 'p1' as const, 'parent' as const), fc.boolean())
    .map(([target, on]) => new SetAssistant(target, on)),
  Draw: fc.tuple(drawer, fc.boolean()).map(([by, again]) => new Draw(by, again)),
  ReplaceOrRemove: fc
    .tuple(fc.constantFrom('p1' as const, 'p2' as const, 'p3' as const), drawer, fc.boolean())
    .map(([target, by, replace]) => new ReplaceOrRemove(target, by, replace)),
  Answer: fc
    .tuple(
      fc.constantFrom('assistant' as const, 'p1' as const, 'p2' as const, 'p3' as const, 'parent' as const),
      fc.boolean(),
    )
    .map(([who, accept]) => new Answer(who, accept)),
  SendMessage: fc
    .tuple(
      fc.constantFrom(
        'organizer' as const,
        'assistant' as const,
        'p1' as const,
        'p2' as const,
        'p3' as const,
        'parent' as const,
        'named@person' as const,
      ),
      fc.constantFrom('santa' as const, 'recipient' as const),
    )
    .map(([from, to]) => new SendMessage(from, to)),
  Claim: fc
    .tuple(fc.constantFrom(...CLAIMERS), fc.constantFrom(...WISHES), fc.integer({ min: 0, max: 2 }))
    .map(([who, wish, quantity]) => new Claim(who, wish, quantity)),
  SetReceived: fc
    .tuple(
      fc.constantFrom('parent' as const, 'parent→child' as const, 'parent→related' as const),
      fc.constantFrom(...WISHES),
      fc.boolean(),
    )
    .map(([who, wish, received]) => new SetReceived(who, wish, received)),
  SwitchInto: fc.constantFrom('child' as const, 'related' as const).map((target) => new SwitchInto(target)),
  LookAlikeSignUp: fc
    .constantFrom('p1' as const, 'p3' as const, 'parent' as const)
    .map((victim) => new LookAlikeSignUp(victim)),
  InviteAddress: fc
    .constantFrom('p1' as const, 'p3' as const, 'parent' as const)
    .map((victim) => new InviteAddress(victim)),
  LateJoinByAlias: fc.constant(new LateJoinByAlias()),
  DrawLatecomers: drawer.map((by) => new DrawLatecomers(by)),
  PracticeDraw: fc
    .constantFrom('organizer' as const, 'assistant' as const, 'p1' as const)
    .map((by) => new PracticeDraw(by)),
  RepeatProbe: fc
    .tuple(fc.nat({ max: 9 }), fc.boolean(), fc.nat({ max: 9 }), fc.boolean())
    .map(([giver, guess, other, view]) => new RepeatProbe(giver, guess, other, view)),
  AddNamedPerson: drawer.map((by) => new AddNamedPerson(by)),
  OpenPersonLink: fc.constantFrom('person' as const, 'organizer' as const).map((device) => new OpenPersonLink(device)),
  RequestNewPersonLink: fc.constant(null).map(() => new RequestNewPersonLink()),
  ReissuePersonLink: drawer.map((by) => new ReissuePersonLink(by)),
  WallPost: fc
    .tuple(fc.constantFrom(...WALL_WRITERS), fc.boolean())
    .map(([by, anonymous]) => new WallPost(by, anonymous)),
  RemoveWallPost: fc
    .tuple(fc.constantFrom('organizer' as const, 'assistant' as const, 'p1' as const), fc.nat({ max: 9 }))
    .map(([by, which]) => new RemoveWallPost(by, which)),
};

export type { TPersonKey };

/** The actions of this run: all, or those SECRECY_ONLY names, minus those SECRECY_SKIP names. */
export function chosenActions(env: NodeJS.ProcessEnv = process.env): fc.Arbitrary<Action>[] {
  const list = (value: string | undefined) => (value ? value.split(',').map((name) => name.trim()) : null);
  const only = list(env.SECRECY_ONLY);
  const skip = list(env.SECRECY_SKIP) ?? [];
  for (const name of [...(only ?? []), ...skip])
    if (!(name in ACTIONS)) throw new Error(`No action ${name}; known: ${Object.keys(ACTIONS).join(', ')}`);
  return Object.entries(ACTIONS)
    .filter(([name]) => (only ? only.includes(name) : true) && !skip.includes(name))
    .map(([, arbitrary]) => arbitrary);
}
