/**
 * A tiny store of transient shell notifications (the forbidden alert, save failures). The package
 * @mantine/notifications is not a dependency, so the shell renders these with Mantine's
 * `Notification` component (see app-notifications.tsx).
 */
import { createObservable, type TObservable } from '../../client/observable';

export interface TShellNotification {
  id: number;
  message: string;
  title?: string;
  color: 'red' | 'green' | 'blue' | 'yellow';
}

export interface TNotificationStore extends TObservable<readonly TShellNotification[]> {
  show(notification: Omit<TShellNotification, 'id' | 'color'> & { color?: TShellNotification['color'] }): number;
  hide(id: number): void;
}

export const NOTIFICATION_AUTO_CLOSE_MS = 8_000;

export function createNotificationStore(
  schedule: (fn: () => void, ms: number) => unknown = (fn, ms) => setTimeout(fn, ms),
): TNotificationStore {
  const store = createObservable<readonly TShellNotification[]>([]);
  let nextId = 1;
  const hide = (id: number): void => store.setState((list) => list.filter((item) => item.id !== id));
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    show(notification) {
      // The same message twice in a row is shown once.
      const existing = store.getState().find((item) => item.message === notification.message);
      if (existing) return existing.id;
      const id = nextId++;
      store.setState((list) => [...list, { color: 'red', ...notification, id }]);
      schedule(() => hide(id), NOTIFICATION_AUTO_CLOSE_MS);
      return id;
    },
    hide,
  };
}
