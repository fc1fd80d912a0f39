/** Social, messages, home, activity routes (spec §2): names, paths, guards, flags and redirects; no screens (see ../screens.ts). */
import { FLOW_FLAGS, type TRouteDefinition } from '../definitions';

export const socialRoutes = [
  { name: 'v2.friends', path: '/friends/', guard: 'signedIn' },
  { name: 'v2.friends.following', path: '/friends/following/', guard: 'signedIn' },
  { name: 'v2.friends.followers', path: '/friends/followers/', guard: 'signedIn' },
  { name: 'v2.friends.suggestions', path: '/friends/suggestions/', guard: 'signedIn' },
  { name: 'v2.friends.search', path: '/friends/search/', guard: 'signedIn' },
  { name: 'legacy.friends', redirectTo: 'v2.friends', path: '/friends/legacy/', guard: 'signedIn' },
  {
    name: 'legacy.friends.following',
    redirectTo: 'v2.friends.following',
    path: '/friends/legacy/following/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.friends.followers',
    redirectTo: 'v2.friends.followers',
    path: '/friends/legacy/followers/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.friends.suggestions',
    redirectTo: 'v2.friends.suggestions',
    path: '/friends/legacy/suggestions/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.friends.search',
    redirectTo: 'v2.friends.search',
    path: '/friends/legacy/search/',
    guard: 'signedIn',
  },
  { name: 'v2.messages', path: '/messages/', guard: 'signedIn' },
  { name: 'v2.messages.chats', path: '/messages/chats/', guard: 'signedIn' },
  { name: 'v2.messages.reminders', path: '/messages/reminders/', guard: 'signedIn' },
  { name: 'legacy.messages', redirectTo: 'v2.messages', path: '/messages/legacy/', guard: 'signedIn' },
  {
    name: 'legacy.messages.chats',
    redirectTo: 'v2.messages.chats',
    path: '/messages/legacy/chats/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.messages.reminders',
    redirectTo: 'v2.messages.reminders',
    path: '/messages/legacy/reminders/',
    guard: 'signedIn',
  },
  {
    name: 'v2.landing',
    path: '/',
    flags: { hideBackground: true },
  },
  { name: 'v2.home', path: '/home/' },
  { name: 'v2.contactUs', path: '/contact-us/' },
  { name: 'v2.terms', path: '/terms/' },
  { name: 'v2.browserButtons', path: '/browser-buttons/' },
  {
    name: 'v2.welcome',
    path: '/welcome/',
    flags: FLOW_FLAGS,
  },
  {
    name: 'v2.splash',
    path: '/splash/',
    flags: { hideHeader: true, hideMobileFooter: true, hideBackground: true },
  },
  { name: 'v2.activity', path: '/activity/', guard: 'signedIn' },
  { name: 'legacy.activity', redirectTo: 'v2.activity', path: '/activity/legacy/', guard: 'signedIn' },
] as const satisfies readonly TRouteDefinition[];
