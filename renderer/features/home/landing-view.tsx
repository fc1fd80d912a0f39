/**
 * What the landing page (landing-screen.tsx) shows: hero, live member count, market selector with
 * the market's currency and locale, and the top-level gift guides of that market. The visitor's
 * and the member's screens feed it the same data, read without or with the query cache.
 */
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link } from '../../routes/link';
import { GiftIcon, ListIcon, TreeIcon, UsersIcon } from '../../app/icons';
import { CardGrid } from '../../kit/card-grid';
import { SelectField } from '../../kit/select-field';
import { href } from '../../routes/route-table';
import type { TUseMarket } from '../shop/market-state';
import type { TLandingSummary } from './use-landing-summary';
import { formatCount } from './format';
import { GiftGuideGrid, GiftGuideGridSkeleton } from './gift-guide-grid';
import { LoadErrorAlert } from './load-error-alert';

const FEATURES = [
  {
    Icon: ListIcon,
    color: 'red',
    title: 'Wish lists',
    text: 'Save wishes from any shop and share one link with everyone who asks what you want.',
    to: href('v2.wishLists.create'),
    cta: 'Make a wish list',
    testId: 'feature-wish-lists',
  },
  {
    Icon: GiftIcon,
    color: 'green',
    title: 'Gift exchanges',
    text: 'Draw names for secret santa, set a budget and exclusions, and let everyone RSVP online.',
    to: href('v2.generator.root'),
    cta: 'Start a gift exchange',
    testId: 'feature-gift-exchanges',
  },
  {
    Icon: UsersIcon,
    color: 'orange',
    title: 'Groups',
    text: 'Keep family, friends and colleagues together, with birthdays and wish lists in one place.',
    to: href('v2.groups.list'),
    cta: 'See your groups',
    testId: 'feature-groups',
  },
] as const;

/** The landing summary as the screen reads it (react-query's fields, or the visitor's same ones). */
export interface TLandingQuery {
  data: TLandingSummary | undefined;
  error: { message: string } | null;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/**
 * The market the summary is asked for: one market for every screen (use-market.ts), the address's
 * `?market=`, else the one chosen in this browser (in the shop, on home, here), else the member's
 * saved one; null (the server's default) until known.
 */
export function landingMarket(chosen: TUseMarket): string | null {
  return chosen.isReady || chosen.source === 'override' ? chosen.market : null;
}

/** Before anything is known (the member's screen still loading): the page's skeleton. */
export const LANDING_LOADING: TLandingQuery = {
  data: undefined,
  error: null,
  isError: false,
  isFetching: true,
  isPlaceholderData: false,
  refetch: () => undefined,
};

export function LandingView({
  market,
  chosen,
  landing,
}: {
  market: string | null;
  chosen: Pick<TUseMarket, 'choose'> | null;
  landing: TLandingQuery;
}) {
  // Chosen here, the market goes in the address too (`?market=CA`: shareable, and back goes to the previous one).
  const setMarket = (value: string): void => chosen?.choose(value, { inAddress: true });
  const data = landing.data;
  const locale = data?.marketData.locale ?? 'en-US';

  return (
    <Stack gap={48} pb="xl">
      <Box
        component="section"
        py={{ base: 48, sm: 80 }}
        mx="calc(var(--mantine-spacing-md) * -1)"
        mt="calc(var(--mantine-spacing-md) * -1)"
        px="md"
        style={{
          background:
            'radial-gradient(900px 320px at 15% 0%, var(--mantine-color-red-1), transparent 70%), radial-gradient(700px 300px at 90% 20%, var(--mantine-color-green-0), transparent 70%)',
        }}
        data-testid="landing-hero"
      >
        <Container size="md">
          <Stack align="center" ta="center" gap="lg">
            <Badge
              size="lg"
              variant="light"
              color="green"
              radius="xl"
              leftSection={<TreeIcon size={14} />}
              data-testid="landing-season-badge"
            >
              Secret santa season, sorted
            </Badge>
            <Title order={1} fz={{ base: 34, sm: 54 }} lh={1.1} maw={780}>
              Wish lists and gift exchanges that{' '}
              <Text span inherit variant="gradient" gradient={{ from: 'red.7', to: 'orange.6', deg: 90 }}>
                just work
              </Text>
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={620}>
              Make a wish list, draw names for your secret santa, and shop gift guides picked for your market — all in
              one friendly place.
            </Text>
            <Group justify="center" gap="sm">
              <Button component={Link} to={href('v2.generator.root')} size="lg" data-testid="hero-start-exchange">
                Start a gift exchange
              </Button>
              <Button
                component={Link}
                to={href('v2.wishLists.create')}
                size="lg"
                variant="default"
                data-testid="hero-create-wish-list"
              >
                Make a wish list
              </Button>
            </Group>
            <Group gap={6} justify="center" data-testid="member-count-line">
              <Text c="dimmed">Join</Text>
              {data ? (
                <Text fw={800} c="red.7" data-testid="member-count" data-value={data.memberCount}>
                  {formatCount(data.memberCount, locale)}
                </Text>
              ) : (
                <Skeleton h={18} w={64} data-testid="member-count-loading" />
              )}
              <Text c="dimmed">{data?.memberCount === 1 ? 'member' : 'members'} already gifting</Text>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" w="100%">
        <CardGrid cols={{ base: 1, sm: 3 }}>
          {FEATURES.map((feature) => (
            <Card key={feature.testId} withBorder padding="lg" radius="md" data-testid={feature.testId}>
              <ThemeIcon size={48} radius="md" variant="light" color={feature.color} aria-hidden>
                <feature.Icon size={26} />
              </ThemeIcon>
              <Text fw={700} fz="lg" mt="sm">
                {feature.title}
              </Text>
              <Text size="sm" c="dimmed" mt={4} style={{ flexGrow: 1 }}>
                {feature.text}
              </Text>
              <Button component={Link} to={feature.to} variant="light" mt="md">
                {feature.cta}
              </Button>
            </Card>
          ))}
        </CardGrid>
      </Container>

      <Container size="lg" w="100%" component="section" aria-labelledby="gift-guides-heading">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" gap="md">
            <div>
              <Title order={2} id="gift-guides-heading">
                Shop by gift guide
              </Title>
              <Text c="dimmed" size="sm">
                Hand-picked ideas for everyone on your list.
              </Text>
            </div>

            <Box
              p="sm"
              bd="1px solid var(--mantine-color-gray-3)"
              bg="var(--mantine-color-body)"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              data-testid="market-panel"
            >
              <Group gap="sm" align="flex-end" wrap="wrap">
                <SelectField
                  label="Shopping from"
                  options={
                    data
                      ? data.markets.map((item) => ({
                          value: item.countryCode,
                          label: `${item.country} (${item.currency})`,
                        }))
                      : [{ value: '', label: 'Loading markets…' }]
                  }
                  value={market ?? data?.marketData.market ?? ''}
                  onChange={(value) => {
                    if (value) setMarket(value);
                  }}
                  disabled={!data}
                  width={220}
                  data-testid="market-select"
                />
                {landing.isFetching && data ? <Loader size={14} aria-label="Loading the market" /> : null}
                <Stack gap={4}>
                  <Text size="xs" c="dimmed">
                    Prices in
                  </Text>
                  <Group gap={6}>
                    {data ? (
                      <>
                        <Badge variant="light" color="red" data-testid="market-currency">
                          {data.marketData.currency}
                        </Badge>
                        <Badge variant="outline" color="gray" tt="none" data-testid="market-locale">
                          {data.marketData.locale}
                        </Badge>
                      </>
                    ) : (
                      <Skeleton h={20} w={110} radius="xl" />
                    )}
                  </Group>
                </Stack>
              </Group>
            </Box>
          </Group>

          {landing.isError && !data ? (
            <LoadErrorAlert
              message={landing.error?.message ?? ''}
              onRetry={() => void landing.refetch()}
              testId="landing-error"
            />
          ) : data ? (
            <>
              {landing.isError && (
                <LoadErrorAlert
                  message={landing.error?.message ?? ''}
                  onRetry={() => void landing.refetch()}
                  testId="landing-error"
                />
              )}
              <Box style={{ opacity: landing.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
                <GiftGuideGrid guides={data.giftGuides} />
              </Box>
            </>
          ) : (
            <GiftGuideGridSkeleton />
          )}
        </Stack>
      </Container>
    </Stack>
  );
}
