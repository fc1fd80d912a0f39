/** Family manager routes (spec §2): names, paths, guards, flags and redirects; no screens (see ../screens.ts). */
import type { TRouteDefinition } from '../definitions';

export const familyManagerRoutes = [
  { name: 'v2.familyManager.root', path: '/family-manager/', guard: 'signedIn' },
  { name: 'v2.familyManager.selectMembers', path: '/family-manager/members/select/', guard: 'signedIn' },
  { name: 'v2.familyManager.registerMember', path: '/family-manager/members/register/', guard: 'signedIn' },
  { name: 'v2.familyManager.addMember', path: '/family-manager/members/add/', guard: 'signedIn' },
  {
    name: 'v2.familyManager.addToExchanges',
    path: '/family-manager/members/:userId/add-to-exchanges/',
    guard: 'signedIn',
  },
  { name: 'v2.familyManager.memberCreated', path: '/family-manager/members/:userId/created/', guard: 'signedIn' },
  {
    name: 'legacy.familyManager.registerMember',
    redirectTo: 'v2.familyManager.registerMember',
    path: '/family-manager/legacy/members/register/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.familyManager.addMember',
    redirectTo: 'v2.familyManager.addMember',
    path: '/family-manager/legacy/members/add/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.familyManager.memberCreated',
    redirectTo: 'v2.familyManager.memberCreated',
    path: '/family-manager/legacy/members/:userId/created/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.familyManager.addToMyGroups',
    path: '/family-manager/legacy/members/:userId/add-to-my-groups/',
    guard: 'signedIn',
  },
] as const satisfies readonly TRouteDefinition[];
