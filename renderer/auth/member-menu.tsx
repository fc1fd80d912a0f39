/**
 * The signed-in account menu: who is signed in (picture, name, e-mail), the member's profile,
 * friends, family manager and settings (and the support console for staff), Switch account (when
 * there is more than one), Related accounts and Log out. In a child's account (a family manager
 * switched into it) the manager's own entries go (family manager, switching, related accounts):
 * the banner above the header is the one way back. Loaded by account-menu.tsx when its button is
 * first used: Menu brings Popover, transitions and floating-ui, which no first paint needs (the
 * dropdown only opens on a click).
 */
import { Avatar, Group, Menu, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from '../routes/link';
import { useAppNavigate } from '../routes/app-navigate';
import { canUseAdminArea } from '../../server/contracts/identity';
import { closeOnEscape, useOpenedOnMount } from '../app/menu-on-demand';
import { EyeIcon, HomeIcon, LogOutIcon, SwitchIcon, UsersIcon, WrenchIcon } from '../app/icons';
import { href } from '../routes/route-table';
import { trpc } from '../trpc';
import { AccountButton } from './account-button';
import { useIdentity } from './identity-provider';
import { meLabel, useMe } from './use-me';

function initialsOf(label: string): string {
  const parts = label.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

export default function MemberMenu({ openAtOnce = false }: { openAtOnce?: boolean }) {
  const { identity, flags, logout } = useIdentity();
  const me = useMe();
  const navigate = useAppNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useOpenedOnMount(target, openAtOnce);
  const switchTargets = trpc.auth.switchTargets.useQuery(undefined, {
    enabled: identity !== null && !identity.impersonatorUserId,
  });
  const label = me.data ? meLabel(me.data) : 'Account';
  const inChildAccount = Boolean(me.data?.familyManager);
  const canSwitch = !inChildAccount && (switchTargets.data?.length ?? 0) > 1;

  async function onLogout(): Promise<void> {
    setLoggingOut(true);
    // Leave guarded screens first, so the sign-out does not bounce through the log-in screen.
    await navigate(href('v2.landing'));
    await logout();
    setLoggingOut(false);
  }

  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <AccountButton
          label={label}
          pictureUrl={me.data?.pictureUrl}
          ref={target}
          onKeyDown={closeOnEscape(opened, setOpened)}
        />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label data-testid="account-menu-who">
          <Group gap="sm" wrap="nowrap">
            <Avatar
              src={me.data?.pictureUrl ?? null}
              // The name is written beside it: the picture (or the initials) adds nothing to read out.
              alt=""
              aria-hidden
              radius="xl"
              color="red"
              size={36}
              data-testid="account-menu-avatar"
            >
              {initialsOf(label)}
            </Avatar>
            <Stack gap={0} style={{ minWidth: 0 }}>
              {/* Spans, not paragraphs: a menu may hold only its items (and plain text) for assistive tech. */}
              <Text component="span" display="block" size="sm" fw={600} c="var(--mantine-color-text)" truncate>
                {label}
              </Text>
              {me.data?.email ? (
                <Text component="span" display="block" size="xs" c="dimmed" truncate>
                  {me.data.email}
                </Text>
              ) : null}
            </Stack>
          </Group>
        </Menu.Label>
        {identity ? (
          <Menu.Item
            component={Link}
            to={href('v2.profile.main', { userId: identity.userId })}
            leftSection={<EyeIcon />}
            data-testid="my-profile-link"
          >
            Your profile
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to={href('v2.friends')} leftSection={<UsersIcon />} data-testid="friends-link">
          Friends
        </Menu.Item>
        {inChildAccount ? null : (
          <Menu.Item
            component={Link}
            to={href('v2.familyManager.root')}
            leftSection={<HomeIcon />}
            data-testid="family-manager-link"
          >
            Family manager
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={href('v2.settings')} leftSection={<WrenchIcon />} data-testid="settings-link">
          Settings
        </Menu.Item>
        {canUseAdminArea(flags) ? (
          <Menu.Item component={Link} to={href('v2.admin.root')} leftSection={<WrenchIcon />} data-testid="admin-link">
            Support console
          </Menu.Item>
        ) : null}
        <Menu.Divider />
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
        {inChildAccount ? null : (
          <Menu.Item
            component={Link}
            to={href('v2.relatedAccounts')}
            leftSection={<UsersIcon />}
            data-testid="related-accounts-link"
          >
            Related accounts
          </Menu.Item>
        )}
        {inChildAccount ? null : <Menu.Divider />}
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
