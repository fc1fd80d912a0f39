/**
 * The frame of every page of one gift exchange (/gift-exchanges/:exchangeId/…): breadcrumbs (Gift
 * exchanges → the exchange → the page), the page's h1, a header card with the exchange's theme
 * emoji and colour, status, date, budget and delivery, and a navigation of the exchange's pages the
 * caller may open (managers get the organizer's pages too). The exchange is loaded once here
 * (`exchanges.get`); the page's content renders only once it is, and reads it with `useExchange()`
 * or as the argument of a function child. Loading shows a skeleton; an exchange that is not there
 * or not the caller's says so in plain words.
 */
import { Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { exchangeTheme } from '../../../../server/contracts/exchange-values';
import { PageLayout, type TCrumb } from '../../../kit/page-layout';
import { ListSkeleton } from '../../../kit/states';
import { href, type TRouteName } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { TabLinks, type TTabLink } from '../../../kit/tab-links';
import { ExchangeAccessError, ExchangeStatusBadge, exchangeFacts, type TExchangeDetail } from './exchange-parts';

export type { TExchangeDetail };

const ExchangeContext = createContext<TExchangeDetail | null>(null);

/** The exchange of the surrounding ExchangePage (its content renders only once it is loaded). */
export function useExchange(): TExchangeDetail {
  const exchange = useContext(ExchangeContext);
  if (!exchange) throw new Error('useExchange() is used outside an ExchangePage');
  return exchange;
}

/** The exchange's query, shared (one cache entry) by the page frame and the screens inside it. */
export function useExchangeQuery(exchangeId: string) {
  return trpc.exchanges.get.useQuery({ exchangeId }, { retry: false, enabled: exchangeId !== '' });
}

type TExchangeRouteName = Extract<
  TRouteName,
  | 'v2.giftExchanges.main'
  | 'v2.giftExchanges.participants'
  | 'v2.giftExchanges.iceBreakerQuestions'
  | 'v2.giftExchanges.thankYous'
  | 'v2.giftExchanges.drawRestrictions'
  | 'v2.giftExchanges.invite'
  | 'v2.giftExchanges.settings'
  | 'v2.giftExchanges.edit'
  | 'v2.giftExchanges.privacySettings'
  | 'v2.giftExchanges.manageAssistants'
  | 'v2.giftExchanges.disqualified'
  | 'legacy.giftExchanges.activity'
>;

interface TNavEntry {
  route: TExchangeRouteName;
  label: string;
  testId: string;
  show: (exchange: TExchangeDetail) => boolean;
}

const everyone = (): boolean => true;
const managers = (exchange: TExchangeDetail): boolean => exchange.can.manage;

const NAV: readonly TNavEntry[] = [
  { route: 'v2.giftExchanges.main', label: 'Overview', testId: 'exchange-nav-overview', show: everyone },
  {
    route: 'v2.giftExchanges.participants',
    label: 'Participants',
    testId: 'exchange-nav-participants',
    show: (exchange) => exchange.can.manage || exchange.settings.participantsVisible,
  },
  {
    route: 'v2.giftExchanges.iceBreakerQuestions',
    label: 'Questions',
    testId: 'exchange-nav-questions',
    show: everyone,
  },
  { route: 'v2.giftExchanges.thankYous', label: 'Thank-yous', testId: 'exchange-nav-thank-yous', show: everyone },
  {
    route: 'v2.giftExchanges.drawRestrictions',
    label: 'Draw restrictions',
    testId: 'exchange-nav-restrictions',
    show: managers,
  },
  { route: 'v2.giftExchanges.invite', label: 'Invite', testId: 'exchange-nav-invite', show: managers },
  { route: 'v2.giftExchanges.settings', label: 'Settings', testId: 'exchange-nav-settings', show: managers },
  { route: 'v2.giftExchanges.edit', label: 'Edit', testId: 'exchange-nav-edit', show: managers },
  { route: 'v2.giftExchanges.privacySettings', label: 'Privacy', testId: 'exchange-nav-privacy', show: managers },
  {
    route: 'v2.giftExchanges.manageAssistants',
    label: 'Assistants',
    testId: 'exchange-nav-assistants',
    show: managers,
  },
  {
    route: 'v2.giftExchanges.disqualified',
    label: 'Disqualified',
    testId: 'exchange-nav-disqualified',
    show: managers,
  },
  { route: 'legacy.giftExchanges.activity', label: 'Activity', testId: 'exchange-nav-activity', show: managers },
];

/** The exchange's pages the caller may open, the current one (or its parent) marked. */
export function exchangeNavTabs(exchange: TExchangeDetail, pathname: string): TTabLink[] {
  // Someone who declined only reads the invitation (the overview) until they change their answer.
  const declined = exchange.me?.status === 'declined' && exchange.myRole !== 'organizer';
  const shown = NAV.filter((entry) => entry.show(exchange) && (!declined || entry.route === 'v2.giftExchanges.main'));
  const entries = shown.map((entry) => ({
    entry,
    to: href(entry.route, { exchangeId: exchange.exchangeId }),
  }));
  // The longest matching address wins, so a person's page marks "Participants", not "Overview".
  const current = entries.filter(({ to }) => pathname.startsWith(to)).sort((a, b) => b.to.length - a.to.length)[0]?.to;
  return entries.map(({ entry, to }) => ({ label: entry.label, to, active: to === current, testId: entry.testId }));
}

/**
 * The exchange in one card: theme emoji and colour, title (unless the page's h1 is already the
 * title), status, date, budget, delivery.
 */
export function ExchangeHeader({ exchange, showTitle = true }: { exchange: TExchangeDetail; showTitle?: boolean }) {
  const theme = exchangeTheme(exchange.themeId);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      style={{ borderLeft: `6px solid ${theme.color}` }}
      data-testid="exchange-header"
      data-theme-id={theme.id}
    >
      <Group gap="md" wrap="nowrap" align="center">
        <Text component="span" fz={36} lh={1} role="img" aria-label={`Theme: ${theme.name}`}>
          {theme.emoji}
        </Text>
        <Stack gap={4} miw={0}>
          <Group gap="xs" wrap="wrap">
            {showTitle ? (
              <Text fw={700} fz="lg" data-testid="exchange-title">
                {exchange.title}
              </Text>
            ) : null}
            <ExchangeStatusBadge status={exchange.status} />
          </Group>
          <Text size="sm" c="dimmed" data-testid="exchange-facts">
            {exchangeFacts(exchange).join(' · ')}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

function HeaderSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the exchange" data-testid="exchange-loading">
      <Skeleton h={76} radius="md" />
      <Skeleton h={36} radius="md" />
      <ListSkeleton rows={3} />
    </Stack>
  );
}

export interface TExchangePageProps {
  exchangeId: string;
  /** The page's name (its h1); the exchange's own title when omitted (its overview). */
  title?: string;
  children: ReactNode | ((exchange: TExchangeDetail) => ReactNode);
  testId: string;
  /** The page's main actions, beside the title (a function gets the loaded exchange). */
  actions?: ReactNode | ((exchange: TExchangeDetail) => ReactNode);
}

export function ExchangePage({ exchangeId, title, children, testId, actions }: TExchangePageProps) {
  const query = useExchangeQuery(exchangeId);
  const { pathname } = useLocation();
  const exchange = query.data;
  const exchangeCrumb = exchange?.title ?? 'Gift exchange';

  const crumbs: TCrumb[] = [{ label: 'Gift exchanges', to: href('v2.giftExchanges.list') }];
  if (title) {
    crumbs.push({ label: exchangeCrumb, to: exchangeId ? href('v2.giftExchanges.main', { exchangeId }) : undefined });
    crumbs.push({ label: title });
  } else {
    crumbs.push({ label: exchangeCrumb });
  }

  let content: ReactNode;
  if (query.isError)
    content = (
      <ExchangeAccessError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  else if (!exchange) content = <HeaderSkeleton />;
  else
    content = (
      <ExchangeContext.Provider value={exchange}>
        <Stack gap="lg">
          <ExchangeHeader exchange={exchange} showTitle={Boolean(title)} />
          <TabLinks label="Exchange pages" tabs={exchangeNavTabs(exchange, pathname)} />
          {typeof children === 'function' ? children(exchange) : children}
        </Stack>
      </ExchangeContext.Provider>
    );

  return (
    <PageLayout
      title={title ?? exchange?.title ?? 'Gift exchange'}
      breadcrumbs={crumbs}
      actions={exchange && actions ? (typeof actions === 'function' ? actions(exchange) : actions) : undefined}
      testId={testId}
    >
      {content}
    </PageLayout>
  );
}
