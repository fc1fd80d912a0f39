/**
 * Issue 31, people without e-mail: the organizer adds a person by name and shares a private link;
 * the link signs that person in for the exchange on the first browser that opens it only; another
 * browser is refused and may ask for a new link; a new link ends the old one, and the person sees
 * that an earlier link had been opened (docs/secrecy.md, "People without e-mail").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TVerifiedIdentity } from '../../../server/auth/tokens';
import { createMember, identityFor } from '../../factories/identities';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

const deps = testDeps();
let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const unique = () => crypto.randomUUID().slice(0, 8);

interface TPerson {
  id: string;
  identity: TVerifiedIdentity;
  caller: ReturnType<typeof callerFor>;
}

async function member(): Promise<TPerson> {
  const created = await createMember(testDb());
  const identity = await identityFor(deps, created.id);
  return { id: created.id, identity, caller: callerFor(identity, deps) };
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return { code: (error as { code?: string }).code ?? '', message: (error as Error).message };
  }
  return { code: 'OK', message: '' };
}

/** An open exchange: an organizer who takes part and two members who accepted. */
async function exchange() {
  const organizer = await member();
  const [a, b] = [await member(), await member()];
  const created = await organizer.caller.exchanges.create({
    title: `No e-mail ${unique()}`,
    exchangeDate: inDays(30),
    organizerParticipates: true,
  });
  const exchangeId = created.exchangeId;
  await organizer.caller.exchanges.inviteUsers({ exchangeId, userIds: [a.id, b.id] });
  for (const person of [a, b]) await person.caller.exchanges.rsvp({ exchangeId, response: 'accept' });
  return { organizer, a, b, exchangeId };
}

/** The path and query of a link URL (the test server's origin differs from the configured one). */
const pathOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};
const tokenOf = (url: string): string => new URL(url).searchParams.get('token') ?? '';

/** Opens a link in a browser and, when it signed in, fetches the session's access token. */
async function open(browser: TestBrowser, url: string) {
  // A navigation: cookies only, no bearer token (as a browser opening a shared link).
  const answer = await browser.get(pathOf(url), { bearer: null });
  if (answer.location?.startsWith('/gift-exchanges/')) {
    const tokens = await browser.get('/auth/v2/refresh-token/');
    return { location: answer.location, signedIn: Boolean(tokens.body.accessToken) };
  }
  return { location: answer.location, signedIn: false };
}

describe('people without e-mail: private links bound to one browser', () => {
  it('adds a person by name who takes part in the draw, writes and keeps a wish list through the link', async () => {
    const { organizer, a, exchangeId } = await exchange();
    const added = await organizer.caller.exchanges.addNamedPerson({ exchangeId, name: '  Nora Nomail ' });
    expect(added).toMatchObject({ name: 'Nora Nomail', openedAt: null, newLinkRequestedAt: null, replacedCount: 0 });
    expect(added.url).toMatch(/\/auth\/v2\/person-link\/\?token=[A-Za-z0-9_-]{43}$/);
    const seat = await testDb().exchangeParticipant.findUniqueOrThrow({
      where: { exchangeId_userId: { exchangeId, userId: added.userId } },
      select: { status: true, user: { select: { email: true } } },
    });
    expect(seat).toEqual({ status: 'accepted', user: { email: null } });
    // Restrictions apply to them like to anyone.
    await organizer.caller.exchanges.setRestrictions({
      exchangeId,
      userId: added.userId,
      cannotDraw: [a.id],
      bothWays: false,
    });

    const phone = new TestBrowser(server.baseUrl);
    const first = await open(phone, added.url);
    expect(first).toEqual({ location: `/gift-exchanges/${exchangeId}/`, signedIn: true });
    expect((await organizer.caller.exchanges.personLinks({ exchangeId }))[0]?.openedAt).toEqual(expect.any(String));
    // The person keeps a wish list for the exchange.
    expect(
      (await phone.trpc('mutation', 'exchanges.chooseWishList', { exchangeId, newListTitle: 'Nora wishes' })).status,
    ).toBe(200);
    expect((await phone.trpc('mutation', 'exchanges.addWish', { exchangeId, title: 'Warm socks' })).status).toBe(200);

    await organizer.caller.exchanges.draw({ exchangeId });
    const pairs = await testDb().exchangeAssignment.findMany({ where: { exchangeId } });
    const mine = pairs.find((pair) => pair.giverId === added.userId);
    expect(mine).toBeDefined();
    expect(mine?.receiverId).not.toBe(a.id);
    expect(pairs.some((pair) => pair.receiverId === added.userId)).toBe(true);

    // Their recipient, and both anonymous conversations, through the link's session.
    const assignment = await phone.trpc<{ recipient: { userId: string } }>('query', 'exchanges.myAssignment', {
      exchangeId,
    });
    expect(assignment.data?.recipient.userId).toBe(mine?.receiverId);
    const toSanta = await phone.trpc('mutation', 'exchanges.sendMessage', { exchangeId, with: 'santa', body: 'Hi!' });
    expect(toSanta.status).toBe(200);
    const toRecipient = await phone.trpc('mutation', 'exchanges.sendMessage', {
      exchangeId,
      with: 'recipient',
      body: 'What size?',
    });
    expect(toRecipient.status).toBe(200);
    // The link's session cannot manage (a floater's sign-in).
    expect((await phone.trpc('mutation', 'exchanges.redraw', { exchangeId })).status).toBe(401);

    // The same browser opens the link again and gets in again.
    expect(await open(phone, added.url)).toEqual({ location: `/gift-exchanges/${exchangeId}/`, signedIn: true });
    // The organizer's view carries no pair.
    const view = JSON.stringify(await organizer.caller.exchanges.personLinks({ exchangeId }));
    expect(view).not.toContain(String(mine?.receiverId));
  });

  it('refuses a second browser, which may ask for a new link; the new link ends the old one, and the person sees it had been opened', async () => {
    const { organizer, a, exchangeId } = await exchange();
    const added = await organizer.caller.exchanges.addNamedPerson({ exchangeId, name: 'Pim Paper' });
    const token = tokenOf(added.url);

    // The organizer peeks: opens the link on their own browser first.
    const organizerBrowser = new TestBrowser(server.baseUrl);
    expect((await open(organizerBrowser, added.url)).signedIn).toBe(true);

    // The person's browser is refused, without a session.
    const phone = new TestBrowser(server.baseUrl);
    const refused = await open(phone, added.url);
    expect(refused).toEqual({ location: `/personal-link/?token=${token}`, signedIn: false });
    expect(phone.cookie('gifting_rt')).toBeUndefined();
    const anonymous = new TestBrowser(server.baseUrl);
    const state = await anonymous.trpc<{ state: string; personName: string }>('query', 'exchanges.personLinkState', {
      token,
    });
    expect(state.data).toMatchObject({ state: 'opened-elsewhere', personName: 'Pim Paper' });

    // They ask for a new link: the organizer sees the request (and a notification), once.
    expect((await anonymous.trpc('mutation', 'exchanges.requestNewPersonLink', { token })).status).toBe(200);
    expect((await anonymous.trpc('mutation', 'exchanges.requestNewPersonLink', { token })).status).toBe(200);
    const [row] = await organizer.caller.exchanges.personLinks({ exchangeId });
    expect(row?.newLinkRequestedAt).toEqual(expect.any(String));
    expect(
      await testDb().notification.count({
        where: { userId: organizer.id, payload: { contains: 'person-link-request' } },
      }),
    ).toBe(1);
    // Nobody but the managers reads or reissues links.
    expect((await failure(a.caller.exchanges.personLinks({ exchangeId }))).code).toBe('FORBIDDEN');
    expect((await failure(a.caller.exchanges.reissuePersonLink({ exchangeId, userId: added.userId }))).code).toBe(
      'FORBIDDEN',
    );

    const reissued = await organizer.caller.exchanges.reissuePersonLink({ exchangeId, userId: added.userId });
    expect(reissued).toMatchObject({ openedAt: null, newLinkRequestedAt: null, replacedCount: 1 });
    expect(reissued.url).not.toBe(added.url);
    // The old link and the organizer's session through it stop working.
    expect((await organizerBrowser.get('/auth/v2/refresh-token/')).body.accessToken).toBeNull();
    expect((await open(organizerBrowser, added.url)).location).toBe(`/personal-link/?token=${token}`);
    expect((await anonymous.trpc<{ state: string }>('query', 'exchanges.personLinkState', { token })).data?.state).toBe(
      'replaced',
    );

    // The person opens the new link and is told an earlier link had been opened.
    expect((await open(phone, reissued.url)).signedIn).toBe(true);
    const history = await phone.trpc<{ byLink: boolean; replacedAfterOpening: unknown[] }>(
      'query',
      'exchanges.myPersonLink',
      { exchangeId },
    );
    expect(history.data?.byLink).toBe(true);
    expect(history.data?.replacedAfterOpening).toHaveLength(1);
    // A member's own history is empty.
    expect(await a.caller.exchanges.myPersonLink({ exchangeId })).toEqual({
      byLink: false,
      replacedAfterOpening: [],
      replacedUnopened: 0,
    });
  });

  it('binds a link to exactly one of two browsers opening it at once', async () => {
    const { organizer, exchangeId } = await exchange();
    const added = await organizer.caller.exchanges.addNamedPerson({ exchangeId, name: 'Quinn Quick' });
    const browsers = Array.from({ length: 4 }, () => new TestBrowser(server.baseUrl));
    const outcomes = await Promise.all(browsers.map((browser) => open(browser, added.url)));
    expect(outcomes.filter((outcome) => outcome.signedIn)).toHaveLength(1);
  });

  it('answers bad input and closed exchanges with the spec’s words', async () => {
    const { organizer, exchangeId } = await exchange();
    const empty = await failure(organizer.caller.exchanges.addNamedPerson({ exchangeId, name: '   ' }));
    expect(empty).toMatchObject({ code: 'BAD_REQUEST' });
    expect(empty.message).toContain('Value is required');
    const unknownToken = new TestBrowser(server.baseUrl);
    expect((await unknownToken.get('/auth/v2/person-link/?token=nope')).location).toBe('/personal-link/?token=nope');
    const state = await unknownToken.trpc<{ state: string }>('query', 'exchanges.personLinkState', {
      token: 'A'.repeat(43),
    });
    expect(state.data?.state).toBe('unknown');
    expect((await unknownToken.trpc('query', 'exchanges.personLinkState', { token: 'short' })).status).toBe(400);
    expect(
      (await unknownToken.trpc('mutation', 'exchanges.requestNewPersonLink', { token: 'A'.repeat(43) })).status,
    ).toBe(404);
    await organizer.caller.exchanges.addNamedPerson({ exchangeId, name: 'Rae Early' });
    await organizer.caller.exchanges.draw({ exchangeId });
    const late = await failure(organizer.caller.exchanges.addNamedPerson({ exchangeId, name: 'Sol Late' }));
    expect(late).toEqual({ code: 'CONFLICT', message: 'People can only be added before the names are drawn' });
  });
});
