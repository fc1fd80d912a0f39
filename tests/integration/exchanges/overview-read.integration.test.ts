/**
 * The exchange overview (exchanges.get) is a hot read answered by one statement
 * (services/exchanges/exchanges.ts `getExchange`). It must answer exactly what the general path
 * answers read fact by fact with the ORM (`referenceDetail` below, after the shared `accessExchange`), for every
 * role and at every stage: open, drawn with a latecomer waiting, a party game, and for outsiders.
 */
import { describe, expect, it } from 'vitest';
import type { TVerifiedIdentity } from '../../../server/auth/tokens';
import { accessExchange, type TExchangeAccess } from '../../../server/services/exchanges/access';
import { getExchange } from '../../../server/services/exchanges/exchanges';
import { countsOf, exchangeDetail } from '../../../server/services/exchanges/shapes';
import { toAppError } from '../../../server/trpc/init';
import { inDays, personFor, unique, type TPerson } from '../../helpers/exchange-people';
import { testDb } from '../../helpers/db';
import { testDeps } from '../../helpers/server';

const deps = testDeps();
const person = (userId?: string): Promise<TPerson> => personFor(deps, userId);

/**
 * The reference: how the overview was read before it became one statement, with the ORM, a
 * statement per fact (and still how each fact is defined).
 */
async function referenceDetail(access: TExchangeAccess) {
  const exchangeId = access.exchange.id;
  const me = access.caller.userId;
  const drawn = access.exchange.status === 'drawn';
  const inDraw = access.seat?.status === 'accepted' && !access.seat.isDisqualified;
  const [counts, questionCount, pairs, drawable] = await Promise.all([
    countsOf(deps.db, [exchangeId]),
    deps.db.exchangeQuestion.count({ where: { exchangeId } }),
    deps.db.exchangeAssignment.findMany({ where: { exchangeId }, select: { giverId: true, receiverId: true } }),
    deps.db.exchangeParticipant.findMany({
      where: { exchangeId, status: 'accepted', isDisqualified: false },
      select: { userId: true },
    }),
  ]);
  const santa = pairs.some((pair) => pair.receiverId === me);
  const mine = pairs.some((pair) => pair.giverId === me);
  // Latecomers: accepted, not disqualified, and without a recipient.
  const latecomers = drawable.filter((seat) => !pairs.some((pair) => pair.giverId === seat.userId)).length;
  return exchangeDetail(deps.config, access, counts.get(exchangeId)!, {
    questionCount,
    hasSanta: santa,
    awaitingDraw: drawn && inDraw && !mine,
    latecomerCount: drawn && access.isManager ? latecomers : 0,
  });
}

/** What the general path answers: the detail, or the error's code. */
async function generalRead(identity: TVerifiedIdentity, exchangeId: string) {
  try {
    return await referenceDetail(await accessExchange(deps.db, identity, exchangeId, { declined: 'invitation' }));
  } catch (error) {
    return { refused: toAppError(error).code };
  }
}

async function hotRead(identity: TVerifiedIdentity, exchangeId: string) {
  try {
    return await getExchange(deps, identity, exchangeId);
  } catch (error) {
    return { refused: toAppError(error).code };
  }
}

async function expectSameReads(people: Record<string, TPerson>, exchangeId: string) {
  for (const [role, who] of Object.entries(people)) {
    const general = await generalRead(who.identity, exchangeId);
    expect({ role, read: await hotRead(who.identity, exchangeId) }).toEqual({ role, read: general });
  }
}

/** An organizer (taking part), an assistant, three who accepted, one invited, one who declined, an outsider. */
async function cast(gameType: 'secret-santa' | 'white-elephant' = 'secret-santa') {
  const organizer = await person();
  const tag = unique();
  const names = ['assistant', 'first', 'second', 'third', 'invitee', 'decliner'];
  const created = await organizer.caller.exchanges.create({
    title: `Overview ${tag}`,
    exchangeDate: inDays(30),
    signUpDate: inDays(20),
    gameType,
    participants: names.map((name) => ({ name: `${name} Lee`, email: `${name}-${tag}@example.com` })),
  });
  const exchangeId = created.exchangeId;
  const seats = await testDb().exchangeParticipant.findMany({
    where: { exchangeId, userId: { not: organizer.id } },
    select: { userId: true, user: { select: { email: true } } },
  });
  const byName = Object.fromEntries(
    await Promise.all(
      names.map(async (name) => {
        const seat = seats.find((row) => row.user.email === `${name}-${tag}@example.com`)!;
        return [name, await person(seat.userId)] as const;
      }),
    ),
  );
  for (const name of ['assistant', 'first', 'second', 'third'])
    await byName[name]!.caller.exchanges.rsvp({ exchangeId, response: 'accept' });
  await byName.decliner!.caller.exchanges.rsvp({ exchangeId, response: 'decline' });
  await organizer.caller.exchanges.setAssistant({ exchangeId, userId: byName.assistant!.id, isAssistant: true });
  return { exchangeId, tag, people: { organizer, ...byName, outsider: await person() } as Record<string, TPerson> };
}

describe('the exchange overview read', () => {
  it('answers every role as the general path does: open, then drawn with a latecomer waiting', async () => {
    const { exchangeId, tag, people } = await cast();
    await expectSameReads(people, exchangeId);
    expect(await hotRead(people.outsider!.identity, exchangeId)).toEqual({ refused: 'NOT_FOUND' });
    expect(await hotRead(people.organizer!.identity, crypto.randomUUID())).toEqual({ refused: 'NOT_FOUND' });

    await people.organizer!.caller.exchanges.draw({ exchangeId });
    const invited = await people.organizer!.caller.exchanges.inviteByEmail({
      exchangeId,
      invitees: [{ name: 'Late Larry', email: `larry-${tag}@example.com` }],
    });
    const larry = await person(invited.results[0]!.userId!);
    await larry.caller.exchanges.rsvp({ exchangeId, response: 'accept' });
    const all = { ...people, larry };
    await expectSameReads(all, exchangeId);
    // The stage the reads were compared at: a latecomer waits, managers see the count.
    expect(await hotRead(larry.identity, exchangeId)).toMatchObject({ awaitingDraw: true });
    expect(await hotRead(people.assistant!.identity, exchangeId)).toMatchObject({
      latecomerCount: 1,
      can: { drawLatecomers: true },
    });
    expect(await hotRead(people.first!.identity, exchangeId)).toMatchObject({ latecomerCount: null, me: {} });

    // After the exchange date: thanks are for those who have a Secret Santa (the latecomer has none).
    await testDb().exchange.update({
      where: { id: exchangeId },
      data: { exchangeDate: new Date(`${inDays(-1)}T00:00:00Z`) },
    });
    await expectSameReads(all, exchangeId);
    expect(await hotRead(people.first!.identity, exchangeId)).toMatchObject({ can: { sayThanks: true } });
    expect(await hotRead(larry.identity, exchangeId)).toMatchObject({ can: { sayThanks: false } });
  });

  it('answers a party game as the general path does', async () => {
    const { exchangeId, people } = await cast('white-elephant');
    await expectSameReads(people, exchangeId);
    expect(await hotRead(people.first!.identity, exchangeId)).toMatchObject({ gameType: 'white-elephant' });
  });
});
