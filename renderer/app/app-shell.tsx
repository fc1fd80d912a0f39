/**
 * The application shell (the root layout route): header with the logo and primary navigation, a
 * burger-toggled navbar on small screens, the footer, a navigation progress bar and the screen
 * outlet. It honours the flags of the matched route (hide header / mobile header / mobile footer /
 * background). While support staff impersonate a member, the impersonation banner sits above the
 * header content on every screen, even where the route hides the header; so does the child-account
 * banner while a family manager acts as their child.
 */
import { Box, Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, type CSSProperties } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Link } from '../routes/link';
import { AccountMenu } from '../auth/account-menu';
import { useIdentity } from '../auth/identity-provider';
import { IMPERSONATION_BANNER_HEIGHT } from '../auth/impersonation-banner-height';
import { useMeData } from '../auth/me-store';
import { ensureTrailingSlash } from '../client/url';
import { lazyWithData } from '../data/data-loader';
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
import classes from './app-layout.module.css';

/** Only support staff see the impersonation banner: its code loads when they do. */
const ImpersonationBanner = lazyWithData(() => import('../auth/impersonation-banner'));

/** Only a family manager switched into a child's account sees whose it is: its code loads then. */
const ChildAccountBanner = lazyWithData(() => import('../auth/child-account-banner'));

/** Signed-in members' Messages link and notifications bell: their code loads for members only. */
const MemberHeaderActions = lazyWithData(() => import('../features/notifications/notifications-menu'));

/** A signed-in person's `auth.me` query, handed to the shell (account button, banners). */
const MeSync = lazyWithData<object>(() => import('../data/data-module').then((module) => ({ default: module.MeSync })));

/** The small-screen navbar's links load when it first opens. */
const MobileNavLinks = lazy(() => import('./mobile-nav-links'));

/** Dev only: Vite replaces import.meta.env.DEV with false in builds, so the panel is not bundled. */
const ExperimentsPanel = import.meta.env.DEV ? lazyWithData(() => import('./experiments-panel')) : null;

const HEADER_HEIGHT = 60;
const FOOTER_HEIGHT = 44;

/** A soft cranberry wash at the top of the page; routes flagged hideBackground get the plain body. */
const FESTIVE_BACKGROUND =
  'linear-gradient(180deg, var(--mantine-color-red-0) 0, var(--mantine-color-body) 320px) no-repeat, var(--mantine-color-body)';

export function AppLayout() {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const { flags, routeName } = useCurrentRouteHandle();
  const { pathname, search, hash, state } = useLocation();

  const { flags: authFlags, identity } = useIdentity();
  // The same query as the account button's (one request): names the manager while in a child's account.
  const me = useMeData();
  const actingAsChild = !authFlags.isImpersonated && Boolean(me?.familyManager);

  const hideHeader = flags.hideHeader === true;
  const hideMobileHeader = !hideHeader && flags.hideMobileHeader === true;
  const hideMobileFooter = flags.hideMobileFooter === true;
  const banner = authFlags.isImpersonated || actingAsChild ? IMPERSONATION_BANNER_HEIGHT : 0;
  const headerHeight = hideHeader ? banner : HEADER_HEIGHT + banner;
  const mobileHeaderHeight = hideMobileHeader ? banner : headerHeight;
  const showHeaderBox = !hideHeader || banner > 0;
  // The frame's sizes, as the layout's CSS reads them (app-layout.module.css). The footer is fixed
  // from sm up only; on a phone it flows at the end of the page and takes no height of its own.
  const frame = {
    '--header-h': `${showHeaderBox ? mobileHeaderHeight : 0}px`,
    '--header-h-sm': `${showHeaderBox ? headerHeight : 0}px`,
    '--footer-h-sm': `${FOOTER_HEIGHT}px`,
  } as CSSProperties;

  useEffect(() => {
    document.documentElement.dataset.routeName = routeName;
  }, [routeName]);

  // Paths end with a slash (spec §2): an in-app link without one is corrected in place.
  const canonicalPath = pathname.endsWith('/') ? null : `${ensureTrailingSlash(pathname)}${search}${hash}`;

  return (
    <div className={classes.root} style={frame} data-route-name={routeName}>
      <NavigationProgress />

      {showHeaderBox && (
        <Box
          component="header"
          className={classes.header}
          visibleFrom={hideMobileHeader && banner === 0 ? 'sm' : undefined}
          data-testid="app-header"
        >
          {authFlags.isImpersonated ? (
            <Suspense fallback={<Box h={IMPERSONATION_BANNER_HEIGHT} />}>
              <ImpersonationBanner />
            </Suspense>
          ) : actingAsChild ? (
            <Suspense fallback={<Box h={IMPERSONATION_BANNER_HEIGHT} />}>
              <ChildAccountBanner />
            </Suspense>
          ) : null}
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

              <Group gap="xs" wrap="nowrap">
                {authFlags.isAuthenticated ? (
                  <Suspense fallback={null}>
                    <MemberHeaderActions />
                  </Suspense>
                ) : null}
                <AccountMenu />
              </Group>
            </Group>
          )}
        </Box>
      )}

      <nav className={classes.navbar} hidden={!navOpened} aria-label="Primary (mobile)" data-testid="mobile-nav">
        {navOpened ? (
          <Suspense fallback={null}>
            <MobileNavLinks pathname={pathname} onNavigate={closeNav} />
          </Suspense>
        ) : null}
      </nav>

      <main
        className={classes.main}
        style={{ background: flags.hideBackground ? 'var(--mantine-color-body)' : FESTIVE_BACKGROUND }}
        data-testid="app-main"
      >
        {canonicalPath ? <Navigate to={canonicalPath} replace state={state} /> : <Outlet />}
      </main>

      <Box
        component="footer"
        className={classes.footer}
        visibleFrom={hideMobileFooter ? 'sm' : undefined}
        data-testid="app-footer"
      >
        <AppFooter />
      </Box>

      {identity !== null ? (
        <Suspense fallback={null}>
          <MeSync />
        </Suspense>
      ) : null}
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
    </div>
  );
}
