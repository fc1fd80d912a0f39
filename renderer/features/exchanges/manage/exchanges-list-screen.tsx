/**
 * /gift-exchanges/ (v2.giftExchanges.list): the caller's gift exchanges (`exchanges.mine`), grouped:
 * the ones they organize or assist, the ones they take part in, the invitations waiting for an
 * answer, and past ones (exchanged, archived, or whose date has gone). Each card shows the theme,
 * status, date, the caller's part and how many take part. With none, an invitation to start one.
 */
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../routes/link';
import type { TExchangeRole } from '../../../../server/contracts/exchanges';
import { exchangeTheme } from '../../../../server/contracts/exchange-values';
import { GiftIcon } from '../../../app/icons';
import { CardGrid } from '../../../kit/card-grid';
import { PageLayout } from '../../../kit/page-layout';
import { QueryView } from '../../../kit/query-view';
import { CardGridSkeleton, EmptyState } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { ExchangeStatusBadge, exchangeFacts, PARTICIPANT_STATUS_LABELS, type TExchangeSummary } from './exchange-parts';
import { countOf } from '../../../kit/format';

type TGroupKey = 'organizing' | 'takingPart' | 'invited' | 'past';

const GROUPS: readonly { key: TGroupKey; title: string; hint: string }[] = [
  { key: 'invited', title: 'Invitations', hint: 'Say whether you take part before the sign-up date.' },
  { key: 'organizing', title: 'Organizing', hint: 'Exchanges you run, alone or as an assistant.' },
  { key: 'takingPart', title: 'Taking part', hint: 'Exchanges you give and receive a gift in.' },
  { key: 'past', title: 'Past', hint: 'Gifts exchanged, or archived.' },
];

const ROLE_LABELS: Record<TExchangeRole, string> = {
  organizer: 'You organize it',
  assistant: 'You help organize it',
  participant: 'You take part',
  invitee: 'You are invited',
  none: '',
};

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

function groupOf(exchange: TExchangeSummary, today: string): TGroupKey {
  if (exchange.status === 'exchanged' || exchange.status === 'archived' || exchange.exchangeDate < today) return 'past';
  if (exchange.myRole === 'organizer' || exchange.myRole === 'assistant') return 'organizing';
  if (exchange.myRole === 'invitee' || exchange.myStatus === 'declined') return 'invited';
  return 'takingPart';
}

function myPart(exchange: TExchangeSummary): string {
  const role = ROLE_LABELS[exchange.myRole];
  if (exchange.myRole === 'invitee' || !exchange.myStatus) return role;
  if (exchange.myStatus === 'declined') return 'You declined';
  if (exchange.myStatus === 'organizing') return `${role} · without drawing`;
  return exchange.myRole === 'participant'
    ? role
    : `${role} · ${PARTICIPANT_STATUS_LABELS[exchange.myStatus].toLowerCase()}`;
}

function ExchangeCard({ exchange }: { exchange: TExchangeSummary }) {
  const theme = exchangeTheme(exchange.themeId);
  const main = href('v2.giftExchanges.main', { exchangeId: exchange.exchangeId });
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      style={{ borderTop: `5px solid ${theme.color}` }}
      data-testid="exchange-card"
      data-exchange-id={exchange.exchangeId}
    >
      <Stack gap="xs" style={{ flex: 1 }}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Text component="span" fz={28} lh={1} role="img" aria-label={`Theme: ${theme.name}`}>
            {theme.emoji}
          </Text>
          <Stack gap={4} miw={0}>
            <Anchor component={Link} to={main} fw={700} fz="lg" data-testid="exchange-card-link">
              {exchange.title}
            </Anchor>
            <Group gap="xs">
              <ExchangeStatusBadge status={exchange.status} />
            </Group>
          </Stack>
        </Group>
        <Text size="sm">{exchangeFacts(exchange).slice(0, 2).join(' · ')}</Text>
        <Text size="sm" data-testid="exchange-card-my-part">
          {myPart(exchange)}
        </Text>
        <Text size="sm" c="dimmed" data-testid="exchange-card-counts">
          {`${countOf(exchange.acceptedCount, 'person takes', 'people take')} part · ${countOf(exchange.participantCount, 'person', 'people')} invited · organized by ${exchange.organizer.displayName}`}
        </Text>
        {exchange.myRole === 'invitee' ? (
          <Group mt="auto">
            <Button
              component={Link}
              to={href('v2.giftExchanges.rsvp', { exchangeId: exchange.exchangeId })}
              size="xs"
              data-testid="exchange-card-rsvp"
            >
              Answer the invitation
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

export default function ExchangesListScreen() {
  const mine = trpc.exchanges.mine.useQuery();
  const start = (
    <Button component={Link} to={href('v2.generator.root')} leftSection={<GiftIcon size={16} aria-hidden />}>
      Start a Secret Santa
    </Button>
  );

  return (
    <PageLayout
      title="Gift exchanges"
      description="Your Secret Santas: the ones you run, the ones you are in, and invitations waiting for an answer."
      breadcrumbs={[{ label: 'Home', to: href('v2.home') }, { label: 'Gift exchanges' }]}
      actions={start}
      testId="exchanges-list-screen"
    >
      <QueryView
        query={mine}
        skeleton={<CardGridSkeleton count={3} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={<GiftIcon size={24} />}
            title="No gift exchanges yet"
            description="Start a Secret Santa for your family, friends or office: invite people, let them add wish lists, and we draw the names for you."
            action={
              <Button component={Link} to={href('v2.generator.root')} variant="light" data-testid="exchanges-start">
                Start a Secret Santa
              </Button>
            }
          />
        }
      >
        {(list) => {
          const today = todayIso();
          return (
            <Stack gap="xl">
              {GROUPS.map((group) => {
                const items = list.filter((exchange) => groupOf(exchange, today) === group.key);
                if (items.length === 0) return null;
                return (
                  <section
                    key={group.key}
                    aria-labelledby={`exchanges-${group.key}`}
                    data-testid={`exchanges-${group.key}`}
                  >
                    <Stack gap="sm">
                      <div>
                        <Title order={2} fz="h3" id={`exchanges-${group.key}`}>
                          {group.title}
                        </Title>
                        <Text size="sm" c="dimmed">
                          {group.hint}
                        </Text>
                      </div>
                      <CardGrid>
                        {items.map((exchange) => (
                          <ExchangeCard key={exchange.exchangeId} exchange={exchange} />
                        ))}
                      </CardGrid>
                    </Stack>
                  </section>
                );
              })}
            </Stack>
          );
        }}
      </QueryView>
    </PageLayout>
  );
}
