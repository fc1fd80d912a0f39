/**
 * /gift-exchanges/legacy/:exchangeId/view-draw/ (legacy.giftExchanges.viewDraw; the v2 address
 * redirects here): the whole draw (`exchanges.viewDraw`), who gives to whom, for the organizer and
 * assistants outside the draw when it was drawn visible to the organizer. Otherwise it says why
 * not: the draw is secret, even from the organizer (decided when the names were drawn), the
 * manager takes part in it, or the names are not drawn yet.
 */
import { Card, Stack, Table, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { statusOf } from '../../../app/runtime/app-runtime';
import { QueryView } from '../../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../../kit/states';
import { trpc } from '../../../trpc';
import { ExchangePage } from './exchange-page';
import { BackToExchange, type TExchangeDetail } from './exchange-parts';
import { formatDate } from '../../../kit/format';

function NotAllowed({ exchange }: { exchange: TExchangeDetail }) {
  const { exchangeId } = exchange;
  if (!exchange.drawnAt)
    return (
      <EmptyState
        title="The names are not drawn yet"
        description="Once they are, everyone sees only whom they give to."
        action={<BackToExchange exchangeId={exchangeId} />}
      />
    );
  const me = exchange.me;
  if (exchange.can.manage && exchange.drawVisibleToOrganizer && me?.status === 'accepted' && !me.isDisqualified)
    return (
      <EmptyState
        title="You take part in this draw, so it stays secret from you too"
        description="Seeing it would tell you who drew you. Everyone sees only whom they give to."
        action={<BackToExchange exchangeId={exchangeId} />}
      />
    );
  return (
    <EmptyState
      title="The privacy settings keep the draw secret, even from the organizer"
      description={
        exchange.can.manage
          ? 'Everyone sees only whom they give to. Whether the organizer may see the draw is decided when the names are drawn, and everyone in the exchange is told; a secret draw stays secret.'
          : 'Everyone sees only whom they give to, on the exchange’s page.'
      }
      action={<BackToExchange exchangeId={exchangeId} />}
    />
  );
}

function Draw({ exchange }: { exchange: TExchangeDetail }) {
  const allowed = exchange.can.viewDraw;
  const draw = trpc.exchanges.viewDraw.useQuery(
    { exchangeId: exchange.exchangeId },
    { enabled: allowed, retry: false },
  );
  const refused = draw.isError && (statusOf(draw.error) === 403 || statusOf(draw.error) === 404);
  if (!allowed || refused) return <NotAllowed exchange={exchange} />;
  return (
    <QueryView
      query={draw}
      skeleton={<ListSkeleton rows={4} height={40} />}
      isEmpty={(data) => data.pairs.length === 0}
      empty={
        <EmptyState title="Nobody is in the draw" description="The people who were drawn have all left the exchange." />
      }
    >
      {(data) => (
        <Stack gap="sm">
          <Text c="dimmed">
            {`Drawn on ${formatDate(data.drawnAt)}. Keep it to yourself: each person knows only whom they give to.`}
          </Text>
          <Card withBorder radius="md" padding={0}>
            <Table striped highlightOnHover data-testid="view-draw-table">
              <Table.Caption>Who gives to whom</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Secret Santa</Table.Th>
                  <Table.Th scope="col">Gives to</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.pairs.map((pair) => (
                  <Table.Tr key={pair.giver.userId} data-testid="view-draw-pair">
                    <Table.Td>{pair.giver.displayName}</Table.Td>
                    <Table.Td>{pair.recipient.displayName}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </Stack>
      )}
    </QueryView>
  );
}

export default function ViewDrawScreen() {
  const { exchangeId = '' } = useParams();
  return (
    <ExchangePage exchangeId={exchangeId} title="The draw" testId="exchange-view-draw-screen">
      {(exchange) => <Draw exchange={exchange} />}
    </ExchangePage>
  );
}
