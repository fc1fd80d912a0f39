/**
 * /admin/viewexchangedetails/ (v2.admin.viewExchangeDetails): find an exchange by id, title or the
 * organizer's e-mail (?q= keeps the search in the address), then open its details.
 */
import { Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { GiftIcon } from '../../app/icons';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { AdminPage } from './admin-page';
import { SearchForm, staffDate, useSearchForm } from './admin-parts';

export default function ExchangeSearchScreen() {
  const [search, setSearch] = useSearchParams();
  const query = search.get('q')?.trim() ?? '';
  const form = useSearchForm(query, (value) => setSearch({ q: value }));
  const results = trpc.admin.findExchanges.useQuery({ query }, { enabled: query !== '', retry: false });
  return (
    <AdminPage
      title="Exchange details"
      description="Any gift exchange as support sees it: who takes part, its events, questions, restrictions, countries and staff notes."
      testId="admin-exchanges"
    >
      <SearchForm
        form={form}
        label="Exchange"
        placeholder="Title, organizer e-mail or exchange id"
        testId="exchange-search"
      />
      {query === '' ? (
        <EmptyState
          icon={<GiftIcon size={24} />}
          title="Search for an exchange"
          description="Type part of its title or the organizer's e-mail, or paste the exchange id from a ticket."
        />
      ) : (
        <QueryView
          query={results}
          skeleton={<ListSkeleton rows={3} />}
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState
              icon={<GiftIcon size={24} />}
              title={`No exchange matches “${query}”`}
              description="Try the organizer's e-mail or the exchange id."
            />
          }
        >
          {(list) => (
            <Stack gap="sm" data-testid="exchange-search-results">
              {list.map((exchange) => (
                <Card
                  key={exchange.exchangeId}
                  withBorder
                  radius="md"
                  padding="md"
                  data-testid="exchange-search-result"
                >
                  <Group justify="space-between" wrap="wrap">
                    <Stack gap={2}>
                      <Text fw={600}>{exchange.title}</Text>
                      <Text size="xs" c="dimmed">
                        {`${exchange.status} · ${staffDate(exchange.exchangeDate)} · ${exchange.participantCount} people · organized by ${exchange.organizer.displayName}`}
                      </Text>
                    </Stack>
                    <Button
                      size="xs"
                      variant="default"
                      component={Link}
                      to={href('v2.admin.viewExchangeDetails.exchange', { exchangeId: exchange.exchangeId })}
                    >
                      Open<VisuallyHidden> {exchange.title}</VisuallyHidden>
                    </Button>
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
        </QueryView>
      )}
    </AdminPage>
  );
}
