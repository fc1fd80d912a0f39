/**
 * Shown on every screen while a family manager acts as one of their children (switched into the
 * child's account; auth.me → familyManager): whose account this is, on a colour of its own (the
 * support session's banner is orange stripes), and the one way back, "Back to Dana", which
 * switches to the manager's own account and opens their family manager.
 */
import { Box, Button, Group, Text } from '@mantine/core';
import { UsersIcon } from '../app/icons';
import { href } from '../routes/route-table';
import { IMPERSONATION_BANNER_HEIGHT } from './impersonation-banner-height';
import { useSwitchIdentity } from './use-switch-identity';
import { meLabel, useMe } from './use-me';

function firstNameOf(person: { name: string; firstName: string | null; lastName: string | null }): string {
  return person.firstName?.trim() || meLabel({ ...person, email: null });
}

/** Loaded lazily by the shell (app-shell.tsx): only family managers switched into a child see it. */
export default function ChildAccountBanner() {
  const me = useMe();
  const { switchTo, pendingUid, error } = useSwitchIdentity();
  const manager = me.data?.familyManager;
  if (!me.data || !manager) return null;

  const child = firstNameOf(me.data);
  const parent = firstNameOf(manager);

  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="child-account-banner"
      h={IMPERSONATION_BANNER_HEIGHT}
      px="md"
      style={{
        background: 'var(--mantine-color-grape-8)',
        color: 'var(--mantine-color-white)',
        display: 'flex',
        alignItems: 'center',
      }}
    >
      <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <Box component="span" lh={0} style={{ flexShrink: 0 }} aria-hidden>
            <UsersIcon size={18} />
          </Box>
          <Text size="sm" fw={600} truncate data-testid="child-account-banner-text">
            You’re using <strong>{child}’s</strong> account
          </Text>
          {error ? (
            <Text size="xs" fw={600} c="yellow.2" truncate data-testid="child-account-error">
              {error}
            </Text>
          ) : null}
        </Group>
        <Button
          size="xs"
          variant="white"
          color="grape.9"
          loading={pendingUid === manager.userId}
          onClick={() => void switchTo(manager.userId, href('v2.familyManager.root'))}
          style={{ flexShrink: 0 }}
          data-testid="child-account-back"
        >
          Back to {parent}
        </Button>
      </Group>
    </Box>
  );
}
