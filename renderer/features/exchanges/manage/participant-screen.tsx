/**
 * /gift-exchanges/:exchangeId/participants/:userId/ (v2.giftExchanges.participant): one person of
 * an exchange (`exchanges.participant`): their answer, part and, for managers, e-mail, comment,
 * household (editable before the draw), a link to their draw restrictions and the manager's menu.
 * Never anything about whom they draw.
 */
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { useAppNavigate } from '../../../routes/app-navigate';
import { statusOf } from '../../../app/runtime/app-runtime';
import { QueryView } from '../../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { PersonAvatar } from '../../../kit/person-avatar';
import { ExchangePage } from './exchange-page';
import {
  BackToExchange,
  ExchangeAccessError,
  ParticipantBadges,
  type TExchangeDetail,
  type TExchangeParticipant,
} from './exchange-parts';
import { formatDate } from '../../../kit/format';
import { ParticipantActions } from './participant-actions';
import { HouseholdField } from './restriction-parts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

function PersonCard({ exchange, participant }: { exchange: TExchangeDetail; participant: TExchangeParticipant }) {
  const navigate = useAppNavigate();
  const { exchangeId } = exchange;
  const { person } = participant;
  const manager = exchange.can.manage;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg" data-testid="participant-card">
        <Stack gap="md">
          <Group justify="space-between" gap="md">
            <Group gap="md" wrap="nowrap">
              <PersonAvatar name={person.displayName} pictureUrl={person.pictureUrl} size={56} />
              <Stack gap={4}>
                <Text fw={700} fz="lg" data-testid="participant-name">
                  {person.displayName}
                </Text>
                <ParticipantBadges participant={participant} />
              </Stack>
            </Group>
            <ParticipantActions
              exchange={exchange}
              participant={participant}
              onRemoved={() => void navigate(href('v2.giftExchanges.participants', { exchangeId }), { replace: true })}
            />
          </Group>
          <Stack gap="xs" component="dl" m={0}>
            {participant.email ? <Fact label="E-mail">{participant.email}</Fact> : null}
            <Fact label="Invited">{formatDate(participant.invitedAt)}</Fact>
            {participant.respondedAt ? <Fact label="Answered">{formatDate(participant.respondedAt)}</Fact> : null}
            {participant.comment ? (
              <Fact label="Their note">
                <span style={{ whiteSpace: 'pre-wrap' }}>{participant.comment}</span>
              </Fact>
            ) : null}
            <Fact label="Wish list">{participant.hasWishList ? 'Picked for this exchange' : 'Not picked yet'}</Fact>
            <Fact label="Shipping abroad">
              {participant.willShipInternationally ? 'Will ship abroad' : 'Ships in their country only'}
            </Fact>
            {participant.disqualifiedReason ? (
              <Fact label="Left out of the draw">{participant.disqualifiedReason}</Fact>
            ) : null}
          </Stack>
          <Anchor component={Link} to={href('v2.profile.main', { userId: person.userId })} size="sm">
            {`See ${person.shortName || person.displayName}’s profile`}
          </Anchor>
        </Stack>
      </Card>
      {manager && !participant.isOrganizer && participant.status !== 'declined' ? (
        <Card withBorder radius="md" padding="lg" data-testid="participant-draw-settings">
          <Stack gap="sm" align="flex-start">
            <Title order={2} fz="h4">
              In the draw
            </Title>
            <Text size="sm" c="dimmed">
              People of one household never draw each other. Give the same household name to everyone who lives
              together.
            </Text>
            <HouseholdField
              exchangeId={exchangeId}
              userId={person.userId}
              name={person.displayName}
              household={participant.household}
              disabled={exchange.status !== 'open'}
            />
            <Button
              component={Link}
              to={href('v2.giftExchanges.drawRestriction', { exchangeId, userId: person.userId })}
              variant="light"
              size="sm"
              data-testid="participant-restrictions-link"
            >
              {`Who ${person.shortName || person.displayName} may not draw`}
            </Button>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}

function Participant({ exchange, userId }: { exchange: TExchangeDetail; userId: string }) {
  const participant = trpc.exchanges.participant.useQuery(
    { exchangeId: exchange.exchangeId, userId },
    { retry: false },
  );
  const status = participant.isError ? statusOf(participant.error) : null;
  if (status === 404 || status === 403)
    return (
      <EmptyState
        title={status === 404 ? 'This person is not in the exchange' : 'The list of participants is private'}
        description={
          status === 404
            ? 'They may have been removed or replaced, or they declined and were taken off the list.'
            : `${exchange.organizer.displayName} keeps who takes part to the organizers.`
        }
        action={<BackToExchange exchangeId={exchange.exchangeId} />}
      />
    );
  if (participant.isError)
    return (
      <ExchangeAccessError
        error={participant.error}
        onRetry={() => void participant.refetch()}
        retrying={participant.isFetching}
      />
    );
  return (
    <QueryView query={participant} skeleton={<ListSkeleton rows={3} />}>
      {(data) => <PersonCard exchange={exchange} participant={data} />}
    </QueryView>
  );
}

export default function ParticipantScreen() {
  const { exchangeId = '', userId = '' } = useParams();
  const person = trpc.exchanges.participant.useQuery({ exchangeId, userId }, { retry: false });
  return (
    <ExchangePage
      exchangeId={exchangeId}
      title={person.data?.person.displayName ?? 'Participant'}
      testId="exchange-participant-screen"
    >
      {(exchange) => <Participant exchange={exchange} userId={userId} />}
    </ExchangePage>
  );
}
