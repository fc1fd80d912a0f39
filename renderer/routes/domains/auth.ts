/** Auth routes (spec §2): names, paths, guards, flags and redirects; no screens (see ../screens.ts). */
import { AUTH_FLAGS, type TRouteDefinition } from '../definitions';

export const authRoutes = [
  // /a/sign-up/ and /a/log-in/ share one screen (both are bound to it in ../screens.ts).
  {
    name: 'v2.authSignUp',
    path: '/a/sign-up/',
    flags: AUTH_FLAGS,
  },
  {
    name: 'v2.authLogin',
    path: '/a/log-in/',
    flags: AUTH_FLAGS,
  },
  {
    name: 'v2.auth.signIn',
    path: '/a/sign-in/',
    flags: AUTH_FLAGS,
  },
  {
    name: 'v2.auth.codeConfirm',
    path: '/a/code-confirm/',
    flags: AUTH_FLAGS,
    guard: 'signedIn',
  },
  {
    name: 'v2.authUserSetup',
    path: '/a/email-confirmed/',
    flags: AUTH_FLAGS,
  },
  // Where GET /auth/v2/logout/ lands: a navigation never logs out, the button's same-site POST does.
  {
    name: 'v2.auth.logOut',
    path: '/a/log-out/',
    flags: AUTH_FLAGS,
  },
  {
    name: 'v2.mergeAccounts',
    path: '/auth/merge-accounts/',
    flags: AUTH_FLAGS,
    guard: 'known',
  },
  {
    name: 'v2.relatedAccounts',
    path: '/auth/related-accounts/',
    flags: AUTH_FLAGS,
    guard: 'known',
  },
  {
    name: 'v2.auth.resetPassword',
    path: '/auth/reset-password/',
    flags: AUTH_FLAGS,
  },
  // The server's e-mail confirmation link (GET /auth/v2/confirm-email/?token=…, which redirects to
  // /a/email-confirmed/): reached by a full page load, never mounted.
  { name: 'v2.auth.confirmEmail', path: '/auth/v2/confirm-email/', flags: AUTH_FLAGS, fullPageLoad: true },
  {
    name: 'v2.switchIdentity',
    path: '/switch-identity/',
    guard: 'changesIdentity',
  },
  // Where GET /auth/v2/impersonate/ lands: staff confirm with a reason before acting as a member.
  {
    name: 'v2.impersonateConfirm',
    path: '/auth/impersonate/',
    flags: AUTH_FLAGS,
    guard: 'signedIn',
  },
  // Auth endpoints of the server, reached by browser navigation (query: uid, returnurl, idp, lh).
  { name: 'v2.auth.endpoints.login', path: '/auth/v2/login/', fullPageLoad: true },
  { name: 'v2.auth.endpoints.logout', path: '/auth/v2/logout/', fullPageLoad: true },
  { name: 'v2.auth.endpoints.impersonate', path: '/auth/v2/impersonate/', fullPageLoad: true },
  { name: 'v2.auth.endpoints.switch', path: '/auth/v2/switch/', fullPageLoad: true },
  { name: 'v2.auth.endpoints.refreshToken', path: '/auth/v2/refresh-token/', fullPageLoad: true },
] as const satisfies readonly TRouteDefinition[];
