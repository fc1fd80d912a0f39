/**
 * Home (`/home/`, v2.home): a welcome, quick links into the main areas and the top-level gift guides.
 * A signed-in member also gets their gift exchanges' next steps, birthdays coming up, reminders,
 * recent activity and people they may know (member-home.tsx, loaded for members only).
 */
import { Card, Container, Group, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Suspense } from 'react';
import { AfterFirstPaint } from '../../kit/after-first-paint';
import { CardGrid } from '../../kit/card-grid';
import { lazyPart } from '../../kit/lazy-part';
import { Link } from '../../routes/link';
import { GiftIcon, ListIcon, MessageIcon, ShoppingBagIcon, SparklesIcon, TreeIcon, UsersIcon } from '../../app/icons';
import { useIdentity } from '../../auth/identity-provider';
import { href } from '../../routes/route-table';
import type { TPrefetchContext } from '../../trpc';
import { prefetchMarket } from '../shop/market-prefetch';
import { useMarket } from '../shop/use-market';
import { formatCount } from './format';
import { GiftGuideGrid, GiftGuideGridSkeleton } from './gift-guide-grid';
import { LoadErrorAlert } from './load-error-alert';
import { prefetchMemberHome } from './member-home-queries';
import { useLandingSummary } from './use-landing-summary';

const QUICK_LINKS = [
  {
    Icon: SparklesIcon,
    color: 'red',
    label: 'Start a gift exchange',
    hint: 'Draw names in minutes',
    to: href('v2.generator.root'),
  },
  {
    Icon: GiftIcon,
    color: 'green',
    label: 'Gift exchanges',
    hint: 'Your draws and RSVPs',
    to: href('v2.giftExchanges.list'),
  },
  { Icon: ListIcon, color: 'orange', label: 'Wish lists', hint: 'Add and share wishes', to: href('v2.wishLists.own') },
  {
    Icon: ShoppingBagIcon,
    color: 'grape',
    label: 'Shop',
    hint: 'Gift guides and new arrivals',
    to: href('v2.shop.root'),
  },
  { Icon: UsersIcon, color: 'blue', label: 'Groups', hint: 'Family, friends, teams', to: href('v2.groups.list') },
  { Icon: MessageIcon, color: 'teal', label: 'Messages', hint: 'Chats and reminders', to: href('v2.messages') },
] as const;

/** The member's sections: visitors never load them; a member's start loading with the page's data. */
const memberHome = lazyPart(() => import('./member-home'));

/**
 * A member's /home/ data, started by the router as soon as the member is known (screens.ts), all in
 * one request beside the screen's code instead of after the shell and this screen rendered: the
 * member's sections (and their code), and the market with the gift guides for it (then the one
 * request more they need). The router shows the page once they are here.
 */
export function prefetch({ utils, userId, search }: TPrefetchContext): Promise<unknown> {
  return Promise.all([
    memberHome.preload(),
    prefetchMemberHome(utils, userId),
    prefetchMarket(utils, search).then((market) => utils.home.landing.prefetch({ market })),
  ]);
}

export default function HomeScreen() {
  // The same market as the shop and the landing page (use-market.ts); the summary is asked for
  // once it is known (asked for the server's default meanwhile, a member's page asked twice).
  const chosen = useMarket();
  const landing = useLandingSummary(chosen.market, { enabled: chosen.isReady });
  const data = landing.data;
  const { flags } = useIdentity();

  return (
    <Container size="lg" py="lg">
      <Stack gap="xl">
        <Stack gap={4} data-testid="home-welcome">
          <Title order={1}>
            Welcome to Gifting{' '}
            <span
              style={{ color: 'var(--mantine-color-green-7)', display: 'inline-block', verticalAlign: '-0.1em' }}
              aria-hidden
            >
              <TreeIcon size="0.9em" />
            </span>
          </Title>
          <Text c="dimmed">Pick up where you left off, or start something new.</Text>
          {/* Its own line, there from the first paint with the count's place held: appended to the
              sentence above when the count arrived, it wrapped onto a new line on a phone and pushed
              the page down (Lighthouse: a layout shift of 0.086 on /home/). */}
          {landing.isError && !data ? null : (
            <Text c="dimmed" data-testid="home-member-count-line">
              You are one of{' '}
              {data ? (
                <Text span fw={700} c="red.7" data-testid="member-count" data-value={data.memberCount}>
                  {formatCount(data.memberCount, data.marketData.locale)}
                </Text>
              ) : (
                <Skeleton
                  component="span"
                  display="inline-block"
                  h="0.9em"
                  w="3em"
                  data-testid="member-count-loading"
                />
              )}{' '}
              members.
            </Text>
          )}
        </Stack>

        <CardGrid cols={{ base: 2, sm: 3, lg: 6 }} gap="md" data-testid="home-quick-links">
          {QUICK_LINKS.map((link) => (
            <UnstyledButton key={link.to} component={Link} to={link.to} data-testid="quick-link">
              <Card withBorder padding="md" radius="md" h="100%">
                <ThemeIcon size={40} radius="md" variant="light" color={link.color} aria-hidden>
                  <link.Icon size={22} />
                </ThemeIcon>
                <Text fw={700} mt="xs">
                  {link.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {link.hint}
                </Text>
              </Card>
            </UnstyledButton>
          ))}
        </CardGrid>

        {flags.isAuthenticated ? (
          <Suspense fallback={<Skeleton h={240} radius="md" aria-busy="true" aria-label="Loading" />}>
            <memberHome.Part />
          </Suspense>
        ) : null}

        {/* Below the fold on every screen: rendered after the first paint (kit/after-first-paint). */}
        <AfterFirstPaint>
          <Stack gap="md" component="section" aria-labelledby="home-guides-heading">
            <Group justify="space-between" align="flex-end">
              <Title order={2} id="home-guides-heading">
                Popular gift guides
              </Title>
              {data ? (
                <Text size="sm" c="dimmed" data-testid="home-market">
                  {data.marketData.market} · {data.marketData.currency}
                </Text>
              ) : (
                <Skeleton h={14} w={80} />
              )}
            </Group>
            {landing.isError && !data ? (
              <LoadErrorAlert
                message={landing.error.message}
                onRetry={() => void landing.refetch()}
                testId="home-error"
              />
            ) : data ? (
              <GiftGuideGrid guides={data.giftGuides} />
            ) : (
              <GiftGuideGridSkeleton />
            )}
          </Stack>
        </AfterFirstPaint>
      </Stack>
    </Container>
  );
}
