/** The shell's transient notifications (e.g. 'Forbidden, please contact support'), bottom centre. */
import { Notification, Portal, Stack } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useAppRuntime } from './runtime-context';

export function AppNotifications() {
  const { notifications } = useAppRuntime();
  const list = useSyncExternalStore(notifications.subscribe, notifications.getState);
  if (list.length === 0) return null;
  return (
    <Portal>
      <Stack
        gap="xs"
        pos="fixed"
        bottom={64}
        left="50%"
        w={360}
        maw="calc(100vw - 32px)"
        style={{ transform: 'translateX(-50%)', zIndex: 400 }}
        role="status"
        aria-live="polite"
        data-testid="app-notifications"
      >
        {list.map((item) => (
          <Notification
            key={item.id}
            color={item.color}
            title={item.title}
            onClose={() => notifications.hide(item.id)}
            withBorder
            data-testid="app-notification"
          >
            {item.message}
          </Notification>
        ))}
      </Stack>
    </Portal>
  );
}
