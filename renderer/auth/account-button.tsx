/**
 * The signed-in header's account button (avatar, name, chevron): the menu's trigger, and also what
 * shows while the menu's code loads (member-menu.tsx is lazy), so the header looks the same at once.
 * Below Mantine's sm breakpoint (a phone) it shrinks to the avatar: the name and chevron would push
 * the header past the screen's edge; the button's accessible name still says whose account it is.
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
      // Begins with the visible name (WCAG 2.5.3 label in name), then says what it opens.
      aria-label={`${label}, account menu`}
      px={{ base: 4, sm: 'xs' }}
      py={4}
      style={{ borderRadius: 'var(--mantine-radius-xl)', border: '1px solid var(--mantine-color-gray-3)' }}
      {...others}
    >
      <Group gap={8} wrap="nowrap">
        <span className={classes.initials} data-initials={initialsOf(label)} aria-hidden />
        <Text size="sm" fw={600} maw={160} truncate visibleFrom="sm" data-testid="account-name">
          {label}
        </Text>
        <Text component="span" c="dimmed" lh={0} visibleFrom="sm" aria-hidden>
          <ChevronDownIcon size={14} />
        </Text>
      </Group>
    </UnstyledButton>
  );
}
