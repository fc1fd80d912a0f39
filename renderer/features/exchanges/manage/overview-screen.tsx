/**
 * /gift-exchanges/:exchangeId/ (v2.giftExchanges.main): an exchange's overview. An invitee who has
 * not answered is asked to; before the draw it shows who is in, what is missing and (managers) the
 * sign-up link and the draw; after the draw the caller's own recipient and the two anonymous
 * conversations, and for managers the redraw and, when the privacy settings allow, the whole draw.
 */
import { Alert, Anchor, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { ListSkeleton } from '../../../kit/states';
import { PersonLinkNotice, useMyPersonLink } from '../person-link/person-link-notice';
import { BeforeDraw, useMissingPeople } from './draw-panel';
import { CalendarLinks, useCalendarLinks } from './calendar-links';
import { ExchangePage } from './exchange-page';
import { WallPanel } from './wall-panel';
import { isPartyGame } from '../../../../server/contracts/exchange-values';
import { type TExchangeDetail } from './exchange-parts';
import { formatDate } from '../../../kit/format';

// What only a drawn exchange or a party game shows loads when it is shown: the open exchange's page
// (the one most members open before the draw) stays within its weight limit (npm run size).
const AfterDraw = lazy(() => import('./after-draw'));
const GalleryPanel = lazy(() => import('./gallery-panel').then((module) => ({ default: module.GalleryPanel })));
const TurnOrderCard = lazy(() => import('./turn-order-card').then((module) => ({ default: module.TurnOrderCard })));
const partLoading = <Skeleton h={120} radius="md" aria-busy="true" aria-label="Loading" />;

function RsvpCall({ exchange }: { exchange: TExchangeDetail }) {
  return (
    <Alert color="red" variant="light" title="You’re invited" data-testid="exchange-rsvp-call">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {`${exchange.organizer.displayName} invited you to “${exchange.title}”. Say whether you take part${exchange.signUpDate ? ` by ${formatDate(exchange.signUpDate)}` : ''}.`}
        </Text>
        <Button
          component={Link}
          to={href('v2.giftExchanges.rsvp', { exchangeId: exchange.exchangeId })}
          data-testid="exchange-rsvp-link"
        >
          Answer the invitation
        </Button>
      </Stack>
    </Alert>
  );
}

function Details({ exchange }: { exchange: TExchangeDetail }) {
  const place = exchange.location;
  if (!exchange.description && !place && !exchange.partyTime) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="exchange-details">
      <Stack gap="xs">
        {exchange.description ? (
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="exchange-description">
            {exchange.description}
          </Text>
        ) : null}
        {place ? (
          <Text size="sm">
            {'Where: '}
            {exchange.locationGooglePlaceUrl ? (
              <Anchor
                href={exchange.locationGooglePlaceUrl}
                target="_blank"
                rel="noopener noreferrer"
                underline="always"
              >
                {place}
              </Anchor>
            ) : (
              place
            )}
          </Text>
        ) : null}
        {exchange.partyTime ? (
          <Text size="sm">{`Party at ${exchange.partyTime} on ${formatDate(exchange.exchangeDate)}`}</Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * Whether the parts that load on their own above "Draw names" (the private-link notice, the calendar
 * links, a party game's turn order, "Still missing") have answered, well or not. The overview paints
 * once they have: painted as each arrived, they pushed the button down under a tap already on its
 * way (a lost click, on a phone as in a busy test run).
 */
function usePartsSettled(exchange: TExchangeDetail): boolean {
  const personLink = useMyPersonLink(exchange.exchangeId);
  const calendar = useCalendarLinks(exchange.exchangeId);
  const missing = useMissingPeople(exchange);
  // TurnOrderCard's own query (same key and options); asked here, not through a hook of its module,
  // which loads only for party games.
  const party = isPartyGame(exchange.gameType);
  const turnOrder = trpc.exchanges.turnOrder.useQuery({ exchangeId: exchange.exchangeId }, { enabled: party });
  return (
    !personLink.isPending &&
    !calendar.isPending &&
    !(missing.wanted && missing.people.isPending) &&
    !(party && turnOrder.isPending)
  );
}

function Overview({ exchange }: { exchange: TExchangeDetail }) {
  const status = exchange.me?.status;
  if (!usePartsSettled(exchange)) return <ListSkeleton rows={3} height={96} />;
  return (
    <Stack gap="lg">
      {status === 'invited' && exchange.can.rsvp ? <RsvpCall exchange={exchange} /> : null}
      {status === 'declined' ? (
        <Alert color="gray" variant="light" title="You declined" data-testid="exchange-declined">
          <Stack gap={6} align="flex-start">
            <Text size="sm">You are not taking part in this exchange.</Text>
            {exchange.can.rsvp ? (
              <Anchor
                component={Link}
                to={href('v2.giftExchanges.rsvp', { exchangeId: exchange.exchangeId })}
                size="sm"
              >
                Change your answer
              </Anchor>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <PersonLinkNotice exchangeId={exchange.exchangeId} />
      {status !== 'declined' ? <CalendarLinks exchangeId={exchange.exchangeId} /> : null}
      <Details exchange={exchange} />
      <Suspense fallback={partLoading}>
        {isPartyGame(exchange.gameType) ? <TurnOrderCard exchangeId={exchange.exchangeId} /> : null}
        {exchange.drawnAt ? <AfterDraw exchange={exchange} /> : <BeforeDraw exchange={exchange} />}
        {status === 'declined' ? null : (
          <>
            <WallPanel exchangeId={exchange.exchangeId} />
            {exchange.drawnAt ? <GalleryPanel exchangeId={exchange.exchangeId} /> : null}
          </>
        )}
      </Suspense>
    </Stack>
  );
}

export default function ExchangeOverviewScreen() {
  const { exchangeId = '' } = useParams();
  // Asked for beside the exchange itself (one batch), not once it has arrived; with the id as the
  // server spells it (lower case), so the overview's own hooks find these answers.
  useMyPersonLink(exchangeId.toLowerCase());
  useCalendarLinks(exchangeId.toLowerCase());
  return (
    <ExchangePage exchangeId={exchangeId} testId="exchange-overview-screen">
      {(exchange) => <Overview exchange={exchange} />}
    </ExchangePage>
  );
}
