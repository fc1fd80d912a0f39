/**
 * The notifications bell's menu, loaded when the bell is first used (notifications-menu.tsx): the
 * latest notifications (each leading where it is about), group join requests waiting for the member,
 * "Mark all as read" and the notification settings.
 */
import { Badge, Group, Menu, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from '../../routes/link';
import type { TNotificationItem } from '../../../server/contracts/social';
import { closeOnEscape, useOpenedOnMount } from '../../app/menu-on-demand';
import { errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { appPath } from '../activity/app-path';
import { relativeTime } from '../activity/relative-time';
import { BellButton, MENU_NOTIFICATIONS } from './bell-button';

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

export default function NotificationsDropdown({ openAtOnce = false }: { openAtOnce?: boolean }) {
  const state = trpc.notifications.state.useQuery(undefined, { staleTime: 30_000 });
  const utils = trpc.useUtils();
  const toast = useToast();
  const markRead = trpc.notifications.markRead.useMutation({
    onSuccess: () => utils.notifications.state.invalidate(),
    onError: (error) => toast.error(errorText(error), 'Could not mark as read'),
  });
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useOpenedOnMount(target, openAtOnce);
  const dropdown = useRef<HTMLDivElement>(null);
  // Mantine's menu puts a focus placeholder inside role="menu", which only menu items may hold
  // (axe: aria-required-children); without it, focus moves to the first enabled item here, so the
  // arrow keys and Escape work from the keyboard as before.
  const focusFirstItem = (): void =>
    dropdown.current?.querySelector<HTMLElement>('[data-menu-item]:not(:disabled)')?.focus();
  useEffect(() => {
    if (!opened) return;
    const frame = requestAnimationFrame(focusFirstItem);
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
      // Again once the dropdown has faded in: on a busy machine it was not there yet one frame after
      // opening, the focus stayed on the bell, and Escape (which the dropdown handles) did nothing.
      transitionProps={{ transition: 'fade', duration: 150, onEntered: focusFirstItem }}
    >
      <Menu.Target>
        <BellButton unread={unread} ref={target} onKeyDown={closeOnEscape(opened, setOpened)} />
      </Menu.Target>
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
