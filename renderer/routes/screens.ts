/**
 * Which screen each route shows: the one place screens are bound to route names. Only the router
 * (router.tsx, route-error-boundary.tsx) and the `npm run routes` CLI read it; features never import
 * it, so the route table and `href()` stay free of screens and the renderer free of import cycles.
 *
 * Screens load lazily (spec §2): each entry is an `import()` the CLI never calls. Every table route
 * has an entry here, unless it redirects or is a full page load (tests/unit/routes/router.test.ts).
 */
import type { ComponentType } from 'react';
import { notFoundRoute, routeTable, type TRouteDefinition, type TRouteGuard, type TRouteName } from './route-table';

/**
 * A screen module's optional `prefetch` export: starts the screen's queries when the router decides
 * to show it and the person is known, not when the screen first renders (the shell and the
 * screen's parents render first: on /home/ with the CPU slowed 4×, about 500 ms later). Its context
 * is the data module's (renderer/data/data-module.tsx, `TPrefetchContext`); the router passes it on,
 * and shows the screen once what it answers has settled (router.tsx, PREFETCH_WAIT_MS at most).
 */
export type TScreenPrefetch = (context: never) => Promise<unknown> | void;

export type TScreenModule = { default: ComponentType; prefetch?: TScreenPrefetch };
export type TScreenLoader = () => Promise<TScreenModule>;

const contentScreen: TScreenLoader = () => import('../features/content/content-screen');
const splashScreen: TScreenLoader = () => import('../features/content/splash-screen');
const authScreen: TScreenLoader = () => import('../features/auth/auth-screen');
const friendsScreen: TScreenLoader = () => import('../features/people/friends-screen');
const followActionScreen: TScreenLoader = () => import('../features/people/follow-action-screen');
const settingsScreen: TScreenLoader = () => import('../features/settings/settings-screen');
const familyManagerScreen: TScreenLoader = () => import('../features/family/family-manager-screen');
const registerChildScreen: TScreenLoader = () => import('../features/family/register-child-screen');
const addToExchangesScreen: TScreenLoader = () => import('../features/family/add-to-exchanges-screen');
const generatorLanding: TScreenLoader = () => import('../features/exchanges/generator/landing-screen');
const classicSteps: TScreenLoader = () => import('../features/exchanges/generator/classic-steps-screen');
const lightSteps: TScreenLoader = () => import('../features/exchanges/generator/light-steps-screen');
const exchangeSteps: TScreenLoader = () => import('../features/exchanges/generator/exchange-steps-screen');
const rsvpConfirmScreen: TScreenLoader = () => import('../features/exchanges/join/rsvp-confirm-screen');
const inviteScreen: TScreenLoader = () => import('../features/exchanges/join/invite-screen');
const inviteEmailScreen: TScreenLoader = () => import('../features/exchanges/join/invite-email-screen');
const inviteBulkScreen: TScreenLoader = () => import('../features/exchanges/join/invite-bulk-screen');
const inviteAddressBookScreen: TScreenLoader = () => import('../features/exchanges/join/invite-address-book-screen');
const inviteGroupsScreen: TScreenLoader = () => import('../features/exchanges/join/invite-groups-screen');
const inviteContactsScreen: TScreenLoader = () => import('../features/exchanges/join/invite-contacts-screen');
const messagesScreen: TScreenLoader = () => import('../features/messages/messages-screen');
const adminUserMessages: TScreenLoader = () => import('../features/admin/user-messages-screen');
const adminExchangeDetails: TScreenLoader = () => import('../features/admin/exchange-details-screen');
const adminGroupDetails: TScreenLoader = () => import('../features/admin/group-details-screen');

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
  'v2.terms': contentScreen,
  'v2.browserButtons': contentScreen,
  'v2.welcome': contentScreen,
  'v2.splash': splashScreen,
  // Shop
  'v2.shop.root': () => import('../features/shop/shop-screen'),
  'v2.shop.search': () => import('../features/shop/search-screen'),
  'v2.shop.newArrivals': () => import('../features/shop/new-arrivals-screen'),
  'v2.giftGuide': () => import('../features/shop/gift-guide-screen'),
  // People: profiles, friends, settings
  'v2.profile.main': () => import('../features/people/profile-screen'),
  // Wish lists
  'v2.wishLists.own': () => import('../features/wish-lists/own-lists-screen'),
  'v2.wishLists.create': () => import('../features/wish-lists/create-list-screen'),
  'v2.profile.createWishList': () => import('../features/wish-lists/create-list-screen'),
  'v2.profile.wishLists': () => import('../features/wish-lists/profile-lists-screen'),
  'v2.profile.wishList': () => import('../features/wish-lists/list-screen'),
  'v2.profile.editWishList': () => import('../features/wish-lists/edit-list-screen'),
  'legacy.profile.editWish': () => import('../features/wish-lists/edit-wish-screen'),
  'v2.addWish': () => import('../features/wish-lists/add-wish-screen'),
  'v2.wishIt': () => import('../features/wish-lists/wish-it-screen'),
  'v2.profile.purchases': () => import('../features/wish-lists/purchases-screen'),
  'v2.profile.giftsReceived': () => import('../features/wish-lists/gifts-received-screen'),
  'v2.profile.favoriteGuides': () => import('../features/wish-lists/favorite-guides-screen'),
  'v2.profile.friends': friendsScreen,
  'v2.profile.friends.following': friendsScreen,
  'v2.profile.friends.followers': friendsScreen,
  'v2.profile.friends.search': friendsScreen,
  'v2.profile.childAccounts': () => import('../features/family/child-accounts-screen'),
  'v2.friends': friendsScreen,
  'v2.friends.following': friendsScreen,
  'v2.friends.followers': friendsScreen,
  'v2.friends.suggestions': friendsScreen,
  'v2.friends.search': friendsScreen,
  'v2.settings': settingsScreen,
  'v2.settings.profile': settingsScreen,
  'v2.settings.notifications': settingsScreen,
  'v2.settings.privacy': settingsScreen,
  'v2.settings.account': settingsScreen,
  'v2.settings.blocked': settingsScreen,
  'v2.emailNotifications': () => import('../features/settings/email-notifications-screen'),
  // Legacy twins without a v2 redirect: the member's own friends lists.
  'legacy.settings.following': friendsScreen,
  'legacy.settings.followers': friendsScreen,
  'legacy.profile.friends.suggestions': friendsScreen,
  // E-mail links: one button follows or unfollows (opening the link changes nothing).
  'v2.actions.follow': followActionScreen,
  'v2.actions.unfollow': followActionScreen,
  // E-mail links: a price drop, and links out ("Taking you to …").
  'v2.actions.showPriceDrop': () => import('../features/actions/show-price-drop-screen'),
  'v2.actions.redirect': () => import('../features/actions/redirect-screen'),
  'v2.externalRedirect': () => import('../features/actions/redirect-screen'),
  'v2.actions.topicUnsubscribe': () => import('../features/actions/topic-unsubscribe-screen'),
  // Family manager
  'v2.familyManager.root': familyManagerScreen,
  'v2.familyManager.selectMembers': familyManagerScreen,
  'v2.familyManager.registerMember': registerChildScreen,
  'v2.familyManager.addMember': registerChildScreen,
  'v2.familyManager.memberCreated': () => import('../features/family/member-created-screen'),
  'v2.familyManager.addToExchanges': addToExchangesScreen,
  'legacy.familyManager.addToMyGroups': addToExchangesScreen,
  // Exchange generator (features/exchanges/generator)
  'v2.generator.root': generatorLanding,
  'v2.giftExchangeGenerator.root': generatorLanding,
  'v2.giftExchangeGenerator.theme': generatorLanding,
  'v2.generator.names': () => import('../features/exchanges/generator/names-screen'),
  'v2.generator.create': classicSteps,
  'v2.generator.signup': classicSteps,
  'v2.generator.event': classicSteps,
  'v2.generator.eventType': classicSteps,
  'v2.generator.budget': classicSteps,
  'v2.generator.theme': classicSteps,
  'v2.generator.register': classicSteps,
  'v2.generator.wishlist': exchangeSteps,
  'v2.generator.light.repeat': lightSteps,
  'v2.generator.light.repeatGroup': lightSteps,
  'v2.generator.light.invite': lightSteps,
  'v2.generator.light.exclusionsPrompt': lightSteps,
  'v2.generator.light.exclusions': lightSteps,
  'v2.generator.light.details': lightSteps,
  'v2.generator.light.theme': lightSteps,
  'v2.generator.light.register': lightSteps,
  'v2.generator.light.confirmCode': lightSteps,
  'v2.giftExchangeGenerator.friends': lightSteps,
  'v2.giftExchangeGenerator.themeFriends': lightSteps,
  'v2.generator.light.participants': exchangeSteps,
  'v2.generator.light.inviteEmail': exchangeSteps,
  'v2.generator.light.wishlist': exchangeSteps,
  'v2.generator.light.created': exchangeSteps,
  // Gift exchanges: managing
  'v2.giftExchanges.list': () => import('../features/exchanges/manage/exchanges-list-screen'),
  'v2.giftExchanges.main': () => import('../features/exchanges/manage/overview-screen'),
  'v2.giftExchanges.participants': () => import('../features/exchanges/manage/participants-screen'),
  'legacy.giftExchanges.manageParticipants': () => import('../features/exchanges/manage/participants-screen'),
  'v2.giftExchanges.participant': () => import('../features/exchanges/manage/participant-screen'),
  'v2.giftExchanges.edit': () => import('../features/exchanges/manage/edit-screen'),
  'v2.giftExchanges.settings': () => import('../features/exchanges/manage/settings-screen'),
  'v2.giftExchanges.privacySettings': () => import('../features/exchanges/manage/privacy-settings-screen'),
  'v2.giftExchanges.manageAssistants': () => import('../features/exchanges/manage/assistants-screen'),
  'legacy.giftExchanges.assistants': () => import('../features/exchanges/manage/assistants-screen'),
  'v2.giftExchanges.drawRestrictions': () => import('../features/exchanges/manage/draw-restrictions-screen'),
  'v2.giftExchanges.drawRestriction': () => import('../features/exchanges/manage/draw-restriction-screen'),
  'v2.giftExchanges.disqualified': () => import('../features/exchanges/manage/disqualified-screen'),
  'legacy.giftExchanges.viewDraw': () => import('../features/exchanges/manage/view-draw-screen'),
  'legacy.giftExchanges.activity': () => import('../features/exchanges/manage/activity-screen'),
  // Gift exchanges: joining, answering, inviting (features/exchanges/join)
  'v2.giftExchanges.rsvp': () => import('../features/exchanges/join/rsvp-screen'),
  'v2.giftExchanges.rsvpAcknowledge': rsvpConfirmScreen,
  'v2.giftExchanges.rsvpAcknowledge.confirm': rsvpConfirmScreen,
  'v2.giftExchanges.rsvpAcknowledge.wishlist': () => import('../features/exchanges/join/rsvp-wishlist-screen'),
  'v2.giftExchanges.iceBreakerQuestions': () => import('../features/exchanges/join/questions-screen'),
  'v2.giftExchanges.thankYous': () => import('../features/exchanges/join/thank-yous-screen'),
  'v2.personalLink': () => import('../features/exchanges/person-link/personal-link-screen'),
  'v2.giftExchanges.invite': inviteScreen,
  'v2.giftExchanges.invite.email': inviteEmailScreen,
  'v2.giftExchanges.invite.bulk': inviteBulkScreen,
  'v2.giftExchanges.invite.addressBook': inviteAddressBookScreen,
  'v2.giftExchanges.invite.group': inviteGroupsScreen,
  'v2.giftExchanges.invite.contacts': inviteContactsScreen,
  'v2.generator.invite': inviteScreen,
  'v2.generator.invite.email': inviteEmailScreen,
  'v2.generator.invite.bulk': inviteBulkScreen,
  'v2.generator.invite.contacts': inviteContactsScreen,
  'v2.generator.invite.addressBook': inviteAddressBookScreen,
  'v2.generator.invite.groupMembers': inviteGroupsScreen,
  'v2.generator.invite.theme': () => import('../features/exchanges/join/invite-theme-screen'),
  'v2.actions.flagQa': () => import('../features/exchanges/join/flag-answer-screen'),
  // Groups (features/groups)
  'v2.groups.list': () => import('../features/groups/groups-list-screen'),
  'v2.groups.main': () => import('../features/groups/group-main-screen'),
  'v2.groups.members': () => import('../features/groups/group-members-screen'),
  'v2.groups.members.pending': () => import('../features/groups/group-pending-screen'),
  'v2.groups.members.removed': () => import('../features/groups/group-removed-screen'),
  'v2.groups.assistants': () => import('../features/groups/group-assistants-screen'),
  'v2.groups.invite': () => import('../features/groups/group-invite-screen'),
  'v2.groups.inviteFriends': () => import('../features/groups/group-invite-friends-screen'),
  'v2.groups.settings': () => import('../features/groups/group-settings-screen'),
  'v2.groups.activity': () => import('../features/groups/group-activity-screen'),
  // Messages: chats (one-to-one, groups' discussions, the Secret Santa conversations) and reminders.
  'v2.messages': messagesScreen,
  'v2.messages.chats': messagesScreen,
  'v2.messages.reminders': messagesScreen,
  'v2.activity': () => import('../features/activity/activity-screen'),
  // Admin (features/admin): the support console's tools, staff only.
  'v2.admin.root': () => import('../features/admin/admin-home-screen'),
  'v2.admin.findUser': () => import('../features/admin/find-user-screen'),
  'v2.admin.user': () => import('../features/admin/user-screen'),
  'v2.admin.mergeAccounts': () => import('../features/admin/merge-accounts-screen'),
  'v2.admin.userMessages': adminUserMessages,
  'v2.admin.userMessages.user': adminUserMessages,
  'v2.admin.viewExchangeDetails': () => import('../features/admin/exchange-search-screen'),
  'v2.admin.viewExchangeDetails.exchange': adminExchangeDetails,
  'v2.admin.viewExchangeDetails.events': adminExchangeDetails,
  'v2.admin.viewExchangeDetails.questions': adminExchangeDetails,
  'v2.admin.viewExchangeDetails.restrictions': adminExchangeDetails,
  'v2.admin.viewExchangeDetails.countries': adminExchangeDetails,
  'v2.admin.viewExchangeDetails.notes': adminExchangeDetails,
  'v2.admin.viewGroupDetails': () => import('../features/admin/group-search-screen'),
  'v2.admin.viewGroupDetails.group': adminGroupDetails,
  'v2.admin.viewGroupDetails.removedMembers': adminGroupDetails,
  'v2.admin.viewGroupDetails.invitations': adminGroupDetails,
  'v2.admin.replaceExchangePerson': () => import('../features/admin/replace-person-screen'),
  'v2.admin.cloneWishLists': () => import('../features/admin/clone-wish-lists-screen'),
  'v2.admin.auditLog': () => import('../features/admin/audit-log-screen'),
};

/** The catch-all's screen (unknown paths, malformed ids). */
export const notFoundScreen: TScreenLoader = () => import('../features/not-found/not-found-screen');

/** The screen of a route (undefined for redirects and full page loads). */
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
