/**
 * /gift-exchanges/:exchangeId/disqualified/ (v2.giftExchanges.disqualified): the people left out of
 * the draw (`exchanges.disqualified`: managers see everyone, others only themselves), with the
 * reason, and for managers a Restore button while the names are not drawn yet.
 */
import { Button, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { QueryView } from '../../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../../kit/states';
import { trpc } from '../../../trpc';
import { ExchangePage } from './exchange-page';
import { PersonLine, type TExchangeDetail, type TExchangeParticipant } from './exchange-parts';
import { useRestore } from './participant-actions';

function RestoreButton({ exchange, participant }: { exchange: TExchangeDetail; participant: TExchangeParticipant }) {
  const restore = useRestore(exchange.exchangeId);
  if (!exchange.can.manage || exchange.status !== 'open') return null;
  return (
    <Button
      size="xs"
      variant="light"
      loading={restore.busy}
      aria-label={`Restore ${participant.person.displayName} to the draw`}
      onClick={() => void restore.restore(participant)}
      data-testid="disqualified-restore"
    >
      Restore
    </Button>
  );
}

function Disqualified({ exchange }: { exchange: TExchangeDetail }) {
  const list = trpc.exchanges.disqualified.useQuery({ exchangeId: exchange.exchangeId });
  return (
    <QueryView
      query={list}
      skeleton={<ListSkeleton rows={2} />}
      isEmpty={(items) => items.length === 0}
      empty={
        <EmptyState
          title="Nobody is left out"
          description={
            exchange.can.manage
              ? 'Everyone who takes part is in the draw. People are left out by hand, or at the sign-up date by the settings (no wish list, no answer).'
              : 'You are in the draw.'
          }
        />
      }
    >
      {(items) => (
        <Stack gap="sm" data-testid="disqualified-list">
          {items.map((participant) => (
            <PersonLine
              key={participant.person.userId}
              person={participant.person}
              testId="disqualified-row"
              detail={
                <Text size="sm" c="dimmed" data-testid="disqualified-reason">
                  {participant.disqualifiedReason ?? 'Left out of the draw'}
                </Text>
              }
              actions={<RestoreButton exchange={exchange} participant={participant} />}
            />
          ))}
        </Stack>
      )}
    </QueryView>
  );
}

export default function DisqualifiedScreen() {
  const { exchangeId = '' } = useParams();
  return (
    <ExchangePage exchangeId={exchangeId} title="Disqualified" testId="exchange-disqualified-screen">
      {(exchange) => (
        <Stack gap="md">
          <Text c="dimmed">
            Disqualified people keep their answer but are left out of the draw until they are restored.
            {exchange.status !== 'open' && exchange.can.manage
              ? ' The names are drawn: nobody can be restored now.'
              : ''}
          </Text>
          <Disqualified exchange={exchange} />
        </Stack>
      )}
    </ExchangePage>
  );
}
