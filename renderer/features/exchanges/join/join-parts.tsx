/**
 * Pieces the joining screens share (RSVP, acknowledgement, questions, thank-yous, invitations,
 * the report of an answer): the invitation as the invitee sees it, in the exchange's theme; the
 * log-in prompt for a visitor on an unguarded address; which route family a screen runs under.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { DELIVERY_TYPE_LABELS, exchangeTheme } from '../../../../server/contracts/exchange-values';
import { useCurrentRouteHandle } from '../../../app/route-handle';
import { useIdentity } from '../../../auth/identity-provider';
import { logInAddress } from '../../../auth/guard-decision';
import { EmptyState } from '../../../kit/states';
import { PersonAvatar } from '../../../kit/person-avatar';
import { budgetText, type TExchangeDetail } from '../manage/exchange-parts';
import { formatDate } from '../../../kit/format';

/** Whether the current route's name starts with `prefix`. */
export function useRouteNameStartsWith(prefix: string): boolean {
  return useCurrentRouteHandle().routeName.startsWith(prefix);
}

/** Whether the caller is signed in with a password (not a floater), once the identity is known. */
export function useAuthState(): { ready: boolean; isKnown: boolean; isAuthenticated: boolean } {
  const { identity, flags, isReady } = useIdentity();
  return {
    ready: isReady,
    isKnown: identity !== null && flags.isKnown,
    isAuthenticated: identity !== null && flags.isAuthenticated,
  };
}

/** A visitor (or a floater where a full sign-in is needed): what it is for, and a way to log in and come back. */
export function LogInPrompt({ title, description }: { title: string; description: ReactNode }) {
  const location = useLocation();
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Button component={Link} to={logInAddress(location)} data-testid="log-in-prompt">
          Log in
        </Button>
      }
    />
  );
}

/** "Dec 18, 2027", or the fallback for a missing date. */
export function dateOr(value: string | null, fallback: string): string {
  return value ? formatDate(value) : fallback;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text component="dt" fw={600} size="sm" miw={140}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * The invitation as its e-mail shows it: the theme (emoji, name, tagline, edged in its colour), the
 * organizer, the date, the budget, the sign-up deadline, and where and how gifts change hands.
 * `themeId` previews another theme (the generator's theme step).
 */
export function InvitationCard({
  exchange,
  themeId,
  testId = 'invitation-card',
}: {
  exchange: TExchangeDetail;
  themeId?: string;
  testId?: string;
}) {
  const theme = exchangeTheme(themeId ?? exchange.themeId);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      style={{ borderTop: `8px solid ${theme.color}` }}
      data-testid={testId}
      data-theme-id={theme.id}
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="center">
          <Text component="span" fz={44} lh={1} aria-hidden>
            {theme.emoji}
          </Text>
          <Stack gap={2} miw={0}>
            <Text size="sm" c="dimmed" data-testid="invitation-theme">
              {theme.name}
            </Text>
            <Title order={2} fz="h3" data-testid="invitation-title">
              {exchange.title}
            </Title>
            <Text fs="italic">{theme.tagline}</Text>
          </Stack>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <PersonAvatar name={exchange.organizer.displayName} pictureUrl={exchange.organizer.pictureUrl} />
          <Text data-testid="invitation-organizer">
            Organized by <strong>{exchange.organizer.displayName}</strong>
          </Text>
        </Group>
        <Stack component="dl" gap={4} m={0}>
          <Fact label="Exchange date">
            {formatDate(exchange.exchangeDate)}
            {exchange.partyTime ? ` at ${exchange.partyTime}` : ''}
          </Fact>
          <Fact label="Budget">{budgetText(exchange.budget)}</Fact>
          <Fact label="Answer by">{dateOr(exchange.signUpDate, 'Any time before the names are drawn')}</Fact>
          <Fact label="Gifts">{DELIVERY_TYPE_LABELS[exchange.deliveryType]}</Fact>
          {exchange.location ? <Fact label="Where">{exchange.location}</Fact> : null}
        </Stack>
        {exchange.description ? (
          <Text style={{ whiteSpace: 'pre-line' }} data-testid="invitation-description">
            {exchange.description}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
