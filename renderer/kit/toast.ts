/**
 * Toasts: short messages about something that just happened ("Saved", "Could not save, try
 * again"). They go through the app runtime's notification store (the same one the shell's 403
 * handling uses) and are shown by @mantine/notifications (renderer/app/app-notifications.tsx).
 */
import { useAppRuntime } from '../app/runtime-context';

export function useToast() {
  const { notifications } = useAppRuntime();
  return {
    success: (message: string, title?: string) => notifications.show({ message, title, color: 'green' }),
    error: (message: string, title?: string) => notifications.show({ message, title, color: 'red' }),
    info: (message: string, title?: string) => notifications.show({ message, title, color: 'blue' }),
  };
}
