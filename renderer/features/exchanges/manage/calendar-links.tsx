/**
 * "Add to calendar" on the exchange's overview (issue 29): the .ics download (a signed address, so
 * the browser's plain download needs no token) and Google Calendar's "add event" page. Both carry
 * the exchange's day (and party time and place when given) without shifting across time zones.
 */
import { Button, Group } from '@mantine/core';
import { trpc } from '../../../trpc';

/** The links' query; the overview starts it beside the exchange's own (see overview-screen.tsx). */
export function useCalendarLinks(exchangeId: string) {
  return trpc.exchanges.calendarLinks.useQuery(
    { exchangeId },
    { retry: false, staleTime: 5 * 60_000, enabled: exchangeId !== '' },
  );
}

export function CalendarLinks({ exchangeId }: { exchangeId: string }) {
  const links = useCalendarLinks(exchangeId);
  if (!links.data) return null;
  return (
    <Group gap="sm" data-testid="exchange-calendar">
      <Button
        component="a"
        href={links.data.icsUrl}
        download="gift-exchange.ics"
        variant="light"
        size="xs"
        data-testid="exchange-add-to-calendar"
      >
        Add to calendar
      </Button>
      <Button
        component="a"
        href={links.data.googleUrl}
        target="_blank"
        rel="noopener noreferrer"
        variant="default"
        size="xs"
        data-testid="exchange-google-calendar"
      >
        Google Calendar
      </Button>
    </Group>
  );
}
