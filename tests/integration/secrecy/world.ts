/**
 * The real side of the secrecy model (docs/secrecy.md): one exchange with fresh people per run over
 * the worker's database, and every session each person can act through. Nothing here decides who
 * may know what; rules.ts does.
 *
 * People (all with unique names and addresses per run, on a domain that has a look-alike):
 * - organizer: organizes and takes part;
 * - assistant: takes part and is a co-organizer (may lose and regain the role);
 * - p1, p2: plain participants (members); p3: a participant invited by address (a floater);
 * - parent: takes part, manages the child account `child` (also in the exchange) and has a
 *   related account `related` (a floater at the parent's own address); the parent has a public
 *   wish list and so has the child;
 * - stranger: an outsider, who may also sign up with a look-alike of a participant's address.
 */
import { randomUUID } from 'node:crypto';
import type { TVerifiedIdentity } from '../../../server/auth/tokens';
import { issueTokensForFamily, startSession } from '../../../server/auth/sessions';
import { verifyAccessToken } from '../../../server/auth/tokens';
import { createFloaterUser, createMember, identityFor } from '../../factories/identities';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { testDeps, type TTestServer } from '../../helpers/server';

export const deps = testDeps();

/** The people whose sessions the model reads through. */
export const MEMBER_KEYS = ['organizer', 'assistant', 'p1', 'p2', 'parent', 'stranger'] as const;
export type TMemberKey = (typeof MEMBER_KEYS)[number];
export type TPersonKey = TMemberKey | 'p3' | 'child' | 'related';

/** One way of acting: a signed-in account (possibly switched into from another). */
export interface TSession {
  /** A readable name: 'p1', 'parent→child', 'newcomer1', 'stranger-lookalike'. */
  key: string;
  /** The account the session acts as (the token's user). */
  accountId: string;
  /** Who is signed in (the root of a switch): the human behind it. */
  personId: string;
  identity: TVerifiedIdentity;
  caller: ReturnType<typeof callerFor>;
}

export interface TPerson {
  key: TPersonKey;
  id: string;
  email: string;
  name: string;
}

export interface TWorld {
  tag: string;
  /** The domain every address of this run uses; its look-alike differs by one accent. */
  domain: string;
  lookalikeDomain: string;
  people: Record<TPersonKey, TPerson>;
  /** Every session to read through, by key; switched and look-alike sessions join as they happen. */
  sessions: Map<string, TSession>;
  exchangeId: string;
  lists: { parent: string; child: string };
  wishes: { parentOne: string; parentTwo: string; childOne: string };
  server: TTestServer;
  browser: TestBrowser;
  /**
   * A person without e-mail, once the organizer added one (docs/secrecy.md section 7): their
   * account, and two browsers that may open their private link: the person's own and the
   * organizer's (a curious organizer opening the link they hold).
   */
  named: { userId: string; browsers: Record<'person' | 'organizer', TestBrowser> } | null;
}

let runCounter = 0;
const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
export { inDays };

export function sessionOf(
  key: string,
  identity: TVerifiedIdentity,
  personId = identity.rootIdentity ?? identity.userId,
): TSession {
  return { key, accountId: identity.userId, personId, identity, caller: callerFor(identity, deps) };
}

/** A full sign-in of a member. */
export async function memberSession(key: string, userId: string): Promise<TSession> {
  return sessionOf(key, await identityFor(deps, userId));
}

/** A floater's sign-in from an invitation mail (scoped, cannot manage). */
export async function floaterSession(key: string, userId: string): Promise<TSession> {
  return sessionOf(key, await identityFor(deps, userId, { scope: ['exchange:test:*'] }), userId);
}

/**
 * Switches a sign-in of `rootId` into `targetId` the way /auth/v2/switch/ does (the family's
 * active account, then the tokens re-issued under the switching rule); null when the rule refuses.
 */
export async function switchedSession(key: string, rootId: string, targetId: string): Promise<TSession | null> {
  const session = await startSession(deps, { userId: rootId });
  await testDb().refreshTokenFamily.update({ where: { id: session.familyId }, data: { activeUserId: targetId } });
  const tokens = await issueTokensForFamily(deps, session.familyId);
  if (!tokens || tokens.userId !== targetId) return null;
  return sessionOf(key, verifyAccessToken(deps.config, tokens.accessToken, tokens.auditToken), rootId);
}

export async function buildWorld(server: TTestServer): Promise<TWorld> {
  runCounter += 1;
  const tag = `${process.env.VITEST_POOL_ID ?? '0'}${Date.now().toString(36)}${runCounter}`;
  const domain = `mail${tag}.test`;
  const lookalikeDomain = `máil${tag}.test`;
  const db = testDb();
  const names: Record<TPersonKey, [string, string]> = {
    organizer: ['Olga', `Orgz${tag}`],
    assistant: ['Anton', `Asst${tag}`],
    p1: ['Pia', `Pone${tag}`],
    p2: ['Paul', `Ptwo${tag}`],
    p3: ['Pete', `Pthree${tag}`],
    parent: ['Fran', `Parent${tag}`],
    child: ['Kid', `Child${tag}`],
    related: ['Fran', `Related${tag}`],
    stranger: ['Sam', `Stranger${tag}`],
  };
  const person = (key: TPersonKey, id: string, email: string): TPerson => ({
    key,
    id,
    email,
    name: `${names[key][0]} ${names[key][1]}`,
  });
  const people = {} as Record<TPersonKey, TPerson>;
  for (const key of MEMBER_KEYS) {
    const email = `${key}${tag}@${domain}`;
    const made = await createMember(db, { email, firstName: names[key][0], lastName: names[key][1] });
    people[key] = person(key, made.id, email);
  }
  // The related account: a floater at the parent's own address (an earlier invitation, say).
  const related = await createFloaterUser(db, {
    email: people.parent.email,
    firstName: names.related[0],
    lastName: names.related[1],
  });
  people.related = person('related', related.id, related.email);

  const sessions = new Map<string, TSession>();
  for (const key of MEMBER_KEYS) sessions.set(key, await memberSession(key, people[key].id));
  const organizer = sessions.get('organizer')!.caller;
  const parent = sessions.get('parent')!.caller;

  const p3Email = `p3${tag}@${domain}`;
  const created = await organizer.exchanges.create({
    title: `Secrecy ${tag}`,
    exchangeDate: inDays(30),
    organizerParticipates: true,
    participantsConfirmed: true,
    sendInvitations: false,
    participants: [
      ...(['assistant', 'p1', 'p2', 'parent'] as const).map((key) => ({
        name: people[key].name,
        email: people[key].email,
      })),
      { name: `${names.p3[0]} ${names.p3[1]}`, email: p3Email },
    ],
  });
  const exchangeId = created.exchangeId;
  const p3 = await db.user.findFirstOrThrow({
    where: { exchangeSeats: { some: { exchangeId } }, lastName: names.p3[1] },
    select: { id: true },
  });
  people.p3 = person('p3', p3.id, p3Email);
  sessions.set('p3', await floaterSession('p3', p3.id));

  // The child: the parent adds them while briefly co-organizing (only a manager may).
  const child = await parent.people.create({ firstName: names.child[0], lastName: names.child[1] });
  people.child = person('child', child.userId, '');
  await organizer.exchanges.setAssistant({ exchangeId, userId: people.parent.id, isAssistant: true });
  await parent.exchanges.addChild({ exchangeId, userId: child.userId });
  await organizer.exchanges.setAssistant({ exchangeId, userId: people.parent.id, isAssistant: false });
  await organizer.exchanges.setAssistant({ exchangeId, userId: people.assistant.id, isAssistant: true });

  // Public lists for the parent and the child, so that everybody (the stranger too) may claim.
  for (const userId of [people.parent.id, child.userId])
    await parent.people.updateSettings({ userId, settings: { isPrivate: false } });
  const parentList = await parent.wishLists.create({ title: `Fran's ${tag}`, privacy: 'public' });
  const childList = await parent.wishLists.create({
    title: `Kid's ${tag}`,
    privacy: 'public',
    ownerId: child.userId,
  });
  const parentOne = await parent.wishLists.addWish({ wishlistId: parentList.wishlistId, title: 'Scarf', quantity: 1 });
  const parentTwo = await parent.wishLists.addWish({ wishlistId: parentList.wishlistId, title: 'Mugs', quantity: 2 });
  const childOne = await parent.wishLists.addWish({ wishlistId: childList.wishlistId, title: 'Kite', quantity: 1 });

  return {
    tag,
    domain,
    lookalikeDomain,
    people,
    sessions,
    exchangeId,
    lists: { parent: parentList.wishlistId, child: childList.wishlistId },
    wishes: { parentOne: parentOne.wishId, parentTwo: parentTwo.wishId, childOne: childOne.wishId },
    server,
    browser: new TestBrowser(server.baseUrl),
    named: null,
  };
}

/** A fresh address for someone the organizer controls (a second mailbox of theirs). */
export function organizerAlias(world: TWorld): string {
  return `olga-alt-${randomUUID().slice(0, 8)}@${world.domain}`;
}
