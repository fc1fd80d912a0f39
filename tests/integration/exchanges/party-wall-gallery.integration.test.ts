/**
 * Issue 31: the party games' turn order (by a manager, and by the job queue at the party time), the
 * exchange wall (live, anonymous posts that never name their author, removal, blocks) and the
 * gallery (a thank-you's photo, re-encoded, for everyone in the exchange).
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScheduledTurnOrder } from '../../../server/services/exchanges/draw-exchange';
import { TURN_ORDER_JOB } from '../../../server/services/exchanges/turn-order';
import { readThankYouPhoto, setThankYouPhoto } from '../../../server/services/exchanges/thank-yous';
import { wallStream } from '../../../server/realtime/streams';
import { createMember, identityFor } from '../../factories/identities';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

const deps = testDeps();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function member() {
  const created = await createMember(testDb());
  const identity = await identityFor(deps, created.id);
  return { id: created.id, identity, caller: callerFor(identity, deps) };
}
type TMemberOf = Awaited<ReturnType<typeof member>>;

/** An organizer and `count` people who joined and accepted. */
async function exchangeWith(count: number, fields: Record<string, unknown> = {}) {
  const organizer = await member();
  const people: TMemberOf[] = [];
  for (let index = 0; index < count; index += 1) people.push(await member());
  const exchange = await organizer.caller.exchanges.create({
    title: `Party ${crypto.randomUUID().slice(0, 6)}`,
    exchangeDate: inDays(20),
    sendInvitations: false,
    ...fields,
  } as Parameters<typeof organizer.caller.exchanges.create>[0]);
  const code = new URL(exchange.signUpUrl ?? '').searchParams.get('code') ?? '';
  for (const person of people) {
    await person.caller.exchanges.joinByLink({ exchangeId: exchange.exchangeId, code });
    await person.caller.exchanges.rsvp({ exchangeId: exchange.exchangeId, response: 'accept' });
  }
  return { organizer, people, exchangeId: exchange.exchangeId, exchange };
}

describe('party games', () => {
  it('a White Elephant draws a turn order of everyone in the draw, shown to all with the rules, and no pairs', async () => {
    const { organizer, people, exchangeId, exchange } = await exchangeWith(3, { gameType: 'white-elephant' });
    expect(exchange.gameType).toBe('white-elephant');
    const before = await people[0]!.caller.exchanges.turnOrder({ exchangeId });
    expect(before).toMatchObject({ gameType: 'white-elephant', drawnAt: null, turns: [] });
    expect(before.rules.length).toBeGreaterThan(2);

    const outcome = await organizer.caller.exchanges.draw({ exchangeId });
    expect(outcome).toMatchObject({ status: 'drawn', participantCount: 4 });
    const everyone = [organizer, ...people];
    const seen = await Promise.all(everyone.map((person) => person.caller.exchanges.turnOrder({ exchangeId })));
    const order = seen[0]!.turns.map((turn) => turn.person.userId);
    expect(new Set(order)).toEqual(new Set(everyone.map((person) => person.id)));
    expect(seen[0]!.turns.map((turn) => turn.position)).toEqual([1, 2, 3, 4]);
    for (const [index, view] of seen.entries()) {
      expect(view.turns.map((turn) => turn.person.userId)).toEqual(order);
      expect(view.turns.filter((turn) => turn.isMe).map((turn) => turn.person.userId)).toEqual([everyone[index]!.id]);
    }
    expect(await testDb().exchangeAssignment.count({ where: { exchangeId } })).toBe(0);
    await expect(people[0]!.caller.exchanges.myAssignment({ exchangeId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const detail = await people[0]!.caller.exchanges.get({ exchangeId });
    expect(detail.drawVisibleToOrganizer).toBeNull();
    expect(detail.can.viewDraw).toBe(false);
    // A second draw loses (409); an outsider reads nothing.
    await expect(organizer.caller.exchanges.draw({ exchangeId })).rejects.toMatchObject({ code: 'CONFLICT' });
    const outsider = await member();
    await expect(outsider.caller.exchanges.turnOrder({ exchangeId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Everyone in the order is told (the drawn-mail job, one per person).
    expect(await testDb().job.count({ where: { uniqueKey: { startsWith: `exchange-drawn:${exchangeId}:` } } })).toBe(4);
  });

  it('a Secret Santa has no turn order; the game type is refused outside the list', async () => {
    const { people, exchangeId } = await exchangeWith(2);
    await expect(people[0]!.caller.exchanges.turnOrder({ exchangeId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const organizer = await member();
    await expect(
      organizer.caller.exchanges.create({
        title: 'Bad game',
        exchangeDate: inDays(5),
        gameType: 'musical-chairs' as 'white-elephant',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('a Yankee Swap drawn at the party time: the job draws once, at the time the exchange holds', async () => {
    const { organizer, exchangeId } = await exchangeWith(2, {
      gameType: 'yankee-swap',
      turnOrderAtParty: true,
      partyTime: '19:30',
    });
    const jobs = await testDb().job.findMany({ where: { kind: TURN_ORDER_JOB, uniqueKey: { contains: exchangeId } } });
    expect(jobs).toHaveLength(1);
    const payload = JSON.parse(jobs[0]!.payload as string) as { exchangeId: string; runAt: string };
    expect(payload.runAt).toBe(`${inDays(20)}T19:30:00.000Z`);
    expect(jobs[0]!.runAt.toISOString()).toBe(payload.runAt);
    // The party time moves: the old job finds its time outdated and does nothing.
    await organizer.caller.exchanges.update({ exchangeId, partyTime: '20:00' });
    expect(await runScheduledTurnOrder(deps, payload)).toBe('skipped');
    expect((await organizer.caller.exchanges.get({ exchangeId })).drawnAt).toBeNull();
    const next = JSON.parse(
      (
        await testDb().job.findFirstOrThrow({
          where: { uniqueKey: `${TURN_ORDER_JOB}:${exchangeId}:${inDays(20)}T20:00:00.000Z` },
        })
      ).payload as string,
    ) as { exchangeId: string; runAt: string };
    expect(await runScheduledTurnOrder(deps, next)).toBe('drawn');
    expect(await runScheduledTurnOrder(deps, next)).toBe('skipped');
    const view = await organizer.caller.exchanges.turnOrder({ exchangeId });
    expect(view.turns).toHaveLength(3);
    const activity = await organizer.caller.exchanges.activity({ exchangeId });
    expect(activity[0]).toMatchObject({ kind: 'turn-order-drawn', actorName: null });
  });
});

describe('the wall', () => {
  it('an anonymous post never names its author, to the organizer neither, and reaches open walls live', async () => {
    const { organizer, people, exchangeId } = await exchangeWith(3);
    const [author, reader, other] = people as [TMemberOf, TMemberOf, TMemberOf];

    // The reader's wall is open (its live stream started) before the post is written.
    const controller = new AbortController();
    const stream = await wallStream(deps, reader.identity, exchangeId, null, controller.signal);
    const started = await stream.next();
    expect(started.done).toBe(false);

    const sent = await author.caller.exchanges.postToWall({ exchangeId, body: 'Who likes socks?', anonymous: true });
    expect(sent).toMatchObject({ mine: true, anonymous: true, authorName: 'You (anonymously)' });
    const live = await stream.next();
    controller.abort();
    const liveJson = JSON.stringify(live.value);
    expect(liveJson).toContain('Who likes socks?');
    expect(liveJson).toContain('Someone in the exchange');
    expect(liveJson).not.toContain(author.id);

    for (const viewer of [organizer, reader, other]) {
      const wall = await viewer.caller.exchanges.wall({ exchangeId });
      const post = wall.posts.find((item) => item.postId === sent.postId)!;
      expect(post).toMatchObject({ author: null, authorName: 'Someone in the exchange', mine: false });
      expect(JSON.stringify(wall)).not.toContain(author.id);
    }
    const own = await author.caller.exchanges.wall({ exchangeId });
    expect(own.posts.find((item) => item.postId === sent.postId)).toMatchObject({ mine: true });
    const outsider = await member();
    await expect(outsider.caller.exchanges.wall({ exchangeId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      outsider.caller.exchanges.postToWall({ exchangeId, body: 'Hi', anonymous: false }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(wallStream(deps, outsider.identity, exchangeId, null, undefined)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    // Removal: a participant only their own; the organizer any, logged without the author.
    await expect(other.caller.exchanges.removeWallPost({ exchangeId, postId: sent.postId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await organizer.caller.exchanges.removeWallPost({ exchangeId, postId: sent.postId });
    expect((await reader.caller.exchanges.wall({ exchangeId })).posts).toHaveLength(0);
    const activity = await reader.caller.exchanges.activity({ exchangeId });
    expect(activity[0]).toMatchObject({ kind: 'wall-post-removed', text: 'removed a post from the wall' });
    expect(JSON.stringify(activity)).not.toContain(author.id);
  });

  it('a removal reaches open walls live as a cue to reload, naming nobody', async () => {
    const { organizer, people, exchangeId } = await exchangeWith(2);
    const [author, reader] = people as [TMemberOf, TMemberOf];
    const sent = await author.caller.exchanges.postToWall({ exchangeId, body: 'Secret hint', anonymous: true });
    const controller = new AbortController();
    const stream = await wallStream(deps, reader.identity, exchangeId, null, controller.signal);
    expect((await stream.next()).done).toBe(false); // started
    await organizer.caller.exchanges.removeWallPost({ exchangeId, postId: sent.postId });
    const cue = await stream.next();
    controller.abort();
    expect(cue.done).toBe(false);
    // An item-less event (the position only): the page reloads its wall, which no longer has it.
    const [, item] = cue.value as unknown as [string, unknown];
    expect(item).toBeNull();
    expect(JSON.stringify(cue.value)).not.toContain(author.id);
    expect((await reader.caller.exchanges.wall({ exchangeId })).posts).toHaveLength(0);
  });

  it('hides signed posts across a block, either way', async () => {
    const { people, exchangeId } = await exchangeWith(3);
    const [blocker, blocked, other] = people as [TMemberOf, TMemberOf, TMemberOf];
    await testDb().block.create({ data: { blockerId: blocker.id, blockedId: blocked.id } });
    await blocked.caller.exchanges.postToWall({ exchangeId, body: 'From the blocked one', anonymous: false });
    await blocker.caller.exchanges.postToWall({ exchangeId, body: 'From the blocker', anonymous: false });
    const bodies = async (person: TMemberOf) =>
      (await person.caller.exchanges.wall({ exchangeId })).posts.map((post) => post.body).sort();
    expect(await bodies(blocker)).toEqual(['From the blocker']);
    expect(await bodies(blocked)).toEqual(['From the blocked one']);
    expect(await bodies(other)).toEqual(['From the blocked one', 'From the blocker']);
  });
});

describe('the gallery', () => {
  it('shows a thank-you’s photo, re-encoded, to everyone in the exchange after the exchange date', async () => {
    const { organizer, people, exchangeId } = await exchangeWith(3);
    await organizer.caller.exchanges.draw({ exchangeId });
    const closed = await people[0]!.caller.exchanges.gallery({ exchangeId });
    expect(closed.notYetReason).toContain('exchange date');
    // The exchange date comes (the clock moved in the database).
    await testDb().exchange.update({
      where: { id: exchangeId },
      data: { exchangeDate: new Date(`${inDays(-1)}T00:00:00Z`) },
    });
    const thanker = people[0]!;
    const thanks = await thanker.caller.exchanges.sendThankYou({ exchangeId, body: 'Love the scarf!' });
    expect((await thanker.caller.exchanges.thankYous({ exchangeId })).canAddPhoto).toBe(true);

    const png = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#c33' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
      .toBuffer();
    // Someone else cannot put a photo on it; a non-image is refused with the picture's words.
    await expect(
      setThankYouPhoto(
        deps,
        people[1]!.identity,
        { exchangeId, thankYouId: thanks.thankYouId },
        {
          contentType: 'image/png',
          bytes: png,
        },
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      setThankYouPhoto(
        deps,
        thanker.identity,
        { exchangeId, thankYouId: thanks.thankYouId },
        {
          contentType: 'image/png',
          bytes: Buffer.from('not a picture'),
        },
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    const { photoUrl } = await setThankYouPhoto(
      deps,
      thanker.identity,
      { exchangeId, thankYouId: thanks.thankYouId },
      { contentType: 'image/png', bytes: png },
    );
    expect(photoUrl).toContain(`/v1/exchanges/${exchangeId}/thank-yous/${thanks.thankYouId}/photo`);

    for (const viewer of [organizer, people[1]!, people[2]!]) {
      const gallery = await viewer.caller.exchanges.gallery({ exchangeId });
      expect(gallery.notYetReason).toBeNull();
      expect(gallery.items).toHaveLength(1);
      expect(gallery.items[0]).toMatchObject({ from: { userId: thanker.id }, body: 'Love the scarf!', photoUrl });
      const bytes = await readThankYouPhoto(deps, viewer.identity, { exchangeId, thankYouId: thanks.thankYouId });
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 800 });
      expect(meta.exif).toBeUndefined();
    }
    const outsider = await member();
    await expect(outsider.caller.exchanges.gallery({ exchangeId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      readThankYouPhoto(deps, outsider.identity, { exchangeId, thankYouId: thanks.thankYouId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the gallery over REST (the thank-you screen’s photo)', () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer({ DATA_DIR: `.data/test-gallery-${process.pid}` });
  });
  const photoPath = (exchangeId: string, thankYouId: string) =>
    `/v1/exchanges/${exchangeId}/thank-yous/${thankYouId}/photo`;
  async function call(method: string, path: string, token: string, body?: Uint8Array, type = 'image/png') {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        origin: server.baseUrl,
        ...(body ? { 'content-type': type } : {}),
      },
      ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
    });
    return { status: response.status, type: response.headers.get('content-type'), bytes: await response.arrayBuffer() };
  }

  it('PUT puts a re-encoded photo on one’s own thank-you, GET shows it to the exchange, DELETE takes it off', async () => {
    const { organizer, people, exchangeId } = await exchangeWith(3);
    await organizer.caller.exchanges.draw({ exchangeId });
    await testDb().exchange.update({
      where: { id: exchangeId },
      data: { exchangeDate: new Date(`${inDays(-1)}T00:00:00Z`) },
    });
    const [thanker, other] = people as [TMemberOf, TMemberOf];
    const thanks = await thanker.caller.exchanges.sendThankYou({ exchangeId, body: 'The mug is perfect' });
    const path = photoPath(exchangeId, thanks.thankYouId);
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2a6' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'where I live' } } })
        .toBuffer(),
    );

    // Not an image: 400 with the picture's words; someone else's thank-you: 404.
    const junk = await call('PUT', path, thanker.identity.token, new TextEncoder().encode('not a picture'));
    expect(junk.status).toBe(400);
    expect(new TextDecoder().decode(junk.bytes)).toContain('picture');
    expect((await call('PUT', path, other.identity.token, jpeg, 'image/jpeg')).status).toBe(404);

    const put = await call('PUT', path, thanker.identity.token, jpeg, 'image/jpeg');
    expect(put.status).toBe(200);
    const { photoUrl } = JSON.parse(new TextDecoder().decode(put.bytes)) as { photoUrl: string };
    expect(photoUrl.startsWith(path)).toBe(true);
    expect((await thanker.caller.exchanges.thankYous({ exchangeId })).items[0]).toMatchObject({ photoUrl });

    for (const viewer of [organizer, other]) {
      const got = await call('GET', photoUrl, viewer.identity.token);
      expect(got.status).toBe(200);
      expect(got.type).toBe('image/webp');
      const meta = await sharp(Buffer.from(got.bytes)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 900 });
      expect(meta.exif).toBeUndefined();
      expect((await viewer.caller.exchanges.gallery({ exchangeId })).items).toMatchObject([
        { thankYouId: thanks.thankYouId, photoUrl },
      ]);
    }
    const outsider = await member();
    expect((await call('GET', photoUrl, outsider.identity.token)).status).toBe(404);

    expect((await call('DELETE', path, other.identity.token)).status).toBe(404);
    expect((await call('DELETE', path, thanker.identity.token)).status).toBe(204);
    expect((await other.caller.exchanges.gallery({ exchangeId })).items).toEqual([]);
    expect((await call('GET', photoUrl, other.identity.token)).status).toBe(404);
  });
});
