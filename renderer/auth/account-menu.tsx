/**
 * The header's account corner. Visitors get Log in and Sign up (coming back here afterwards);
 * signed-in people get their name with a menu (member-menu.tsx, loaded when the same button is
 * first used): Switch account (when they have more than one), Related accounts and Log out.
 */
import { Button, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../routes/link';
import { useMenuOnDemand } from '../app/menu-on-demand';
import { href } from '../routes/route-table';
import { AccountButton } from './account-button';
import { useIdentity } from './identity-provider';
import { meLabel, useMeData } from './me-store';
import { dataLoader } from '../data/data-loader';

/** The menu's code and the query data load together (it asks for the switch targets). */
const loadMemberMenu = dataLoader(() => import('./member-menu'));
const MemberMenu = lazy(loadMemberMenu);

/** The return address for a log-in started from this page (never an auth page). */
function returnQuery(pathname: string, search: string): { returnurl: string } | undefined {
  if (pathname.startsWith('/a/') || pathname.startsWith('/auth/') || pathname === '/') return undefined;
  return { returnurl: `${pathname}${search}` };
}

export function AccountMenu() {
  const { identity, isReady } = useIdentity();
  const me = useMeData();
  const { pathname, search } = useLocation();
  // The menu's code (Menu, Popover, floating-ui) loads when the button is first used.
  const menu = useMenuOnDemand(loadMemberMenu);

  if (!isReady) return <Group w={170} data-testid="account-menu-pending" />;

  if (identity === null) {
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

  const label = me ? meLabel(me) : 'Account';
  const pictureUrl = me?.pictureUrl ?? null;
  if (!menu.wanted) return <AccountButton label={label} pictureUrl={pictureUrl} {...menu.trigger} />;
  return (
    <Suspense
      fallback={<AccountButton label={label} pictureUrl={pictureUrl} aria-haspopup="menu" aria-expanded={false} />}
    >
      <MemberMenu openAtOnce />
    </Suspense>
  );
}
