/**
 * The creating writes that honour an `Idempotency-Key` (issue: nothing lost on a retry): wishes
 * (on lists and exchange lists), wish lists, claims, child accounts, groups, exchanges, invitations
 * to exchanges and groups, chat and exchange messages, thank-yous. Other
 * mutations ignore the header: updates and deletes are idempotent by nature, and an action such as
 * a draw is decided by its own state.
 */
export const IDEMPOTENT_PROCEDURES: ReadonlySet<string> = new Set([
  'wishLists.create',
  'wishLists.addWish',
  'wishLists.claim',
  'people.create',
  'groups.create',
  'exchanges.create',
  'exchanges.addWish',
  'exchanges.sendThankYou',
  'exchanges.inviteByEmail',
  'exchanges.inviteBulk',
  'exchanges.inviteUsers',
  'exchanges.sendMessage',
  'groups.inviteEmails',
  'groups.inviteMembers',
  'messages.send',
]);
