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
  /**
   * The toast is on screen now: its time to close starts here, not when it was asked for. The
   * toasts' code loads with the first one, and on a slow device that took longer than the toast's
   * whole time, so the first toast of a visit could close before anyone saw it.
   */
  shown(id: number): void;
}

export const NOTIFICATION_AUTO_CLOSE_MS = 8_000;

export function createNotificationStore(
  schedule: (fn: () => void, ms: number) => unknown = (fn, ms) => setTimeout(fn, ms),
): TNotificationStore {
  const store = createObservable<readonly TShellNotification[]>([]);
  let nextId = 1;
  /** Toasts on screen whose closing is scheduled. */
  const closing = new Set<number>();
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
      return id;
    },
    hide,
    shown(id) {
      if (closing.has(id)) return;
      closing.add(id);
      schedule(() => {
        closing.delete(id);
        hide(id);
      }, NOTIFICATION_AUTO_CLOSE_MS);
    },
  };
}
