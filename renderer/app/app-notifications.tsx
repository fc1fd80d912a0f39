/**
 * The shell's toasts (e.g. 'Forbidden, please contact support', "Saved"), bottom centre, shown by
 * @mantine/notifications. Its code loads with the first toast: most visits never show one.
 */
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useAppRuntime } from './runtime-context';

const ToastHost = lazy(() => import('./toast-host'));

export function AppNotifications() {
  const { notifications } = useAppRuntime();
  const list = useSyncExternalStore(notifications.subscribe, notifications.getState, notifications.getState);
  // Once loaded it stays mounted, so it can close what it showed.
  const [needed, setNeeded] = useState(false);
  if (list.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost list={list} store={notifications} />
    </Suspense>
  );
}
