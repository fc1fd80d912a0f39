/**
 * The lazily loaded half of app-notifications.tsx: @mantine/notifications' container, kept in step
 * with the runtime's notification store (the store decides what shows and for how long; closing a
 * toast removes it from the store).
 */
import { Notifications, notifications as mantine } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { useEffect, useRef } from 'react';
import type { TNotificationStore, TShellNotification } from './runtime/notifications';

export default function ToastHost({
  list,
  store,
}: {
  list: readonly TShellNotification[];
  store: Pick<TNotificationStore, 'hide' | 'shown'>;
}) {
  const shown = useRef(new Set<number>());
  useEffect(() => {
    const current = new Set(list.map((item) => item.id));
    for (const item of list) {
      if (shown.current.has(item.id)) continue;
      shown.current.add(item.id);
      mantine.show({
        id: String(item.id),
        title: item.title,
        message: item.message,
        color: item.color,
        withBorder: true,
        // The store closes it (NOTIFICATION_AUTO_CLOSE_MS after it is shown), so both agree on what is showing.
        autoClose: false,
        onClose: () => store.hide(item.id),
        closeButtonProps: { 'aria-label': 'Close notification' },
        'data-testid': 'app-notification',
      } as Parameters<typeof mantine.show>[0]);
      store.shown(item.id);
    }
    for (const id of [...shown.current]) {
      if (current.has(id)) continue;
      shown.current.delete(id);
      mantine.hide(String(id));
    }
  }, [list, store]);
  return (
    <div role="status" aria-live="polite" data-testid="app-notifications">
      <Notifications position="bottom-center" zIndex={400} withinPortal={false} />
    </div>
  );
}
