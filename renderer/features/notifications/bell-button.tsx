/** The header's notifications bell button with its unread count (notifications-menu.tsx). */
import { Indicator, UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { Icon, type TIconProps } from '../../app/icons';
import { ICON_BUTTON_ICON, useIconButton } from '../../kit/icon-button';

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
export function BellButton({ unread, ...others }: { unread: number } & ComponentPropsWithRef<'button'>) {
  const look = useIconButton();
  return (
    <Indicator
      label={<span aria-hidden>{unreadLabel(unread)}</span>}
      size={18}
      offset={6}
      color="red"
      disabled={unread === 0}
      data-testid="notifications-unread"
    >
      <UnstyledButton
        {...look}
        aria-label={`Notifications, ${unread} unread`}
        data-testid="notifications-bell"
        data-unread={unread}
        {...others}
      >
        <span className={ICON_BUTTON_ICON}>
          <BellIcon size={20} />
        </span>
      </UnstyledButton>
    </Indicator>
  );
}
