/** Groups routes (spec §2): names, paths, guards, flags and redirects; no screens (see ../screens.ts). */
import type { TRouteDefinition } from '../definitions';

export const groupsRoutes = [
  { name: 'v2.groups.list', path: '/groups/', guard: 'signedIn' },
  { name: 'v2.groups.main', path: '/groups/:groupId/', guard: 'signedIn' },
  { name: 'v2.groups.invite', path: '/groups/:groupId/invite/', guard: 'signedIn' },
  { name: 'v2.groups.inviteFriends', path: '/groups/:groupId/invite-friends/', guard: 'signedIn' },
  { name: 'v2.groups.settings', path: '/groups/:groupId/settings/', guard: 'signedIn' },
  { name: 'v2.groups.activity', path: '/groups/:groupId/activity/', guard: 'signedIn' },
  { name: 'v2.groups.members', path: '/groups/:groupId/members/', guard: 'signedIn' },
  { name: 'v2.groups.members.pending', path: '/groups/:groupId/members/pending/', guard: 'signedIn' },
  { name: 'v2.groups.members.removed', path: '/groups/:groupId/members/removed/', guard: 'signedIn' },
  { name: 'v2.groups.assistants', path: '/groups/:groupId/assistants/', guard: 'signedIn' },
] as const satisfies readonly TRouteDefinition[];
