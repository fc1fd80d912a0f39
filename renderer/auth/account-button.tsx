/**
 * The signed-in header's account button (avatar, name, chevron): the menu's trigger, and also what
 * shows while the menu's code loads (member-menu.tsx is lazy), so the header looks the same at once.
 */
import { Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { ChevronDownIcon } from '../app/icons';
import classes from './account-button.module.css';

function initialsOf(label: string): string {
  const parts = label.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

export function AccountButton({
  label,
  ...others
}: { label: string } & UnstyledButtonProps & Omit<ComponentPropsWithRef<'button'>, keyof UnstyledButtonProps>) {
  return (
    <UnstyledButton
      data-testid="account-menu"
      aria-label={`Account menu for ${label}`}
      px="xs"
      py={4}
      style={{ borderRadius: 'var(--mantine-radius-xl)', border: '1px solid var(--mantine-color-gray-3)' }}
      {...others}
    >
      <Group gap={8} wrap="nowrap">
        <span className={classes.initials} aria-hidden>
          {initialsOf(label)}
        </span>
        <Text size="sm" fw={600} maw={160} truncate data-testid="account-name">
          {label}
        </Text>
        <Text component="span" c="dimmed" lh={0} aria-hidden>
          <ChevronDownIcon size={14} />
        </Text>
      </Group>
    </UnstyledButton>
  );
}
