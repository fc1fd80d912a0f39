/**
 * The signed-in member's corner of the header, beside the account menu (loaded lazily by the app
 * shell, members only): a Messages link with the unread messages count, and the notifications bell
 * with the unread count, opening the latest notifications (each leading where it is about), group
 * join requests waiting for them, and "Mark all as read". A live subscription refreshes the state
 * (spec §3 notifications state) as notifications arrive.
 */
import { ActionIcon, Badge, Group, Indicator, Menu, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { TNotificationItem } from '../../../server/contracts/social';
import { Icon, MessageIcon, type TIconProps } from '../../app/icons';
import { errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { appPath } from '../activity/app-path';
import { unwrapTracked } from '../messages/chat-state';
import { relativeTime } from '../activity/relative-time';

/** How many notifications the menu lists (the state carries the latest ones). */
export const MENU_NOTIFICATIONS = 8;

export function BellIcon(props: TIconProps) {
  return (
    <Icon {...props}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </Icon>
  );
}

export function unreadLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}

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

function NotificationRow({ item, onOpen }: { item: TNotificationItem; onOpen: (item: TNotificationItem) => void }) {
  const path = appPath(item.path);
  const content = (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        {!item.isRead ? (
          <Badge size="xs" color="red" variant="filled" style={{ flexShrink: 0 }}>
            New
          </Badge>
        ) : null}
        <Text size="sm" fw={item.isRead ? 400 : 700} lineClamp={2}>
          {item.title}
        </Text>
      </Group>
      <Text component="time" dateTime={item.createdAt} size="xs" c="dimmed">
        {relativeTime(item.createdAt)}
      </Text>
    </Stack>
  );
  return path ? (
    <Menu.Item
      component={Link}
      to={path}
      onClick={() => onOpen(item)}
      data-testid="notification-item"
      data-notification-id={item.notificationId}
      data-read={item.isRead ? 'true' : 'false'}
    >
      {content}
    </Menu.Item>
  ) : (
    <Menu.Item
      onClick={() => onOpen(item)}
      data-testid="notification-item"
      data-notification-id={item.notificationId}
      data-read={item.isRead ? 'true' : 'false'}
    >
      {content}
    </Menu.Item>
  );
}

function NotificationsBell() {
  const state = trpc.notifications.state.useQuery(undefined, { staleTime: 30_000 });
  const utils = trpc.useUtils();
  const toast = useToast();
  const markRead = trpc.notifications.markRead.useMutation({
    onSuccess: () => utils.notifications.state.invalidate(),
    onError: (error) => toast.error(errorText(error), 'Could not mark as read'),
  });
  useLiveNotifications();
  const [opened, setOpened] = useState(false);
  const dropdown = useRef<HTMLDivElement>(null);
  // Mantine's menu puts a focus placeholder inside role="menu", which only menu items may hold
  // (axe: aria-required-children); without it, focus moves to the first enabled item here, so the
  // arrow keys and Escape work from the keyboard as before.
  useEffect(() => {
    if (!opened) return;
    const frame = requestAnimationFrame(() =>
      dropdown.current?.querySelector<HTMLElement>('[data-menu-item]:not(:disabled)')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [opened]);

  const unread = state.data?.unreadCount ?? 0;
  const notifications = state.data?.notifications.slice(0, MENU_NOTIFICATIONS) ?? [];
  const requests = state.data?.badRequestGroups ?? [];

  function onOpen(item: TNotificationItem): void {
    if (!item.isRead) markRead.mutate({ notificationIds: [item.notificationId] });
  }

  return (
    <Menu
      position="bottom-end"
      width={340}
      shadow="md"
      withinPortal
      opened={opened}
      onChange={setOpened}
      withInitialFocusPlaceholder={false}
    >
      <Indicator
        label={<span aria-hidden>{unreadLabel(unread)}</span>}
        size={18}
        offset={6}
        color="red"
        disabled={unread === 0}
        data-testid="notifications-unread"
      >
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Notifications, ${unread} unread`}
            data-testid="notifications-bell"
            data-unread={unread}
          >
            <BellIcon size={20} />
          </ActionIcon>
        </Menu.Target>
      </Indicator>
      <Menu.Dropdown data-testid="notifications-menu" ref={dropdown}>
        <Menu.Label>Notifications</Menu.Label>
        {state.isError ? (
          <Text size="sm" px="sm" py="xs" role="alert">
            Notifications did not load. {errorText(state.error)}
          </Text>
        ) : !state.data ? (
          <Text size="sm" px="sm" py="xs" c="dimmed" aria-busy="true">
            Loading…
          </Text>
        ) : (
          <>
            {requests.map((group) => (
              <Menu.Item
                key={group.groupId}
                component={Link}
                to={href('v2.groups.members.pending', { groupId: group.groupId })}
                data-testid="notification-group-requests"
              >
                <Text size="sm" fw={700}>
                  {group.pendingCount === 1 ? '1 person asks' : `${group.pendingCount} people ask`} to join {group.name}
                </Text>
              </Menu.Item>
            ))}
            {notifications.length === 0 && requests.length === 0 ? (
              <Text size="sm" px="sm" py="xs" c="dimmed" data-testid="notifications-empty">
                No notifications yet. News about your exchanges, groups and the people you follow shows up here.
              </Text>
            ) : (
              notifications.map((item) => <NotificationRow key={item.notificationId} item={item} onOpen={onOpen} />)
            )}
          </>
        )}
        <Menu.Divider />
        <Menu.Item
          onClick={() => markRead.mutate({})}
          disabled={unread === 0 || markRead.isPending}
          closeMenuOnClick={false}
          data-testid="notifications-mark-all"
        >
          Mark all as read
        </Menu.Item>
        <Menu.Item component={Link} to={href('v2.settings.notifications')} data-testid="notifications-settings">
          Notification settings
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The header's Messages link, with the unread messages count in its name and on a badge. */
function MessagesLink() {
  const state = trpc.notifications.state.useQuery(undefined, { staleTime: 30_000 });
  const unread = state.data?.unreadMessages ?? 0;
  return (
    <Indicator
      label={<span aria-hidden>{unreadLabel(unread)}</span>}
      size={18}
      offset={6}
      color="red"
      disabled={unread === 0}
      data-testid="messages-unread"
    >
      <ActionIcon
        component={Link}
        to={href('v2.messages')}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
        data-testid="header-messages"
        data-unread={unread}
      >
        <MessageIcon size={20} />
      </ActionIcon>
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
