/**
 * Issue 31 against the real database: latecomers who join after the draw and are drawn with as few
 * existing givers changed as possible (only those told), the automatic draw the day after the
 * sign-up date (clock moved in the database, run once through the job queue, the organizer told why
 * when no draw is possible), and the practice draw that stores and sends nothing.
 */
import { describe, expect, it } from 'vitest';
import type { TVerifiedIdentity } from '../../../server/auth/tokens';
import { runJobNow } from '../../../server/jobs/queue';
import { JOB_HANDLERS } from '../../../server/jobs/registry';
import { AUTO_DRAW_JOB, scanAutoDraws } from '../../../server/services/exchanges/auto-draw';
import { createMember, identityFor } from '../../factories/identities';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { waitForMail } from '../../helpers/mail';
import { testDeps } from '../../helpers/server';

const deps = testDeps();
const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const unique = () => crypto.randomUUID().slice(0, 8);

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
    return { NOT_FOUND: 404, FORBIDDEN: 403, UNAUTHORIZED: 401, CONFLICT: 409, BAD_REQUEST: 400 }[code ?? ''] ?? 500;
  }
}

/** An organizer (taking part) with `count` invitees who all accepted. */
async function exchangeWith(count: number, extra: { signUpDate?: string } = {}) {
  const organizer = await member();
  const tag = unique();
  const exchange = await organizer.caller.exchanges.create({
    title: `Family ${tag}`,
    exchangeDate: inDays(30),
    signUpDate: extra.signUpDate ?? inDays(20),
    participants: Array.from({ length: count }, (_, i) => ({
      name: `Guest ${i} Lee`,
      email: `guest${i}-${tag}@example.com`,
    })),
  });
  const seats = await testDb().exchangeParticipant.findMany({
    where: { exchangeId: exchange.exchangeId, userId: { not: organizer.id } },
    select: { userId: true },
  });
  const guests = await Promise.all(seats.map((seat) => asUser(seat.userId)));
  for (const guest of guests)
    await guest.caller.exchanges.rsvp({ exchangeId: exchange.exchangeId, response: 'accept' });
  return { organizer, guests, exchangeId: exchange.exchangeId, tag };
}

const pairsOf = async (exchangeId: string) =>
  new Map(
    (await testDb().exchangeAssignment.findMany({ where: { exchangeId } })).map((pair) => [
      pair.giverId,
      pair.receiverId,
    ]),
  );

/** Every giver has one recipient, nobody draws themselves, every recipient has one giver. */
function expectValidDraw(pairs: Map<string, string>) {
  expect([...pairs].every(([giver, receiver]) => giver !== receiver)).toBe(true);
  expect(new Set(pairs.values()).size).toBe(pairs.size);
  expect(new Set(pairs.values())).toEqual(new Set(pairs.keys()));
}

describe('latecomers', () => {
  it('a latecomer joins after the draw, waits "not yet drawn", and is drawn with exactly one giver changed; only they are told', async () => {
    const { organizer, guests, exchangeId, tag } = await exchangeWith(4);
    await organizer.caller.exchanges.draw({ exchangeId });
    const before = await pairsOf(exchangeId);
    expect((await organizer.caller.exchanges.get({ exchangeId })).settings.lateJoinsOpen).toBe(true);

    // Invitations stay open after the draw; the latecomer answers and waits.
    const invited = await organizer.caller.exchanges.inviteByEmail({
      exchangeId,
      invitees: [{ name: 'Late Larry', email: `larry-${tag}@example.com` }],
    });
    expect(invited.invited).toBe(1);
    const larry = await asUser(invited.results[0]!.userId!);
    expect((await larry.caller.exchanges.get({ exchangeId })).can.rsvp).toBe(true);
    await larry.caller.exchanges.rsvp({ exchangeId, response: 'accept' });
    const waiting = await larry.caller.exchanges.get({ exchangeId });
    expect(waiting.awaitingDraw).toBe(true);
    expect(await statusOf(larry.caller.exchanges.myAssignment({ exchangeId }))).toBe(404);
    const listed = await organizer.caller.exchanges.participants({ exchangeId, limit: 50, offset: 0 });
    expect(listed.items.filter((row) => row.awaitingDraw).map((row) => row.person.userId)).toEqual([larry.id]);
    const managed = await organizer.caller.exchanges.get({ exchangeId });
    expect(managed).toMatchObject({ latecomerCount: 1, can: { drawLatecomers: true } });
    // Someone already drawn cannot leave by declining.
    expect(await statusOf(guests[0]!.caller.exchanges.rsvp({ exchangeId, response: 'decline' }))).toBe(409);
    // Only managers draw latecomers.
    expect(await statusOf(guests[0]!.caller.exchanges.drawLatecomers({ exchangeId }))).toBe(401);

    const jobsBefore = await testDb().job.count({
      where: { kind: 'exchanges:drawn-mail', payload: { contains: exchangeId } },
    });
    expect(await organizer.caller.exchanges.drawLatecomers({ exchangeId })).toEqual({ placed: 1, changedGivers: 1 });
    const after = await pairsOf(exchangeId);
    expect(after.size).toBe(6);
    expectValidDraw(after);
    const changed = [...before].filter(([giver, receiver]) => after.get(giver) !== receiver).map(([giver]) => giver);
    expect(changed).toHaveLength(1);
    // The changed giver now gives to the latecomer, who takes over their old recipient.
    expect(after.get(changed[0]!)).toBe(larry.id);
    expect(after.get(larry.id)).toBe(before.get(changed[0]!));
    // Mails and bells: the latecomer and the one changed giver, nobody else.
    const jobs = await testDb().job.findMany({
      where: { kind: 'exchanges:drawn-mail', payload: { contains: exchangeId } },
      orderBy: { id: 'asc' },
    });
    expect(jobs).toHaveLength(jobsBefore + 2);
    const told = jobs.slice(jobsBefore).map((job) => (JSON.parse(job.payload) as { userId: string }).userId);
    expect(told.sort()).toEqual([larry.id, changed[0]!].sort());
    expect((await larry.caller.exchanges.myAssignment({ exchangeId })).recipient.userId).toBe(before.get(changed[0]!));
    expect((await larry.caller.exchanges.get({ exchangeId })).awaitingDraw).toBe(false);
    // Nothing left to draw; the activity says how many changed, never who.
    expect(await statusOf(organizer.caller.exchanges.drawLatecomers({ exchangeId }))).toBe(409);
    const activity = await organizer.caller.exchanges.activity({ exchangeId });
    const line = activity.find((event) => event.kind === 'latecomers-drawn')!;
    expect(line.text).toContain('1 latecomer');
    expect(line.text).not.toContain(changed[0]!);
  });

  it('the sign-up link works after the draw; with late joins closed it and invitations are refused', async () => {
    const { organizer, exchangeId, tag } = await exchangeWith(3);
    await organizer.caller.exchanges.draw({ exchangeId });
    const code = new URL((await organizer.caller.exchanges.get({ exchangeId })).signUpUrl!).searchParams.get('code')!;
    const early = await member();
    expect((await early.caller.exchanges.joinByLink({ exchangeId, code })).myRole).toBe('invitee');
    await organizer.caller.exchanges.updateSettings({ exchangeId, lateJoinsOpen: false });
    const late = await member();
    expect(await statusOf(late.caller.exchanges.joinByLink({ exchangeId, code }))).toBe(409);
    expect(
      await statusOf(
        organizer.caller.exchanges.inviteByEmail({ exchangeId, invitees: [{ email: `no-${tag}@example.com` }] }),
      ),
    ).toBe(409);
    expect(await statusOf(early.caller.exchanges.rsvp({ exchangeId, response: 'accept' }))).toBe(409);
  });

  it('restrictions hold for latecomers: one who may draw nobody in the draw is refused and nothing changes', async () => {
    const { organizer, guests, exchangeId, tag } = await exchangeWith(2);
    // Invited before the draw, with restrictions set then; answers only after the draw.
    const invited = await organizer.caller.exchanges.inviteByEmail({
      exchangeId,
      invitees: [{ name: 'Late Lou', email: `lou-${tag}@example.com` }],
    });
    const lou = await asUser(invited.results[0]!.userId!);
    await organizer.caller.exchanges.setRestrictions({
      exchangeId,
      userId: lou.id,
      cannotDraw: [organizer.id, ...guests.map((guest) => guest.id)],
      bothWays: false,
    });
    await organizer.caller.exchanges.draw({ exchangeId });
    const before = await pairsOf(exchangeId);
    await lou.caller.exchanges.rsvp({ exchangeId, response: 'accept' });
    const refused = await organizer.caller.exchanges.drawLatecomers({ exchangeId }).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(/restrictions/);
    expect(await statusOf(organizer.caller.exchanges.drawLatecomers({ exchangeId }))).toBe(400);
    expect(await pairsOf(exchangeId)).toEqual(before);
  });
});

describe('the automatic draw', () => {
  it('is on for new exchanges and draws by itself the day after the sign-up date, once, rules first', async () => {
    const { organizer, exchangeId, tag } = await exchangeWith(3);
    expect((await organizer.caller.exchanges.get({ exchangeId })).settings.autoDraw).toBe(true);
    await organizer.caller.exchanges.updateSettings({ exchangeId, disqualifyLateResponders: true });
    // Someone who never answers is kept out by the organizer's rule before the draw.
    const silent = await organizer.caller.exchanges.inviteByEmail({
      exchangeId,
      invitees: [{ email: `silent-${tag}@example.com` }],
    });
    // Not yet: the sign-up date is in the future.
    await scanAutoDraws(deps);
    expect(await testDb().job.count({ where: { kind: AUTO_DRAW_JOB, payload: { contains: exchangeId } } })).toBe(0);
    // The clock moves: the sign-up date was yesterday.
    await testDb().exchange.update({ where: { id: exchangeId }, data: { signUpDate: new Date(inDays(-1)) } });
    await scanAutoDraws(deps);
    await scanAutoDraws(deps);
    const jobs = await testDb().job.findMany({ where: { kind: AUTO_DRAW_JOB, payload: { contains: exchangeId } } });
    expect(jobs).toHaveLength(1);
    expect(await runJobNow(testDeps(), { uniqueKey: jobs[0]!.uniqueKey!, handlers: JOB_HANDLERS })).toBe(true);
    const detail = await organizer.caller.exchanges.get({ exchangeId });
    expect(detail.status).toBe('drawn');
    const pairs = await pairsOf(exchangeId);
    expect(pairs.size).toBe(4);
    expectValidDraw(pairs);
    const seat = await testDb().exchangeParticipant.findUniqueOrThrow({
      where: { exchangeId_userId: { exchangeId, userId: silent.results[0]!.userId! } },
    });
    expect(seat.isDisqualified).toBe(true);
    const activity = await organizer.caller.exchanges.activity({ exchangeId });
    expect(activity.find((event) => event.kind === 'drawn')!.text).toContain('drawn automatically');
    // A later scan queues nothing more.
    await scanAutoDraws(deps);
    expect(await testDb().job.count({ where: { kind: AUTO_DRAW_JOB, payload: { contains: exchangeId } } })).toBe(1);
  });

  it('when no draw is possible nobody is drawn and the organizer gets the reason by mail and in the app', async () => {
    const { organizer, guests, exchangeId } = await exchangeWith(2);
    await organizer.caller.exchanges.setRestrictions({
      exchangeId,
      userId: guests[0]!.id,
      cannotDraw: [organizer.id, guests[1]!.id],
      bothWays: false,
    });
    await testDb().exchange.update({ where: { id: exchangeId }, data: { signUpDate: new Date(inDays(-1)) } });
    await scanAutoDraws(deps);
    const job = await testDb().job.findFirstOrThrow({
      where: { kind: AUTO_DRAW_JOB, payload: { contains: exchangeId } },
    });
    expect(await runJobNow(testDeps(), { uniqueKey: job.uniqueKey!, handlers: JOB_HANDLERS })).toBe(true);
    expect((await organizer.caller.exchanges.get({ exchangeId })).status).toBe('open');
    expect(await testDb().exchangeAssignment.count({ where: { exchangeId } })).toBe(0);
    expect(
      await testDb().job.count({ where: { kind: 'exchanges:drawn-mail', payload: { contains: exchangeId } } }),
    ).toBe(0);
    const bell = await organizer.caller.notifications.list({ limit: 20, offset: 0 });
    const notice = JSON.stringify(bell);
    expect(notice).toContain('could not be drawn automatically');
    expect(notice).toContain('No draw is possible');
    const mailJob = await testDb().job.findFirstOrThrow({
      where: { kind: 'exchanges:auto-draw-failed-mail', payload: { contains: exchangeId } },
    });
    expect(await runJobNow(testDeps(), { uniqueKey: mailJob.uniqueKey!, handlers: JOB_HANDLERS })).toBe(true);
    const mail = await waitForMail(organizer.email, /could not be drawn/);
    expect(mail.text).toContain('No draw is possible');
    // Once per sign-up date: a later scan does not try again.
    await scanAutoDraws(deps);
    expect(await testDb().job.count({ where: { kind: AUTO_DRAW_JOB, payload: { contains: exchangeId } } })).toBe(1);
  });

  it('is off when the organizer turns it off', async () => {
    const { organizer, exchangeId } = await exchangeWith(3);
    await organizer.caller.exchanges.updateSettings({ exchangeId, autoDraw: false });
    await testDb().exchange.update({ where: { id: exchangeId }, data: { signUpDate: new Date(inDays(-1)) } });
    await scanAutoDraws(deps);
    expect(await testDb().job.count({ where: { kind: AUTO_DRAW_JOB, payload: { contains: exchangeId } } })).toBe(0);
  });
});

describe('the practice draw', () => {
  it('shows the organizer counts and conflicts only, stores no pairing and sends nothing', async () => {
    const { organizer, guests, exchangeId } = await exchangeWith(3);
    const jobs = () => testDb().job.count({ where: { payload: { contains: exchangeId } } });
    const jobsBefore = await jobs();
    const ok = await organizer.caller.exchanges.practiceDraw({ exchangeId });
    expect(ok).toEqual({
      possible: true,
      message: 'Everyone can be drawn',
      reason: null,
      people: [],
      participantCount: 4,
      restrictionCount: 0,
      householdCount: 0,
      wouldBeDisqualified: 0,
    });
    await organizer.caller.exchanges.setRestrictions({
      exchangeId,
      userId: guests[0]!.id,
      cannotDraw: [organizer.id, guests[1]!.id, guests[2]!.id],
      bothWays: false,
    });
    const refused = await organizer.caller.exchanges.practiceDraw({ exchangeId });
    expect(refused).toMatchObject({ possible: false, restrictionCount: 3, participantCount: 4 });
    expect(refused.message).toMatch(/^No draw is possible/);
    expect(await testDb().exchangeAssignment.count({ where: { exchangeId } })).toBe(0);
    expect(await jobs()).toBe(jobsBefore);
    expect((await organizer.caller.exchanges.get({ exchangeId })).status).toBe('open');
    // Participants do not run it; after the real draw there is nothing to practise.
    expect(await statusOf(guests[1]!.caller.exchanges.practiceDraw({ exchangeId }))).toBe(401);
    await organizer.caller.exchanges.setRestrictions({ exchangeId, userId: guests[0]!.id, cannotDraw: [] });
    await organizer.caller.exchanges.draw({ exchangeId });
    expect(await statusOf(organizer.caller.exchanges.practiceDraw({ exchangeId }))).toBe(409);
  });
});
