/**
 * /actions/flag-qa/:questionAnswerId/ (v2.actions.flagQa): an e-mail's "Report this answer" link for
 * an ice-breaker answer. Opening it changes nothing (a link can be prefetched or scanned): the page
 * shows the answer and one form reports it, with an optional reason. An answer already reported
 * says so. The route is not guarded: a visitor is asked to log in and comes back here.
 */
import { Blockquote, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { ZFlagAnswer } from '../../../../server/contracts/exchanges';
import { statusOf } from '../../../app/runtime/app-runtime';
import { FormFailure } from '../../../kit/form-parts';
import { useSchemaForm } from '../../../kit/forms';
import { PageLayout } from '../../../kit/page-layout';
import { EmptyState, ErrorState, ListSkeleton } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { trpc, type TRouterOutputs } from '../../../trpc';
import { LogInPrompt, useAuthState } from './join-parts';

type TFlaggable = TRouterOutputs['exchanges']['flaggableAnswer'];

function ReportForm({ answer, onReported }: { answer: TFlaggable; onReported: () => void }) {
  const flag = trpc.exchanges.flagAnswer.useMutation();
  const utils = trpc.useUtils();
  const toInput = (values: { reason: string }) => ({ questionAnswerId: answer.questionAnswerId, ...values });
  const form = useSchemaForm(
    ZFlagAnswer,
    { reason: '' },
    async (values) => {
      await flag.mutateAsync(toInput(values));
      onReported();
      void utils.exchanges.flaggableAnswer.invalidate({ questionAnswerId: answer.questionAnswerId });
    },
    undefined,
    { toInput },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} data-testid="flag-form">
      <Stack gap="md">
        <Textarea
          label="What is wrong with it? (optional)"
          description="Only the exchange’s organizer and our support team read this."
          autosize
          minRows={2}
          maxLength={300}
          {...form.field('reason')}
          data-testid="flag-reason"
        />
        <FormFailure message={form.failure} testId="flag-failure" />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={form.busy} data-testid="flag-submit">
            Report this answer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FlagAnswer({ questionAnswerId }: { questionAnswerId: string }) {
  const answer = trpc.exchanges.flaggableAnswer.useQuery({ questionAnswerId }, { retry: false });
  const [reported, setReported] = useState(false);

  if (answer.isError) {
    const status = statusOf(answer.error);
    if (status === 403 || status === 404)
      return (
        <EmptyState
          title="This answer is not here, or not yours to see"
          description="It may have been changed or removed, or the link was meant for someone else: only the person who draws its author and the exchange’s organizers can report it."
          action={
            <Button component={Link} to={href('v2.giftExchanges.list')} variant="light">
              Go to my gift exchanges
            </Button>
          }
        />
      );
    return <ErrorState error={answer.error} onRetry={() => void answer.refetch()} retrying={answer.isFetching} />;
  }
  if (!answer.data) return <ListSkeleton rows={2} />;

  const item = answer.data;
  const done = reported || item.isFlagged;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="flag-answer" data-flagged={String(done)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          An ice-breaker answer in “{item.exchangeTitle}”
        </Text>
        <Text fw={600} data-testid="flag-question">
          {item.question}
        </Text>
        <Blockquote color="gray" p="md" data-testid="flag-answer-text">
          {item.answer}
        </Blockquote>
        {done ? (
          <Text role="status" data-testid="flag-done">
            {reported
              ? 'Thank you: the answer is reported. The organizer and our support team will look at it.'
              : 'This answer has already been reported. The organizer and our support team will look at it.'}
          </Text>
        ) : (
          <ReportForm answer={item} onReported={() => setReported(true)} />
        )}
        <Group>
          <Button
            component={Link}
            to={href('v2.giftExchanges.main', { exchangeId: item.exchangeId })}
            variant="default"
          >
            Go to the exchange
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export default function FlagAnswerScreen() {
  const { questionAnswerId = '' } = useParams();
  const auth = useAuthState();
  return (
    <PageLayout
      title="Report an answer"
      description="Ice-breaker answers should be kind. Tell us about one that is not."
      testId="flag-answer-screen"
      size="sm"
    >
      {!auth.ready ? (
        <ListSkeleton rows={2} />
      ) : auth.isKnown ? (
        <FlagAnswer questionAnswerId={questionAnswerId} />
      ) : (
        <LogInPrompt
          title="Log in to report this answer"
          description="Only the people of the exchange can report its answers. Log in, and you come straight back to this answer."
        />
      )}
    </PageLayout>
  );
}
