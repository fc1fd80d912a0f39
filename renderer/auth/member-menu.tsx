/**
 * The signed-in account menu: the member's profile, friends, family manager and settings (and the
 * support console for staff), Switch
 * account (when there is more than one), Related accounts and Log out. Loaded by account-menu.tsx when its button is first used: Menu brings Popover, transitions and floating-ui,
 * which no first paint needs (the dropdown only opens on a click).
 */
import { Menu, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { canUseAdminArea } from '../../server/contracts/identity';
import { useOpenedOnMount } from '../app/menu-on-demand';
import { EyeIcon, HomeIcon, LogOutIcon, SwitchIcon, UsersIcon, WrenchIcon } from '../app/icons';
import { href } from '../routes/route-table';
import { trpc } from '../trpc';
import { AccountButton } from './account-button';
import { useIdentity } from './identity-provider';
import { meLabel, useMe } from './use-me';

export default function MemberMenu({ openAtOnce = false }: { openAtOnce?: boolean }) {
  const { identity, flags, logout } = useIdentity();
  const me = useMe();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useOpenedOnMount(target, openAtOnce);
  const switchTargets = trpc.auth.switchTargets.useQuery(undefined, {
    enabled: identity !== null && !identity.impersonatorUserId,
  });
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
    <Menu position="bottom-end" width={220} shadow="md" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <AccountButton label={label} ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        {me.data?.email ? (
          <Menu.Label>
            <Text size="xs" c="dimmed" truncate>
              {me.data.email}
            </Text>
          </Menu.Label>
        ) : null}
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
        <Menu.Item
          component={Link}
          to={href('v2.familyManager.root')}
          leftSection={<HomeIcon />}
          data-testid="family-manager-link"
        >
          Family manager
        </Menu.Item>
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
