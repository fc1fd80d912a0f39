/**
 * /gift-exchanges/:exchangeId/draw-restrictions/ (v2.giftExchanges.drawRestrictions): everyone's
 * draw restrictions (`exchanges.restrictions`): whom each person may not draw, their household
 * (people of one household never draw each other, editable here), and a link to change each
 * person's list. Restrictions and households are fixed once the names are drawn.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { QueryView } from '../../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { joinNames } from '../../../kit/format';
import { ExchangePage } from './exchange-page';
import { ManagersOnly, PersonLine, type TExchangeDetail } from './exchange-parts';
import { HouseholdField, useAllRestrictions, type TRestrictionRow } from './restriction-parts';

/** "May not draw Ann and Bob" from ids, with the names the rows carry. */
function cannotDrawText(row: TRestrictionRow, names: ReadonlyMap<string, string>): string {
  if (row.cannotDraw.length === 0) return 'May draw anyone';
  const who = row.cannotDraw.map((id) => names.get(id) ?? 'someone who left').sort((a, b) => a.localeCompare(b));
  return `May not draw ${joinNames(who)}`;
}

function Restrictions({ exchange }: { exchange: TExchangeDetail }) {
  const rows = useAllRestrictions(exchange.exchangeId);
  const fixed = exchange.status !== 'open';
  return (
    <QueryView
      query={rows}
      skeleton={<ListSkeleton rows={4} />}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState
          title="Nobody to restrict yet"
          description="Restrictions are set between the people who take part. Invite people first."
        />
      }
    >
      {(list) => {
        const names = new Map(list.map((row) => [row.person.userId, row.person.displayName]));
        return (
          <Stack gap="sm" data-testid="restrictions-list">
            {list.map((row) => (
              <PersonLine
                key={row.person.userId}
                person={row.person}
                testId="restriction-row"
                detail={
                  <Stack gap={6} mt={4}>
                    <Text size="sm" data-testid="restriction-summary">
                      {cannotDrawText(row, names)}
                    </Text>
                    <HouseholdField
                      exchangeId={exchange.exchangeId}
                      userId={row.person.userId}
                      name={row.person.displayName}
                      household={row.household}
                      disabled={fixed}
                    />
                  </Stack>
                }
                actions={
                  fixed ? null : (
                    <Button
                      component={Link}
                      to={href('v2.giftExchanges.drawRestriction', {
                        exchangeId: exchange.exchangeId,
                        userId: row.person.userId,
                      })}
                      size="xs"
                      variant="light"
                      aria-label={`Change whom ${row.person.displayName} may not draw`}
                      data-testid="restriction-edit"
                    >
                      Change
                    </Button>
                  )
                }
              />
            ))}
          </Stack>
        );
      }}
    </QueryView>
  );
}

export default function DrawRestrictionsScreen() {
  const { exchangeId = '' } = useParams();
  return (
    <ExchangePage exchangeId={exchangeId} title="Draw restrictions" testId="exchange-restrictions-screen">
      {(exchange) => (
        <ManagersOnly exchange={exchange}>
          <Stack gap="md">
            <Text c="dimmed">
              Keep couples, housemates or last year’s pairs apart: say whom each person may not draw, or give people who
              live together the same household name.
            </Text>
            {exchange.status !== 'open' ? (
              <Alert color="blue" variant="light" data-testid="restrictions-fixed">
                The names are drawn, so restrictions and households can no longer change.
              </Alert>
            ) : null}
            <Restrictions exchange={exchange} />
          </Stack>
        </ManagersOnly>
      )}
    </ExchangePage>
  );
}
