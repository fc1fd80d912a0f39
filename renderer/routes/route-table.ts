/**
 * THE route table of the renderer (spec §2), as plain data.
 *
 * This module is imported by the React router (`router.tsx`) and by a Node CLI (`npm run routes`, run
 * with tsx), so it must stay free of runtime React, CSS, `.tsx` modules and `import.meta.env`: screens
 * are referenced only through `() => import(...)` functions, which the CLI never calls.
 *
 * Conventions:
 * - every path ends with '/', parameters are written `:name` (react-router syntax);
 * - every name carries the design-version prefix `legacy.` or `v2.`; spec route names given in
 *   parentheses (authSignUp, authLogin, authUserSetup, mergeAccounts, relatedAccounts) are kept verbatim;
 * - a route without `screen` is still listed (so `href()` can build it); the router mounts it with the
 *   coming-soon screen (titled after its area, guard and UUID checks kept) until its screen exists;
 * - `redirectTo` names another route of this table; the router redirects there with the same params.
 *   Legacy addresses whose v2 twin exists redirect to it (old e-mail links keep working), except
 *   view-draw, which goes the other way (v2 → legacy);
 * - `fullPageLoad` marks addresses that live outside this single-page app (server endpoints reached by
 *   browser navigation, the old admin): link to them with a full page load, never mount them.
 */
import type { ComponentType } from 'react';
import { ERROR_MESSAGES } from '../../server/contracts/messages';

export type TRouteGuard = 'signedIn' | 'known' | 'admin' | 'changesIdentity';

export interface TRouteFlags {
  readonly hideMobileHeader?: boolean;
  readonly hideHeader?: boolean;
  readonly hideMobileFooter?: boolean;
  readonly hideBackground?: boolean;
}

export type TScreenModule = { default: ComponentType };

export interface TRouteDefinition {
  readonly name: string;
  readonly path: string;
  readonly screen?: () => Promise<TScreenModule>;
  readonly flags?: TRouteFlags;
  readonly guard?: TRouteGuard;
  /** Name of another route of the table (typically the other design version). */
  readonly redirectTo?: string;
  /** Served outside the single-page app: reach it with a full page load; never mounted by the router. */
  readonly fullPageLoad?: boolean;
}

const AUTH_FLAGS = { hideHeader: true, hideMobileFooter: true } as const;
const FLOW_FLAGS = { hideMobileHeader: true, hideMobileFooter: true } as const;

export const routeTable = [
  // ── Auth ───────────────────────────────────────────────────────────────────────────────────────
  // /a/sign-up/ and /a/log-in/ share one screen (when it exists, give both the same `screen`).
  {
    name: 'v2.authSignUp',
    path: '/a/sign-up/',
    flags: AUTH_FLAGS,
    screen: () => import('../features/auth/auth-screen'),
  },
  {
    name: 'v2.authLogin',
    path: '/a/log-in/',
    flags: AUTH_FLAGS,
    screen: () => import('../features/auth/auth-screen'),
  },
  {
    name: 'v2.auth.signIn',
    path: '/a/sign-in/',
    flags: AUTH_FLAGS,
    screen: () => import('../features/auth/sign-in-redirect-screen'),
  },
  {
    name: 'v2.auth.codeConfirm',
    path: '/a/code-confirm/',
    flags: AUTH_FLAGS,
    guard: 'signedIn',
    screen: () => import('../features/auth/code-confirm-screen'),
  },
  {
    name: 'v2.authUserSetup',
    path: '/a/email-confirmed/',
    flags: AUTH_FLAGS,
    screen: () => import('../features/auth/email-confirmed-screen'),
  },
  {
    name: 'v2.mergeAccounts',
    path: '/auth/merge-accounts/',
    flags: AUTH_FLAGS,
    guard: 'known',
    screen: () => import('../features/auth/merge-accounts-screen'),
  },
  {
    name: 'v2.relatedAccounts',
    path: '/auth/related-accounts/',
    flags: AUTH_FLAGS,
    guard: 'known',
    screen: () => import('../features/auth/related-accounts-screen'),
  },
  {
    name: 'v2.auth.resetPassword',
    path: '/auth/reset-password/',
    flags: AUTH_FLAGS,
    screen: () => import('../features/auth/reset-password-screen'),
  },
  { name: 'v2.auth.confirmEmail', path: '/auth/v2/confirm-email/', flags: AUTH_FLAGS },
  {
    name: 'v2.switchIdentity',
    path: '/switch-identity/',
    guard: 'changesIdentity',
    screen: () => import('../features/auth/switch-identity-screen'),
  },
  // Where GET /auth/v2/impersonate/ lands: staff confirm with a reason before acting as a member.
  {
    name: 'v2.impersonateConfirm',
    path: '/auth/impersonate/',
    flags: AUTH_FLAGS,
    guard: 'signedIn',
    screen: () => import('../features/auth/impersonate-confirm-screen'),
  },
  // Auth endpoints of the server, reached by browser navigation (query: uid, returnurl, idp, lh).
  { name: 'v2.auth.endpoints.login', path: '/auth/v2/login/', fullPageLoad: true },
  { name: 'v2.auth.endpoints.logout', path: '/auth/v2/logout/', fullPageLoad: true },
  { name: 'v2.auth.endpoints.impersonate', path: '/auth/v2/impersonate/', fullPageLoad: true },
  { name: 'v2.auth.endpoints.switch', path: '/auth/v2/switch/', fullPageLoad: true },
  { name: 'v2.auth.endpoints.refreshToken', path: '/auth/v2/refresh-token/', fullPageLoad: true },

  // ── Family manager ─────────────────────────────────────────────────────────────────────────────
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

  // ── Shop ───────────────────────────────────────────────────────────────────────────────────────
  { name: 'v2.shop.root', path: '/shop/' },
  { name: 'v2.shop.search', path: '/shop/search/' },
  { name: 'v2.shop.newArrivals', path: '/shop/new-arrivals/' },
  // The gift guide's link target (spec §3: "Its link target goes to the giftGuide route").
  { name: 'v2.giftGuide', path: '/shop/gift-guides/:giftGuideId/' },

  // ── Wish lists and profiles ────────────────────────────────────────────────────────────────────
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

  // ── Exchange generator ─────────────────────────────────────────────────────────────────────────
  { name: 'v2.generator.root', path: '/secret-santa-generator/', flags: FLOW_FLAGS },
  { name: 'v2.generator.names', path: '/secret-santa-generator/names/', flags: FLOW_FLAGS },
  { name: 'v2.generator.create', path: '/secret-santa-generator/create/', flags: FLOW_FLAGS },
  { name: 'v2.generator.signup', path: '/secret-santa-generator/signup/', flags: FLOW_FLAGS },
  { name: 'v2.generator.event', path: '/secret-santa-generator/event/', flags: FLOW_FLAGS },
  { name: 'v2.generator.eventType', path: '/secret-santa-generator/event-type/', flags: FLOW_FLAGS },
  { name: 'v2.generator.budget', path: '/secret-santa-generator/budget/', flags: FLOW_FLAGS },
  { name: 'v2.generator.theme', path: '/secret-santa-generator/theme/', flags: FLOW_FLAGS },
  { name: 'v2.generator.register', path: '/secret-santa-generator/register/', flags: FLOW_FLAGS },
  { name: 'v2.generator.wishlist', path: '/secret-santa-generator/wishlist/:exchangeId/', flags: FLOW_FLAGS },
  { name: 'v2.generator.invite', path: '/secret-santa-generator/invite/:exchangeId/', flags: FLOW_FLAGS },
  { name: 'v2.generator.invite.email', path: '/secret-santa-generator/invite/:exchangeId/email/', flags: FLOW_FLAGS },
  { name: 'v2.generator.invite.bulk', path: '/secret-santa-generator/invite/:exchangeId/bulk/', flags: FLOW_FLAGS },
  {
    name: 'v2.generator.invite.contacts',
    path: '/secret-santa-generator/invite/:exchangeId/contacts/',
    flags: FLOW_FLAGS,
  },
  {
    name: 'v2.generator.invite.addressBook',
    path: '/secret-santa-generator/invite/:exchangeId/address-book/',
    flags: FLOW_FLAGS,
  },
  {
    name: 'v2.generator.invite.groupMembers',
    path: '/secret-santa-generator/invite/:exchangeId/group-members/',
    flags: FLOW_FLAGS,
  },
  { name: 'v2.generator.invite.theme', path: '/secret-santa-generator/invite/:exchangeId/theme/', flags: FLOW_FLAGS },
  // Light flow.
  { name: 'v2.generator.light.repeat', path: '/secret-santa-generator/light/repeat/', flags: FLOW_FLAGS },
  { name: 'v2.generator.light.repeatGroup', path: '/secret-santa-generator/light/repeat-group/', flags: FLOW_FLAGS },
  { name: 'v2.generator.light.invite', path: '/secret-santa-generator/light/invite/', flags: FLOW_FLAGS },
  {
    name: 'v2.generator.light.exclusionsPrompt',
    path: '/secret-santa-generator/light/exclusions-prompt/',
    flags: FLOW_FLAGS,
  },
  { name: 'v2.generator.light.exclusions', path: '/secret-santa-generator/light/exclusions/', flags: FLOW_FLAGS },
  { name: 'v2.generator.light.details', path: '/secret-santa-generator/light/details/', flags: FLOW_FLAGS },
  { name: 'v2.generator.light.theme', path: '/secret-santa-generator/light/theme/', flags: FLOW_FLAGS },
  { name: 'v2.generator.light.confirmCode', path: '/secret-santa-generator/light/confirm-code/', flags: FLOW_FLAGS },
  { name: 'v2.generator.light.register', path: '/secret-santa-generator/light/register/', flags: FLOW_FLAGS },
  {
    name: 'v2.generator.light.participants',
    path: '/secret-santa-generator/light/:exchangeId/participants/',
    flags: FLOW_FLAGS,
  },
  {
    name: 'v2.generator.light.inviteEmail',
    path: '/secret-santa-generator/light/:exchangeId/invite-email/',
    flags: FLOW_FLAGS,
  },
  {
    name: 'v2.generator.light.wishlist',
    path: '/secret-santa-generator/light/:exchangeId/wishlist/',
    flags: FLOW_FLAGS,
  },
  { name: 'v2.generator.light.created', path: '/secret-santa-generator/light/:exchangeId/created/', flags: FLOW_FLAGS },
  // The same flow with a friends step added.
  { name: 'v2.giftExchangeGenerator.root', path: '/gift-exchange-generator/', flags: FLOW_FLAGS },
  { name: 'v2.giftExchangeGenerator.friends', path: '/gift-exchange-generator/friends/', flags: FLOW_FLAGS },
  { name: 'v2.giftExchangeGenerator.theme', path: '/gift-exchange-generator/:themeId/', flags: FLOW_FLAGS },
  {
    name: 'v2.giftExchangeGenerator.themeFriends',
    path: '/gift-exchange-generator/:themeId/friends/',
    flags: FLOW_FLAGS,
  },

  // ── Gift exchanges ─────────────────────────────────────────────────────────────────────────────
  { name: 'v2.giftExchanges.list', path: '/gift-exchanges/', guard: 'signedIn' },
  { name: 'v2.giftExchanges.main', path: '/gift-exchanges/:exchangeId/', guard: 'known' },
  { name: 'v2.giftExchanges.rsvpAcknowledge', path: '/gift-exchanges/:exchangeId/rsvp-acknowledge/', guard: 'known' },
  {
    name: 'v2.giftExchanges.rsvpAcknowledge.confirm',
    path: '/gift-exchanges/:exchangeId/rsvp-acknowledge/confirm/',
    guard: 'known',
  },
  {
    name: 'v2.giftExchanges.rsvpAcknowledge.wishlist',
    path: '/gift-exchanges/:exchangeId/rsvp-acknowledge/wishlist/',
    guard: 'known',
  },
  { name: 'v2.giftExchanges.rsvp', path: '/gift-exchanges/:exchangeId/rsvp/', guard: 'known' },
  { name: 'v2.giftExchanges.settings', path: '/gift-exchanges/:exchangeId/settings/', guard: 'signedIn' },
  { name: 'v2.giftExchanges.participants', path: '/gift-exchanges/:exchangeId/participants/', guard: 'known' },
  {
    name: 'v2.giftExchanges.participant',
    path: '/gift-exchanges/:exchangeId/participants/:userId/',
    guard: 'known',
  },
  { name: 'v2.giftExchanges.edit', path: '/gift-exchanges/:exchangeId/edit/', guard: 'signedIn' },
  {
    name: 'v2.giftExchanges.privacySettings',
    path: '/gift-exchanges/:exchangeId/privacy-settings/',
    guard: 'signedIn',
  },
  {
    name: 'v2.giftExchanges.manageAssistants',
    path: '/gift-exchanges/:exchangeId/manage-assistants/',
    guard: 'signedIn',
  },
  {
    name: 'v2.giftExchanges.iceBreakerQuestions',
    path: '/gift-exchanges/:exchangeId/ice-breaker-questions/',
    guard: 'known',
  },
  {
    name: 'v2.giftExchanges.drawRestrictions',
    path: '/gift-exchanges/:exchangeId/draw-restrictions/',
    guard: 'signedIn',
  },
  {
    name: 'v2.giftExchanges.drawRestriction',
    path: '/gift-exchanges/:exchangeId/draw-restrictions/:userId/',
    guard: 'signedIn',
  },
  { name: 'v2.giftExchanges.disqualified', path: '/gift-exchanges/:exchangeId/disqualified/', guard: 'known' },
  {
    name: 'v2.giftExchanges.viewDraw',
    path: '/gift-exchanges/:exchangeId/view-draw/',
    guard: 'known',
    redirectTo: 'legacy.giftExchanges.viewDraw',
  },
  { name: 'v2.giftExchanges.thankYous', path: '/gift-exchanges/:exchangeId/thank-yous/', guard: 'known' },
  { name: 'v2.giftExchanges.invite', path: '/gift-exchanges/:exchangeId/invite/', guard: 'signedIn' },
  { name: 'v2.giftExchanges.invite.email', path: '/gift-exchanges/:exchangeId/invite/email/', guard: 'signedIn' },
  { name: 'v2.giftExchanges.invite.bulk', path: '/gift-exchanges/:exchangeId/invite/bulk/', guard: 'signedIn' },
  {
    name: 'v2.giftExchanges.invite.addressBook',
    path: '/gift-exchanges/:exchangeId/invite/address-book/',
    guard: 'signedIn',
  },
  { name: 'v2.giftExchanges.invite.group', path: '/gift-exchanges/:exchangeId/invite/group/', guard: 'signedIn' },
  {
    name: 'v2.giftExchanges.invite.contacts',
    path: '/gift-exchanges/:exchangeId/invite/contacts/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.giftExchanges.main',
    redirectTo: 'v2.giftExchanges.main',
    path: '/gift-exchanges/legacy/:exchangeId/',
    guard: 'known',
  },
  {
    name: 'legacy.giftExchanges.participants',
    redirectTo: 'v2.giftExchanges.participants',
    path: '/gift-exchanges/legacy/:exchangeId/participants/',
    guard: 'known',
  },
  { name: 'legacy.giftExchanges.assistants', path: '/gift-exchanges/legacy/:exchangeId/assistants/', guard: 'known' },
  { name: 'legacy.giftExchanges.activity', path: '/gift-exchanges/legacy/:exchangeId/activity/', guard: 'known' },
  {
    name: 'legacy.giftExchanges.invite',
    redirectTo: 'v2.giftExchanges.invite',
    path: '/gift-exchanges/legacy/:exchangeId/invite/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.giftExchanges.invite.email',
    redirectTo: 'v2.giftExchanges.invite.email',
    path: '/gift-exchanges/legacy/:exchangeId/invite/email/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.giftExchanges.invite.bulk',
    redirectTo: 'v2.giftExchanges.invite.bulk',
    path: '/gift-exchanges/legacy/:exchangeId/invite/bulk/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.giftExchanges.invite.addressBook',
    redirectTo: 'v2.giftExchanges.invite.addressBook',
    path: '/gift-exchanges/legacy/:exchangeId/invite/address-book/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.giftExchanges.invite.group',
    redirectTo: 'v2.giftExchanges.invite.group',
    path: '/gift-exchanges/legacy/:exchangeId/invite/group/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.giftExchanges.invite.contacts',
    redirectTo: 'v2.giftExchanges.invite.contacts',
    path: '/gift-exchanges/legacy/:exchangeId/invite/contacts/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.giftExchanges.drawRestrictions',
    redirectTo: 'v2.giftExchanges.drawRestrictions',
    path: '/gift-exchanges/legacy/:exchangeId/draw-restrictions/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.giftExchanges.manageParticipants',
    path: '/gift-exchanges/legacy/:exchangeId/manage-participants/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.giftExchanges.manageAssistants',
    redirectTo: 'v2.giftExchanges.manageAssistants',
    path: '/gift-exchanges/legacy/:exchangeId/manage-assistants/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.giftExchanges.edit',
    redirectTo: 'v2.giftExchanges.edit',
    path: '/gift-exchanges/legacy/:exchangeId/edit/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.giftExchanges.settings',
    redirectTo: 'v2.giftExchanges.settings',
    path: '/gift-exchanges/legacy/:exchangeId/settings/',
    guard: 'signedIn',
  },
  {
    name: 'legacy.giftExchanges.disqualified',
    redirectTo: 'v2.giftExchanges.disqualified',
    path: '/gift-exchanges/legacy/:exchangeId/disqualified/',
    guard: 'known',
  },
  { name: 'legacy.giftExchanges.viewDraw', path: '/gift-exchanges/legacy/:exchangeId/view-draw/', guard: 'known' },
  {
    name: 'legacy.giftExchanges.thankYous',
    redirectTo: 'v2.giftExchanges.thankYous',
    path: '/gift-exchanges/legacy/:exchangeId/thank-yous/',
    guard: 'known',
  },
  {
    name: 'legacy.giftExchanges.iceBreakerQuestions',
    redirectTo: 'v2.giftExchanges.iceBreakerQuestions',
    path: '/gift-exchanges/legacy/:exchangeId/ice-breaker-questions/',
    guard: 'known',
  },

  // ── Social, messages, home, activity ───────────────────────────────────────────────────────────
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
    screen: () => import('../features/home/landing-screen'),
  },
  { name: 'v2.home', path: '/home/', screen: () => import('../features/home/home-screen') },
  { name: 'v2.contactUs', screen: () => import('../features/content/content-screen'), path: '/contact-us/' },
  { name: 'v2.browserButtons', screen: () => import('../features/content/content-screen'), path: '/browser-buttons/' },
  {
    name: 'v2.welcome',
    screen: () => import('../features/content/content-screen'),
    path: '/welcome/',
    flags: FLOW_FLAGS,
  },
  {
    name: 'v2.splash',
    screen: () => import('../features/content/content-screen'),
    path: '/splash/',
    flags: { hideHeader: true, hideMobileFooter: true, hideBackground: true },
  },
  { name: 'v2.activity', path: '/activity/', guard: 'signedIn' },
  { name: 'legacy.activity', redirectTo: 'v2.activity', path: '/activity/legacy/', guard: 'signedIn' },

  // ── Groups ─────────────────────────────────────────────────────────────────────────────────────
  { name: 'v2.groups.list', path: '/groups/', guard: 'signedIn' },
  { name: 'v2.groups.main', path: '/groups/:groupId/', guard: 'known' },
  { name: 'v2.groups.invite', path: '/groups/:groupId/invite/', guard: 'signedIn' },
  { name: 'v2.groups.inviteFriends', path: '/groups/:groupId/invite-friends/', guard: 'signedIn' },
  { name: 'v2.groups.settings', path: '/groups/:groupId/settings/', guard: 'signedIn' },
  { name: 'v2.groups.activity', path: '/groups/:groupId/activity/', guard: 'known' },
  { name: 'v2.groups.members', path: '/groups/:groupId/members/', guard: 'known' },
  { name: 'v2.groups.members.pending', path: '/groups/:groupId/members/pending/', guard: 'signedIn' },
  { name: 'v2.groups.members.removed', path: '/groups/:groupId/members/removed/', guard: 'signedIn' },
  { name: 'v2.groups.assistants', path: '/groups/:groupId/assistants/', guard: 'signedIn' },

  // ── Email actions ──────────────────────────────────────────────────────────────────────────────
  { name: 'v2.actions.flagQa', path: '/actions/flag-qa/:questionAnswerId/' },
  { name: 'v2.actions.follow', path: '/actions/follow/:userId/' },
  { name: 'v2.actions.unfollow', path: '/actions/unfollow/:userId/' },
  { name: 'v2.actions.topicUnsubscribe', path: '/actions/topic-unsubscribe/:topicId/' },
  { name: 'v2.actions.redirect', path: '/actions/redirect/' },
  { name: 'v2.actions.showPriceDrop', path: '/actions/show-price-drop/' },
  { name: 'v2.externalRedirect', path: '/external-redirect/' },

  // ── Settings ───────────────────────────────────────────────────────────────────────────────────
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

  // ── Admin ──────────────────────────────────────────────────────────────────────────────────────
  { name: 'v2.admin.root', path: '/admin/', guard: 'admin' },
  { name: 'v2.admin.findUser', path: '/admin/finduser/', guard: 'admin' },
  { name: 'v2.admin.mergeAccounts', path: '/admin/mergeaccounts/', guard: 'admin' },
  { name: 'v2.admin.userMessages', path: '/admin/UserMessages/', guard: 'admin' },
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

/** The catch-all: unknown paths (and routes whose screen does not exist yet) show this screen. */
export const notFoundRoute = {
  name: 'v2.notFound',
  path: '*',
  screen: () => import('../features/not-found/not-found-screen'),
} as const satisfies TRouteDefinition;

type TRouteTableEntry = (typeof routeTable)[number];

/** Names of the routes in the table. */
export type TRouteName = TRouteTableEntry['name'];

/**
 * Other spellings accepted by `findRoute` and `href`: the dotted form of the spec's auth route names.
 * Canonical names are the spec's own (`v2.authSignUp`, `v2.authLogin`).
 */
export const ROUTE_NAME_ALIASES = {
  'v2.auth.signUp': 'v2.authSignUp',
  'v2.auth.login': 'v2.authLogin',
} as const satisfies Record<string, TRouteName>;

export type TRouteNameAlias = keyof typeof ROUTE_NAME_ALIASES;
export type TRouteNameOrAlias = TRouteName | TRouteNameAlias;

type TCanonicalName<N extends TRouteNameOrAlias> = N extends TRouteNameAlias ? (typeof ROUTE_NAME_ALIASES)[N] : N;

export type TRouteOf<N extends TRouteNameOrAlias> = Extract<TRouteTableEntry, { name: TCanonicalName<N> }>;

/** Parameter names of a path pattern, e.g. '/a/:x/b/:y/' → 'x' | 'y'. */
export type TPathParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | TPathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

export type TParamValue = string | number;

export type TRouteParams<N extends TRouteNameOrAlias> = { [K in TPathParamNames<TRouteOf<N>['path']>]: TParamValue };

export type TQueryValue = string | number | boolean | null | undefined;
export type TQuery = Readonly<Record<string, TQueryValue>> | URLSearchParams;

/** `href(name)` for routes without parameters; `href(name, params)` is required for the others. */
export type THrefArgs<N extends TRouteNameOrAlias> = [TPathParamNames<TRouteOf<N>['path']>] extends [never]
  ? [params?: Readonly<Record<string, never>> | null, query?: TQuery]
  : [params: Readonly<TRouteParams<N>>, query?: TQuery];

const routesByName: ReadonlyMap<string, TRouteDefinition> = new Map(
  routeTable.map((route): [string, TRouteDefinition] => [route.name, route]),
);

function canonicalName(name: string): string {
  return (ROUTE_NAME_ALIASES as Readonly<Record<string, string>>)[name] ?? name;
}

/** The definition of a route by name (or alias); `undefined` for an unknown runtime string. */
export function findRoute<N extends TRouteNameOrAlias>(name: N): TRouteOf<N>;
export function findRoute(name: string): TRouteDefinition | undefined;
export function findRoute(name: string): TRouteDefinition | undefined {
  return routesByName.get(canonicalName(name));
}

/** Parameter names of a path pattern, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
}

/** Id parameters that are not UUIDs (the old admin's own resource ids). */
const NON_UUID_ID_PARAMS: ReadonlySet<string> = new Set(['resourceId']);

/** Whether a path parameter must hold a UUID (spec §5: ids are UUIDs; `:xxxId` params). */
export function isUuidParam(paramName: string): boolean {
  return paramName.endsWith('Id') && !NON_UUID_ID_PARAMS.has(paramName);
}

/**
 * Fills a path pattern's `:params` (URI-encoded). Throws 'Url is missing params' when a parameter is
 * unfilled, null or empty (spec §2 and §8).
 */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> | null | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_whole, param: string) => {
    const value = params?.[param];
    if (value === undefined || value === null) throw new Error(ERROR_MESSAGES.urlMissingParams);
    const text = String(value);
    if (text.trim() === '') throw new Error(ERROR_MESSAGES.urlMissingParams);
    return encodeURIComponent(text);
  });
}

function queryString(query: TQuery | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  if (query instanceof URLSearchParams) {
    query.forEach((value, key) => search.append(key, value));
  } else {
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The address of a named route: params fill the path (URI-encoded), the optional query is appended.
 * Throws 'Url is missing params' when a path parameter is unfilled or empty, and an error for an
 * unknown name.
 */
export function href<N extends TRouteNameOrAlias>(name: N, ...args: THrefArgs<N>): string {
  const [params, query] = args as [Readonly<Record<string, unknown>> | null | undefined, TQuery | undefined];
  const route = findRoute(name as string);
  if (!route) throw new Error(`Unknown route name: ${String(name)}`);
  return `${fillPath(route.path, params)}${queryString(query)}`;
}

/** Whether `name` names a route of the table (or an alias). */
export function isRouteName(name: string): name is TRouteNameOrAlias {
  return routesByName.has(canonicalName(name));
}

function patternToRegExp(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source.replace(/\/$/, '')}/?$`);
}

const matchers: ReadonlyArray<{ route: TRouteDefinition; pattern: RegExp }> = routeTable.map((route) => ({
  route,
  pattern: patternToRegExp(route.path),
}));

/**
 * Routes of the table whose pattern matches a pathname (no ranking: static and dynamic matches alike).
 * Used where the router is not available, e.g. the dev-server proxy deciding what is a page.
 */
export function matchRoutes(pathname: string): TRouteDefinition[] {
  return matchers.filter(({ pattern }) => pattern.test(pathname)).map(({ route }) => route);
}

/** Whether a pathname is a page of this single-page app (not a server endpoint or the old admin). */
export function isRendererPath(pathname: string): boolean {
  return matchRoutes(pathname).some((route) => !route.fullPageLoad);
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
    hasScreen: typeof route.screen === 'function',
    guard: route.guard ?? null,
    redirectTo: route.redirectTo ?? null,
  }));
}
