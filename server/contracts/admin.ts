/**
 * The admin area's shapes (spec §2 Admin, §6 roles and impersonation): input schemas shared by the
 * `admin` router and the renderer's admin screens, the outputs they answer, and what each support
 * role may do. Imports nothing server-only.
 *
 * Support roles (spec §6) all make a user an admin; they differ in what they may do here:
 * - ElfSupportAnalyst reads only (impersonation is read-only, no merge, clone, replace or notes);
 * - ElfSupportAdmin acts;
 * - ElfSupportLead acts and also reads the audit log of other staff.
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './messages';
import { ROLES, isSupportRole } from './roles';
import { ZUuid, calendarDate, requiredText } from './validation';

// ---- Who may do what ----

export interface TStaffCapabilities {
  /** The support roles held (the impersonator's while impersonating). */
  roles: string[];
  /** Merge, clone, replace and write notes (ElfSupportAdmin, ElfSupportLead). */
  canAct: boolean;
  /** Read every staff member's audit rows, not only one's own (ElfSupportLead). */
  canSeeAllAudit: boolean;
}

export function staffCapabilities(roles: readonly string[]): TStaffCapabilities {
  const support = roles.filter(isSupportRole);
  return {
    roles: support,
    canAct: support.includes(ROLES.supportAdmin) || support.includes(ROLES.supportLead),
    canSeeAllAudit: support.includes(ROLES.supportLead),
  };
}

/**
 * The staff member behind an identity: while impersonating, the impersonator (with their own roles,
 * never the member's); otherwise the identity itself.
 */
export function staffOf(identity: {
  userId: string;
  roles: readonly string[];
  impersonatorUserId: string | null;
  impersonatorRoles: readonly string[];
}): { staffUserId: string; capabilities: TStaffCapabilities } {
  const impersonating = Boolean(identity.impersonatorUserId);
  return {
    staffUserId: identity.impersonatorUserId ?? identity.userId,
    capabilities: staffCapabilities(impersonating ? identity.impersonatorRoles : identity.roles),
  };
}

export const ANALYST_READ_ONLY_MESSAGE = 'Support analysts can look but not change anything';
export const LEAD_ONLY_AUDIT_MESSAGE = 'Only support leads see the audit log of other staff';

// ---- Inputs ----

export const STAFF_REASON_MIN = 5;
export const STAFF_REASON_MAX = 500;
export const ADMIN_QUERY_MAX = 100;
export const STAFF_NOTE_MAX = 2000;

/** Why staff do something (a ticket, an abuse report): required, at least 5 characters. */
export const ZStaffReason = requiredText(STAFF_REASON_MAX).refine((value) => value.trim().length >= STAFF_REASON_MIN, {
  error: M.minLength(STAFF_REASON_MIN),
});

/** Search by e-mail, name, username or id. */
export const ZAdminSearch = z.object({ query: requiredText(ADMIN_QUERY_MAX) });
export const ZAdminUserRef = z.object({ userId: ZUuid });
export const ZAdminExchangeRef = z.object({ exchangeId: ZUuid });
export const ZAdminGroupRef = z.object({ groupId: ZUuid });

const TWO_ACCOUNTS = 'Choose two different accounts';

export const ZMergePreviewInput = z
  .object({ keepUserId: ZUuid, mergeUserId: ZUuid })
  .refine((value) => value.keepUserId !== value.mergeUserId, { error: TWO_ACCOUNTS, path: ['mergeUserId'] });
export const ZMergeAccountsInput = z
  .object({ keepUserId: ZUuid, mergeUserId: ZUuid, reason: ZStaffReason })
  .refine((value) => value.keepUserId !== value.mergeUserId, { error: TWO_ACCOUNTS, path: ['mergeUserId'] });
export type TMergeAccountsInput = z.output<typeof ZMergeAccountsInput>;

export const CLONE_LISTS_MAX = 100;
export const ZCloneWishListsInput = z
  .object({
    fromUserId: ZUuid,
    toUserId: ZUuid,
    wishlistIds: z
      .array(ZUuid)
      .min(1, { error: 'Choose at least one list' })
      .max(CLONE_LISTS_MAX, { error: `The maximum number of lists is ${CLONE_LISTS_MAX}` }),
    reason: ZStaffReason,
  })
  .refine((value) => value.fromUserId !== value.toUserId, { error: TWO_ACCOUNTS, path: ['toUserId'] });
export type TCloneWishListsInput = z.output<typeof ZCloneWishListsInput>;

export const ZConversationRead = z.object({ userId: ZUuid, conversationId: ZUuid, reason: ZStaffReason });
export type TConversationRead = z.output<typeof ZConversationRead>;

export const ZStaffNoteInput = z.object({
  exchangeId: ZUuid,
  body: requiredText(STAFF_NOTE_MAX, { multiline: true }),
});

export const ZReplaceExchangePersonInput = z
  .object({ exchangeId: ZUuid, userId: ZUuid, replacementUserId: ZUuid, reason: ZStaffReason })
  .refine((value) => value.userId !== value.replacementUserId, {
    error: 'The replacement must be someone else',
    path: ['replacementUserId'],
  });
export type TReplaceExchangePersonInput = z.output<typeof ZReplaceExchangePersonInput>;

/** Kinds of audited actions the audit screen filters by, and the action names each covers. */
export const AUDIT_KINDS = {
  impersonation: { label: 'Impersonations', prefixes: ['impersonation.'] },
  merge: { label: 'Account merges', prefixes: ['admin.merge', 'account.merge'] },
  // Private threads read in the Messages tool, and while impersonating (also impersonations).
  messages: {
    label: 'Message reads',
    prefixes: ['admin.messages.', 'impersonation.messages.', 'impersonation.santa-thread.'],
  },
  clone: { label: 'Wish-list clones', prefixes: ['admin.clone-wish-lists'] },
  replace: { label: 'Exchange replacements', prefixes: ['admin.replace-exchange-person'] },
  notes: { label: 'Staff notes', prefixes: ['admin.exchange-note'] },
} as const;
export type TAuditKind = keyof typeof AUDIT_KINDS;
export const AUDIT_KIND_NAMES = Object.keys(AUDIT_KINDS) as TAuditKind[];

/**
 * The kind an action belongs to, or null (other audited actions: switching, writes…). The longest
 * matching prefix decides: a chat read while impersonating is a message read first.
 */
export function auditKindOf(action: string): TAuditKind | null {
  let best: { kind: TAuditKind; length: number } | null = null;
  for (const kind of AUDIT_KIND_NAMES)
    for (const prefix of AUDIT_KINDS[kind].prefixes as readonly string[])
      if (action.startsWith(prefix) && prefix.length > (best?.length ?? 0)) best = { kind, length: prefix.length };
  return best?.kind ?? null;
}

export const AUDIT_PAGE_MAX = 100;
const ZAuditPersonQuery = requiredText(ADMIN_QUERY_MAX);
const ZIsoDate = calendarDate('Use a date like 2026-12-24');

export const ZAuditLogQuery = z.object({
  kind: z
    .enum(AUDIT_KIND_NAMES as [TAuditKind, ...TAuditKind[]], { error: 'Choose one of the listed kinds' })
    .optional(),
  actorUserId: ZUuid.optional(),
  subjectUserId: ZUuid.optional(),
  /**
   * The member the rows are about, by name, e-mail, username or id (as Find a user searches):
   * every matching account's rows. Support rarely has a raw id at hand, a ticket has a name or an
   * e-mail address.
   */
  subject: ZAuditPersonQuery.optional(),
  /** The staff member acting, searched the same way (leads only, as actorUserId). */
  actor: ZAuditPersonQuery.optional(),
  /** From this day (UTC), inclusive. */
  from: ZIsoDate.optional(),
  /** To this day (UTC), inclusive. */
  to: ZIsoDate.optional(),
  /** The id of the last row already shown (rows come newest first). */
  cursor: z
    .string()
    .regex(/^\d{1,19}$/, { error: 'Not a valid cursor' })
    .optional(),
  limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});
export type TAuditLogQuery = z.output<typeof ZAuditLogQuery>;

// ---- Outputs ----

export interface TAdminPerson {
  userId: string;
  displayName: string;
  email: string | null;
}

export interface TAdminUser extends TAdminPerson {
  username: string | null;
  createdAt: string;
  /** Set once the account is closed (merged or deleted). */
  deletedAt: string | null;
  isRegistered: boolean;
  /** Granted roles (support, merchandiser, VIP). */
  roles: string[];
  isStaff: boolean;
}

export interface TAdminUserDetail extends TAdminUser {
  firstName: string | null;
  lastName: string | null;
  emailConfirmed: boolean;
  providers: string[];
  isManagedChild: boolean;
  /**
   * The member's family (spec §1 family manager): the child accounts they manage, and, for a child
   * account, its family managers (parents). Both empty for a member with no family links.
   */
  family: { children: TAdminPerson[]; managers: TAdminPerson[] };
  counts: {
    wishLists: number;
    wishes: number;
    exchanges: number;
    groups: number;
    following: number;
    followers: number;
    conversations: number;
  };
  /** Other live accounts sharing the e-mail (spec §3 related accounts): candidates for a merge. */
  relatedAccounts: TAdminUser[];
  /** The latest support sessions on this member. */
  impersonations: {
    sessionId: string;
    staff: TAdminPerson;
    /** Null when another staff member gave it and the viewer is not a lead. */
    reason: string | null;
    startedAt: string;
    endedAt: string | null;
    endReason: string | null;
  }[];
}

export const MERGE_KINDS = [
  'wish-lists',
  'wish-claims',
  'exchanges-organized',
  'exchange-seats',
  'groups-owned',
  'group-memberships',
  'group-invitations-sent',
  'follows',
  'followers',
  'blocks',
  'family',
  'contacts',
  'conversations',
  'chat-messages',
  'notifications',
  'activity',
  'favorite-guides',
  'price-drop-watches',
  'mailing-address',
  'preferences',
] as const;
export type TMergeKind = (typeof MERGE_KINDS)[number];

export interface TMergeConflict {
  kind: TMergeKind;
  /** What both accounts share ("Both follow Sam Rivera"). */
  subject: string;
  /** What the merge does about it. */
  resolution: string;
  /** A blocking conflict stops the merge until someone resolves it. */
  blocking: boolean;
}

export interface TMergeMove {
  kind: TMergeKind;
  label: string;
  /** Rows of the merged account of this kind (all of them move, or are resolved as listed). */
  count: number;
}

export interface TMergePreview {
  keep: TAdminUser;
  merge: TAdminUser;
  /** Listed first on the screen: what both accounts share and how the merge resolves it. */
  conflicts: TMergeConflict[];
  moves: TMergeMove[];
  /** True when a blocking conflict stops the merge. */
  blocked: boolean;
}

export interface TMergeResult {
  keepUserId: string;
  mergeUserId: string;
  moves: TMergeMove[];
  conflicts: TMergeConflict[];
}

export interface TAdminWishList {
  wishlistId: string;
  title: string;
  privacy: string;
  isDefault: boolean;
  wishCount: number;
  exchangeId: string | null;
}

export interface TCloneResult {
  lists: number;
  wishes: number;
  /** The new lists' ids, in the order of the originals. */
  wishlistIds: string[];
}

export interface TAdminConversation {
  conversationId: string;
  kind: 'direct' | 'group';
  /** The group's name, or the other people's names. */
  title: string;
  members: TAdminPerson[];
  messageCount: number;
  lastMessageAt: string | null;
}

export interface TAdminChatMessage {
  messageId: string;
  sender: TAdminPerson;
  body: string;
  createdAt: string;
}

export interface TAdminConversationRead {
  conversation: TAdminConversation;
  messages: TAdminChatMessage[];
  /** The audit row this read wrote. */
  auditId: string;
}

export interface TAdminExchangeSummary {
  exchangeId: string;
  title: string;
  status: string;
  exchangeDate: string;
  organizer: TAdminPerson;
  participantCount: number;
}

export interface TAdminParticipant {
  person: TAdminPerson;
  status: string;
  isAssistant: boolean;
  isDisqualified: boolean;
  /** Gives a gift in the current draw. */
  inDraw: boolean;
}

export interface TAdminExchange extends TAdminExchangeSummary {
  description: string | null;
  signUpDate: string | null;
  drawnAt: string | null;
  budget: { amount: string; currency: string };
  deliveryType: string;
  groupId: string | null;
  createdAt: string;
  settings: {
    organizerParticipates: boolean;
    participantsVisible: boolean;
    singleLoop: boolean;
    noMutualPairs: boolean;
    requireWishList: boolean;
    excludePreviousPairs: boolean;
  };
  participants: TAdminParticipant[];
  pairCount: number;
  flaggedAnswers: number;
  noteCount: number;
}

export interface TAdminExchangeEvent {
  eventId: string;
  kind: string;
  actor: TAdminPerson | null;
  details: Record<string, unknown> | null;
  createdAt: string;
}

export interface TAdminAnswer {
  answerId: string;
  person: TAdminPerson;
  answer: string;
  flag: { flaggedAt: string; flaggedBy: TAdminPerson | null; reason: string | null } | null;
}

export interface TAdminQuestion {
  questionId: string;
  text: string;
  answers: TAdminAnswer[];
}

export interface TAdminRestrictions {
  pairs: { giver: TAdminPerson; receiver: TAdminPerson }[];
  households: { name: string; members: TAdminPerson[] }[];
}

export interface TAdminCountry {
  /** The mailing address's country; null when the person has none. */
  country: string | null;
  people: (TAdminPerson & { willShipInternationally: boolean })[];
}

export interface TAdminNote {
  noteId: string;
  author: TAdminPerson;
  body: string;
  createdAt: string;
}

export interface TAdminGroupSummary {
  groupId: string;
  name: string;
  isPrivate: boolean;
  owner: TAdminPerson;
  memberCount: number;
  deletedAt: string | null;
}

export interface TAdminGroupMember {
  person: TAdminPerson;
  status: string;
  role: string;
  since: string;
  decidedBy: TAdminPerson | null;
}

export interface TAdminGroup extends TAdminGroupSummary {
  description: string | null;
  createdAt: string;
  counts: Record<'active' | 'pending' | 'invited' | 'removed' | 'left' | 'emailInvitations', number>;
  members: TAdminGroupMember[];
}

export interface TAdminGroupInvitations {
  /** Members asked by a member, waiting for their answer. */
  members: TAdminGroupMember[];
  /** E-mail invitations to people without an account (yet). */
  emails: {
    invitationId: string;
    email: string;
    invitedBy: TAdminPerson | null;
    createdAt: string;
    acceptedAt: string | null;
  }[];
}

export interface TReplaceResult {
  status: string;
  /** Givers whose recipient changed (the newcomer included). */
  changedGivers: number;
  /** Pairs of the draw left exactly as they were. */
  keptPairs: number;
}

export interface TAuditEntry {
  auditId: string;
  /** The action's code (kept for searching and engineers). */
  action: string;
  /** The action in words (contracts/audit-words.ts): "Changed mailing address while impersonating". */
  summary: string;
  kind: TAuditKind | null;
  actor: TAdminPerson | null;
  subject: TAdminPerson | null;
  reason: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  createdAt: string;
}

export interface TAuditPage {
  items: TAuditEntry[];
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: string | null;
  /** 'own': only the caller's own actions (analysts and admins); 'all': every staff member's (leads). */
  scope: 'own' | 'all';
}
