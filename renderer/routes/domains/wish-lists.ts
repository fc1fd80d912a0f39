/** Wish lists and profiles routes (spec §2): names, paths, guards, flags and redirects; no screens (see ../screens.ts). */
import type { TRouteDefinition } from '../definitions';

export const wishListsRoutes = [
  { name: 'v2.wishLists.own', path: '/wish-lists/', guard: 'signedIn' },
  { name: 'v2.wishLists.create', path: '/wish-lists/create/', guard: 'signedIn' },
  { name: 'v2.addWish', path: '/add-wish/', guard: 'known' },
  { name: 'v2.wishIt', path: '/wish-it/', guard: 'known' },
  { name: 'v2.profile.main', path: '/profile/:userId/' },
  { name: 'v2.profile.favoriteGuides', path: '/profile/:userId/favorite-guides/' },
  { name: 'v2.profile.wishLists', path: '/profile/:userId/wish-lists/' },
  { name: 'v2.profile.createWishList', path: '/profile/:userId/wish-lists/create/', guard: 'signedIn' },
  { name: 'v2.profile.wishList', path: '/profile/:userId/wish-lists/:wishlistId/' },
  { name: 'v2.profile.editWishList', path: '/profile/:userId/wish-lists/:wishlistId/edit/', guard: 'signedIn' },
  { name: 'v2.profile.purchases', path: '/profile/:userId/purchases/', guard: 'signedIn' },
  // The spec spells this path "gift-recived"; kept as published so existing links keep working.
  { name: 'v2.profile.giftsReceived', path: '/profile/:userId/gift-recived/', guard: 'signedIn' },
  { name: 'v2.profile.friends', path: '/profile/:userId/friends/' },
  { name: 'v2.profile.friends.following', path: '/profile/:userId/friends/following/' },
  { name: 'v2.profile.friends.followers', path: '/profile/:userId/friends/followers/' },
  { name: 'v2.profile.friends.search', path: '/profile/:userId/friends/search/', guard: 'signedIn' },
  { name: 'v2.profile.childAccounts', path: '/profile/:userId/child-accounts/', guard: 'signedIn' },
  { name: 'legacy.profile.main', redirectTo: 'v2.profile.main', path: '/profile/legacy/:userId/' },
  { name: 'legacy.profile.wishLists', redirectTo: 'v2.profile.wishLists', path: '/profile/legacy/:userId/wish-lists/' },
  {
    name: 'legacy.profile.createWishList',
    redirectTo: 'v2.profile.createWishList',
    path: '/profile/legacy/:userId/wish-lists/create/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.profile.wishList',
    redirectTo: 'v2.profile.wishList',
    path: '/profile/legacy/:userId/wish-lists/:wishlistId/',
  },
  {
    name: 'legacy.profile.editWishList',
    redirectTo: 'v2.profile.editWishList',
    path: '/profile/legacy/:userId/wish-lists/:wishlistId/edit/',
    guard: 'signedIn',
  },
  { name: 'legacy.profile.editWish', path: '/profile/legacy/:userId/wishes/:wishId/edit/', guard: 'signedIn' },
  { name: 'legacy.profile.friends', redirectTo: 'v2.profile.friends', path: '/profile/legacy/:userId/friends/' },
  {
    name: 'legacy.profile.friends.following',
    redirectTo: 'v2.profile.friends.following',
    path: '/profile/legacy/:userId/friends/following/',
  },
  {
    name: 'legacy.profile.friends.followers',
    redirectTo: 'v2.profile.friends.followers',
    path: '/profile/legacy/:userId/friends/followers/',
  },
  {
    name: 'legacy.profile.friends.suggestions',
    path: '/profile/legacy/:userId/friends/suggestions/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.profile.friends.search',
    redirectTo: 'v2.profile.friends.search',
    path: '/profile/legacy/:userId/friends/search/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.profile.childAccounts',
    redirectTo: 'v2.profile.childAccounts',
    path: '/profile/legacy/:userId/child-accounts/',
    guard: 'signedIn',
  },
] as const satisfies readonly TRouteDefinition[];
