/**
 * Issue 31 on the exchange overview: the practice draw (before the draw, managers), the automatic
 * draw's date, the latecomers waiting "not yet drawn" and the "Draw latecomers" button (after the
 * draw, managers), and the notice a latecomer sees while waiting. None of them ever shows a pair.
 */
import { Alert, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TPracticeDraw } from '../../../../server/contracts/exchanges';
import { ConfirmDialog } from '../../../kit/confirm-dialog';
import { trpc } from '../../../trpc';
import { useExchangeToast, type TExchangeDetail } from './exchange-parts';
import { countOf, formatDate } from '../../../kit/format';

/** The day after the sign-up date, when the automatic draw runs. */
function dayAfter(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function AutoDrawNote({ exchange }: { exchange: TExchangeDetail }) {
  if (!exchange.settings.autoDraw || !exchange.signUpDate || exchange.status !== 'open') return null;
  return (
    <Text size="sm" c="dimmed" data-testid="exchange-auto-draw-note">
      {`The names will be drawn automatically on ${formatDate(dayAfter(exchange.signUpDate))}, the day after the sign-up date.`}
    </Text>
  );
}

function PracticeResult({ result }: { result: TPracticeDraw }) {
  return (
    <Alert
      color={result.possible ? 'green' : 'orange'}
      variant="light"
      title={result.possible ? 'Everyone can be drawn' : 'This draw would be refused'}
      data-testid="practice-draw-result"
      role="status"
      w="100%"
    >
      <Stack gap={6}>
        {result.possible ? null : (
          <Text size="sm" data-testid="practice-draw-message">
            {result.message}
          </Text>
        )}
        <List size="sm" spacing={2}>
          <List.Item>{`${countOf(result.participantCount, 'person', 'people')} in the draw`}</List.Item>
          <List.Item>{`${countOf(result.restrictionCount, 'restriction', 'restrictions')}`}</List.Item>
          <List.Item>{`${countOf(result.householdCount, 'household', 'households')} of two or more`}</List.Item>
          {result.wouldBeDisqualified > 0 ? (
            <List.Item>{`${countOf(result.wouldBeDisqualified, 'person would be', 'people would be')} left out by the sign-up rules`}</List.Item>
          ) : null}
        </List>
        <Text size="sm" c="dimmed">
          Only you see this practice draw: nothing was sent and no names were stored.
        </Text>
      </Stack>
    </Alert>
  );
}

/** A draw that is shown only to the organizer as counts and conflicts, and sends nothing. */
export function PracticeDraw({ exchange }: { exchange: TExchangeDetail }) {
  const practice = trpc.exchanges.practiceDraw.useMutation();
  const toast = useExchangeToast();
  const [result, setResult] = useState<TPracticeDraw | null>(null);
  if (!exchange.can.practiceDraw) return null;

  async function run(): Promise<void> {
    try {
      setResult(await practice.mutateAsync({ exchangeId: exchange.exchangeId }));
    } catch (error) {
      toast.failed('Could not run the practice draw', error);
    }
  }

  return (
    <Stack gap="sm" align="flex-start">
      <Button variant="default" onClick={() => void run()} loading={practice.isPending} data-testid="practice-draw">
        Practice draw
      </Button>
      <Text size="sm" c="dimmed">
        Try the restrictions safely: a practice draw tells nobody and stores nothing.
      </Text>
      {result ? <PracticeResult result={result} /> : null}
    </Stack>
  );
}

/** After the draw, for managers: who joined late, and the button that draws them in. */
export function LatecomersCard({ exchange }: { exchange: TExchangeDetail }) {
  const [confirming, setConfirming] = useState(false);
  const drawLate = trpc.exchanges.drawLatecomers.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  const { exchangeId } = exchange;
  const waiting = exchange.latecomerCount ?? 0;
  if (waiting === 0 && !exchange.settings.lateJoinsOpen) return null;

  async function confirm(): Promise<void> {
    try {
      const outcome = await drawLate.mutateAsync({ exchangeId });
      setConfirming(false);
      toast.success(
        `${countOf(outcome.placed, 'latecomer was', 'latecomers were')} drawn: ${countOf(outcome.changedGivers, 'giver’s recipient', 'givers’ recipients')} changed, and only they were told.`,
      );
      await Promise.all([
        utils.exchanges.get.invalidate({ exchangeId }),
        utils.exchanges.participants.invalidate({ exchangeId }),
        utils.exchanges.myAssignment.invalidate({ exchangeId }),
        utils.exchanges.viewDraw.invalidate({ exchangeId }),
      ]);
    } catch (error) {
      setConfirming(false);
      toast.failed('Could not draw the latecomers', error);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" data-testid="exchange-latecomers">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h3">
          Latecomers
        </Title>
        <Text size="sm" data-testid="exchange-latecomer-count">
          {waiting === 0
            ? 'Nobody is waiting to be drawn. People can still join with an invitation or the sign-up link.'
            : `${countOf(waiting, 'person joined', 'people joined')} after the draw and ${waiting === 1 ? 'is' : 'are'} not yet drawn.`}
        </Text>
        {exchange.can.drawLatecomers ? (
          <>
            <Button
              onClick={() => setConfirming(true)}
              loading={drawLate.isPending}
              data-testid="exchange-draw-latecomers"
            >
              Draw latecomers
            </Button>
            <Text size="sm" c="dimmed">
              Every rule of the draw still holds. One latecomer changes exactly one other giver’s recipient; only the
              givers whose recipient changes are told.
            </Text>
          </>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Draw the latecomers?"
        message={`${countOf(waiting, 'latecomer is', 'latecomers are')} placed into the draw, changing as few other givers as possible. Those whose recipient changes get an e-mail; everyone else keeps their person.`}
        confirmLabel="Draw latecomers"
        loading={drawLate.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
        confirmTestId="exchange-draw-latecomers-confirm"
      />
    </Card>
  );
}

/** What a latecomer sees while waiting for the latecomers' draw. */
export function AwaitingDrawNotice({ exchange }: { exchange: TExchangeDetail }) {
  return (
    <Alert color="blue" variant="light" title="Not yet drawn" data-testid="exchange-awaiting-draw">
      {`You joined after the names were drawn. ${exchange.organizer.displayName} will draw you in soon, and you will get an e-mail saying who you give to.`}
    </Alert>
  );
}
