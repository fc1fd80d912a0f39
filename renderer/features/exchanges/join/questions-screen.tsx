/**
 * /gift-exchanges/:exchangeId/ice-breaker-questions/ (v2.giftExchanges.iceBreakerQuestions): the
 * organizer's questions ("What's your favourite colour?"), answered by the people taking part for
 * their Secret Santa (`exchanges.answerQuestion`); the organizer and assistants keep the list (at most
 * ICE_BREAKER_QUESTIONS_MAX, with suggestions) through `exchanges.setQuestions`.
 */
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ZAnswerQuestion, ZSetQuestions } from '../../../../server/contracts/exchanges';
import { ICE_BREAKER_QUESTIONS_MAX } from '../../../../server/contracts/exchange-values';
import { fieldErrorsFromZod } from '../../../../server/contracts/validation';
import { ConfirmDialog } from '../../../kit/confirm-dialog';
import { FormFailure } from '../../../kit/form-parts';
import { useSchemaForm } from '../../../kit/forms';
import { QueryView } from '../../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../../kit/states';
import { trpc, type TRouterOutputs } from '../../../trpc';
import { ExchangePage } from '../manage/exchange-page';
import { BackToExchange, useExchangeToast, type TExchangeDetail } from '../manage/exchange-parts';
import { countOf } from '../../../kit/format';

type TQuestion = TRouterOutputs['exchanges']['questions']['questions'][number];

const QUESTION_SUGGESTIONS = [
  'What’s your favourite colour?',
  'What do you collect, or would love to?',
  'Coffee, tea or hot chocolate?',
  'What’s a small thing that always makes your day?',
  'Which book, film or game did you love this year?',
  'Anything you’d rather not get (allergies, clutter)?',
] as const;

function AnswerForm({ exchangeId, question }: { exchangeId: string; question: TQuestion }) {
  const answer = trpc.exchanges.answerQuestion.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const [saved, setSaved] = useState(false);
  const toInput = (values: { answer: string }) => ({ exchangeId, questionId: question.questionId, ...values });
  const form = useSchemaForm(
    ZAnswerQuestion,
    { answer: question.answer ?? '' },
    async (values) => {
      await answer.mutateAsync(toInput(values));
      setSaved(true);
      toast.success(values.answer.trim() ? 'Answer saved' : 'Answer removed');
      await utils.exchanges.questions.invalidate({ exchangeId });
    },
    undefined,
    { toInput },
  );
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="question-card"
      data-question-id={question.questionId}
      data-question-answer-id={question.questionAnswerId ?? undefined}
    >
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="sm">
          <Textarea
            label={question.text}
            autosize
            minRows={2}
            maxLength={1000}
            {...form.field('answer')}
            onChange={(event) => {
              setSaved(false);
              form.field('answer').onChange(event);
            }}
            data-testid="question-answer"
          />
          <FormFailure message={form.failure} testId="question-answer-failure" />
          <Group justify="space-between">
            <Text size="sm" c="dimmed" role="status" data-testid="question-answer-state">
              {saved ? 'Saved.' : question.answer ? 'Answered.' : 'Not answered yet.'}
            </Text>
            <Button type="submit" variant="light" loading={form.busy} data-testid="question-answer-save">
              Save answer<VisuallyHidden>: {question.text}</VisuallyHidden>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Answers({ exchange, questions }: { exchange: TExchangeDetail; questions: TQuestion[] }) {
  const status = exchange.me?.status;
  if ((status !== 'accepted' && status !== 'invited') || questions.length === 0) return null;
  return (
    <Stack gap="md" data-testid="question-answers">
      <Title order={2} fz="h4">
        Your answers
      </Title>
      <Text c="dimmed">
        Your Secret Santa reads them once the names are drawn. Answer as many as you like; an empty answer is removed.
      </Text>
      {questions.map((question) => (
        <AnswerForm key={question.questionId} exchangeId={exchange.exchangeId} question={question} />
      ))}
    </Stack>
  );
}

interface TDraftQuestion {
  key: number;
  text: string;
}

function QuestionsEditor({ exchangeId, questions }: { exchangeId: string; questions: TQuestion[] }) {
  const [items, setItems] = useState<TDraftQuestion[]>(() =>
    questions.map((question, index) => ({ key: index, text: question.text })),
  );
  const [nextKey, setNextKey] = useState(questions.length);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const save = trpc.exchanges.setQuestions.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const full = items.length >= ICE_BREAKER_QUESTIONS_MAX;
  const texts = items.map((item) => item.text.trim());
  const removedAnswered = questions.filter((question) => question.answer !== null && !texts.includes(question.text));
  // A manager's own answers are what the list shows; others' answers go with a removed question too.
  const removedCount = questions.filter((question) => !texts.includes(question.text)).length;

  function add(text: string): void {
    if (full) return;
    setItems((list) => [...list, { key: nextKey, text }]);
    setNextKey((key) => key + 1);
  }

  function validate(): boolean {
    const result = ZSetQuestions.safeParse({ exchangeId, questions: items.map((item) => item.text) });
    const found = result.success ? {} : fieldErrorsFromZod(result.error);
    setErrors(found);
    return result.success;
  }

  async function send(): Promise<void> {
    setConfirming(false);
    try {
      const answer = await save.mutateAsync({ exchangeId, questions: items.map((item) => item.text) });
      utils.exchanges.questions.setData({ exchangeId }, answer);
      void utils.exchanges.get.invalidate({ exchangeId });
      toast.success(`Questions saved: ${countOf(answer.questions.length, 'question', 'questions')}`);
    } catch (error) {
      toast.failed('The questions were not saved', error);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" data-testid="questions-editor">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!validate()) return;
          if (removedCount > 0) setConfirming(true);
          else void send();
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="h4">
              Your questions
            </Title>
            <Text size="sm" c="dimmed">
              Everyone taking part answers them for their Secret Santa. Up to {ICE_BREAKER_QUESTIONS_MAX} questions.
            </Text>
          </Stack>
          {items.length === 0 ? (
            <Text data-testid="questions-editor-empty">
              No questions yet: add one of the suggestions or write your own.
            </Text>
          ) : null}
          {items.map((item, index) => (
            <Group key={item.key} align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                label={`Question ${index + 1}`}
                value={item.text}
                maxLength={300}
                error={errors[`questions.${index}`]}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  setItems((list) => list.map((entry) => (entry.key === item.key ? { ...entry, text } : entry)));
                }}
                style={{ flex: 1 }}
                data-testid="questions-editor-input"
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                mt={26}
                aria-label={`Remove question ${index + 1}`}
                onClick={() => setItems((list) => list.filter((entry) => entry.key !== item.key))}
                data-testid="questions-editor-remove"
              >
                <span aria-hidden>×</span>
              </ActionIcon>
            </Group>
          ))}
          <FormFailure message={errors.questions ?? null} testId="questions-editor-failure" />
          <Group gap="xs">
            <Button variant="default" onClick={() => add('')} disabled={full} data-testid="questions-editor-add">
              Add a question
            </Button>
          </Group>
          <Stack gap={6}>
            <Text size="sm" fw={600} id="question-suggestions">
              Suggestions
            </Text>
            <Group gap="xs" role="group" aria-labelledby="question-suggestions">
              {QUESTION_SUGGESTIONS.filter((suggestion) => !texts.includes(suggestion)).map((suggestion) => (
                <Button
                  key={suggestion}
                  size="xs"
                  variant="light"
                  disabled={full}
                  onClick={() => add(suggestion)}
                  data-testid="questions-suggestion"
                >
                  <span aria-hidden>+&nbsp;</span>
                  <VisuallyHidden>Add </VisuallyHidden>
                  {suggestion}
                </Button>
              ))}
            </Group>
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="questions-editor-save">
              Save the questions
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming}
        title="Remove questions?"
        message={`${countOf(removedCount, 'question goes', 'questions go')} away with everyone’s answers to ${removedCount === 1 ? 'it' : 'them'}${removedAnswered.length ? ', yours included' : ''}.`}
        confirmLabel="Remove and save"
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
        loading={save.isPending}
        confirmTestId="questions-remove-confirm"
      />
    </Card>
  );
}

function QuestionsContent({ exchange }: { exchange: TExchangeDetail }) {
  const questions = trpc.exchanges.questions.useQuery({ exchangeId: exchange.exchangeId });
  return (
    <QueryView query={questions} skeleton={<ListSkeleton rows={3} />}>
      {({ questions: list }) => (
        <Stack gap="lg">
          {exchange.can.manage ? (
            <QuestionsEditor
              key={list.map((question) => question.questionId).join()}
              exchangeId={exchange.exchangeId}
              questions={list}
            />
          ) : null}
          {list.length === 0 && !exchange.can.manage ? (
            <EmptyState
              title="No ice-breaker questions yet"
              description={`${exchange.organizer.displayName} has not asked any questions. If they add some, you can answer them here for your Secret Santa.`}
              action={<BackToExchange exchangeId={exchange.exchangeId} />}
            />
          ) : (
            <Answers exchange={exchange} questions={list} />
          )}
        </Stack>
      )}
    </QueryView>
  );
}

export default function QuestionsScreen() {
  const { exchangeId = '' } = useParams();
  return (
    <ExchangePage exchangeId={exchangeId} title="Ice-breaker questions" testId="questions-screen">
      {(exchange) => <QuestionsContent exchange={exchange} />}
    </ExchangePage>
  );
}
