/** Email actions routes (spec §2): names, paths, guards, flags and redirects; no screens (see ../screens.ts). */
import type { TRouteDefinition } from '../definitions';

export const emailActionsRoutes = [
  { name: 'v2.actions.flagQa', path: '/actions/flag-qa/:questionAnswerId/' },
  { name: 'v2.actions.follow', path: '/actions/follow/:userId/', guard: 'signedIn' },
  { name: 'v2.actions.unfollow', path: '/actions/unfollow/:userId/', guard: 'signedIn' },
  { name: 'v2.actions.topicUnsubscribe', path: '/actions/topic-unsubscribe/:topicId/' },
  { name: 'v2.actions.redirect', path: '/actions/redirect/' },
  { name: 'v2.actions.showPriceDrop', path: '/actions/show-price-drop/' },
  { name: 'v2.externalRedirect', path: '/external-redirect/' },
] as const satisfies readonly TRouteDefinition[];
