/**
 * Ice-breaker questions: set by the organizer, answered by participants, shown to their giver. An
 * answer its reader finds offensive can be reported (`/actions/flag-qa/{questionAnswerId}`).
 */
import { randomUUID } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { accessExchange, manageExchange, requireKnownCaller } from './access';
import { recordEvent } from './events';

type TDeps = Pick<TAppDeps, 'db'>;

export async function listMyQuestions(deps: TDeps, identity: TVerifiedIdentity | null, exchangeId: string) {
  const access = await accessExchange(deps.db, identity, exchangeId);
  const questions = await deps.db.exchangeQuestion.findMany({
    where: { exchangeId },
    orderBy: { sortOrder: 'asc' },
    select: {
      id: true,
      text: true,
      answers: { where: { userId: access.caller.userId }, select: { id: true, answer: true } },
    },
  });
  return {
    questions: questions.map((question) => ({
      questionId: question.id,
      text: question.text,
      questionAnswerId: question.answers[0]?.id ?? null,
      answer: question.answers[0]?.answer ?? null,
    })),
  };
}

/** Replaces the list; questions kept word for word keep their answers. */
export async function setQuestions(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; questions: string[] },
) {
  const access = await manageExchange(deps.db, identity, input.exchangeId);
  const wanted = [...new Set(input.questions)];
  await deps.db.$transaction(async (tx) => {
    const existing = await tx.exchangeQuestion.findMany({ where: { exchangeId: input.exchangeId } });
    const byText = new Map(existing.map((question) => [question.text, question.id]));
    await tx.exchangeQuestion.deleteMany({
      where: {
        exchangeId: input.exchangeId,
        id: { notIn: wanted.map((text) => byText.get(text)).filter((id): id is string => Boolean(id)) },
      },
    });
    for (const [index, text] of wanted.entries()) {
      const id = byText.get(text);
      if (id) await tx.exchangeQuestion.update({ where: { id }, data: { sortOrder: index } });
      else
        await tx.exchangeQuestion.create({
          data: { id: randomUUID(), exchangeId: input.exchangeId, text, sortOrder: index },
        });
    }
    await recordEvent(tx, { exchangeId: input.exchangeId, actorId: access.caller.userId, kind: 'questions-changed' });
  });
  return listMyQuestions(deps, identity, input.exchangeId);
}

export async function answerQuestion(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { exchangeId: string; questionId: string; answer: string },
): Promise<{ ok: true }> {
  const access = await accessExchange(deps.db, identity, input.exchangeId);
  if (!access.seat || access.seat.status === 'organizing' || access.seat.status === 'declined')
    throw new AppError('FORBIDDEN', { message: 'Only people taking part answer the questions' });
  const question = await deps.db.exchangeQuestion.findFirst({
    where: { id: input.questionId, exchangeId: input.exchangeId },
    select: { id: true },
  });
  if (!question) throw new AppError('NOT_FOUND');
  const where = { questionId_userId: { questionId: question.id, userId: access.caller.userId } };
  if (!input.answer) {
    await deps.db.exchangeAnswer.deleteMany({ where: { questionId: question.id, userId: access.caller.userId } });
    return { ok: true };
  }
  // A changed answer is a new answer: an earlier report no longer applies to it.
  await deps.db.exchangeAnswer.upsert({
    where,
    create: { id: randomUUID(), questionId: question.id, userId: access.caller.userId, answer: input.answer },
    update: { answer: input.answer, flaggedAt: null, flaggedBy: null, flagReason: null },
  });
  return { ok: true };
}

/** The answer, for someone who may read it: its author's giver, or the exchange's managers. */
async function readableAnswer(deps: TDeps, identity: TVerifiedIdentity | null, questionAnswerId: string) {
  const caller = requireKnownCaller(identity);
  const answer = await deps.db.exchangeAnswer.findUnique({
    where: { id: questionAnswerId },
    select: {
      id: true,
      userId: true,
      answer: true,
      flaggedAt: true,
      question: { select: { text: true, exchangeId: true, exchange: { select: { title: true } } } },
    },
  });
  if (!answer) throw new AppError('NOT_FOUND');
  const exchangeId = answer.question.exchangeId;
  const access = await accessExchange(deps.db, caller, exchangeId);
  const isGiver = await deps.db.exchangeAssignment.findFirst({
    where: { exchangeId, giverId: caller.userId, receiverId: answer.userId },
    select: { giverId: true },
  });
  if (!isGiver && !access.isManager) throw new AppError('NOT_FOUND');
  return { answer, access };
}

export async function getFlaggableAnswer(deps: TDeps, identity: TVerifiedIdentity | null, questionAnswerId: string) {
  const { answer } = await readableAnswer(deps, identity, questionAnswerId);
  return {
    questionAnswerId: answer.id,
    exchangeId: answer.question.exchangeId,
    exchangeTitle: answer.question.exchange.title,
    question: answer.question.text,
    answer: answer.answer,
    isFlagged: answer.flaggedAt !== null,
  };
}

export async function flagAnswer(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { questionAnswerId: string; reason?: string | null },
): Promise<{ ok: true }> {
  const { answer, access } = await readableAnswer(deps, identity, input.questionAnswerId);
  if (answer.flaggedAt) return { ok: true };
  await deps.db.$transaction(async (tx) => {
    await tx.exchangeAnswer.update({
      where: { id: answer.id },
      data: { flaggedAt: new Date(), flaggedBy: access.caller.userId, flagReason: input.reason ?? null },
    });
    await recordEvent(tx, { exchangeId: answer.question.exchangeId, actorId: null, kind: 'answer-flagged' });
  });
  return { ok: true };
}
