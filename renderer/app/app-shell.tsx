/**
 * The application shell (the root layout route): header with the logo and primary navigation, a
 * burger-toggled navbar on small screens, the footer, a navigation progress bar and the screen
 * outlet. It honours the flags of the matched route (hide header / mobile header / mobile footer /
 * background). While support staff impersonate a member, the impersonation banner sits above the
 * header content on every screen, even where the route hides the header.
 */
import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { AccountMenu } from '../auth/account-menu';
import { useIdentity } from '../auth/identity-provider';
import { IMPERSONATION_BANNER_HEIGHT, ImpersonationBanner } from '../auth/impersonation-banner';
import { ensureTrailingSlash } from '../client/url';
import { AppFooter } from './app-footer';
import { AppNotifications } from './app-notifications';
import { BackToTop } from './back-to-top';
import { NavigationSync } from './navigation-sync';
import { OneTapPrompt } from './one-tap-prompt';
import { QueryFlagDialogs } from './query-flag-dialogs';
import { ScrollManager } from './scroll-manager';
import { TermsDialog } from './terms-dialog';
import { AppLogo } from './app-logo';
import { NavigationProgress } from './navigation-progress';
import { isNavItemActive, PRIMARY_NAV } from './primary-nav';
import { useCurrentRouteHandle } from './route-handle';

/** Dev only: Vite replaces import.meta.env.DEV with false in builds, so the panel is not bundled. */
const ExperimentsPanel = import.meta.env.DEV ? lazy(() => import('./experiments-panel')) : null;

const HEADER_HEIGHT = 60;
const FOOTER_HEIGHT = 44;
const NAVBAR_WIDTH = 260;

/** A soft cranberry wash at the top of the page; routes flagged hideBackground get the plain body. */
const FESTIVE_BACKGROUND =
  'linear-gradient(180deg, var(--mantine-color-red-0) 0, var(--mantine-color-body) 320px) no-repeat, var(--mantine-color-body)';

export function AppLayout() {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const { flags, routeName } = useCurrentRouteHandle();
  const { pathname, search, hash, state } = useLocation();

  const { flags: authFlags } = useIdentity();

  const hideHeader = flags.hideHeader === true;
  const hideMobileHeader = !hideHeader && flags.hideMobileHeader === true;
  const hideMobileFooter = flags.hideMobileFooter === true;
  const banner = authFlags.isImpersonated ? IMPERSONATION_BANNER_HEIGHT : 0;
  const headerHeight = hideHeader
    ? banner
    : hideMobileHeader
      ? { base: banner, sm: HEADER_HEIGHT + banner }
      : HEADER_HEIGHT + banner;
  const showHeaderBox = !hideHeader || banner > 0;

  useEffect(() => {
    document.documentElement.dataset.routeName = routeName;
  }, [routeName]);

  // Paths end with a slash (spec §2): an in-app link without one is corrected in place.
  const canonicalPath = pathname.endsWith('/') ? null : `${ensureTrailingSlash(pathname)}${search}${hash}`;

  return (
    <AppShell
      header={{ height: headerHeight, collapsed: !showHeaderBox }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !navOpened, desktop: true } }}
      footer={{ height: hideMobileFooter ? { base: 0, sm: FOOTER_HEIGHT } : FOOTER_HEIGHT }}
      padding="md"
      data-route-name={routeName}
    >
      <NavigationProgress />

      {showHeaderBox && (
        <AppShell.Header visibleFrom={hideMobileHeader && banner === 0 ? 'sm' : undefined} data-testid="app-header">
          <ImpersonationBanner />
          {!hideHeader && (
            <Group
              h={HEADER_HEIGHT}
              px="md"
              justify="space-between"
              wrap="nowrap"
              visibleFrom={hideMobileHeader && banner > 0 ? 'sm' : undefined}
            >
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

              <AccountMenu />
            </Group>
          )}
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
        {canonicalPath ? <Navigate to={canonicalPath} replace state={state} /> : <Outlet />}
      </AppShell.Main>

      <AppShell.Footer visibleFrom={hideMobileFooter ? 'sm' : undefined} data-testid="app-footer">
        <AppFooter />
      </AppShell.Footer>

      <ScrollManager />
      <NavigationSync />
      <TermsDialog />
      <OneTapPrompt />
      <QueryFlagDialogs />
      <AppNotifications />
      <BackToTop />
      {ExperimentsPanel && (
        <Suspense fallback={null}>
          <ExperimentsPanel />
        </Suspense>
      )}
    </AppShell>
  );
}
