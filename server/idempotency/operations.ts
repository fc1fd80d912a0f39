/**
 * The creating writes that honour an `Idempotency-Key` (issue: nothing lost on a retry): wishes,
 * wish lists, claims, invitations to exchanges and groups, chat and exchange messages. Other
 * mutations ignore the header: updates and deletes are idempotent by nature, and an action such as
 * a draw is decided by its own state.
 */
export const IDEMPOTENT_PROCEDURES: ReadonlySet<string> = new Set([
  'wishLists.create',
  'wishLists.addWish',
  'wishLists.claim',
  'exchanges.inviteByEmail',
  'exchanges.inviteBulk',
  'exchanges.inviteUsers',
  'exchanges.sendMessage',
  'groups.inviteEmails',
  'groups.inviteMembers',
  'messages.send',
]);
