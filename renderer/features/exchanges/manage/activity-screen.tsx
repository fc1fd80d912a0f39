/**
 * /gift-exchanges/legacy/:exchangeId/activity/ (legacy.giftExchanges.activity): the exchange's
 * activity log (`exchanges.activity`), newest first: who did what and when. It never tells who
 * drew whom.
 */
import { Card, Group, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { QueryView } from '../../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../../kit/states';
import { trpc } from '../../../trpc';
import { ExchangePage } from './exchange-page';
import { formatDate } from '../../../kit/format';

function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

function Activity({ exchangeId }: { exchangeId: string }) {
  const events = trpc.exchanges.activity.useQuery({ exchangeId });
  return (
    <QueryView
      query={events}
      skeleton={<ListSkeleton rows={5} height={44} />}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState title="Nothing has happened yet" description="Invitations, answers and the draw show up here." />
      }
    >
      {(list) => (
        <Card withBorder radius="md" padding="md">
          <Stack gap={0} component="ol" m={0} p={0} style={{ listStyle: 'none' }} data-testid="activity-list">
            {list.map((event) => (
              <Group
                key={event.eventId}
                component="li"
                justify="space-between"
                gap="md"
                py="xs"
                wrap="nowrap"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                data-testid="activity-event"
                data-kind={event.kind}
              >
                <Text size="sm">
                  {event.actorName ? (
                    <Text component="span" fw={600} size="sm">
                      {`${event.actorName} `}
                    </Text>
                  ) : null}
                  {event.text}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  <time
                    dateTime={event.createdAt}
                  >{`${formatDate(event.createdAt)}, ${timeOfDay(event.createdAt)}`}</time>
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
    </QueryView>
  );
}

export default function ActivityScreen() {
  const { exchangeId = '' } = useParams();
  return (
    <ExchangePage exchangeId={exchangeId} title="Activity" testId="exchange-activity-screen">
      <Activity exchangeId={exchangeId} />
    </ExchangePage>
  );
}
