/**
 * A party game's turn order and rules (White Elephant, Yankee Swap: issue 31), for everyone in
 * the exchange: before the draw the rules and when the order is drawn, after it the order itself
 * with the reader's own turn marked.
 */
import { Badge, Card, Group, List, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { GAME_TYPE_LABELS } from '../../../../server/contracts/exchange-values';
import { QueryView } from '../../../kit/query-view';
import { ListSkeleton } from '../../../kit/states';
import { trpc } from '../../../trpc';
import { PersonAvatar } from '../../../kit/person-avatar';
import { formatDate } from '../../../kit/format';

export function TurnOrderCard({ exchangeId }: { exchangeId: string }) {
  const query = trpc.exchanges.turnOrder.useQuery({ exchangeId });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="turn-order-card">
      <QueryView query={query} skeleton={<ListSkeleton rows={3} height={36} />}>
        {(order) => {
          const mine = order.turns.find((turn) => turn.isMe);
          return (
            <Stack gap="md">
              <Title order={2} fz="h3">
                {`${GAME_TYPE_LABELS[order.gameType]}: the turn order`}
              </Title>
              {order.turns.length > 0 ? (
                <>
                  {mine ? (
                    <Text fw={600} data-testid="turn-order-mine">{`You go number ${mine.position}.`}</Text>
                  ) : null}
                  <List type="ordered" spacing="xs" data-testid="turn-order-list" listStyleType="none">
                    {order.turns.map((turn) => (
                      <List.Item key={turn.position} data-testid="turn-order-turn" data-user-id={turn.person.userId}>
                        <Group gap="sm" wrap="nowrap">
                          <Badge variant="light" circle size="lg" aria-hidden>
                            {turn.position}
                          </Badge>
                          <PersonAvatar name={turn.person.displayName} pictureUrl={turn.person.pictureUrl} size={28} />
                          <Text>
                            <VisuallyHidden>{`Turn ${turn.position}: `}</VisuallyHidden>
                            {turn.person.displayName}
                            {turn.isMe ? ' (you)' : ''}
                          </Text>
                        </Group>
                      </List.Item>
                    ))}
                  </List>
                </>
              ) : (
                <Text c="dimmed" data-testid="turn-order-pending">
                  {order.drawsAt
                    ? `The turn order is drawn by itself at the party time, ${formatDate(order.drawsAt)} ${order.drawsAt.slice(11, 16)} UTC.`
                    : 'The organizer draws the turn order; everyone here will see it.'}
                </Text>
              )}
              <Stack gap={4}>
                <Title order={3} fz="h4">
                  The rules
                </Title>
                <List type="ordered" size="sm" spacing={4} data-testid="turn-order-rules">
                  {order.rules.map((rule) => (
                    <List.Item key={rule}>{rule}</List.Item>
                  ))}
                </List>
              </Stack>
            </Stack>
          );
        }}
      </QueryView>
    </Card>
  );
}
