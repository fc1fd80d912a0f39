/** Settings routes (spec §2): names, paths, guards, flags and redirects; no screens (see ../screens.ts). */
import type { TRouteDefinition } from '../definitions';

export const settingsRoutes = [
  { name: 'v2.settings', path: '/settings/', guard: 'signedIn' },
  { name: 'v2.settings.profile', path: '/settings/profile/', guard: 'signedIn' },
  { name: 'v2.settings.notifications', path: '/settings/notifications/', guard: 'signedIn' },
  { name: 'v2.settings.privacy', path: '/settings/privacy/', guard: 'signedIn' },
  { name: 'v2.settings.account', path: '/settings/account/', guard: 'signedIn' },
  { name: 'v2.settings.blocked', path: '/settings/blocked/', guard: 'signedIn' },
  { name: 'legacy.settings', redirectTo: 'v2.settings', path: '/settings/legacy/', guard: 'signedIn' },
  {
    name: 'legacy.settings.profile',
    redirectTo: 'v2.settings.profile',
    path: '/settings/legacy/profile/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.settings.notifications',
    redirectTo: 'v2.settings.notifications',
    path: '/settings/legacy/notifications/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.settings.account',
    redirectTo: 'v2.settings.account',
    path: '/settings/legacy/account/',
    guard: 'signedIn',
  },
  { name: 'legacy.settings.following', path: '/settings/legacy/following/', guard: 'signedIn' },
  { name: 'legacy.settings.followers', path: '/settings/legacy/followers/', guard: 'signedIn' },
  // Reached from e-mails (e-mail settings are keyed by emailGuid, passed as a query parameter).
  { name: 'v2.emailNotifications', path: '/email/notifications/' },
] as const satisfies readonly TRouteDefinition[];
