/**
 * Confirmation before a destructive action (delete, leave, merge): says what will happen, the
 * destructive button is red and named after the action, Cancel is the default focus. Built on the
 * lazily loaded Modal, so screens pay for it only when it opens.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LazyModal } from '../app/lazy-modal';

export interface TConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, in the person's words. */
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  /** Red confirm button (default), for actions that cannot be undone. */
  destructive?: boolean;
  /** The confirm button's test id (tests tell one dialog's action from another's). */
  confirmTestId?: string;
}

export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  loading = false,
  destructive = true,
  confirmTestId = 'confirm-action',
}: TConfirmDialogProps) {
  return (
    <LazyModal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md" data-testid="confirm-dialog">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus data-testid="confirm-cancel">
            Cancel
          </Button>
          <Button
            color={destructive ? 'red' : undefined}
            onClick={onConfirm}
            loading={loading}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </LazyModal>
  );
}
