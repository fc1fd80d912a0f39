/** Exchange generator routes (spec §2): names, paths, guards, flags and redirects; no screens (see ../screens.ts). */
import { FLOW_FLAGS, type TRouteDefinition } from '../definitions';

export const exchangeGeneratorRoutes = [
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
] as const satisfies readonly TRouteDefinition[];
