/**
 * Gift exchanges end to end against the real database, through the typed caller and both HTTP
 * faces: creating with people and restrictions, invitations (per-row results, floaters, mails
 * queued in the same transaction), answers, the draw (atomic, once, with restrictions and the named
 * reason when impossible), secrecy of pairings for every actor, anonymous messages, thank-yous
 * after the date, changes after the draw, reminders, and the two REST calls.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TVerifiedIdentity } from '../../../server/auth/tokens';
import { toAppError } from '../../../server/trpc/init';
import { sendInviteMail } from '../../../server/services/exchanges/invitations';
import { scanExchangeReminders } from '../../../server/services/exchanges/reminders';
import { createMember, identityFor } from '../../factories/identities';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { linkFrom, waitForMail } from '../../helpers/mail';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

const deps = testDeps();
let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface TPerson {
  id: string;
  email: string;
  identity: TVerifiedIdentity;
  caller: ReturnType<typeof callerFor>;
}

async function member(): Promise<TPerson> {
  const created = await createMember(testDb());
  const identity = await identityFor(deps, created.id);
  return { id: created.id, email: created.email, identity, caller: callerFor(identity, deps) };
}

async function asUser(userId: string): Promise<TPerson> {
  const user = await testDb().user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const identity = await identityFor(deps, userId, { scope: ['exchange:test:*'] });
  return { id: userId, email: user.email ?? '', identity, caller: callerFor(identity, deps) };
}

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    const code = (error as { code?: string }).code;
    return (
      { NOT_FOUND: 404, FORBIDDEN: 403, UNAUTHORIZED: 401, CONFLICT: 409, BAD_REQUEST: 400, TOO_MANY_REQUESTS: 429 }[
        code ?? ''
      ] ?? 500
    );
  }
}

async function errorOf(promise: Promise<unknown>): Promise<{ message: string; details?: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { message: string; details?: Record<string, unknown> } }).cause;
    return { message: (error as Error).message, details: cause?.details };
  }
  throw new Error('expected the call to fail');
}

const unique = () => crypto.randomUUID().slice(0, 8);

/** An organizer with `count` invitees (floaters) who all accepted. */
async function exchangeWith(count: number, options: { organizerParticipates?: boolean } = {}) {
  const organizer = await member();
  const tag = unique();
  const emails = Array.from({ length: count }, (_, i) => `guest${i}-${tag}@example.com`);
  const exchange = await organizer.caller.exchanges.create({
    title: `Family ${tag}`,
    exchangeDate: inDays(30),
    signUpDate: inDays(20),
    organizerParticipates: options.organizerParticipates ?? true,
    participants: emails.map((email, i) => ({ name: `Guest ${i} Lee`, email })),
  });
  const seats = await testDb().exchangeParticipant.findMany({
    where: { exchangeId: exchange.exchangeId, userId: { not: organizer.id } },
    select: { userId: true },
  });
  const guests = await Promise.all(seats.map((seat) => asUser(seat.userId)));
  for (const guest of guests)
    await guest.caller.exchanges.rsvp({ exchangeId: exchange.exchangeId, response: 'accept' });
  return { organizer, exchange, guests, exchangeId: exchange.exchangeId };
}

describe('creating and inviting', () => {
  it('creates with the spec defaults, invites typed people as floaters and queues their mails in the same transaction', async () => {
    const organizer = await member();
    const tag = unique();
    const detail = await organizer.caller.exchanges.create({
      title: 'Office party',
      exchangeDate: inDays(40),
      participants: [
        { name: 'Ann Lee', email: `ann-${tag}@example.com` },
        { name: 'Bob Ray', email: `BOB-${tag}@Example.com` },
      ],
      restrictions: [{ giver: 0, receiver: 1, bothWays: true }],
    });
    expect(detail).toMatchObject({
      status: 'open',
      budget: { currency: 'USD', amount: 50 },
      deliveryType: 'mail',
      themeId: 'classic',
      myRole: 'organizer',
      myStatus: 'accepted',
      participantCount: 3,
      acceptedCount: 1,
    });
    expect(detail.signUpUrl).toContain(`/gift-exchanges/${detail.exchangeId}/rsvp/?code=`);
    const bob = await testDb().user.findFirstOrThrow({ where: { email: `bob-${tag}@example.com` } });
    expect(bob.registeredEmail).toBeNull();
    expect(bob.firstName).toBe('Bob');
    const jobs = await testDb().job.findMany({
      where: { kind: 'exchanges:invite-mail', payload: { contains: detail.exchangeId } },
    });
    expect(jobs).toHaveLength(2);
    const restrictions = await organizer.caller.exchanges.restrictions({
      exchangeId: detail.exchangeId,
      limit: 20,
      offset: 0,
    });
    const annRow = restrictions.items.find((row) => row.person.displayName === 'Ann Lee')!;
    expect(annRow.cannotDraw).toEqual([bob.id]);
  });

  it('lists one’s exchanges (and those to repeat) by date, the newest made first on a shared date, in the same order every time', async () => {
    const organizer = await member();
    const date = inDays(40);
    const made: string[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      const exchange = await organizer.caller.exchanges.create({ title, exchangeDate: date, participants: [] });
      made.push(exchange.exchangeId);
    }
    // Made within one millisecond they would tie on creation too: the id decides then.
    await testDb().exchange.updateMany({
      where: { id: { in: made.slice(1) } },
      data: { createdAt: new Date('2026-01-02') },
    });
    await testDb().exchange.update({ where: { id: made[0] }, data: { createdAt: new Date('2026-01-03') } });
    const later = await organizer.caller.exchanges.create({
      title: 'Later',
      exchangeDate: inDays(50),
      participants: [],
    });
    const tied = made.slice(1).sort();
    const expected = [later.exchangeId, made[0], ...tied];
    for (let round = 0; round < 3; round += 1) {
      expect((await organizer.caller.exchanges.mine()).map((exchange) => exchange.exchangeId)).toEqual(expected);
      // The exchanges to repeat from, in the same order.
      expect((await organizer.caller.exchanges.repeatCandidates()).map((exchange) => exchange.exchangeId)).toEqual(
        expected,
      );
    }
  });

  it('a bad row in the names entry refuses the whole creation with the spec message on that row', async () => {
    const organizer = await member();
    const error = await organizer.caller.exchanges
      .create({
        title: 'Typos',
        exchangeDate: inDays(10),
        participants: [
          { name: 'Ann', email: `ann-${unique()}@example.com` },
          { name: 'Bob', email: 'not-an-address' },
        ],
      })
      .then(
        () => null,
        (caught: unknown) => toAppError(caught),
      );
    expect(error?.fieldErrors).toEqual({
      'participants.1.email': 'Value is not a valid email address',
    });
    expect(await testDb().exchange.count({ where: { organizerId: organizer.id } })).toBe(0);
  });

  it('names entry: people the organizer typed are in the draw at once, in batched writes', async () => {
    const organizer = await member();
    const tag = unique();
    // 1,200 people cross the 1,000-row batches; their mails are held back (the queue is shared).
    const big = await organizer.caller.exchanges.create({
      title: 'Cousins',
      exchangeDate: inDays(20),
      participantsConfirmed: true,
      sendInvitations: false,
      participants: Array.from({ length: 1200 }, (_, i) => ({
        name: `Cousin ${i}`,
        email: `c${i}-${tag}@example.com`,
      })),
    });
    expect(big).toMatchObject({ participantCount: 1201, acceptedCount: 1201, can: { draw: true } });
    expect((await organizer.caller.exchanges.draw({ exchangeId: big.exchangeId })).participantCount).toBe(1201);
    await testDb().job.deleteMany({ where: { kind: 'exchanges:drawn-mail', payload: { contains: big.exchangeId } } });
    // Their invitation tells them they are in, not to answer.
    const small = await organizer.caller.exchanges.create({
      title: 'Siblings',
      exchangeDate: inDays(20),
      participantsConfirmed: true,
      participants: [{ name: 'Sis', email: `sis-${tag}@example.com` }],
    });
    const job = await testDb().job.findFirstOrThrow({
      where: { kind: 'exchanges:invite-mail', payload: { contains: small.exchangeId } },
    });
    expect(JSON.parse(job.payload)).toMatchObject({ kind: 'confirmed' });
  });

  it('bulk invites answer per row: invited, duplicate, malformed, already invited, already in; nothing sent for bad rows', async () => {
    const { organizer, exchangeId, guests } = await exchangeWith(1);
    const tag = unique();
    const answer = await organizer.caller.exchanges.inviteBulk({
      exchangeId,
      text: [
        `Cid Moe <cid-${tag}@example.com>`,
        `Dee Poe, dee-${tag}@example.com`,
        `cid-${tag}@EXAMPLE.com`,
        'Eve <eve-at-example.com>',
        guests[0]!.email,
        organizer.email,
      ].join('\n'),
    });
    expect(answer.invited).toBe(2);
    expect(answer.results.map((row) => row.status)).toEqual([
      'invited',
      'invited',
      'duplicate',
      'invalid',
      'already-joined',
      'already-joined',
    ]);
    expect(answer.results[3]!.message).toBe('Value is not a valid email address');
    expect(
      await testDb().job.count({ where: { kind: 'exchanges:invite-mail', payload: { contains: exchangeId } } }),
    ).toBe(3);
    // A second paste of the same people invites nobody twice.
    const again = await organizer.caller.exchanges.inviteBulk({ exchangeId, text: `cid-${tag}@example.com` });
    expect(again).toMatchObject({ invited: 0, results: [{ status: 'already-invited' }] });
  });

  it('people added with the mails held back are mailed when the organizer sends the invitations', async () => {
    const organizer = await member();
    const tag = unique();
    const emails = [`h1-${tag}@example.com`, `h2-${tag}@example.com`];
    const { exchangeId } = await organizer.caller.exchanges.create({
      title: 'Held back',
      exchangeDate: inDays(12),
      sendInvitations: false,
      participants: emails.map((email) => ({ name: null, email })),
    });
    const mails = () =>
      testDb().job.count({ where: { kind: 'exchanges:invite-mail', payload: { contains: exchangeId } } });
    expect(await mails()).toBe(0);
    const sent = await organizer.caller.exchanges.inviteByEmail({
      exchangeId,
      invitees: emails.map((email) => ({ email })),
    });
    expect(sent.results.map((row) => row.status)).toEqual(['invited', 'invited']);
    expect(await mails()).toBe(2);
    const again = await organizer.caller.exchanges.inviteByEmail({ exchangeId, invitees: [{ email: emails[0]! }] });
    expect(again.results[0]!.status).toBe('already-invited');
    expect(await mails()).toBe(2);
  });

  it('an invitation mail signs a floater in for the exchange and they answer, pick a list and add a wish', async () => {
    const organizer = await member();
    const tag = unique();
    const { exchangeId } = await organizer.caller.exchanges.create({
      title: 'Friends',
      exchangeDate: inDays(15),
      themeId: 'winter',
      participants: [{ name: 'Fay', email: `fay-${tag}@example.com` }],
    });
    // The queued mail, sent as the job would: real SMTP, a themed invitation with a floater link.
    const job = await testDb().job.findFirstOrThrow({
      where: { kind: 'exchanges:invite-mail', payload: { contains: exchangeId } },
    });
    await sendInviteMail(server.app.deps, JSON.parse(job.payload) as Parameters<typeof sendInviteMail>[1]);
    const mail = await waitForMail(`fay-${tag}@example.com`, /invited you to Friends/);
    expect(mail.subject.startsWith('❄️')).toBe(true);
    const link = new URL(linkFrom(mail, '/auth/v2/link/'));
    const browser = new TestBrowser(server.baseUrl);
    const opened = await browser.get(`${link.pathname}${link.search}`);
    expect(opened.location).toBe(`/gift-exchanges/${exchangeId}/rsvp/`);
    await browser.get('/auth/v2/refresh-token/');
    const viaLink = await browser.trpc<{ myRole: string }>('query', 'exchanges.get', { exchangeId });
    expect(viaLink.status).toBe(200);
    const rsvp = await browser.trpc('mutation', 'exchanges.rsvp', {
      exchangeId,
      response: 'accept',
      comment: 'Count me in',
      willShipInternationally: true,
    });
    expect(rsvp.status).toBe(200);
    const fay = await testDb().user.findFirstOrThrow({ where: { email: `fay-${tag}@example.com` } });
    const floater = await asUser(fay.id);
    expect(await floater.caller.exchanges.get({ exchangeId })).toMatchObject({
      myRole: 'participant',
      me: { status: 'accepted', comment: 'Count me in', willShipInternationally: true, notifyOfReplies: false },
    });
    const list = await floater.caller.exchanges.chooseWishList({ exchangeId, newListTitle: 'Fay for Friends' });
    expect(list).toMatchObject({ privacy: 'exchange', exchangeId });
    await floater.caller.exchanges.addWish({ exchangeId, title: 'Wool socks', url: 'https://shop.example/socks' });
    // Fellow participants see the list; an outsider does not.
    const listView = await organizer.caller.wishLists.get({ wishlistId: list.wishlistId });
    expect(listView.wishes.map((wish) => wish.title)).toEqual(['Wool socks']);
    const outsider = await member();
    // Fay is private by default: an outsider is refused.
    expect(await statusOf(outsider.caller.wishLists.get({ wishlistId: list.wishlistId }))).toBe(403);
    // Floaters cannot manage.
    expect(await statusOf(floater.caller.exchanges.update({ exchangeId, title: 'Mine now' }))).toBe(401);
  });

  it('a member joins with the copyable sign-up link; a wrong code is refused', async () => {
    const { organizer, exchangeId } = await exchangeWith(1);
    const detail = await organizer.caller.exchanges.get({ exchangeId });
    const code = new URL(detail.signUpUrl!).searchParams.get('code')!;
    const joiner = await member();
    expect(await statusOf(joiner.caller.exchanges.joinByLink({ exchangeId, code: 'wrong' }))).toBe(404);
    expect((await joiner.caller.exchanges.joinByLink({ exchangeId, code })).myRole).toBe('invitee');
    expect((await joiner.caller.exchanges.get({ exchangeId })).signUpUrl).toBeNull();
  });
});

describe('the draw', () => {
  it('fifty concurrent draw requests make exactly one draw; everyone has one recipient and one giver', async () => {
    const { organizer, exchangeId } = await exchangeWith(7);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => statusOf(organizer.caller.exchanges.draw({ exchangeId }))),
    );
    expect(results.filter((status) => status === 200)).toHaveLength(1);
    expect(results.filter((status) => status === 409)).toHaveLength(49);
    const pairs = await testDb().exchangeAssignment.findMany({ where: { exchangeId } });
    expect(pairs).toHaveLength(8);
    expect(new Set(pairs.map((pair) => pair.receiverId)).size).toBe(8);
    expect(pairs.every((pair) => pair.giverId !== pair.receiverId)).toBe(true);
    expect(
      await testDb().job.count({ where: { kind: 'exchanges:drawn-mail', payload: { contains: exchangeId } } }),
    ).toBe(8);
    const events = await organizer.caller.exchanges.activity({ exchangeId });
    expect(events.filter((event) => event.kind === 'drawn')).toHaveLength(1);
  });

  it('restrictions and households are kept; an impossible set names the people and draws nothing', async () => {
    const { organizer, exchangeId, guests } = await exchangeWith(3);
    const [a, b, c] = guests as [TPerson, TPerson, TPerson];
    // The organizer may draw only a; a, b and c may not draw each other.
    await organizer.caller.exchanges.setRestrictions({
      exchangeId,
      userId: a.id,
      cannotDraw: [b.id, c.id],
      bothWays: true,
    });
    await organizer.caller.exchanges.setRestrictions({
      exchangeId,
      userId: b.id,
      cannotDraw: [a.id, c.id],
      bothWays: true,
    });
    const refused = await errorOf(organizer.caller.exchanges.draw({ exchangeId }));
    expect(refused.details?.reason).toBe('no-valid-assignment');
    expect(refused.message).toMatch(/^No draw is possible: .*Guest \d Lee.* lift a restriction/);
    expect(await testDb().exchangeAssignment.count({ where: { exchangeId } })).toBe(0);
    expect((await organizer.caller.exchanges.get({ exchangeId })).status).toBe('open');

    // Loosen: only a ⇄ b are apart, and a household keeps c and the organizer apart.
    await organizer.caller.exchanges.setRestrictions({ exchangeId, userId: a.id, cannotDraw: [b.id], bothWays: true });
    await organizer.caller.exchanges.setRestrictions({ exchangeId, userId: b.id, cannotDraw: [a.id], bothWays: true });
    await organizer.caller.exchanges.setHousehold({ exchangeId, userId: c.id, household: 'Lees' });
    await organizer.caller.exchanges.setHousehold({ exchangeId, userId: organizer.id, household: 'lees' });
    await organizer.caller.exchanges.draw({ exchangeId });
    const pairs = new Map(
      (await testDb().exchangeAssignment.findMany({ where: { exchangeId } })).map((pair) => [
        pair.giverId,
        pair.receiverId,
      ]),
    );
    expect(pairs.get(a.id)).not.toBe(b.id);
    expect(pairs.get(b.id)).not.toBe(a.id);
    expect(pairs.get(c.id)).not.toBe(organizer.id);
    expect(pairs.get(organizer.id)).not.toBe(c.id);
  });

  it('too few people: the named reason, nothing drawn', async () => {
    const { organizer, exchangeId } = await exchangeWith(1);
    const refused = await errorOf(organizer.caller.exchanges.draw({ exchangeId }));
    expect(refused.message).toBe('No draw is possible: at least 3 people must take part (2 have accepted)');
  });

  it('secrecy: each giver sees only their own recipient, through every procedure and REST call', async () => {
    const { organizer, exchangeId, guests } = await exchangeWith(4);
    await organizer.caller.exchanges.draw({ exchangeId });
    const pairs = await testDb().exchangeAssignment.findMany({ where: { exchangeId } });
    const outsider = await member();
    const everyone = [organizer, ...guests];
    for (const person of [...everyone, outsider]) {
      const mine = pairs.find((pair) => pair.giverId === person.id);
      const santaOf = pairs.find((pair) => pair.receiverId === person.id);
      // Every other pairing: (giver, receiver) of pairs the person is not the giver of.
      const forbidden = pairs.filter((pair) => pair.giverId !== person.id);
      const outputs: unknown[] = [];
      const collect = async (promise: Promise<unknown>) => {
        try {
          outputs.push(await promise);
        } catch (error) {
          outputs.push({ error: (error as Error).message });
        }
      };
      const c = person.caller.exchanges;
      await collect(c.get({ exchangeId }));
      await collect(c.mine());
      await collect(c.participants({ exchangeId, limit: 50, offset: 0 }));
      for (const other of everyone) await collect(c.participant({ exchangeId, userId: other.id }));
      await collect(c.restrictions({ exchangeId, limit: 50, offset: 0 }));
      await collect(c.disqualified({ exchangeId }));
      await collect(c.activity({ exchangeId }));
      await collect(c.questions({ exchangeId }));
      await collect(c.thankYous({ exchangeId }));
      await collect(c.conversations());
      await collect(c.conversation({ exchangeId, with: 'santa' }));
      await collect(c.viewDraw({ exchangeId }));
      const browser = new TestBrowser(server.baseUrl);
      for (const path of ['users', 'draw-restricted-users']) {
        const answer = await browser.request('GET', `/v1/exchanges/${exchangeId}/${path}?limit=50`, {
          bearer: (await identityFor(deps, person.id)).token,
        });
        outputs.push(answer.body);
      }
      const text = JSON.stringify(outputs);
      // Nothing but myAssignment names a recipient; the Santa conversation never names the giver.
      expect(text).not.toMatch(/"(recipient|giver|receiverId|giverId)":/);
      // Nobody learns who drew them (unless they drew each other: then they know them as their recipient).
      if (santaOf && mine?.receiverId !== santaOf.giverId) {
        const santaName = (await testDb().user.findUniqueOrThrow({ where: { id: santaOf.giverId } })).name;
        expect(text).not.toMatch(new RegExp(`"partnerName":"${santaName}"`));
      }
      for (const pair of forbidden) {
        // A pairing would put a receiver id right next to its giver somewhere; none of the shapes carries both.
        expect(text.includes(`"${pair.giverId}","${pair.receiverId}"`)).toBe(false);
      }
      if (person === outsider) {
        expect(await statusOf(c.myAssignment({ exchangeId }))).toBe(404);
        expect(await statusOf(c.get({ exchangeId }))).toBe(404);
        continue;
      }
      const assignment = await c.myAssignment({ exchangeId });
      expect(assignment.recipient.userId).toBe(mine!.receiverId);
    }
    // Drawn secret (the default): the organizer cannot make it visible afterwards (draw-secrecy tests).
    expect(await statusOf(organizer.caller.exchanges.viewDraw({ exchangeId }))).toBe(403);
    expect(await statusOf(organizer.caller.exchanges.updateSettings({ exchangeId, organizerCanViewDraw: true }))).toBe(
      409,
    );
    expect(await statusOf(organizer.caller.exchanges.viewDraw({ exchangeId }))).toBe(403);
    // Participants never see it (these invitees are floaters: not even signed in enough to ask).
    expect(await statusOf(guests[0]!.caller.exchanges.viewDraw({ exchangeId }))).toBe(401);
  });

  it('the REST calls page with the -paging header, refuse visitors (401) and outsiders (404)', async () => {
    const { organizer, exchangeId } = await exchangeWith(4);
    const browser = new TestBrowser(server.baseUrl);
    const token = (await identityFor(deps, organizer.id)).token;
    const first = await browser.request<unknown[]>('GET', `/v1/exchanges/${exchangeId}/users?limit=2`, {
      bearer: token,
    });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    expect(JSON.parse(first.headers.get('x-paging')!)).toEqual({ limit: 2, offset: 0, total: 5, token: '2' });
    const last = await browser.request<unknown[]>('GET', `/v1/exchanges/${exchangeId}/users?limit=2&offset=4`, {
      bearer: token,
    });
    expect(JSON.parse(last.headers.get('x-paging')!)).toMatchObject({ offset: 4, total: 5, token: '' });
    const restricted = await browser.request('GET', `/v1/exchanges/${exchangeId}/draw-restricted-users`, {
      bearer: token,
    });
    expect(restricted.status).toBe(200);
    expect((await browser.request('GET', `/v1/exchanges/${exchangeId}/users`, { bearer: null })).status).toBe(401);
    const outsider = await member();
    const outsiderToken = (await identityFor(deps, outsider.id)).token;
    expect((await browser.request('GET', `/v1/exchanges/${exchangeId}/users`, { bearer: outsiderToken })).status).toBe(
      404,
    );
    expect((await browser.request('GET', '/v1/exchanges/not-a-uuid/users', { bearer: token })).status).toBe(400);
  });
});

describe('after the draw', () => {
  it('messages go both ways and the recipient never learns who their Secret Santa is', async () => {
    const { organizer, exchangeId, guests } = await exchangeWith(3);
    await organizer.caller.exchanges.draw({ exchangeId });
    const everyone = [organizer, ...guests];
    const giver = everyone[0]!;
    const recipientId = (await giver.caller.exchanges.myAssignment({ exchangeId })).recipient.userId;
    const recipient = everyone.find((person) => person.id === recipientId)!;
    await giver.caller.exchanges.sendMessage({ exchangeId, with: 'recipient', body: 'What size are you?' });
    const seen = await recipient.caller.exchanges.conversation({ exchangeId, with: 'santa' });
    expect(seen.partnerName).toBe('Your Secret Santa');
    expect(seen.messages).toEqual([
      expect.objectContaining({ mine: false, authorName: 'Your Secret Santa', body: 'What size are you?' }),
    ]);
    expect(JSON.stringify(seen)).not.toContain(giver.id);
    await recipient.caller.exchanges.sendMessage({ exchangeId, with: 'santa', body: 'Medium, thanks!' });
    const unread = (await giver.caller.exchanges.conversations()).find(
      (item) => item.exchangeId === exchangeId && item.with === 'recipient',
    );
    expect(unread).toMatchObject({ unread: 1, lastMessage: 'Medium, thanks!' });
    const thread = await giver.caller.exchanges.conversation({ exchangeId, with: 'recipient' });
    expect(thread.messages.map((message) => [message.mine, message.body])).toEqual([
      [true, 'What size are you?'],
      [false, 'Medium, thanks!'],
    ]);
    const list = await recipient.caller.exchanges.conversations();
    expect(list.find((item) => item.with === 'santa')).toMatchObject({
      partnerName: 'Your Secret Santa',
      lastMessage: 'Medium, thanks!',
    });
    // Message notices never name the giver to the recipient.
    const notices = await testDb().notification.findMany({ where: { userId: recipient.id, kind: 'exchange' } });
    expect(JSON.stringify(notices)).not.toContain(giver.id);
  });

  it('thank-yous open on the exchange date: the giver reads who thanked them, the recipient never sees the giver', async () => {
    const { organizer, exchangeId, guests } = await exchangeWith(3);
    await organizer.caller.exchanges.draw({ exchangeId });
    const someone = guests[0]!;
    expect(await statusOf(someone.caller.exchanges.sendThankYou({ exchangeId, body: 'Thanks!' }))).toBe(409);
    // The date passes; the hourly scan moves the exchange on and queues the reminders once.
    await testDb().exchange.update({
      where: { id: exchangeId },
      data: { exchangeDate: new Date(Date.now() - 2 * 86_400_000) },
    });
    await scanExchangeReminders(deps);
    await scanExchangeReminders(deps);
    expect((await organizer.caller.exchanges.get({ exchangeId })).status).toBe('exchanged');
    expect(
      await testDb().job.count({
        where: {
          kind: 'exchanges:reminder-mail',
          uniqueKey: { startsWith: `exchange-reminder:say-thanks:${exchangeId}` },
        },
      }),
    ).toBe(4);
    const sent = await someone.caller.exchanges.sendThankYou({ exchangeId, body: 'I love the scarf!' });
    expect(sent).toMatchObject({ direction: 'sent', otherName: 'Your Secret Santa' });
    expect(await statusOf(someone.caller.exchanges.sendThankYou({ exchangeId, body: 'Again' }))).toBe(409);
    const santaId = (
      await testDb().exchangeAssignment.findFirstOrThrow({ where: { exchangeId, receiverId: someone.id } })
    ).giverId;
    const santa = [organizer, ...guests].find((person) => person.id === santaId)!;
    const received = await santa.caller.exchanges.thankYous({ exchangeId });
    const someoneName = (await testDb().user.findUniqueOrThrow({ where: { id: someone.id } })).name;
    expect(received.items).toEqual([
      expect.objectContaining({ direction: 'received', otherName: someoneName, body: 'I love the scarf!' }),
    ]);
    const mine = await someone.caller.exchanges.thankYous({ exchangeId });
    expect(JSON.stringify(mine)).not.toContain(santaId);
  });

  it('removing or replacing someone after the draw changes only the assignments that must change', async () => {
    const { organizer, exchangeId, guests } = await exchangeWith(6);
    await organizer.caller.exchanges.draw({ exchangeId });
    const before = new Map(
      (await testDb().exchangeAssignment.findMany({ where: { exchangeId } })).map((p) => [p.giverId, p.receiverId]),
    );
    const leaving = guests[1]!;
    const removed = await organizer.caller.exchanges.removeParticipant({ exchangeId, userId: leaving.id });
    const after = new Map(
      (await testDb().exchangeAssignment.findMany({ where: { exchangeId } })).map((p) => [p.giverId, p.receiverId]),
    );
    expect(after.size).toBe(6);
    expect([...after.values()]).not.toContain(leaving.id);
    const changed = [...after].filter(([giver, receiver]) => before.get(giver) !== receiver).map(([giver]) => giver);
    expect(changed.length).toBe(removed.changedGivers);
    expect(changed.length).toBeLessThanOrEqual(2);

    const replaced = guests[2]!;
    const outcome = await organizer.caller.exchanges.replaceParticipant({
      exchangeId,
      userId: replaced.id,
      replacement: { name: 'New Person', email: `new-${unique()}@example.com` },
    });
    const final = new Map(
      (await testDb().exchangeAssignment.findMany({ where: { exchangeId } })).map((p) => [p.giverId, p.receiverId]),
    );
    expect(final.size).toBe(6);
    expect(final.has(replaced.id)).toBe(false);
    const kept = [...final].filter(([giver, receiver]) => after.get(giver) === receiver).length;
    expect(kept).toBeGreaterThanOrEqual(6 - outcome.changedGivers - 1);
    // The organizer cannot be removed, not even by an assistant.
    await organizer.caller.exchanges.setAssistant({ exchangeId, userId: guests[0]!.id, isAssistant: true });
    const assistant = await member();
    expect(await statusOf(assistant.caller.exchanges.removeParticipant({ exchangeId, userId: organizer.id }))).toBe(
      404,
    );
    expect(await statusOf(guests[0]!.caller.exchanges.delete({ exchangeId }))).toBe(401);
  });

  it('ice-breaker answers reach only the giver, who can report one', async () => {
    const { organizer, exchangeId, guests } = await exchangeWith(3);
    const { questions } = await organizer.caller.exchanges.setQuestions({
      exchangeId,
      questions: ['Favourite colour?'],
    });
    for (const guest of guests)
      await guest.caller.exchanges.answerQuestion({
        exchangeId,
        questionId: questions[0]!.questionId,
        answer: `Blue ${guest.id.slice(0, 4)}`,
      });
    await organizer.caller.exchanges.draw({ exchangeId });
    const everyone = [organizer, ...guests];
    const author = guests[0]!;
    const giverId = (
      await testDb().exchangeAssignment.findFirstOrThrow({ where: { exchangeId, receiverId: author.id } })
    ).giverId;
    const giver = everyone.find((person) => person.id === giverId)!;
    const seen = await giver.caller.exchanges.myAssignment({ exchangeId });
    const answerId = seen.answers[0]!.questionAnswerId!;
    expect(seen.answers[0]!.answer).toBe(`Blue ${author.id.slice(0, 4)}`);
    const stranger = everyone.find(
      (person) => person.id !== giverId && person.id !== organizer.id && person.id !== author.id,
    )!;
    expect(await statusOf(stranger.caller.exchanges.flaggableAnswer({ questionAnswerId: answerId }))).toBe(404);
    expect((await giver.caller.exchanges.flaggableAnswer({ questionAnswerId: answerId })).isFlagged).toBe(false);
    await giver.caller.exchanges.flagAnswer({ questionAnswerId: answerId, reason: 'Rude' });
    expect((await giver.caller.exchanges.flaggableAnswer({ questionAnswerId: answerId })).isFlagged).toBe(true);
  });

  it('a redraw before the date tells everyone; sign-up rules disqualify late responders before the draw', async () => {
    const { organizer, exchangeId } = await exchangeWith(3);
    const late = await organizer.caller.exchanges.inviteByEmail({
      exchangeId,
      invitees: [{ email: `late-${unique()}@example.com` }],
    });
    await organizer.caller.exchanges.updateSettings({ exchangeId, disqualifyLateResponders: true });
    await testDb().exchange.update({
      where: { id: exchangeId },
      data: { signUpDate: new Date(Date.now() - 86_400_000) },
    });
    await organizer.caller.exchanges.draw({ exchangeId });
    const out = await organizer.caller.exchanges.disqualified({ exchangeId });
    expect(out.map((row) => row.person.userId)).toEqual([late.results[0]!.userId]);
    expect(out[0]!.disqualifiedReason).toBe('Did not answer by the sign-up date');
    await organizer.caller.exchanges.redraw({ exchangeId });
    expect(
      await testDb().job.count({ where: { kind: 'exchanges:drawn-mail', payload: { contains: exchangeId } } }),
    ).toBe(8);
    expect((await organizer.caller.exchanges.activity({ exchangeId })).map((event) => event.kind)).toContain('redrawn');
  });
});

describe('family', () => {
  it('a family manager puts their child in an exchange they organize; nobody else can', async () => {
    const { organizer, exchangeId } = await exchangeWith(2);
    const child = await organizer.caller.people.create({ firstName: 'Mia', lastName: 'Lee' });
    expect(await organizer.caller.exchanges.childChoices({ userId: child.userId })).toEqual([
      expect.objectContaining({ exchangeId, childIsIn: false }),
    ]);
    await organizer.caller.exchanges.addChild({ exchangeId, userId: child.userId });
    await organizer.caller.exchanges.addChild({ exchangeId, userId: child.userId });
    const seat = await organizer.caller.exchanges.participant({ exchangeId, userId: child.userId });
    expect(seat).toMatchObject({ status: 'accepted', person: { displayName: 'Mia Lee' } });
    expect((await organizer.caller.exchanges.childChoices({ userId: child.userId }))[0]!.childIsIn).toBe(true);
    const stranger = await member();
    expect(await statusOf(stranger.caller.exchanges.childChoices({ userId: child.userId }))).toBe(403);
    const { exchangeId: theirs, organizer: other } = await exchangeWith(1);
    expect(await statusOf(other.caller.exchanges.addChild({ exchangeId: theirs, userId: child.userId }))).toBe(403);
  });
});

describe('repeat', () => {
  it("starts next year's exchange from last year's: same people and restrictions, last year's pairs excluded", async () => {
    const { organizer, exchangeId, guests } = await exchangeWith(4);
    await organizer.caller.exchanges.setRestrictions({
      exchangeId,
      userId: guests[0]!.id,
      cannotDraw: [guests[1]!.id],
      bothWays: false,
    });
    await organizer.caller.exchanges.draw({ exchangeId });
    const candidates = await organizer.caller.exchanges.repeatCandidates();
    expect(candidates.map((row) => row.exchangeId)).toContain(exchangeId);
    const next = await organizer.caller.exchanges.create({
      title: 'Next year',
      exchangeDate: inDays(60),
      repeatOfExchangeId: exchangeId,
      excludePreviousPairs: true,
    });
    expect(next.participantCount).toBe(5);
    expect(next.settings.excludePreviousPairs).toBe(true);
    for (const guest of guests) await guest.caller.exchanges.rsvp({ exchangeId: next.exchangeId, response: 'accept' });
    await organizer.caller.exchanges.draw({ exchangeId: next.exchangeId });
    const last = await testDb().exchangeAssignment.findMany({ where: { exchangeId } });
    const now = await testDb().exchangeAssignment.findMany({ where: { exchangeId: next.exchangeId } });
    for (const pair of now) {
      expect(last.find((old) => old.giverId === pair.giverId)!.receiverId).not.toBe(pair.receiverId);
    }
    expect(now.find((pair) => pair.giverId === guests[0]!.id)!.receiverId).not.toBe(guests[1]!.id);
    const other = await member();
    expect(
      await statusOf(
        other.caller.exchanges.create({ title: 'Steal', exchangeDate: inDays(9), repeatOfExchangeId: exchangeId }),
      ),
    ).toBe(404);
  });
});
