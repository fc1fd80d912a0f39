/**
 * Which screen each route shows: the one place screens are bound to route names. Only the router
 * (router.tsx, route-error-boundary.tsx) and the `npm run routes` CLI read it; features never import
 * it, so the route table and `href()` stay free of screens and the renderer free of import cycles.
 *
 * Screens load lazily (spec §2): each entry is an `import()` the CLI never calls. A table route with
 * no entry here shows the coming-soon screen until its domain lands.
 */
import type { ComponentType } from 'react';
import { notFoundRoute, routeTable, type TRouteDefinition, type TRouteGuard, type TRouteName } from './route-table';

export type TScreenModule = { default: ComponentType };
export type TScreenLoader = () => Promise<TScreenModule>;

const contentScreen: TScreenLoader = () => import('../features/content/content-screen');
const authScreen: TScreenLoader = () => import('../features/auth/auth-screen');

export const SCREENS: Partial<Record<TRouteName, TScreenLoader>> = {
  // Auth
  'v2.authSignUp': authScreen,
  'v2.authLogin': authScreen,
  'v2.auth.signIn': () => import('../features/auth/sign-in-redirect-screen'),
  'v2.auth.codeConfirm': () => import('../features/auth/code-confirm-screen'),
  'v2.authUserSetup': () => import('../features/auth/email-confirmed-screen'),
  'v2.auth.logOut': () => import('../features/auth/log-out-screen'),
  'v2.mergeAccounts': () => import('../features/auth/merge-accounts-screen'),
  'v2.relatedAccounts': () => import('../features/auth/related-accounts-screen'),
  'v2.auth.resetPassword': () => import('../features/auth/reset-password-screen'),
  'v2.switchIdentity': () => import('../features/auth/switch-identity-screen'),
  'v2.impersonateConfirm': () => import('../features/auth/impersonate-confirm-screen'),
  // Home and content
  'v2.landing': () => import('../features/home/landing-screen'),
  'v2.home': () => import('../features/home/home-screen'),
  'v2.contactUs': contentScreen,
  'v2.browserButtons': contentScreen,
  'v2.welcome': contentScreen,
  'v2.splash': contentScreen,
  // Shop
  'v2.shop.root': () => import('../features/shop/shop-screen'),
};

/** The catch-all's screen (unknown paths, malformed ids). */
export const notFoundScreen: TScreenLoader = () => import('../features/not-found/not-found-screen');

/** The screen of a route, or undefined while its domain has not landed. */
export function screenOf(routeName: string): TScreenLoader | undefined {
  if (routeName === notFoundRoute.name) return notFoundScreen;
  return (SCREENS as Readonly<Record<string, TScreenLoader | undefined>>)[routeName];
}

export interface TRenderedRouteSummary {
  name: string;
  path: string;
  hasScreen: boolean;
  guard: TRouteGuard | null;
  redirectTo: string | null;
}

/** One row per route (the table, then the catch-all), for the `npm run routes` CLI. */
export function listRenderedRoutes(): TRenderedRouteSummary[] {
  const all: readonly TRouteDefinition[] = [...routeTable, notFoundRoute];
  return all.map((route) => ({
    name: route.name,
    path: route.path,
    hasScreen: screenOf(route.name) !== undefined,
    guard: route.guard ?? null,
    redirectTo: route.redirectTo ?? null,
  }));
}
