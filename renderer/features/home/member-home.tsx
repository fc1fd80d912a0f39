/**
 * /home/'s sections for a signed-in member (loaded lazily by home-screen.tsx, so visitors never
 * load them): their gift exchanges with the next step in each, birthdays coming up, reminders,
 * recent activity and people they may know. Each section loads on its own, with its own skeleton,
 * empty and error states.
 */
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../../routes/link';
import { exchangeTheme } from '../../../server/contracts/exchange-kinds';
import { suggestionReason } from '../../../server/contracts/people-values';
import { GiftIcon } from '../../app/icons';
import { AfterFirstPaint } from '../../kit/after-first-paint';
import { CardGrid } from '../../kit/card-grid';
import { QueryView } from '../../kit/query-view';
import { ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { ActivityList } from '../activity/activity-feed';
import { ReminderRow } from '../messages/reminders-panel';
import { PersonRow, useMyUserId } from '../people/people-parts';
import { MONTHS } from '../people/birthdays';
import { PersonAvatar } from '../../kit/person-avatar';
import { HOME_ACTIVITY, HOME_REMINDERS, HOME_SUGGESTIONS, MEMBER_HOME_INPUTS } from './member-home-queries';
import { exchangesWithSteps, formatDay, inDaysLabel } from './next-step';

function HomeSection({
  id,
  title,
  link,
  children,
  testId,
}: {
  id: string;
  title: string;
  link?: { label: string; to: string; testId: string };
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="h4" id={id}>
            {title}
          </Title>
          {link ? (
            <Anchor component={Link} to={link.to} size="sm" data-testid={link.testId}>
              {link.label}
            </Anchor>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function Quiet({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Text size="sm" c="dimmed" data-testid={testId}>
      {children}
    </Text>
  );
}

function ExchangesSection() {
  const mine = trpc.exchanges.mine.useQuery();
  return (
    <HomeSection
      id="home-exchanges-heading"
      title="Your gift exchanges"
      link={{ label: 'See all', to: href('v2.giftExchanges.list'), testId: 'home-exchanges-all' }}
      testId="home-exchanges"
    >
      <QueryView
        query={mine}
        skeleton={<ListSkeleton rows={2} height={56} />}
        isEmpty={(list) => exchangesWithSteps(list).length === 0}
        empty={
          <Stack gap="xs" align="flex-start" data-testid="home-exchanges-empty">
            <Text size="sm" c="dimmed">
              Nothing to do in a gift exchange right now. Start one for your family, friends or office.
            </Text>
            <Button
              component={Link}
              to={href('v2.generator.root')}
              size="xs"
              variant="light"
              leftSection={<GiftIcon size={14} />}
            >
              Start a gift exchange
            </Button>
          </Stack>
        }
      >
        {(list) => (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {exchangesWithSteps(list).map(({ exchange, step }) => {
              const theme = exchangeTheme(exchange.themeId);
              return (
                <Group
                  component="li"
                  key={exchange.exchangeId}
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  data-testid="home-exchange"
                  data-exchange-id={exchange.exchangeId}
                  data-step={step.kind}
                >
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <Text component="span" fz={22} lh={1} role="img" aria-label={`Theme: ${theme.name}`}>
                      {theme.emoji}
                    </Text>
                    <Stack gap={0} miw={0}>
                      <Anchor
                        component={Link}
                        to={href('v2.giftExchanges.main', { exchangeId: exchange.exchangeId })}
                        fw={600}
                        truncate
                      >
                        {exchange.title}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {formatDay(exchange.exchangeDate)}
                      </Text>
                    </Stack>
                  </Group>
                  <Button
                    component={Link}
                    to={step.to}
                    size="xs"
                    variant={step.kind === 'wait-for-draw' || step.kind === 'exchange-day' ? 'default' : 'filled'}
                    style={{ flexShrink: 0 }}
                    aria-label={`${step.label}: ${exchange.title}`}
                    data-testid="home-exchange-step"
                  >
                    {step.label}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )}
      </QueryView>
    </HomeSection>
  );
}

function BirthdaysSection() {
  const birthdays = trpc.activity.birthdays.useQuery(MEMBER_HOME_INPUTS.birthdays);
  return (
    <HomeSection id="home-birthdays-heading" title="Birthdays coming up" testId="home-birthdays">
      <QueryView
        query={birthdays}
        skeleton={<ListSkeleton rows={2} height={40} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <Quiet testId="home-birthdays-empty">
            No birthdays in the next 30 days among the people you follow.{' '}
            <Anchor component={Link} to={href('v2.friends.suggestions')} inherit underline="always">
              Follow more people
            </Anchor>{' '}
            to be reminded of theirs.
          </Quiet>
        }
      >
        {(list) => (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {[...list]
              .sort((a, b) => a.inDays - b.inDays)
              .map((birthday) => (
                <Group
                  component="li"
                  key={birthday.person.userId}
                  gap="sm"
                  wrap="nowrap"
                  data-testid="home-birthday"
                  data-user-id={birthday.person.userId}
                >
                  <PersonAvatar name={birthday.person.displayName} pictureUrl={birthday.person.pictureUrl} size={32} />
                  <Stack gap={0} miw={0}>
                    <Anchor
                      component={Link}
                      to={href('v2.profile.main', { userId: birthday.person.userId })}
                      fw={600}
                      truncate
                    >
                      {birthday.person.displayName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {`${MONTHS[birthday.month - 1] ?? ''} ${birthday.day}`.trim()} ·{' '}
                      <Text span inherit fw={birthday.inDays === 0 ? 700 : undefined}>
                        {inDaysLabel(birthday.inDays)}
                      </Text>
                    </Text>
                  </Stack>
                </Group>
              ))}
          </Stack>
        )}
      </QueryView>
    </HomeSection>
  );
}

function RemindersSection() {
  const reminders = trpc.messages.reminders.useQuery();
  return (
    <HomeSection
      id="home-reminders-heading"
      title="Reminders"
      link={{ label: 'See all', to: href('v2.messages.reminders'), testId: 'home-reminders-all' }}
      testId="home-reminders"
    >
      <QueryView
        query={reminders}
        skeleton={<ListSkeleton rows={2} height={48} />}
        isEmpty={(list) => list.length === 0}
        empty={<Quiet testId="home-reminders-empty">Nothing to remember right now.</Quiet>}
      >
        {(list) => (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.slice(0, HOME_REMINDERS).map((reminder) => (
              <li key={reminder.reminderId}>
                <ReminderRow reminder={reminder} compact />
              </li>
            ))}
          </Stack>
        )}
      </QueryView>
    </HomeSection>
  );
}

function ActivitySection() {
  const feed = trpc.activity.feed.useQuery(MEMBER_HOME_INPUTS.feed);
  return (
    <HomeSection
      id="home-activity-heading"
      title="Recent activity"
      link={{ label: 'See all', to: href('v2.activity'), testId: 'home-activity-all' }}
      testId="home-activity"
    >
      <QueryView
        query={feed}
        skeleton={<ListSkeleton rows={3} height={48} />}
        isEmpty={(page) => page.items.length === 0}
        empty={
          <Quiet testId="home-activity-empty">
            Nothing new from the people you follow.{' '}
            <Anchor component={Link} to={href('v2.friends.suggestions')} inherit underline="always">
              Find people to follow
            </Anchor>
            .
          </Quiet>
        }
      >
        {(page) => <ActivityList items={page.items.slice(0, HOME_ACTIVITY)} testId="home-activity-list" />}
      </QueryView>
    </HomeSection>
  );
}

function SuggestionsSection({ userId }: { userId: string }) {
  const suggestions = trpc.people.followSuggestions.useQuery(MEMBER_HOME_INPUTS.suggestions(userId));
  return (
    <HomeSection
      id="home-people-heading"
      title="People you may know"
      link={{ label: 'More suggestions', to: href('v2.friends.suggestions'), testId: 'home-people-all' }}
      testId="home-people"
    >
      <QueryView
        query={suggestions}
        skeleton={<ListSkeleton rows={2} height={56} />}
        isEmpty={(page) => page.items.length === 0}
        empty={
          <Quiet testId="home-people-empty">
            No suggestions yet: they come from the people you follow.{' '}
            <Anchor component={Link} to={href('v2.friends.search')} inherit underline="always">
              Search by name
            </Anchor>
            .
          </Quiet>
        }
      >
        {(page) => (
          <Stack gap="xs">
            {page.items.slice(0, HOME_SUGGESTIONS).map((person) => (
              <PersonRow key={person.userId} person={person} detail={suggestionReason(person)} />
            ))}
          </Stack>
        )}
      </QueryView>
    </HomeSection>
  );
}

export default function MemberHome() {
  const userId = useMyUserId();
  return (
    <Stack gap="md" data-testid="home-member">
      <CardGrid cols={{ base: 1, md: 2 }} gap="md">
        <ExchangesSection />
        <RemindersSection />
        <BirthdaysSection />
        <ActivitySection />
      </CardGrid>
      {/* Below the fold on every screen: rendered after the first paint (kit/after-first-paint). */}
      {userId ? (
        <AfterFirstPaint>
          <SuggestionsSection userId={userId} />
        </AfterFirstPaint>
      ) : null}
    </Stack>
  );
}
