/**
 * The header's account corner. Visitors get Log in and Sign up (coming back here afterwards);
 * signed-in people get their name with a menu: Switch account (when they have more than one),
 * Related accounts and Log out.
 */
import { Avatar, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { href } from '../routes/route-table';
import { trpc } from '../trpc';
import { ChevronDownIcon, LogOutIcon, SwitchIcon, UsersIcon } from '../app/icons';
import { useIdentity } from './identity-provider';
import { meLabel, useMe } from './use-me';

function initialsOf(label: string): string {
  const parts = label.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

/** The return address for a log-in started from this page (never an auth page). */
function returnQuery(pathname: string, search: string): { returnurl: string } | undefined {
  if (pathname.startsWith('/a/') || pathname.startsWith('/auth/') || pathname === '/') return undefined;
  return { returnurl: `${pathname}${search}` };
}

export function AccountMenu() {
  const { identity, isReady, logout } = useIdentity();
  const me = useMe();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [loggingOut, setLoggingOut] = useState(false);
  const signedIn = identity !== null;
  const switchTargets = trpc.auth.switchTargets.useQuery(undefined, {
    enabled: identity !== null && !identity.impersonatorUserId,
  });

  if (!isReady) return <Group w={170} data-testid="account-menu-pending" />;

  if (!signedIn) {
    const query = returnQuery(pathname, search);
    return (
      <Group gap="xs" wrap="nowrap" data-testid="account-menu-visitor">
        <Button
          component={Link}
          to={href('v2.authLogin', null, query)}
          variant="subtle"
          color="gray"
          size="sm"
          data-testid="header-log-in"
        >
          Log in
        </Button>
        <Button component={Link} to={href('v2.authSignUp', null, query)} size="sm" data-testid="header-sign-up">
          Sign up
        </Button>
      </Group>
    );
  }

  const label = me.data ? meLabel(me.data) : 'Account';
  const canSwitch = (switchTargets.data?.length ?? 0) > 1;

  async function onLogout(): Promise<void> {
    setLoggingOut(true);
    // Leave guarded screens first, so the sign-out does not bounce through the log-in screen.
    await navigate(href('v2.landing'));
    await logout();
    setLoggingOut(false);
  }

  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          data-testid="account-menu"
          aria-label={`Account menu for ${label}`}
          px="xs"
          py={4}
          style={{ borderRadius: 'var(--mantine-radius-xl)', border: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar size={28} radius="xl" color="red" variant="filled">
              {initialsOf(label)}
            </Avatar>
            <Text size="sm" fw={600} maw={160} truncate data-testid="account-name">
              {label}
            </Text>
            <Text component="span" c="dimmed" lh={0} aria-hidden>
              <ChevronDownIcon size={14} />
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {me.data?.email ? (
          <Menu.Label>
            <Text size="xs" c="dimmed" truncate>
              {me.data.email}
            </Text>
          </Menu.Label>
        ) : null}
        {canSwitch ? (
          <Menu.Item
            component={Link}
            to={href('v2.switchIdentity')}
            leftSection={<SwitchIcon />}
            data-testid="switch-account"
          >
            Switch account
          </Menu.Item>
        ) : null}
        <Menu.Item
          component={Link}
          to={href('v2.relatedAccounts')}
          leftSection={<UsersIcon />}
          data-testid="related-accounts-link"
        >
          Related accounts
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<LogOutIcon />}
          disabled={loggingOut}
          onClick={() => void onLogout()}
          data-testid="logout-button"
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
