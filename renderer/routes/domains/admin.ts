/** Admin routes (spec §2): names, paths, guards, flags and redirects; no screens (see ../screens.ts). */
import type { TRouteDefinition } from '../definitions';

export const adminRoutes = [
  { name: 'v2.admin.root', path: '/admin/', guard: 'admin' },
  { name: 'v2.admin.findUser', path: '/admin/finduser/', guard: 'admin' },
  { name: 'v2.admin.user', path: '/admin/finduser/:userId/', guard: 'admin' },
  { name: 'v2.admin.mergeAccounts', path: '/admin/mergeaccounts/', guard: 'admin' },
  { name: 'v2.admin.userMessages', path: '/admin/UserMessages/', guard: 'admin' },
  { name: 'v2.admin.userMessages.user', path: '/admin/UserMessages/:userId/', guard: 'admin' },
  { name: 'v2.admin.viewExchangeDetails', path: '/admin/viewexchangedetails/', guard: 'admin' },
  {
    name: 'v2.admin.viewExchangeDetails.exchange',
    path: '/admin/viewexchangedetails/:exchangeId/',
    guard: 'admin',
  },
  {
    name: 'v2.admin.viewExchangeDetails.events',
    path: '/admin/viewexchangedetails/:exchangeId/events/',
    guard: 'admin',
  },
  {
    name: 'v2.admin.viewExchangeDetails.questions',
    path: '/admin/viewexchangedetails/:exchangeId/questions/',
    guard: 'admin',
  },
  {
    name: 'v2.admin.viewExchangeDetails.restrictions',
    path: '/admin/viewexchangedetails/:exchangeId/restrictions/',
    guard: 'admin',
  },
  {
    name: 'v2.admin.viewExchangeDetails.countries',
    path: '/admin/viewexchangedetails/:exchangeId/countries/',
    guard: 'admin',
  },
  {
    name: 'v2.admin.viewExchangeDetails.notes',
    path: '/admin/viewexchangedetails/:exchangeId/notes/',
    guard: 'admin',
  },
  { name: 'v2.admin.viewGroupDetails', path: '/admin/viewgroupdetails/', guard: 'admin' },
  { name: 'v2.admin.viewGroupDetails.group', path: '/admin/viewgroupdetails/:groupId/', guard: 'admin' },
  {
    name: 'v2.admin.viewGroupDetails.removedMembers',
    path: '/admin/viewgroupdetails/:groupId/members/removed/',
    guard: 'admin',
  },
  {
    name: 'v2.admin.viewGroupDetails.invitations',
    path: '/admin/viewgroupdetails/:groupId/invitations/',
    guard: 'admin',
  },
  { name: 'v2.admin.replaceExchangePerson', path: '/admin/replaceexchangeperson/', guard: 'admin' },
  { name: 'v2.admin.cloneWishLists', path: '/admin/clonewishlists/', guard: 'admin' },
  // The support audit log: impersonations, merges, message reads (ours; not an old-admin page).
  { name: 'v2.admin.auditLog', path: '/admin/auditlog/', guard: 'admin' },
  // Every other /admin/{pageName}[/{resourceId}] page belongs to the old admin app.
  {
    name: 'legacy.admin.otherPage',
    path: '/admin/:pageName/',
    guard: 'admin',
    redirectTo: 'legacy.oldAdmin.page',
  },
  {
    name: 'legacy.admin.otherResource',
    path: '/admin/:pageName/:resourceId/',
    guard: 'admin',
    redirectTo: 'legacy.oldAdmin.resource',
  },
  { name: 'legacy.oldAdmin.root', path: '/old-admin/', fullPageLoad: true },
  { name: 'legacy.oldAdmin.page', path: '/old-admin/:pageName/', fullPageLoad: true },
  { name: 'legacy.oldAdmin.resource', path: '/old-admin/:pageName/:resourceId/', fullPageLoad: true },
] as const satisfies readonly TRouteDefinition[];
