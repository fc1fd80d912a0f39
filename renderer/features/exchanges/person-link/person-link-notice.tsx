/**
 * On the exchange overview of a person who takes part through a private link (issue 31): a line
 * saying so and, when the organizer replaced a link that had been opened, when that was. If the
 * person did not open that earlier link themselves, someone else read their page: this is how a
 * peek through a link is noticed (docs/secrecy.md, "People without e-mail").
 */
import { Alert, Stack, Text } from '@mantine/core';
import { trpc } from '../../../trpc';
import { formatDate } from '../../../kit/format';

/** Whether the caller takes part through a link; the overview starts it beside the exchange's own. */
export function useMyPersonLink(exchangeId: string) {
  return trpc.exchanges.myPersonLink.useQuery({ exchangeId }, { retry: false, enabled: exchangeId !== '' });
}

export function PersonLinkNotice({ exchangeId }: { exchangeId: string }) {
  const mine = useMyPersonLink(exchangeId);
  if (!mine.data?.byLink) return null;
  const opened = mine.data.replacedAfterOpening;
  return (
    <Stack gap="xs" data-testid="person-link-notice">
      <Text size="sm" c="dimmed">
        You take part through a private link. Keep it to yourself: it works on this browser only.
      </Text>
      {opened.length > 0 ? (
        <Alert color="orange" variant="light" title="Your earlier link had been opened" data-testid="person-link-peek">
          {opened
            .map(
              (link) =>
                `A link of yours was opened on ${formatDate(link.openedAt)} before the organizer replaced it on ${formatDate(link.replacedAt)}.`,
            )
            .join(' ')}{' '}
          If that was not you, someone else may have seen your page.
        </Alert>
      ) : null}
    </Stack>
  );
}
