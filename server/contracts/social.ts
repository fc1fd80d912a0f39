/**
 * The social domains' shapes (spec §1 groups, messages and reminders, activity, notifications,
 * birthdays; §2 groups, messages, e-mail actions; §3 membership flags, notifications state): input
 * schemas shared by the `groups`, `messages`, `notifications` and `activity` routers and the
 * renderer's forms, and the outputs they answer. Imports nothing server-only.
 */
import { z } from 'zod';
import { ZPagingQuery, type TPaging } from './paging';
import type { TPersonSummary } from './people';
import { ZUuid, optionalText, requiredText } from './validation';
import { MESSAGE_BODY_MAX } from './social-values';

export { MESSAGE_BODY_MAX } from './social-values';

// ---- Groups ----

export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 2000;

export const ZGroupId = z.object({ groupId: ZUuid });

export const ZGroupFields = z.object({
  name: requiredText(GROUP_NAME_MAX, { name: true }),
  description: optionalText(GROUP_DESCRIPTION_MAX, { multiline: true }),
  /** Private groups show their members, activity and discussion only to members. */
  isPrivate: z.boolean().default(true),
});
export type TGroupFields = z.input<typeof ZGroupFields>;

export const ZGroupUpdate = ZGroupId.extend({
  name: requiredText(GROUP_NAME_MAX, { name: true }).optional(),
  description: optionalText(GROUP_DESCRIPTION_MAX, { multiline: true }),
  isPrivate: z.boolean().optional(),
});

export const GROUP_MEMBER_STATUSES = ['active', 'pending', 'invited', 'removed', 'left'] as const;
export type TGroupMemberStatus = (typeof GROUP_MEMBER_STATUSES)[number];
export const GROUP_ROLES = ['owner', 'assistant', 'member'] as const;
export type TGroupRole = (typeof GROUP_ROLES)[number];

/**
 * Spec §3 membership flags. isAdmin: the member manages the group (its owner or an assistant);
 * isDeleted: removed or left; isReceiverOnly: the member's own "receives gifts but is not
 * expected to give" (stored and shown; nothing acts on it yet).
 */
export interface TMembershipFlags {
  isAdmin: boolean;
  isBirthdayAlertsEnabled: boolean;
  isDeleted: boolean;
  isReceiverOnly: boolean;
  isTopicNotificationEnabled: boolean;
}

export const ZMembershipFlagsUpdate = ZGroupId.extend({
  isBirthdayAlertsEnabled: z.boolean().optional(),
  isTopicNotificationEnabled: z.boolean().optional(),
  isReceiverOnly: z.boolean().optional(),
});

export interface TGroupSummary {
  groupId: string;
  name: string;
  description: string | null;
  isPrivate: boolean;
  memberCount: number;
  owner: TPersonSummary;
  /** The viewer's place: null when they have none. */
  myStatus: TGroupMemberStatus | null;
  myRole: TGroupRole | null;
  /** The viewer may approve, remove, invite others and change settings (owner or assistant). */
  canManage: boolean;
  createdAt: string;
}

export interface TGroupDetail extends TGroupSummary {
  /** What the viewer may see beyond the name: members, activity, discussion. */
  canSeeInside: boolean;
  /** The viewer may invite people: a manager, or any active member of a public group. */
  canInvite: boolean;
  /** The viewer's membership flags, when they are a member. */
  myFlags: TMembershipFlags | null;
  /** The copyable invitation link's path (managers only). */
  joinPath: string | null;
  pendingCount: number;
  /** The group's discussion (members only). */
  conversationId: string | null;
}

export interface TGroupMember {
  person: TPersonSummary;
  status: TGroupMemberStatus;
  role: TGroupRole;
  flags: TMembershipFlags;
  since: string;
}

export const ZGroupMembersQuery = ZGroupId.extend({
  status: z.enum(['active', 'pending', 'invited', 'removed']).default('active'),
}).extend(ZPagingQuery.shape);

export const ZGroupMemberAction = ZGroupId.extend({ userId: ZUuid });

/** Addresses are checked one by one (each gets its own row in the answer), so one typo spoils nothing. */
export const ZGroupInviteEmails = ZGroupId.extend({
  emails: z.array(z.string().max(320)).min(1, { error: 'The value is required' }).max(50),
});
export const ZGroupInviteMembers = ZGroupId.extend({ userIds: z.array(ZUuid).min(1).max(100) });

export type TGroupInviteResult = 'invited' | 'already-invited' | 'already-member' | 'blocked' | 'invalid';
export interface TGroupInviteRow {
  key: string;
  result: TGroupInviteResult;
  message: string;
}

export const ZGroupJoin = ZGroupId.extend({
  /** The invitation link's code or a mailed invitation's token; without it a request is made. */
  code: z.string().max(64).optional(),
});

export const ZGroupsQuery = ZPagingQuery.extend({
  /** 'mine': groups I am in (or asked or was invited to); 'discover': public groups I am not in. */
  scope: z.enum(['mine', 'discover']).default('mine'),
  search: z.string().max(100).optional(),
});

// ---- Messages ----

export const ZMessageBody = requiredText(MESSAGE_BODY_MAX, { multiline: true });

export const ZConversationId = z.object({ conversationId: ZUuid });

export const ZSendMessage = ZConversationId.extend({
  body: ZMessageBody,
  /** The client's key for this send: a double submit makes one message. */
  clientKey: z.string().min(8).max(64).optional(),
});

export const ZStartDirect = z.object({ userId: ZUuid });

/** A chat message id as text: a positive number within the database's 64-bit ids. */
export const ZMessageIdText = z
  .string()
  .regex(/^\d{1,19}$/, { error: 'Value must be decimal' })
  .refine((value) => BigInt(value) <= 9_223_372_036_854_775_807n, { error: 'Value must be decimal' });

export const ZConversationMessagesQuery = ZConversationId.extend({
  /** Messages before this id (older page); newest first. */
  beforeId: ZMessageIdText.optional(),
  limit: z.number().int().min(1).max(100).default(30),
});

export interface TChatMessage {
  /** The message's id: increasing, the live stream's event id. */
  messageId: string;
  conversationId: string;
  sender: TPersonSummary;
  isMine: boolean;
  body: string;
  createdAt: string;
}

export interface TConversationSummary {
  conversationId: string;
  kind: 'direct' | 'group';
  title: string;
  /** The other person (direct) or null (group). */
  other: TPersonSummary | null;
  groupId: string | null;
  lastMessage: { body: string; senderName: string; createdAt: string } | null;
  unreadCount: number;
  /** Whether the viewer may send (false once blocked, or when they left the group). */
  canSend: boolean;
}

export interface TReminder {
  reminderId: string;
  kind: 'rsvp' | 'draw' | 'exchange-date' | 'birthday' | 'thank-you';
  title: string;
  path: string;
  dueOn: string;
}

// ---- Notifications ----

export const NOTIFICATION_KINDS = [
  'price-drop',
  'wish-list-request',
  'exchange',
  'group',
  'follow',
  'wish-created',
  'gift-received',
] as const;
export type TNotificationKindName = (typeof NOTIFICATION_KINDS)[number];

export interface TNotificationItem {
  notificationId: string;
  kind: string;
  title: string;
  path: string | null;
  payload: Record<string, unknown>;
  createdAt: string;
  isRead: boolean;
}

/** Spec §3 notifications state, as /home/ and the header read it. */
export interface TNotificationsState {
  notifications: TNotificationItem[];
  unreadCount: number;
  /** Alerts: unread notifications that ask for something (a request, an invitation). */
  alerts: TNotificationItem[];
  /** Wish-created notices: { userId, wishlistId } of lists followed people just added to. */
  wishCreated: { userId: string; wishlistId: string }[];
  unreadMessages: number;
  /** Groups whose join requests wait for the viewer (owner or assistant). */
  badRequestGroups: { groupId: string; name: string; pendingCount: number }[];
  keepGroups: boolean;
  /** Show the wish celebration (the viewer's first wish on a new list). */
  wishCelebration: boolean;
}

export const ZNotificationIds = z.object({ notificationIds: z.array(ZUuid).max(200).optional() });

// ---- Activity ----

export const ACTIVITY_KINDS = [
  'wish-list-created',
  'wish-added',
  'exchange-joined',
  'thank-you',
  'group-joined',
] as const;
export type TActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ZActivityQuery = z.object({
  /** Events older than this id (the previous page's token). */
  before: z.string().regex(/^\d+$/).optional(),
  limit: z.number().int().min(1).max(50).default(20),
  groupId: ZUuid.optional(),
});

export interface TActivityItem {
  activityId: string;
  kind: TActivityKind;
  actor: TPersonSummary;
  /** What the actor did, the sentence after their name ("joined the group Book club"). */
  action: string;
  /** The whole sentence, the actor's name first. */
  text: string;
  path: string | null;
  createdAt: string;
}

export interface TActivityPage {
  items: TActivityItem[];
  /** The next page's `before`, empty at the end. */
  next: string;
}

// ---- Birthdays ----

export interface TUpcomingBirthday {
  person: TPersonSummary;
  month: number;
  day: number;
  /** Days until it (0 = today). */
  inDays: number;
}

// ---- E-mail actions ----

export const EMAIL_ACTIONS = ['follow', 'unfollow', 'topic-unsubscribe'] as const;
export type TEmailAction = (typeof EMAIL_ACTIONS)[number];

/** The signed part of an e-mail action link: `u` (the addressee), `e` (expiry, epoch s), `s` (HMAC). */
export const ZEmailActionLink = z.object({
  action: z.enum(EMAIL_ACTIONS),
  subjectId: ZUuid,
  u: z.string().max(64).optional(),
  e: z.string().max(20).optional(),
  s: z.string().max(128).optional(),
});

export type TEmailActionResult =
  | { status: 'done'; action: TEmailAction; subjectName: string }
  /** The link was forged, altered, expired, or is for someone else: nothing happened; ask. */
  | { status: 'confirm'; action: TEmailAction; subjectName: string; reason: 'invalid' | 'expired' | 'other-user' };

export type { TPaging };
