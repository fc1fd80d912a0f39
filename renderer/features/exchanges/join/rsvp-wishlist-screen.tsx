/**
 * /gift-exchanges/:exchangeId/rsvp-acknowledge/wishlist/ (v2.giftExchanges.rsvpAcknowledge.wishlist):
 * the step after accepting. The participant picks or makes the wish list their Secret Santa will
 * see and adds a few wishes (floaters too, without a password), then lands on the exchange's page.
 */
import { Button, Card, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { useAppNavigate } from '../../../routes/app-navigate';
import { href } from '../../../routes/route-table';
import { ExchangeWishListPicker } from '../generator/exchange-wish-list-picker';
import { ExchangePage } from '../manage/exchange-page';
import { EmptyState } from '../../../kit/states';
import { BackToExchange } from '../manage/exchange-parts';

export default function RsvpWishListScreen() {
  const { exchangeId = '' } = useParams();
  const navigate = useAppNavigate();
  return (
    <ExchangePage exchangeId={exchangeId} title="Your wish list" testId="rsvp-wishlist-screen">
      {(exchange) =>
        exchange.me?.status === 'accepted' ? (
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <Text>
                Your Secret Santa sees this list once the names are drawn. A few ideas with links make their job easier.
              </Text>
              <ExchangeWishListPicker
                exchangeId={exchangeId}
                onDone={() => void navigate(href('v2.giftExchanges.main', { exchangeId }))}
              />
            </Stack>
          </Card>
        ) : (
          <EmptyState
            title="Accept the invitation first"
            description="Only people taking part have a Secret Santa to read their wish list."
            action={
              exchange.can.rsvp ? (
                <Button component={Link} to={href('v2.giftExchanges.rsvp', { exchangeId })}>
                  Answer the invitation
                </Button>
              ) : (
                <BackToExchange exchangeId={exchangeId} />
              )
            }
          />
        )
      }
    </ExchangePage>
  );
}
