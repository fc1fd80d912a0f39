/**
 * The application shell (the root layout route): header with the logo and primary navigation, a
 * burger-toggled navbar on small screens, the footer, a navigation progress bar and the screen
 * outlet. It honours the flags of the matched route (hide header / mobile header / mobile footer /
 * background).
 */
import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { href } from '../routes/route-table';
import { AppFooter } from './app-footer';
import { AppLogo } from './app-logo';
import { NavigationProgress } from './navigation-progress';
import { isNavItemActive, PRIMARY_NAV } from './primary-nav';
import { useCurrentRouteHandle } from './route-handle';

const HEADER_HEIGHT = 60;
const FOOTER_HEIGHT = 44;
const NAVBAR_WIDTH = 260;

/** A soft cranberry wash at the top of the page; routes flagged hideBackground get the plain body. */
const FESTIVE_BACKGROUND =
  'linear-gradient(180deg, var(--mantine-color-red-0) 0, var(--mantine-color-body) 320px) no-repeat, var(--mantine-color-body)';

export function AppLayout() {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const { flags, routeName } = useCurrentRouteHandle();
  const { pathname } = useLocation();

  const hideHeader = flags.hideHeader === true;
  const hideMobileHeader = !hideHeader && flags.hideMobileHeader === true;
  const hideMobileFooter = flags.hideMobileFooter === true;

  return (
    <AppShell
      header={{ height: hideMobileHeader ? { base: 0, sm: HEADER_HEIGHT } : HEADER_HEIGHT, collapsed: hideHeader }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !navOpened, desktop: true } }}
      footer={{ height: hideMobileFooter ? { base: 0, sm: FOOTER_HEIGHT } : FOOTER_HEIGHT }}
      padding="md"
      data-route-name={routeName}
    >
      <NavigationProgress />

      {!hideHeader && (
        <AppShell.Header visibleFrom={hideMobileHeader ? 'sm' : undefined} data-testid="app-header">
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={navOpened}
                onClick={toggleNav}
                hiddenFrom="sm"
                size="sm"
                aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
                data-testid="nav-burger"
              />
              <AppLogo onNavigate={closeNav} />
            </Group>

            <Group gap={4} visibleFrom="sm" component="nav" aria-label="Primary" data-testid="primary-nav">
              {PRIMARY_NAV.map((item) => {
                const active = isNavItemActive(item, pathname);
                return (
                  <Button
                    key={item.to}
                    component={Link}
                    to={item.to}
                    variant={active ? 'light' : 'subtle'}
                    color={active ? 'red' : 'gray'}
                    aria-current={active ? 'page' : undefined}
                    data-testid={item.testId}
                  >
                    {item.label}
                  </Button>
                );
              })}
            </Group>

            <Button component={Link} to={href('v2.authLogin')} variant="outline" size="sm" data-testid="header-log-in">
              Log in
            </Button>
          </Group>
        </AppShell.Header>
      )}

      <AppShell.Navbar p="sm" component="nav" aria-label="Primary (mobile)" data-testid="mobile-nav">
        <ScrollArea>
          <Stack gap={2}>
            {PRIMARY_NAV.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                active={isNavItemActive(item, pathname)}
                onClick={closeNav}
                data-testid={`mobile-${item.testId}`}
              />
            ))}
          </Stack>
        </ScrollArea>
      </AppShell.Navbar>

      <AppShell.Main
        style={{ background: flags.hideBackground ? 'var(--mantine-color-body)' : FESTIVE_BACKGROUND }}
        data-testid="app-main"
      >
        <Outlet />
      </AppShell.Main>

      <AppShell.Footer visibleFrom={hideMobileFooter ? 'sm' : undefined} data-testid="app-footer">
        <AppFooter />
      </AppShell.Footer>

      <ScrollRestoration />
    </AppShell>
  );
}
