/** The header's notifications bell button with its unread count (notifications-menu.tsx). */
import { ActionIcon, Indicator, type ActionIconProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { Icon, type TIconProps } from '../../app/icons';

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

/** The bell's button: the menu's trigger, and what shows until the menu's code is loaded. */
export function BellButton({
  unread,
  ...others
}: { unread: number } & ActionIconProps & Omit<ComponentPropsWithRef<'button'>, keyof ActionIconProps>) {
  return (
    <Indicator
      label={<span aria-hidden>{unreadLabel(unread)}</span>}
      size={18}
      offset={6}
      color="red"
      disabled={unread === 0}
      data-testid="notifications-unread"
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={`Notifications, ${unread} unread`}
        data-testid="notifications-bell"
        data-unread={unread}
        {...others}
      >
        <BellIcon size={20} />
      </ActionIcon>
    </Indicator>
  );
}
