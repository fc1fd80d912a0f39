/**
 * Pieces the gift-exchange screens share: the output types, the words for dates, budgets, statuses
 * and roles, the plain-words state of an exchange that is not there or not the caller's, a person's
 * line, the "managers only" gate, and the error text of a refused call (the draw's named reason).
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../../../routes/link';
import type { TExchangeStatus, TParticipantStatus } from '../../../../server/contracts/exchanges';
import { DELIVERY_TYPE_LABELS, EXCHANGE_STATUS_LABELS } from '../../../../server/contracts/exchange-values';
import { GiftIcon } from '../../../app/icons';
import { AccessErrorState, EmptyState, errorText } from '../../../kit/states';
import { useToast } from '../../../kit/toast';
import { href } from '../../../routes/route-table';
import type { TRouterOutputs } from '../../../trpc';
import { PersonAvatar } from '../../../kit/person-avatar';
import { countOf, formatDate, formatMoney } from '../../../kit/format';

export type TExchangeDetail = TRouterOutputs['exchanges']['get'];
export type TExchangeSummary = TRouterOutputs['exchanges']['mine'][number];
export type TExchangeParticipant = TRouterOutputs['exchanges']['participant'];
export type TPersonSummary = TExchangeParticipant['person'];
export type TDrawOutcome = TRouterOutputs['exchanges']['draw'];

export const STATUS_COLORS: Record<TExchangeStatus, string> = {
  draft: 'gray',
  open: 'green',
  drawn: 'blue',
  exchanged: 'grape',
  archived: 'gray',
};

export function ExchangeStatusBadge({ status }: { status: TExchangeStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} data-testid="exchange-status">
      {EXCHANGE_STATUS_LABELS[status]}
    </Badge>
  );
}

export const PARTICIPANT_STATUS_LABELS: Record<TParticipantStatus, string> = {
  invited: 'Not answered yet',
  accepted: 'Taking part',
  declined: 'Declined',
  organizing: 'Organizing only',
};
const PARTICIPANT_STATUS_COLORS: Record<TParticipantStatus, string> = {
  invited: 'yellow',
  accepted: 'green',
  declined: 'gray',
  organizing: 'blue',
};

export function ParticipantStatusBadge({ status }: { status: TParticipantStatus }) {
  return (
    <Badge variant="light" color={PARTICIPANT_STATUS_COLORS[status]} data-testid="participant-status">
      {PARTICIPANT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "$50.00 budget", or "No budget" for 0. */
export function budgetText(budget: { amount: number; currency: string }): string {
  return budget.amount > 0 ? `${formatMoney(budget) ?? ''} budget` : 'No budget';
}

/** The facts of an exchange in one line: date, budget, delivery. */
export function exchangeFacts(exchange: Pick<TExchangeSummary, 'exchangeDate' | 'budget' | 'deliveryType'>): string[] {
  return [
    `Exchange on ${formatDate(exchange.exchangeDate)}`,
    budgetText(exchange.budget),
    DELIVERY_TYPE_LABELS[exchange.deliveryType],
  ];
}

/** The badges of one participant: organizer, assistant, disqualified, their answer. */
export function ParticipantBadges({ participant }: { participant: TExchangeParticipant }) {
  return (
    <Group gap={6} wrap="wrap">
      <ParticipantStatusBadge status={participant.status} />
      {participant.isOrganizer ? (
        <Badge variant="light" color="red">
          Organizer
        </Badge>
      ) : null}
      {participant.isAssistant ? (
        <Badge variant="light" color="blue" data-testid="participant-assistant">
          Assistant
        </Badge>
      ) : null}
      {participant.isDisqualified ? (
        <Badge variant="light" color="orange" data-testid="participant-disqualified">
          Disqualified
        </Badge>
      ) : null}
      {participant.awaitingDraw ? (
        <Badge variant="light" color="grape" data-testid="participant-awaiting-draw">
          Not yet drawn
        </Badge>
      ) : null}
      {participant.deliveryProblem === 'bounced' ? (
        <Badge variant="filled" color="red" data-testid="participant-bounced">
          This address bounced
        </Badge>
      ) : null}
      {participant.deliveryProblem === 'no-invitations' ? (
        <Badge variant="light" color="gray" data-testid="participant-no-invitations">
          Doesn’t accept invitations
        </Badge>
      ) : null}
    </Group>
  );
}

/** One person of an exchange: avatar, name (a link when `to` is given), a detail line, actions. */
export function PersonLine({
  person,
  to,
  detail,
  actions,
  testId = 'exchange-person',
}: {
  person: TPersonSummary;
  to?: string;
  detail?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId} data-user-id={person.userId}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <PersonAvatar name={person.displayName} pictureUrl={person.pictureUrl} />
          <Stack gap={2} miw={0}>
            {to ? (
              <Anchor component={Link} to={to} fw={600} data-testid="person-name">
                {person.displayName}
              </Anchor>
            ) : (
              <Text fw={600} data-testid="person-name">
                {person.displayName}
              </Text>
            )}
            {detail ? <div>{detail}</div> : null}
          </Stack>
        </Group>
        {actions ? (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Group>
    </Card>
  );
}

/**
 * A failed read of an exchange, in plain words: not there or not the caller's (404, 403), else
 * the server's message with a retry.
 */
export function ExchangeAccessError(props: { error: unknown; onRetry?: () => void; retrying?: boolean }) {
  return (
    <AccessErrorState
      {...props}
      notHere={{
        icon: <GiftIcon size={24} />,
        title: 'This exchange is not here, or not yours',
        description:
          'It may have been deleted, or you are not one of its people: only its organizer, assistants and the people invited can open it.',
        action: (
          <Button component={Link} to={href('v2.giftExchanges.list')} variant="light">
            Go to my gift exchanges
          </Button>
        ),
      }}
    />
  );
}

/** The way back to an exchange's overview, from a page that has nothing to show. */
export function BackToExchange({ exchangeId }: { exchangeId: string }) {
  return (
    <Button component={Link} to={href('v2.giftExchanges.main', { exchangeId })} variant="light">
      Back to the exchange
    </Button>
  );
}

/** For pages only the organizer and assistants use: the explanation others see instead. */
export function ManagersOnly({ exchange, children }: { exchange: TExchangeDetail; children: ReactNode }) {
  if (exchange.can.manage) return <>{children}</>;
  if (exchange.status === 'archived')
    return (
      <EmptyState
        title="This exchange is archived"
        description={`“${exchange.title}” is kept as it was: it can no longer change.`}
        action={<BackToExchange exchangeId={exchange.exchangeId} />}
      />
    );
  return (
    <EmptyState
      title="Only the organizer and assistants can change this"
      description={`${exchange.organizer.displayName} runs “${exchange.title}”. Ask them if something should change.`}
      action={<BackToExchange exchangeId={exchange.exchangeId} />}
    />
  );
}

/** The human message of a refused call: `data.details.message` when the server gave one. */
export function refusalText(error: unknown): string {
  const details = (error as { data?: { details?: { message?: unknown } | null } | null } | null)?.data?.details;
  if (details && typeof details.message === 'string' && details.message) return details.message;
  return errorText(error);
}

/**
 * The kit's toasts, one line each (a titled toast dims its message below AA contrast), and
 * `failed(title, error)` for a refused call.
 */
export function useExchangeToast() {
  const toast = useToast();
  return {
    success: (message: string) => toast.success(message),
    failed: (title: string, error: unknown) => toast.error(`${title}: ${refusalText(error)}`),
  };
}

/** After a change to the people once names are drawn: how many givers got someone new. */
export function changedGiversText(outcome: TDrawOutcome): string {
  if (outcome.status !== 'drawn') return '';
  if (outcome.changedGivers === 0) return ' Nobody’s assignment had to change.';
  return ` ${countOf(outcome.changedGivers, 'person has', 'people have')} a new person to give to and ${outcome.changedGivers === 1 ? 'was' : 'were'} told.`;
}

/** What a manager (or the person themself) learns about a participant beyond their name. */
export function participantNotes(participant: TExchangeParticipant): string[] {
  const notes: string[] = [];
  if (participant.email) notes.push(participant.email);
  if (participant.household) notes.push(`Household: ${participant.household}`);
  if (participant.status === 'accepted') notes.push(participant.hasWishList ? 'Has a wish list' : 'No wish list yet');
  if (participant.disqualifiedReason) notes.push(`Left out: ${participant.disqualifiedReason}`);
  return notes;
}

/** A participant's badges and notes, under their name. */
export function ParticipantSummary({ participant }: { participant: TExchangeParticipant }) {
  const notes = participantNotes(participant);
  return (
    <Stack gap={4}>
      <ParticipantBadges participant={participant} />
      {notes.length ? (
        <Text size="xs" c="dimmed" data-testid="participant-notes">
          {notes.join(' · ')}
        </Text>
      ) : null}
    </Stack>
  );
}
