/**
 * viewexchangedetails: any exchange as support sees it (never as a participant would: staff see
 * who takes part and how, but not who drew whom). Search, the overview with its people, and the
 * tabs: events, questions (flagged answers first), restrictions, countries.
 */
import type {
  TAdminCountry,
  TAdminExchange,
  TAdminExchangeEvent,
  TAdminExchangeSummary,
  TAdminQuestion,
  TAdminRestrictions,
} from '../../contracts/admin';
import { isUuid } from '../../contracts/validation';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { ADMIN_PERSON_SELECT, adminPerson, isoOrNull, parseDetails, peopleByIds } from './staff-access';

const SEARCH_LIMIT = 25;
const EVENT_LIMIT = 500;

const SUMMARY_SELECT = {
  id: true,
  title: true,
  status: true,
  exchangeDate: true,
  organizer: { select: ADMIN_PERSON_SELECT },
  _count: { select: { participants: true } },
} as const;

function summary(row: {
  id: string;
  title: string;
  status: string;
  exchangeDate: Date;
  organizer: Parameters<typeof adminPerson>[0];
  _count: { participants: number };
}): TAdminExchangeSummary {
  return {
    exchangeId: row.id,
    title: row.title,
    status: row.status,
    exchangeDate: row.exchangeDate.toISOString().slice(0, 10),
    organizer: adminPerson(row.organizer),
    participantCount: row._count.participants,
  };
}

/** By id, title, or the organizer's e-mail. */
export async function searchExchanges(db: TDb, input: { query: string }): Promise<TAdminExchangeSummary[]> {
  const query = input.query.trim();
  const rows = await db.exchange.findMany({
    where: isUuid(query)
      ? { id: query.toLowerCase() }
      : { OR: [{ title: { contains: query } }, { organizer: { email: { startsWith: query } } }] },
    select: SUMMARY_SELECT,
    orderBy: [{ exchangeDate: 'desc' }, { id: 'asc' }],
    take: SEARCH_LIMIT,
  });
  return rows.map(summary);
}

async function requireExchange(db: TDb, exchangeId: string): Promise<void> {
  if ((await db.exchange.count({ where: { id: exchangeId } })) === 0)
    throw new AppError('NOT_FOUND', { message: 'No exchange with that id' });
}

export async function getExchangeDetail(db: TDb, input: { exchangeId: string }): Promise<TAdminExchange> {
  const row = await db.exchange.findUnique({
    where: { id: input.exchangeId },
    select: {
      ...SUMMARY_SELECT,
      description: true,
      signUpDate: true,
      drawnAt: true,
      budgetAmount: true,
      budgetCurrency: true,
      deliveryType: true,
      groupId: true,
      createdAt: true,
      organizerParticipates: true,
      participantsVisible: true,
      singleLoop: true,
      noMutualPairs: true,
      requireWishList: true,
      excludePreviousPairs: true,
      participants: {
        select: {
          status: true,
          isAssistant: true,
          isDisqualified: true,
          user: { select: ADMIN_PERSON_SELECT },
        },
        orderBy: [{ status: 'asc' }, { user: { name: 'asc' } }],
      },
      _count: { select: { participants: true, assignments: true, staffNotes: true } },
    },
  });
  if (!row) throw new AppError('NOT_FOUND', { message: 'No exchange with that id' });
  const [givers, flaggedAnswers] = await Promise.all([
    db.exchangeAssignment.findMany({ where: { exchangeId: row.id }, select: { giverId: true } }),
    db.exchangeAnswer.count({ where: { question: { exchangeId: row.id }, flaggedAt: { not: null } } }),
  ]);
  const inDraw = new Set(givers.map((pair) => pair.giverId));
  return {
    ...summary(row),
    description: row.description,
    signUpDate: row.signUpDate ? row.signUpDate.toISOString().slice(0, 10) : null,
    drawnAt: isoOrNull(row.drawnAt),
    budget: { amount: row.budgetAmount.toFixed(2), currency: row.budgetCurrency },
    deliveryType: row.deliveryType,
    groupId: row.groupId,
    createdAt: row.createdAt.toISOString(),
    settings: {
      organizerParticipates: row.organizerParticipates,
      participantsVisible: row.participantsVisible,
      singleLoop: row.singleLoop,
      noMutualPairs: row.noMutualPairs,
      requireWishList: row.requireWishList,
      excludePreviousPairs: row.excludePreviousPairs,
    },
    participants: row.participants.map((seat) => ({
      person: adminPerson(seat.user),
      status: seat.status,
      isAssistant: seat.isAssistant,
      isDisqualified: seat.isDisqualified,
      inDraw: inDraw.has(seat.user.id),
    })),
    pairCount: row._count.assignments,
    flaggedAnswers,
    noteCount: row._count.staffNotes,
  };
}

export async function listExchangeEvents(db: TDb, input: { exchangeId: string }): Promise<TAdminExchangeEvent[]> {
  await requireExchange(db, input.exchangeId);
  const rows = await db.exchangeEvent.findMany({
    where: { exchangeId: input.exchangeId },
    orderBy: { id: 'desc' },
    take: EVENT_LIMIT,
  });
  const actors = await peopleByIds(
    db,
    rows.flatMap((row) => (row.actorId ? [row.actorId] : [])),
  );
  return rows.map((row) => ({
    eventId: row.id.toString(),
    kind: row.kind,
    actor: row.actorId ? (actors.get(row.actorId) ?? null) : null,
    details: parseDetails(row.details),
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listExchangeQuestions(db: TDb, input: { exchangeId: string }): Promise<TAdminQuestion[]> {
  await requireExchange(db, input.exchangeId);
  const questions = await db.exchangeQuestion.findMany({
    where: { exchangeId: input.exchangeId },
    orderBy: { sortOrder: 'asc' },
    select: {
      id: true,
      text: true,
      answers: {
        select: { id: true, answer: true, userId: true, flaggedAt: true, flaggedBy: true, flagReason: true },
        // Flagged answers first, the newest flag on top.
        orderBy: [{ flaggedAt: { sort: 'desc', nulls: 'last' } }, { updatedAt: 'desc' }],
      },
    },
  });
  const people = await peopleByIds(
    db,
    questions.flatMap((question) =>
      question.answers.flatMap((answer) => [answer.userId, ...(answer.flaggedBy ? [answer.flaggedBy] : [])]),
    ),
  );
  const person = (userId: string) => people.get(userId) ?? { userId, displayName: 'Former member', email: null };
  return questions.map((question) => ({
    questionId: question.id,
    text: question.text,
    answers: question.answers.map((answer) => ({
      answerId: answer.id,
      person: person(answer.userId),
      answer: answer.answer,
      flag: answer.flaggedAt
        ? {
            flaggedAt: answer.flaggedAt.toISOString(),
            flaggedBy: answer.flaggedBy ? person(answer.flaggedBy) : null,
            reason: answer.flagReason,
          }
        : null,
    })),
  }));
}

export async function listExchangeRestrictions(db: TDb, input: { exchangeId: string }): Promise<TAdminRestrictions> {
  await requireExchange(db, input.exchangeId);
  const [pairs, seats] = await Promise.all([
    db.exchangeRestriction.findMany({ where: { exchangeId: input.exchangeId } }),
    db.exchangeParticipant.findMany({
      where: { exchangeId: input.exchangeId, household: { not: null } },
      select: { userId: true, household: true },
    }),
  ]);
  const people = await peopleByIds(db, [
    ...pairs.flatMap((pair) => [pair.giverId, pair.receiverId]),
    ...seats.map((seat) => seat.userId),
  ]);
  const person = (userId: string) => people.get(userId) ?? { userId, displayName: 'Former member', email: null };
  const households = new Map<string, { name: string; members: ReturnType<typeof person>[] }>();
  for (const seat of seats) {
    const name = seat.household!;
    const key = name.toLowerCase();
    const entry = households.get(key) ?? { name, members: [] };
    entry.members.push(person(seat.userId));
    households.set(key, entry);
  }
  return {
    pairs: pairs
      .map((pair) => ({ giver: person(pair.giverId), receiver: person(pair.receiverId) }))
      .sort((a, b) => a.giver.displayName.localeCompare(b.giver.displayName)),
    households: [...households.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Where the people of an exchange would ship to (their mailing address's country). */
export async function listExchangeCountries(db: TDb, input: { exchangeId: string }): Promise<TAdminCountry[]> {
  await requireExchange(db, input.exchangeId);
  const seats = await db.exchangeParticipant.findMany({
    where: { exchangeId: input.exchangeId, status: { not: 'declined' } },
    select: {
      willShipInternationally: true,
      user: { select: { ...ADMIN_PERSON_SELECT, mailingAddress: { select: { country: true } } } },
    },
  });
  const byCountry = new Map<string | null, TAdminCountry>();
  for (const seat of seats) {
    const country = seat.user.mailingAddress?.country?.trim().toUpperCase() || null;
    const entry = byCountry.get(country) ?? { country, people: [] };
    entry.people.push({ ...adminPerson(seat.user), willShipInternationally: seat.willShipInternationally });
    byCountry.set(country, entry);
  }
  // Most people first; people without an address last.
  return [...byCountry.values()].sort(
    (a, b) =>
      Number(a.country === null) - Number(b.country === null) ||
      b.people.length - a.people.length ||
      (a.country ?? '').localeCompare(b.country ?? ''),
  );
}
