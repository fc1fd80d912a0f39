/**
 * /admin/viewexchangedetails/ (v2.admin.viewExchangeDetails): find an exchange by id, title or the
 * organizer's e-mail (?q= keeps the search in the address), then open its details.
 */
import { Stack } from '@mantine/core';
import { GiftIcon } from '../../app/icons';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { AdminPage } from './admin-page';
import { FoundCard, SearchForm, SearchResults, staffDate, useAddressSearch } from './admin-parts';

export default function ExchangeSearchScreen() {
  const { query, form } = useAddressSearch();
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
      <SearchResults
        query={query}
        results={results}
        icon={<GiftIcon size={24} />}
        what="an exchange"
        hint="Type part of its title or the organizer's e-mail, or paste the exchange id from a ticket."
        tryInstead="Try the organizer's e-mail or the exchange id."
      >
        {(list) => (
          <Stack gap="sm" data-testid="exchange-search-results">
            {list.map((exchange) => (
              <FoundCard
                key={exchange.exchangeId}
                title={exchange.title}
                facts={`${exchange.status} · ${staffDate(exchange.exchangeDate)} · ${exchange.participantCount} people · organized by ${exchange.organizer.displayName}`}
                to={href('v2.admin.viewExchangeDetails.exchange', { exchangeId: exchange.exchangeId })}
                testId="exchange-search-result"
              />
            ))}
          </Stack>
        )}
      </SearchResults>
    </AdminPage>
  );
}
