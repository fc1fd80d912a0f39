/**
 * /gift-exchanges/:exchangeId/participants/ (v2.giftExchanges.participants) and the legacy
 * manage-participants page: the exchange's people (`exchanges.participants`, paged), each with
 * their answer and part; managers see e-mails, households and wish lists, and manage each person
 * (resend, assistant, disqualify, replace, remove). Others see the list only when the organizer
 * lets participants see each other.
 */
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { DEFAULT_PAGE_LIMIT } from '../../../../server/contracts/paging-values';
import { statusOf } from '../../../app/runtime/app-runtime';
import { QueryView } from '../../../kit/query-view';
import { EmptyState, ErrorState, ListSkeleton } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { ExchangePage } from './exchange-page';
import { ParticipantSummary, PersonLine, type TExchangeDetail } from './exchange-parts';
import { Pager } from '../../../kit/pager';
import { ParticipantActions } from './participant-actions';
import { PersonLinksPanel } from './person-links-panel';

function ParticipantList({ exchange }: { exchange: TExchangeDetail }) {
  const [offset, setOffset] = useState(0);
  const { exchangeId } = exchange;
  const page = trpc.exchanges.participants.useQuery(
    { exchangeId, limit: DEFAULT_PAGE_LIMIT, offset },
    { retry: false, placeholderData: (previous) => previous },
  );
  if (page.isError && statusOf(page.error) === 403)
    return (
      <EmptyState
        title="The list of participants is private"
        description={`${exchange.organizer.displayName} keeps who takes part to the organizers. You will still see your own recipient once the names are drawn.`}
      />
    );
  if (page.isError)
    return <ErrorState error={page.error} onRetry={() => void page.refetch()} retrying={page.isFetching} />;
  return (
    <QueryView
      query={page}
      skeleton={<ListSkeleton rows={4} />}
      isEmpty={(data) => data.items.length === 0}
      empty={
        <EmptyState
          title="Nobody here yet"
          description="Invite people by e-mail, or share the sign-up link from the exchange’s overview."
          action={
            exchange.can.manage ? (
              <Button component={Link} to={href('v2.giftExchanges.invite', { exchangeId })} variant="light">
                Invite people
              </Button>
            ) : undefined
          }
        />
      }
    >
      {(data) => (
        <Stack gap="sm">
          <Stack gap="sm" data-testid="participants-list">
            {data.items.map((participant) => (
              <PersonLine
                key={participant.person.userId}
                person={participant.person}
                to={href('v2.giftExchanges.participant', { exchangeId, userId: participant.person.userId })}
                detail={<ParticipantSummary participant={participant} />}
                actions={<ParticipantActions exchange={exchange} participant={participant} />}
                testId="participant-row"
              />
            ))}
          </Stack>
          <Pager
            offset={offset}
            limit={DEFAULT_PAGE_LIMIT}
            total={data.paging.total}
            onChange={setOffset}
            label="Pages of participants"
          />
        </Stack>
      )}
    </QueryView>
  );
}

export default function ParticipantsScreen() {
  const { exchangeId = '' } = useParams();
  return (
    <ExchangePage
      exchangeId={exchangeId}
      title="Participants"
      testId="exchange-participants-screen"
      actions={(exchange) =>
        exchange.can.manage ? (
          <Button
            component={Link}
            to={href('v2.giftExchanges.invite', { exchangeId })}
            data-testid="participants-invite"
          >
            Invite people
          </Button>
        ) : null
      }
    >
      {(exchange) => (
        <Stack gap="md">
          {exchange.can.manage && exchange.drawnAt ? (
            <Text size="sm" c="dimmed" data-testid="participants-drawn-note">
              The names are drawn. Removing or replacing someone changes only the assignments that must change; the
              people concerned are told.
            </Text>
          ) : null}
          <ParticipantList exchange={exchange} />
          {exchange.can.manage ? <PersonLinksPanel exchange={exchange} /> : null}
        </Stack>
      )}
    </ExchangePage>
  );
}
