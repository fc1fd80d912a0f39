/**
 * The signed-in header's account button (picture or initials, name, chevron): the menu's trigger,
 * and also what shows while the menu's code loads (member-menu.tsx is lazy), so the header looks
 * the same at once. Below Mantine's sm breakpoint (a phone) it shrinks to the picture: the name
 * and chevron would push the header past the screen's edge; the button's accessible name still
 * says whose account it is.
 */
import { Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { ChevronDownIcon } from '../app/icons';
import { initialsOf } from '../kit/initials';
import { usePictureFallback } from '../kit/picture-fallback';
import classes from './account-button.module.css';

/**
 * The member's picture in the circle, or their initials when they have none or it fails to load:
 * what Mantine's Avatar does, drawn with a span and an img because this button is on every first
 * load; its circle is smaller and filled, and its letters are drawn, not text (see its styles).
 */
export function AccountPicture({ label, pictureUrl }: { label: string; pictureUrl: string | null | undefined }) {
  const { showPicture, onError } = usePictureFallback(pictureUrl);
  return (
    <span
      className={classes.initials}
      data-initials={showPicture ? undefined : initialsOf(label)}
      data-testid="account-picture"
      aria-hidden
    >
      {showPicture ? (
        <img
          className={classes.picture}
          src={pictureUrl ?? undefined}
          alt=""
          onError={onError}
          data-testid="account-picture-img"
        />
      ) : null}
    </span>
  );
}

export function AccountButton({
  label,
  pictureUrl,
  ...others
}: { label: string; pictureUrl?: string | null } & UnstyledButtonProps &
  Omit<ComponentPropsWithRef<'button'>, keyof UnstyledButtonProps>) {
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
        <AccountPicture label={label} pictureUrl={pictureUrl} />
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
