/**
 * Where changes are saved at once (switches that flip before the server answers): whether they
 * have reached it yet. Its own module, not in states.tsx: that one loads with every page, this only
 * with the settings screens.
 */
import { Text } from '@mantine/core';

export type TSaveStatus = 'idle' | 'saving' | 'saved';

/**
 * "Saving…" and then "Saved", in a polite live region. A failed save says so in a toast and puts
 * the switch back, so it shows nothing here.
 */
export function SaveStatus({ status }: { status: TSaveStatus }) {
  return (
    <Text size="sm" c="dimmed" role="status" aria-live="polite" mih="1.25rem" data-testid="save-status">
      {status === 'saving' ? 'Saving…' : status === 'saved' ? 'Saved' : ''}
    </Text>
  );
}
