/**
 * Words for audit-log action codes, for support staff reading the log (the code stays beside them,
 * for searching and for engineers). Codes come from the places that write audit rows:
 * - fixed codes (`impersonation.start`, `admin.merge`, `account.password-change`…): a table;
 * - `impersonation.write:<what>`: a write made while impersonating, where <what> is a tRPC
 *   procedure (`people.setMailingAddress`), a REST route (`POST /v1/users/:userId/mailing-address`),
 *   or a refused (`refused:`) or failed (`failed:` / `failed:404:`) one;
 * - `impersonation.messages.read` / `impersonation.santa-thread.read`: private threads read while
 *   impersonating (server/auth/impersonation.ts).
 * Procedure names become words by their leading verb ("setMailingAddress" → "Changed mailing
 * address"); an unknown code is shown as it is. Imports nothing: the renderer uses it too.
 */

const FIXED: Record<string, string> = {
  'impersonation.start': 'Started a support session (impersonating)',
  'impersonation.stop': 'Ended a support session',
  'impersonation.messages.read': 'Read a private chat while impersonating',
  'impersonation.messages.list': 'Saw the chat list (each chat’s last line) while impersonating',
  'impersonation.santa-thread.read': 'Read a Secret Santa thread while impersonating',
  'impersonation.santa-thread.list': 'Saw the Secret Santa threads (their last lines) while impersonating',
  'admin.messages.read': 'Read a member’s conversation (Messages tool)',
  'admin.merge': 'Merged two accounts',
  'account.merge': 'Account merged into another',
  'admin.clone-wish-lists': 'Copied wish lists to another account',
  'admin.replace-exchange-person': 'Replaced a person in an exchange',
  'admin.exchange-note': 'Wrote a staff note on an exchange',
  'identity.switch': 'Switched to another account',
  'identity.link-social': 'Linked a social sign-in',
  'session.reuse-detected': 'A used sign-in was replayed: the sessions were ended',
  'account.password-change': 'Changed the password',
  'account.email-change': 'Changed the e-mail address',
  'account.floater-registered': 'Registered a link-only account',
  'account.floater-claimed': 'Claimed a link-only account',
  'account.password-reset': 'Reset the password',
  'account.deleted': 'Closed the account',
};

/** Leading verbs of procedure names, as done ("set" → "Changed"). */
const VERBS: Record<string, string> = {
  set: 'Changed',
  update: 'Changed',
  edit: 'Changed',
  change: 'Changed',
  rename: 'Renamed',
  create: 'Created',
  add: 'Added',
  delete: 'Deleted',
  remove: 'Removed',
  send: 'Sent',
  resend: 'Sent again',
  mark: 'Marked',
  claim: 'Claimed',
  unclaim: 'Unclaimed',
  follow: 'Followed',
  unfollow: 'Unfollowed',
  block: 'Blocked',
  unblock: 'Unblocked',
  accept: 'Accepted',
  decline: 'Declined',
  rsvp: 'Answered the invitation',
  join: 'Joined',
  leave: 'Left',
  invite: 'Invited',
  draw: 'Drew',
  redraw: 'Drew again',
  start: 'Started',
  stop: 'Stopped',
  dismiss: 'Dismissed',
  upload: 'Uploaded',
  import: 'Imported',
  reorder: 'Reordered',
  move: 'Moved',
  copy: 'Copied',
  flag: 'Flagged',
  unflag: 'Unflagged',
  approve: 'Approved',
  reject: 'Rejected',
  deny: 'Denied',
  cancel: 'Cancelled',
  save: 'Saved',
  toggle: 'Switched',
  subscribe: 'Subscribed to',
  unsubscribe: 'Unsubscribed from',
  archive: 'Archived',
  restore: 'Restored',
  reset: 'Reset',
  answer: 'Answered',
  request: 'Requested',
  favorite: 'Saved as a favourite',
  unfavorite: 'Removed from favourites',
  watch: 'Watched',
  unwatch: 'Stopped watching',
  disqualify: 'Disqualified',
  requalify: 'Took back a disqualification of',
  replace: 'Replaced',
  close: 'Closed',
  reopen: 'Reopened',
  publish: 'Published',
  confirm: 'Confirmed',
  merge: 'Merged',
  report: 'Reported',
};

const METHOD_VERBS: Record<string, string> = {
  POST: 'Sent',
  PUT: 'Changed',
  PATCH: 'Changed',
  DELETE: 'Deleted',
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "setMailingAddress" → "Changed mailing address"; an unknown verb keeps the name's words. */
function procedureWords(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const [first = '', ...rest] = words;
  const verb = VERBS[first];
  if (verb) return rest.length ? `${verb} ${rest.join(' ')}` : verb;
  return capitalize(words.join(' '));
}

/** "POST /v1/users/:userId/mailing-address" → "Changed mailing address" (the last named part). */
function routeWords(method: string, route: string): string {
  const named = route.split('/').filter((part) => part && !part.startsWith(':') && part !== 'v1');
  const thing = (named.at(-1) ?? 'something').replace(/[-_]/g, ' ');
  return `${METHOD_VERBS[method] ?? capitalize(method.toLowerCase())} ${thing}`;
}

/** What a write made while impersonating did, in words (without "while impersonating"). */
function writeWords(what: string): { words: string; outcome: 'done' | 'refused' | 'failed' } {
  let outcome: 'done' | 'refused' | 'failed' = 'done';
  let rest = what;
  if (rest.startsWith('refused:')) {
    outcome = 'refused';
    rest = rest.slice('refused:'.length);
  } else if (rest.startsWith('failed:')) {
    outcome = 'failed';
    rest = rest.slice('failed:'.length).replace(/^\d{3}:/, '');
  }
  const route = /^([A-Z]+) (\/\S*)$/.exec(rest);
  if (route) return { words: routeWords(route[1]!, route[2]!), outcome };
  // A procedure path (domain.procedure) or already a phrase ("Changing a password").
  const procedure = /^[a-zA-Z]+(\.[a-zA-Z]+)+$/.test(rest) ? rest.split('.').at(-1)! : null;
  return { words: procedure ? procedureWords(procedure) : rest, outcome };
}

/** The words for an audit action code ("Changed mailing address while impersonating"). */
export function describeAuditAction(action: string): string {
  const fixed = FIXED[action];
  if (fixed) return fixed;
  if (action.startsWith('impersonation.write:')) {
    const { words, outcome } = writeWords(action.slice('impersonation.write:'.length));
    if (outcome === 'refused') return `Refused while impersonating: ${words}`;
    if (outcome === 'failed') return `Failed while impersonating: ${words}`;
    return `${words} while impersonating`;
  }
  if (action.startsWith('identity.refused:'))
    return `Refused an account switch: ${action.slice('identity.refused:'.length)}`;
  return action;
}
