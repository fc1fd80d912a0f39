/**
 * The Reminders tab of /messages/: what the member should not forget (answer an invitation, draw
 * names, an exchange's date, a birthday, a thank-you), each leading to where it is done, with
 * Dismiss. Also the short list on /home/ (RemindersPreview).
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '../../routes/link';
import type { TReminder } from '../../../server/contracts/social';
import { CheckIcon } from '../../app/icons';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { trpc } from '../../trpc';
import { appPath } from '../activity/app-path';
import { REMINDER_KIND_LABELS, dueLabel } from './reminder-format';

export function ReminderRow({ reminder, compact = false }: { reminder: TReminder; compact?: boolean }) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const dismiss = trpc.messages.dismissReminder.useMutation({
    onSuccess: () => utils.messages.reminders.invalidate(),
    onError: (error) => toast.error(errorText(error), 'Could not dismiss the reminder'),
  });
  const path = appPath(reminder.path);
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`reminder-${reminder.reminderId}`}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Badge variant="light" size="sm">
              {REMINDER_KIND_LABELS[reminder.kind] ?? 'Reminder'}
            </Badge>
            <Text size="xs" c="dimmed">
              {dueLabel(reminder.dueOn)}
            </Text>
          </Group>
          {path ? (
            <Anchor component={Link} to={path} fw={600} data-testid="reminder-link">
              {reminder.title}
            </Anchor>
          ) : (
            <Text fw={600}>{reminder.title}</Text>
          )}
        </Stack>
        {!compact ? (
          <Button
            variant="default"
            size="xs"
            onClick={() => dismiss.mutate({ reminderId: reminder.reminderId })}
            loading={dismiss.isPending}
            aria-label={`Dismiss: ${reminder.title}`}
            data-testid="reminder-dismiss"
          >
            Dismiss
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}

export function RemindersPanel() {
  const reminders = trpc.messages.reminders.useQuery();
  return (
    <QueryView
      query={reminders}
      skeleton={<ListSkeleton rows={3} />}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState
          icon={<CheckIcon size={24} />}
          title="Nothing to remember right now"
          description="Invitations to answer, names to draw, exchange days, birthdays of people you follow and thank-yous to write show up here."
        />
      }
    >
      {(list) => (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="reminder-list">
          {list.map((reminder) => (
            <li key={reminder.reminderId}>
              <ReminderRow reminder={reminder} />
            </li>
          ))}
        </Stack>
      )}
    </QueryView>
  );
}
