/**
 * The signed-in member's corner of the header, beside the account menu (loaded lazily by the app
 * shell, members only): a Messages link with the unread messages count, and the notifications bell
 * with the unread count, opening the latest notifications (each leading where it is about), group
 * join requests waiting for them, and "Mark all as read". A live subscription refreshes the state
 * (spec §3 notifications state) as notifications arrive.
 */
import { Group, Indicator, UnstyledButton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from '../../routes/link';
import { useMenuOnDemand } from '../../app/menu-on-demand';
import { MessageIcon } from '../../app/icons';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { BellButton, unreadLabel } from './bell-button';
import { ICON_BUTTON_ICON, useIconButton } from '../../kit/icon-button';
import type { TNotificationItem } from '../../../server/contracts/social';
import { unwrapTracked } from '../../live-link';

/**
 * Keeps the notifications state fresh while the page is open: reloaded when a notification arrives,
 * and when the stream (re)starts (its event without a notification: first opened, or back after a
 * dropped connection), so what came while it was down shows too.
 */
function useLiveNotifications(): void {
  const utils = trpc.useUtils();
  trpc.notifications.onNotification.useSubscription(
    {},
    {
      onData: (event) => {
        void utils.notifications.state.invalidate();
        const item = unwrapTracked<TNotificationItem | null>(event);
        // A Secret Santa message (its notice says only "santa" or "recipient", never the giver):
        // the open thread on the exchange's page and the /messages/ list reload, as chats do live.
        // On a (re)start (no item) they reload too: whatever came while the stream was down.
        if (!item || (item.kind === 'exchange' && item.payload.event === 'message')) {
          const exchangeId = item ? String(item.payload.exchangeId) : null;
          void (exchangeId
            ? utils.exchanges.conversation.invalidate({ exchangeId })
            : utils.exchanges.conversation.invalidate());
          void utils.exchanges.conversations.invalidate();
        }
      },
    },
  );
}

const loadDropdown = () => import('./notifications-dropdown');
const NotificationsDropdown = lazy(loadDropdown);

/**
 * The bell with the unread count, live; its menu (notifications-dropdown.tsx: Menu, Popover and
 * floating-ui) loads when the bell is first used.
 */
function NotificationsBell() {
  const state = trpc.notifications.state.useQuery(undefined, { staleTime: 30_000 });
  useLiveNotifications();
  const menu = useMenuOnDemand(loadDropdown);
  const unread = state.data?.unreadCount ?? 0;
  if (!menu.wanted) return <BellButton unread={unread} {...menu.trigger} />;
  return (
    <Suspense fallback={<BellButton unread={unread} aria-haspopup="menu" aria-expanded={false} />}>
      <NotificationsDropdown openAtOnce />
    </Suspense>
  );
}

/** The header's Messages link, with the unread messages count in its name and on a badge. */
function MessagesLink() {
  const state = trpc.notifications.state.useQuery(undefined, { staleTime: 30_000 });
  const unread = state.data?.unreadMessages ?? 0;
  const look = useIconButton();
  return (
    <Indicator
      label={<span aria-hidden>{unreadLabel(unread)}</span>}
      size={18}
      offset={6}
      color="red"
      disabled={unread === 0}
      data-testid="messages-unread"
    >
      <UnstyledButton
        {...look}
        component={Link}
        to={href('v2.messages')}
        aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
        data-testid="header-messages"
        data-unread={unread}
      >
        <span className={ICON_BUTTON_ICON}>
          <MessageIcon size={20} />
        </span>
      </UnstyledButton>
    </Indicator>
  );
}

export default function MemberHeaderActions() {
  return (
    <Group gap={4} wrap="nowrap" data-testid="member-header-actions">
      <MessagesLink />
      <NotificationsBell />
    </Group>
  );
}
