/**
 * Pieces the wish-list screens share: the output types, privacy and priority labels, a list's
 * card, the plain-words error state of a person's lists (private, not found, log in), a wish's
 * summary (picture, price, shop link), and the select of the member's lists.
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from '../../routes/link';
import type { TWishListPrivacy } from '../../../server/contracts/wish-lists';
import { WISH_LIST_PRIVACY_LABELS, WISH_PRIORITIES } from '../../../server/contracts/wish-list-values';
import { ListIcon } from '../../app/icons';
import { statusOf } from '../../app/runtime/app-runtime';
import { CardPhoto } from '../../kit/card-photo';
import { formatDate, formatMoney } from '../../kit/format';
import { SelectField } from '../../kit/select-field';
import { AccessErrorState, EmptyState } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import type { TRouterOutputs } from '../../trpc';

const SR_ONLY: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** Words for screen readers only, inline (Mantine's VisuallyHidden is a div, which adds a space to names). */
export function SrOnly({ children }: { children: ReactNode }) {
  return <span style={SR_ONLY}>{children}</span>;
}

/**
 * The kit's toasts with the title folded into the message: a titled toast dims its message below
 * the contrast AA asks for (the shell's notification styles), so these screens send one line.
 */
export function useWishToast() {
  const toast = useToast();
  return {
    success: (message: string, title?: string) => toast.success(title ? `${title}. ${message}` : message),
    info: (message: string, title?: string) => toast.info(title ? `${title}. ${message}` : message),
    error: (message: string, title?: string) => toast.error(title ? `${title}: ${message}` : message),
  };
}

export type TWishListSummary = TRouterOutputs['wishLists']['mine'][number];
export type TWishListDetail = TRouterOutputs['wishLists']['get'];
export type TOwnWish = Extract<TWishListDetail, { view: 'owner' }>['wishes'][number];
export type TGuestWish = Extract<TWishListDetail, { view: 'guest' }>['wishes'][number];
export type TAnyWish = TOwnWish | TGuestWish;

/** Short privacy names for badges (the form shows the long ones). */
export const PRIVACY_SHORT: Record<TWishListPrivacy, string> = {
  public: 'Public',
  followers: 'Followers',
  private: 'Only me',
  exchange: 'Exchange',
};

export function privacyDescription(privacy: TWishListPrivacy): string {
  return WISH_LIST_PRIVACY_LABELS[privacy];
}

export function priorityLabel(priority: number): string {
  return WISH_PRIORITIES.find((item) => item.value === priority)?.label ?? 'Normal';
}

export function listHref(list: Pick<TWishListSummary, 'ownerId' | 'wishlistId'>): string {
  return href('v2.profile.wishList', { userId: list.ownerId, wishlistId: list.wishlistId });
}

export function PrivacyBadge({ privacy }: { privacy: TWishListPrivacy }) {
  return (
    <Badge variant="light" color="gray" title={privacyDescription(privacy)} data-testid="list-privacy">
      <SrOnly>Who can see it: </SrOnly>
      {PRIVACY_SHORT[privacy]}
    </Badge>
  );
}

export function WishListCard({ list }: { list: TWishListSummary }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="wish-list-card" data-wishlist-id={list.wishlistId}>
      <Stack gap="xs" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={listHref(list)} fw={700} fz="lg" data-testid="wish-list-link">
            {list.title}
          </Anchor>
          {list.isDefault ? (
            <Badge variant="light" color="green" data-testid="list-default">
              Default
            </Badge>
          ) : null}
        </Group>
        {list.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {list.description}
          </Text>
        ) : null}
        <Group gap="xs" mt="auto">
          <PrivacyBadge privacy={list.privacy} />
          <Text size="sm" data-testid="list-wish-count">
            {list.wishCount === 1 ? '1 wish' : `${list.wishCount} wishes`}
          </Text>
          {list.eventDate ? (
            <Text size="sm" c="dimmed" data-testid="list-event-date">
              · Event: {formatDate(list.eventDate)}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * A failed read of someone's lists, in plain words: private (403), not there (404), log in (401),
 * else the server's message with a retry.
 */
export function ListAccessError({
  error,
  onRetry,
  retrying,
  privateTitle = "This person's lists are private",
  privateText = 'Only the people they follow can see their wish lists. Follow them and ask them to follow you back.',
  missingTitle = 'This list is not here',
  missingText = 'It may have been deleted, or its owner keeps it hidden from you.',
}: {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  privateTitle?: string;
  privateText?: string;
  missingTitle?: string;
  missingText?: string;
}) {
  if (statusOf(error) === 401)
    return (
      <EmptyState
        title="Log in to see this"
        description="Wish lists are shared with members. Log in, then come back to this page."
        action={
          <Button component={Link} to={href('v2.authLogin')} variant="light">
            Log in
          </Button>
        }
      />
    );
  return (
    <AccessErrorState
      error={error}
      onRetry={onRetry}
      retrying={retrying}
      forbidden={{ title: privateTitle, description: privateText, icon: <ListIcon size={24} /> }}
      notHere={{
        title: missingTitle,
        description: missingText,
        icon: <ListIcon size={24} />,
        action: (
          <Button component={Link} to={href('v2.wishLists.own')} variant="light">
            Go to my wish lists
          </Button>
        ),
      }}
    />
  );
}

/** A link to a wish's shop page: a new tab, no referrer. */
export function ExternalWishLink({ url, merchant, title }: { url: string; merchant: string | null; title: string }) {
  let label = merchant;
  if (!label) {
    try {
      label = new URL(url).host;
    } catch {
      label = 'the shop';
    }
  }
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" data-testid="wish-link">
      View at {label}
      <SrOnly>: {title} (opens in a new tab)</SrOnly>
    </Anchor>
  );
}

/** Picture, title, price, shop, quantity, priority, notes: the part of a wish everyone sees. */
export function WishSummary({ wish, children }: { wish: TAnyWish; children?: ReactNode }) {
  const price = formatMoney(wish.price);
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <CardPhoto src={wish.imageUrl} alt={wish.title} w={96} h={96} radius="sm" fit="contain" testId="wish-photo" />
      <Stack gap={4} style={{ flex: 1 }} miw={0}>
        <Title order={2} fz="lg" data-testid="wish-title">
          {wish.title}
        </Title>
        <Group gap="xs" wrap="wrap">
          {price ? (
            <Text fw={700} data-testid="wish-price">
              {price}
            </Text>
          ) : null}
          {wish.merchant ? (
            <Text size="sm" c="dimmed" data-testid="wish-merchant">
              {wish.merchant}
            </Text>
          ) : null}
          <Badge variant="outline" color="gray" data-testid="wish-priority">
            <SrOnly>Priority: </SrOnly>
            {priorityLabel(wish.priority)}
          </Badge>
          {wish.quantity > 1 ? (
            <Text size="sm" data-testid="wish-quantity">
              Wants {wish.quantity}
            </Text>
          ) : null}
        </Group>
        {wish.description ? (
          <Text size="sm" data-testid="wish-description">
            {wish.description}
          </Text>
        ) : null}
        {wish.notes ? (
          <Text size="sm" c="dimmed" data-testid="wish-notes">
            Note: {wish.notes}
          </Text>
        ) : null}
        {wish.url ? <ExternalWishLink url={wish.url} merchant={wish.merchant} title={wish.title} /> : null}
        {children}
      </Stack>
    </Group>
  );
}

/** The member's lists as a labelled native select (value: wishlistId). */
export function ListSelect({
  lists,
  value,
  onChange,
  label = 'Wish list',
  testId = 'wish-list-select',
}: {
  lists: readonly TWishListSummary[];
  value: string;
  onChange: (value: string) => void;
  label?: string;
  testId?: string;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      onChange={onChange}
      options={lists.map((list) => ({
        value: list.wishlistId,
        label: list.isDefault ? `${list.title} (default)` : list.title,
      }))}
      data-testid={testId}
    />
  );
}

/** The default list of `lists` (else the first), or '' when there is none. */
export function defaultListId(lists: readonly TWishListSummary[]): string {
  return (lists.find((list) => list.isDefault) ?? lists[0])?.wishlistId ?? '';
}
