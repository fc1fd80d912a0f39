/** Small shared pieces of the related-accounts, merge and switch screens. */
import { Alert, Avatar, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../../routes/link';
import { href } from '../../routes/route-table';
import { dateTimeFormat } from '../../kit/intl';

export function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat('en-US', { dateStyle: 'medium' }).format(date);
}

export function AccountSummary({
  name,
  detail,
  badge,
  pictureUrl = null,
}: {
  name: string;
  detail?: ReactNode;
  badge?: ReactNode;
  /** The account's picture; its initials when it has none (or it fails to load). */
  pictureUrl?: string | null;
}) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <Avatar src={pictureUrl} alt="" radius="xl" color="red" variant="light" aria-hidden data-testid="account-avatar">
        {initials(name)}
      </Avatar>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Text fw={600} truncate>
            {name}
          </Text>
          {badge}
        </Group>
        {detail ? (
          <Text size="xs" c="dimmed" truncate>
            {detail}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/** A related account: name, e-mail, creation date and whether it can log in on its own. */
export function RelatedAccountSummary({
  account,
  registeredLabel,
}: {
  account: { name: string; email: string | null; createdAt: string; isRegistered: boolean };
  registeredLabel: string;
}) {
  return (
    <AccountSummary
      name={account.name}
      detail={`${account.email ?? 'No e-mail'} · created ${formatDate(account.createdAt)}`}
      badge={
        <Badge size="xs" variant="light" color={account.isRegistered ? 'green' : 'gray'}>
          {account.isRegistered ? registeredLabel : 'Guest'}
        </Badge>
      }
    />
  );
}

/**
 * Shown instead of the related-accounts and merge screens to a sign-in that has not proved its
 * e-mail address (`auth.me` → emailProven): the server refuses those screens' data until it has.
 */
export function EmailProofRequired({ isRegistered }: { isRegistered: boolean }) {
  return (
    <Stack gap="md" data-testid="email-proof-required">
      <Alert color="yellow" variant="light" title="First, show this address is yours">
        {isRegistered
          ? 'Confirm your e-mail address with the code we sent you. Then you can see and merge the accounts that share it.'
          : 'Open this account from the link we e-mailed you. Then you can see and switch to the accounts that share its address.'}
      </Alert>
      {isRegistered ? (
        <Button component={Link} to={href('v2.auth.codeConfirm')} fullWidth data-testid="email-proof-confirm">
          Confirm my e-mail
        </Button>
      ) : null}
    </Stack>
  );
}
