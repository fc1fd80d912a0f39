/**
 * /gift-exchanges/:exchangeId/rsvp-acknowledge/ and …/rsvp-acknowledge/confirm/
 * (v2.giftExchanges.rsvpAcknowledge, v2.giftExchanges.rsvpAcknowledge.confirm): right after the
 * answer. Accepted: "You're in!", when the names will be drawn, and the next step (the wish list).
 * Declined: the organizer will know, and the answer can change until the draw.
 */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { href } from '../../../routes/route-table';
import { ExchangePage, useExchangeQuery } from '../manage/exchange-page';
import { BackToExchange, type TExchangeDetail } from '../manage/exchange-parts';
import { formatDate } from '../../../kit/format';

function drawnWhen(exchange: TExchangeDetail): string {
  if (exchange.drawnAt) return 'The names are already drawn: see who you give to on the exchange page.';
  if (exchange.signUpDate)
    return `Names will be drawn on ${formatDate(exchange.signUpDate)}, when sign-up closes. We will e-mail you who you give to.`;
  return `Names will be drawn before the exchange on ${formatDate(exchange.exchangeDate)}. We will e-mail you who you give to.`;
}

function Acknowledgement({ exchange }: { exchange: TExchangeDetail }) {
  const exchangeId = exchange.exchangeId;
  const status = exchange.me?.status ?? null;
  const changeAnswer = (
    <Button component={Link} to={href('v2.giftExchanges.rsvp', { exchangeId })} variant="default">
      Change my answer
    </Button>
  );

  if (status === 'accepted')
    return (
      <Card withBorder radius="md" padding="lg" data-testid="rsvp-ack-accepted">
        <Stack gap="md">
          <Text fz="lg" role="status">
            {drawnWhen(exchange)}
          </Text>
          <Text>
            Meanwhile, tell your Secret Santa what you would like: pick or make a wish list for “{exchange.title}”.
          </Text>
          {exchange.questionCount > 0 ? (
            <Text>
              {exchange.organizer.displayName} also asked{' '}
              {exchange.questionCount === 1 ? 'a question' : 'a few questions'} to break the ice.
            </Text>
          ) : null}
          <Group gap="sm">
            <Button
              component={Link}
              to={href('v2.giftExchanges.rsvpAcknowledge.wishlist', { exchangeId })}
              data-testid="rsvp-ack-wishlist"
            >
              Next: my wish list
            </Button>
            {exchange.questionCount > 0 ? (
              <Button
                component={Link}
                to={href('v2.giftExchanges.iceBreakerQuestions', { exchangeId })}
                variant="light"
                data-testid="rsvp-ack-questions"
              >
                Answer the questions
              </Button>
            ) : null}
            {exchange.can.rsvp ? changeAnswer : null}
          </Group>
        </Stack>
      </Card>
    );

  if (status === 'declined')
    return (
      <Card withBorder radius="md" padding="lg" data-testid="rsvp-ack-declined">
        <Stack gap="md">
          <Text fz="lg" role="status">
            Sorry you can’t make it. {exchange.organizer.displayName} will see that you declined.
          </Text>
          <Text>Changed your mind? You can answer again until the names are drawn.</Text>
          <Group gap="sm">
            {exchange.can.rsvp ? changeAnswer : null}
            <BackToExchange exchangeId={exchangeId} />
          </Group>
        </Stack>
      </Card>
    );

  return (
    <Card withBorder radius="md" padding="lg" data-testid="rsvp-ack-unanswered">
      <Stack gap="md">
        <Text>
          {status === 'organizing'
            ? 'You organize this exchange without drawing, so there is nothing to answer.'
            : 'You have not answered this invitation yet.'}
        </Text>
        <Group gap="sm">
          {exchange.can.rsvp ? (
            <Button component={Link} to={href('v2.giftExchanges.rsvp', { exchangeId })}>
              Answer the invitation
            </Button>
          ) : null}
          <BackToExchange exchangeId={exchangeId} />
        </Group>
      </Stack>
    </Card>
  );
}

const TITLES: Record<string, string> = { accepted: 'You’re in!', declined: 'Your answer is sent' };

export default function RsvpConfirmScreen() {
  const { exchangeId = '' } = useParams();
  const status = useExchangeQuery(exchangeId).data?.me?.status ?? '';
  return (
    <ExchangePage exchangeId={exchangeId} title={TITLES[status] ?? 'Your answer'} testId="rsvp-ack-screen">
      {(exchange) => <Acknowledgement exchange={exchange} />}
    </ExchangePage>
  );
}
