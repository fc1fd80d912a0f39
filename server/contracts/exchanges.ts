/**
 * The gift-exchange domain's shapes (spec §3 exchange and exchange response, §7 users and
 * draw-restricted users of an exchange, §9 default budget): input schemas with the spec §5 messages,
 * shared by the `exchanges` tRPC router, the REST routes and the renderer's forms, and the outputs.
 *
 * Draw secrecy lives in the outputs: no participant shape carries a recipient. The only outputs with
 * a pairing are `ZMyAssignment` (the caller's own recipient) and `ZDrawView` (the whole draw, for an
 * organizer whose exchange's privacy settings allow it). A recipient never sees who their giver is:
 * the messages and thank-yous a recipient reads name the giver "Your Secret Santa".
 */
import { z } from 'zod';
import { EMAIL_MAX } from './constants';
import { CURRENCIES } from './enums';
import { VALIDATION_MESSAGES as M } from './messages';
import { pagedOutput } from './paging';
import { ZPersonSummary } from './people';
import {
  calendarDate,
  hasCharactersNotAllowedInNames,
  hasForbiddenCharacters,
  isValidEmail,
  normalizeEmail,
  optionalText,
  requiredText,
  ZUrl,
  ZUuid,
} from './validation';
import { ZWishListSummary } from './wish-lists';
export * from './exchange-values';
import {
  EXCHANGE_STATUSES,
  DELIVERY_TYPES,
  EXCHANGE_RESPONSES,
  PARTICIPANT_STATUSES,
  EXCHANGE_THEME_IDS,
  EXCHANGE_TITLE_MAX,
  EXCHANGE_PARTICIPANTS_MAX,
  INVITES_PER_REQUEST_MAX,
  ICE_BREAKER_QUESTIONS_MAX,
  EXCHANGE_MESSAGE_MAX,
  THANK_YOU_MAX,
  GAME_TYPES,
  WALL_POST_MAX,
} from './exchange-values';

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

const ZDate = calendarDate('Value is not a valid date', z.string({ error: M.required }));
const ZOptionalDate = z.preprocess((value) => (value === '' ? null : value), ZDate.nullable().optional());

const ZPartyTime = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Value is not a valid time' })
    .nullable()
    .optional(),
);

const ZOptionalUrl = z.preprocess(
  (value) => (value === '' ? null : value),
  ZUrl.refine((value) => /^https?:/i.test(value), { error: M.url })
    .refine((value) => value.length <= 1000, { error: M.maxLength(1000) })
    .nullable()
    .optional(),
);

export const ZBudget = z.object({
  currency: z.enum(CURRENCIES, { error: 'Choose one of the listed currencies' }),
  amount: z
    .union([z.number(), z.string().trim()], { error: M.required })
    .refine((value) => /^\d+(\.\d+)?$/.test(String(value)), { error: M.decimal, abort: true })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(0, { error: M.minValue(0) })
        .max(1_000_000, { error: 'The maximum value allowed is 1000000' })
        .transform((value) => Math.round(value * 100) / 100),
    ),
});
export type TBudget = z.output<typeof ZBudget>;

/** An e-mail as typed in an invitation: trimmed and normalised (spec §5 e-mail rules). */
export const ZInviteEmail = z
  .string({ error: M.required })
  .refine((value) => value.trim().length > 0, { error: M.required, abort: true })
  .refine((value) => value.trim().length <= EMAIL_MAX, { error: M.maxLength(EMAIL_MAX), abort: true })
  .refine((value) => isValidEmail(normalizeEmail(value)), { error: M.email })
  .transform(normalizeEmail);

export const ZInviteeName = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string()
    .max(50, { error: M.maxLength(50) })
    .refine((value) => !hasCharactersNotAllowedInNames(value), { error: M.invalidCharacters })
    .transform((value) => value.trim())
    .nullable()
    .optional(),
);

/** One person typed by an organizer: a name and an e-mail (names entry page, light flow, invites). */
export const ZInvitee = z.object({ name: ZInviteeName, email: ZInviteEmail });
export type TInvitee = z.output<typeof ZInvitee>;

function datesInOrder(value: { signUpDate?: string | null; exchangeDate?: string | null }, ctx: z.RefinementCtx) {
  if (value.signUpDate && value.exchangeDate && value.signUpDate > value.exchangeDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['signUpDate'],
      message: 'The sign-up date must be on or before the exchange date',
    });
  }
}

const exchangeFields = {
  title: requiredText(EXCHANGE_TITLE_MAX),
  description: optionalText(2000, { multiline: true }),
  signUpDate: ZOptionalDate,
  exchangeDate: ZDate,
  budget: ZBudget.optional(),
  location: optionalText(200),
  locationGooglePlaceUrl: ZOptionalUrl,
  locationGooglePlaceId: optionalText(200),
  partyTime: ZPartyTime,
  deliveryType: z.enum(DELIVERY_TYPES, { error: 'Choose how gifts are exchanged' }).optional(),
  imageUrl: ZOptionalUrl,
  groupId: z.preprocess((value) => (value === '' ? null : value), ZUuid.nullable().optional()),
  themeId: z.enum(EXCHANGE_THEME_IDS, { error: 'Choose one of the listed themes' }).optional(),
  /** The organizer draws and receives a gift too (true) or only organizes (false). */
  organizerParticipates: z.boolean().optional(),
  /** Secret Santa (default) or a party game with a turn order (White Elephant, Yankee Swap). */
  gameType: z.enum(GAME_TYPES, { error: 'Choose one of the listed game types' }).optional(),
  /** A party game's turn order is drawn by itself at the party time (else the organizer draws it). */
  turnOrderAtParty: z.boolean().optional(),
};

/** A restriction between two people of a creation request, by their index in `participants`. */
export const ZIndexedRestriction = z.object({
  giver: z.number().int().min(0),
  receiver: z.number().int().min(0),
  bothWays: z.boolean().default(true),
});

/**
 * Creating an exchange: its fields, and optionally its people (typed names and e-mails, invited at
 * once), restrictions between them, and the exchange it repeats. One transaction.
 */
export const ZExchangeCreate = z
  .object({
    ...exchangeFields,
    participants: z
      .array(ZInvitee)
      .max(EXCHANGE_PARTICIPANTS_MAX, { error: `The maximum number of people is ${EXCHANGE_PARTICIPANTS_MAX}` })
      .optional(),
    /**
     * The organizer speaks for the people typed (names entry, a family draw): they are in the draw
     * without answering. Otherwise they are invited and answer themselves.
     */
    participantsConfirmed: z.boolean().optional(),
    restrictions: z
      .array(ZIndexedRestriction)
      .max(EXCHANGE_PARTICIPANTS_MAX * 3)
      .optional(),
    /** Repeat: copy the people and restrictions of this earlier exchange (the caller organized it). */
    repeatOfExchangeId: ZUuid.optional(),
    /** Don't let anyone draw the person they drew in the repeated exchange. */
    excludePreviousPairs: z.boolean().optional(),
    /** Send the invitation e-mails now (default) or later from the invite screens. */
    sendInvitations: z.boolean().optional(),
  })
  .superRefine(datesInOrder)
  .superRefine((value, ctx) => {
    const count = value.participants?.length ?? 0;
    value.restrictions?.forEach((restriction, index) => {
      if (restriction.giver >= count || restriction.receiver >= count || restriction.giver === restriction.receiver) {
        ctx.addIssue({ code: 'custom', path: ['restrictions', index], message: 'Choose two different people' });
      }
    });
  });
export type TExchangeCreate = z.output<typeof ZExchangeCreate>;

export const ZExchangeId = z.object({ exchangeId: ZUuid });
export const ZExchangeUserId = z.object({ exchangeId: ZUuid, userId: ZUuid });

export const ZExchangeUpdate = z
  .object({
    exchangeId: ZUuid,
    title: exchangeFields.title.optional(),
    description: exchangeFields.description,
    signUpDate: exchangeFields.signUpDate,
    exchangeDate: ZDate.optional(),
    budget: exchangeFields.budget,
    location: exchangeFields.location,
    locationGooglePlaceUrl: exchangeFields.locationGooglePlaceUrl,
    locationGooglePlaceId: exchangeFields.locationGooglePlaceId,
    partyTime: exchangeFields.partyTime,
    deliveryType: exchangeFields.deliveryType,
    imageUrl: exchangeFields.imageUrl,
    themeId: exchangeFields.themeId,
    organizerParticipates: exchangeFields.organizerParticipates,
    gameType: exchangeFields.gameType,
    turnOrderAtParty: exchangeFields.turnOrderAtParty,
  })
  .superRefine(datesInOrder);
export type TExchangeUpdate = z.output<typeof ZExchangeUpdate>;

/** The privacy settings screen and draw options. */
export const ZExchangeSettings = z.object({
  exchangeId: ZUuid,
  /** The organizer (and assistants) may see the whole draw. Off by default. */
  organizerCanViewDraw: z.boolean().optional(),
  /** Participants see who else takes part (names only). */
  participantsVisible: z.boolean().optional(),
  /** Nobody draws the person they drew in the exchange this one repeats. */
  excludePreviousPairs: z.boolean().optional(),
  /** Everyone in one chain: A → B → C → … → A. */
  singleLoop: z.boolean().optional(),
  /** No two people draw each other. */
  noMutualPairs: z.boolean().optional(),
  /** Participants without a wish list by the sign-up date are disqualified. */
  requireWishList: z.boolean().optional(),
  /** Invitees who have not answered by the sign-up date are disqualified. */
  disqualifyLateResponders: z.boolean().optional(),
  /** Invitations and the sign-up link stay open after the draw; latecomers wait "not yet drawn". On by default. */
  lateJoinsOpen: z.boolean().optional(),
  /** The names are drawn automatically the day after the sign-up date. On by default for new exchanges. */
  autoDraw: z.boolean().optional(),
});
export type TExchangeSettings = z.output<typeof ZExchangeSettings>;

export const ZRsvp = z.object({
  exchangeId: ZUuid,
  response: z.enum(EXCHANGE_RESPONSES, { error: 'Choose whether you take part' }).default('accept'),
  comment: optionalText(500, { multiline: true }),
  willShipInternationally: z.boolean().default(false),
  notifyOfReplies: z.boolean().default(false),
});
export type TRsvp = z.output<typeof ZRsvp>;

export const ZInviteByEmail = z.object({
  exchangeId: ZUuid,
  /** Rows are validated one by one (a bad row never stops the good ones): see `ZInviteResult`. */
  invitees: z
    .array(z.object({ name: z.string().max(200).nullable().optional(), email: z.string().max(320) }))
    .min(1, { error: M.required })
    .max(INVITES_PER_REQUEST_MAX, {
      error: `The maximum number of people per invitation is ${INVITES_PER_REQUEST_MAX}`,
    }),
  message: optionalText(1000, { multiline: true }),
});

export const ZInviteUsers = z.object({
  exchangeId: ZUuid,
  userIds: z.array(ZUuid).min(1, { error: M.required }).max(INVITES_PER_REQUEST_MAX),
  message: optionalText(1000, { multiline: true }),
});

export const ZBulkInvite = z.object({
  exchangeId: ZUuid,
  text: z
    .string()
    .min(1, { error: M.required })
    .max(50_000, { error: M.maxLength(50_000) }),
  message: optionalText(1000, { multiline: true }),
});

export const INVITE_ROW_STATUSES = ['invited', 'already-invited', 'already-joined', 'duplicate', 'invalid'] as const;
export const ZInviteResult = z.object({
  row: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  status: z.enum(INVITE_ROW_STATUSES),
  message: z.string(),
  userId: z.string().nullable(),
});
export type TInviteResult = z.infer<typeof ZInviteResult>;
export const ZInviteResults = z.object({
  invited: z.number().int(),
  results: z.array(ZInviteResult),
});

/** The exchange's wish list for the caller: one of their lists, or a new one with this title. */
export const ZChooseExchangeWishList = z
  .object({
    exchangeId: ZUuid,
    wishlistId: ZUuid.optional(),
    newListTitle: requiredText(100).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.wishlistId && !value.newListTitle)
      ctx.addIssue({ code: 'custom', path: ['newListTitle'], message: M.conditionalRequired });
  });

/** A floater's wish on their exchange list (no registration needed). */
export const ZExchangeWish = z.object({
  exchangeId: ZUuid,
  title: requiredText(200),
  url: ZOptionalUrl,
  notes: optionalText(1000, { multiline: true }),
});

export const ZSetRestrictions = z.object({
  exchangeId: ZUuid,
  userId: ZUuid,
  /** Everyone this participant may not draw; replaces their previous list. */
  cannotDraw: z.array(ZUuid).max(EXCHANGE_PARTICIPANTS_MAX),
  /** Also keep each of them from drawing this participant. */
  bothWays: z.boolean().default(true),
});

export const ZSetHousehold = z.object({
  exchangeId: ZUuid,
  userId: ZUuid,
  /** People of one household never draw each other; null takes them out of any household. */
  household: optionalText(40),
});

export const ZSetAssistant = z.object({ exchangeId: ZUuid, userId: ZUuid, isAssistant: z.boolean() });
export const ZSetDisqualified = z.object({
  exchangeId: ZUuid,
  userId: ZUuid,
  disqualified: z.boolean(),
  reason: optionalText(200),
});

export const ZReplaceParticipant = z.object({ exchangeId: ZUuid, userId: ZUuid, replacement: ZInvitee });

export const ZSetQuestions = z.object({
  exchangeId: ZUuid,
  questions: z
    .array(requiredText(300))
    .max(ICE_BREAKER_QUESTIONS_MAX, { error: `The maximum number of questions is ${ICE_BREAKER_QUESTIONS_MAX}` }),
});
export const ZAnswerQuestion = z.object({
  exchangeId: ZUuid,
  questionId: ZUuid,
  answer: z
    .string()
    .max(1000, { error: M.maxLength(1000) })
    .refine((value) => !hasForbiddenCharacters(value.replace(/[\r\n\t]/g, ' ')), { error: M.invalidCharacters })
    .transform((value) => value.trim()),
});
export const ZQuestionAnswerId = z.object({ questionAnswerId: ZUuid });
export const ZFlagAnswer = z.object({ questionAnswerId: ZUuid, reason: optionalText(300, { multiline: true }) });

/** Who the caller writes to: the person they drew, or their own (anonymous) Secret Santa. */
export const CONVERSATION_PARTNERS = ['recipient', 'santa'] as const;
export type TConversationPartner = (typeof CONVERSATION_PARTNERS)[number];
export const ZConversation = z.object({ exchangeId: ZUuid, with: z.enum(CONVERSATION_PARTNERS) });
export const ZSendMessage = ZConversation.extend({
  body: requiredText(EXCHANGE_MESSAGE_MAX, { multiline: true }),
});
export const ZSendThankYou = z.object({ exchangeId: ZUuid, body: requiredText(THANK_YOU_MAX, { multiline: true }) });
export const ZThankYouId = z.object({ exchangeId: ZUuid, thankYouId: ZUuid });

/** A post on the exchange's wall; `anonymous` shows it as "Someone in the exchange" to everyone else. */
export const ZPostToWall = z.object({
  exchangeId: ZUuid,
  body: requiredText(WALL_POST_MAX, { multiline: true }),
  anonymous: z.boolean().default(false),
});
export const ZWallPostId = z.object({
  exchangeId: ZUuid,
  postId: z.string().regex(/^\d{1,19}$/, { error: 'Value is not a valid id' }),
});

// ---------------------------------------------------------------------------------------------
// Outputs
// ---------------------------------------------------------------------------------------------

export const EXCHANGE_ROLES = ['organizer', 'assistant', 'participant', 'invitee', 'none'] as const;
export type TExchangeRole = (typeof EXCHANGE_ROLES)[number];

/** What the caller may do, so screens show only the actions that will work. */
export const ZExchangeAbilities = z.object({
  manage: z.boolean(),
  delete: z.boolean(),
  draw: z.boolean(),
  redraw: z.boolean(),
  viewDraw: z.boolean(),
  rsvp: z.boolean(),
  sayThanks: z.boolean(),
  /** Latecomers are waiting and the draw may change (managers). */
  drawLatecomers: z.boolean(),
  /** A practice draw (managers, before the draw). */
  practiceDraw: z.boolean(),
});

export const ZExchangeSummary = z.object({
  exchangeId: z.string(),
  title: z.string(),
  status: z.enum(EXCHANGE_STATUSES),
  signUpDate: z.string().nullable(),
  exchangeDate: z.string(),
  budget: z.object({ currency: z.string(), amount: z.number() }),
  deliveryType: z.enum(DELIVERY_TYPES),
  themeId: z.string(),
  gameType: z.enum(GAME_TYPES),
  imageUrl: z.string().nullable(),
  organizer: ZPersonSummary,
  myRole: z.enum(EXCHANGE_ROLES),
  myStatus: z.enum(PARTICIPANT_STATUSES).nullable(),
  participantCount: z.number().int(),
  acceptedCount: z.number().int(),
});
export type TExchangeSummary = z.infer<typeof ZExchangeSummary>;

export const ZMyParticipation = z.object({
  status: z.enum(PARTICIPANT_STATUSES),
  isAssistant: z.boolean(),
  isDisqualified: z.boolean(),
  disqualifiedReason: z.string().nullable(),
  comment: z.string().nullable(),
  willShipInternationally: z.boolean(),
  notifyOfReplies: z.boolean(),
  respondedAt: z.string().nullable(),
  wishlistId: z.string().nullable(),
});

export const ZExchangeDetail = ZExchangeSummary.extend({
  description: z.string().nullable(),
  location: z.string().nullable(),
  locationGooglePlaceUrl: z.string().nullable(),
  locationGooglePlaceId: z.string().nullable(),
  partyTime: z.string().nullable(),
  groupId: z.string().nullable(),
  organizerParticipates: z.boolean(),
  /** A party game's turn order is drawn by the job queue at the party time. */
  turnOrderAtParty: z.boolean(),
  drawnAt: z.string().nullable(),
  /**
   * Whether the organizer (managers who do not take part) can see who drew whom, as decided when
   * the names were drawn; null before the draw. Shown to everyone in the exchange.
   */
  drawVisibleToOrganizer: z.boolean().nullable(),
  settings: ZExchangeSettings.omit({ exchangeId: true }).required(),
  repeatOfExchangeId: z.string().nullable(),
  /** The copyable sign-up link (organizer and assistants only). */
  signUpUrl: z.string().nullable(),
  me: ZMyParticipation.nullable(),
  can: ZExchangeAbilities,
  questionCount: z.number().int(),
  /** The caller joined after the draw and waits for the latecomers' draw. */
  awaitingDraw: z.boolean(),
  /** How many wait "not yet drawn" (managers only; null for others and before the draw). */
  latecomerCount: z.number().int().nullable(),
});
export type TExchangeDetail = z.infer<typeof ZExchangeDetail>;

/** A person of an exchange as everyone in it sees them: never with a recipient. */
export const ZExchangeParticipant = z.object({
  person: ZPersonSummary,
  status: z.enum(PARTICIPANT_STATUSES),
  isOrganizer: z.boolean(),
  isAssistant: z.boolean(),
  isDisqualified: z.boolean(),
  /** Organizer and assistants only (null for others). */
  disqualifiedReason: z.string().nullable(),
  email: z.string().nullable(),
  comment: z.string().nullable(),
  household: z.string().nullable(),
  hasWishList: z.boolean(),
  willShipInternationally: z.boolean(),
  respondedAt: z.string().nullable(),
  invitedAt: z.string(),
  /** Joined after the draw and not drawn yet ("not yet drawn"). */
  awaitingDraw: z.boolean(),
  /**
   * Organizer and assistants only: mail does not reach this person's address. 'bounced': a mail
   * was refused for good (correct the address by replacing the person); 'no-invitations': its
   * owner asked for no invitations.
   */
  deliveryProblem: z.enum(['bounced', 'no-invitations']).nullable(),
});
export type TExchangeParticipant = z.infer<typeof ZExchangeParticipant>;
export const ZExchangeParticipantPage = pagedOutput(ZExchangeParticipant);

/** One participant's restrictions (GET /v1/exchanges/{id}/draw-restricted-users). */
export const ZDrawRestrictedUser = z.object({
  person: ZPersonSummary,
  household: z.string().nullable(),
  cannotDraw: z.array(z.string()),
});
export type TDrawRestrictedUser = z.infer<typeof ZDrawRestrictedUser>;
export const ZDrawRestrictedUserPage = pagedOutput(ZDrawRestrictedUser);

export const ZQuestion = z.object({ questionId: z.string(), text: z.string() });
export const ZQuestionWithAnswer = ZQuestion.extend({
  questionAnswerId: z.string().nullable(),
  answer: z.string().nullable(),
});
export const ZMyQuestions = z.object({ questions: z.array(ZQuestionWithAnswer) });

export const ZShippingAddress = z.object({
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

/** Why a giver sees no address: not by mail, not complete, or countries differ and no shipping abroad. */
export const ADDRESS_HIDDEN_REASONS = ['in-person', 'incomplete', 'international'] as const;

export const ZMyAssignment = z.object({
  recipient: ZPersonSummary,
  wishList: ZWishListSummary.nullable(),
  answers: z.array(ZQuestionWithAnswer),
  shippingAddress: ZShippingAddress.nullable(),
  addressHiddenReason: z.enum(ADDRESS_HIDDEN_REASONS).nullable(),
  /** The caller's own Secret Santa has sent a thank-you reply etc.: unread message counts. */
  unreadFromRecipient: z.number().int(),
  unreadFromSanta: z.number().int(),
});
export type TMyAssignment = z.infer<typeof ZMyAssignment>;

export const ZDrawView = z.object({
  pairs: z.array(z.object({ giver: ZPersonSummary, recipient: ZPersonSummary })),
  drawnAt: z.string(),
});

export const ZExchangeMessage = z.object({
  messageId: z.string(),
  /** True when the caller wrote it. */
  mine: z.boolean(),
  /** The writer as the caller may know them: "Your Secret Santa" for the caller's giver. */
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export const ZConversationView = z.object({
  with: z.enum(CONVERSATION_PARTNERS),
  /** The recipient's name, or "Your Secret Santa". */
  partnerName: z.string(),
  partnerPictureUrl: z.string().nullable(),
  messages: z.array(ZExchangeMessage),
});

/** The anonymous conversations of every exchange the caller draws or is drawn in (for /messages). */
export const ZExchangeConversationSummary = z.object({
  exchangeId: z.string(),
  exchangeTitle: z.string(),
  with: z.enum(CONVERSATION_PARTNERS),
  partnerName: z.string(),
  lastMessage: z.string().nullable(),
  lastAt: z.string().nullable(),
  unread: z.number().int(),
});

export const ZThankYou = z.object({
  thankYouId: z.string(),
  /** Sent: the caller thanked their Secret Santa (giver not named). Received: the recipient, named. */
  direction: z.enum(['sent', 'received']),
  otherName: z.string(),
  body: z.string(),
  /** The gallery photo (GET /v1/exchanges/{id}/thank-yous/{thankYouId}/photo), or null. */
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
});
export const ZThankYous = z.object({
  canSend: z.boolean(),
  /** Why the caller cannot thank yet (before the exchange date, not drawn). */
  notYetReason: z.string().nullable(),
  items: z.array(ZThankYou),
  /** A sent thank-you may carry a photo for the gallery (after the exchange date). */
  canAddPhoto: z.boolean(),
});

/** The gallery: thank-yous with a photo, for everyone in the exchange (the giver is never named). */
export const ZGalleryItem = z.object({
  thankYouId: z.string(),
  from: ZPersonSummary,
  body: z.string(),
  photoUrl: z.string(),
  createdAt: z.string(),
});
export const ZGallery = z.object({
  /** Null when the gallery is open; else why not yet (before the exchange date). */
  notYetReason: z.string().nullable(),
  items: z.array(ZGalleryItem),
});
export type TGalleryItem = z.infer<typeof ZGalleryItem>;

/** A party game's turn order with its rules, for everyone in the exchange. */
export const ZTurnOrder = z.object({
  gameType: z.enum(GAME_TYPES),
  rules: z.array(z.string()),
  /** Null until drawn. */
  drawnAt: z.string().nullable(),
  /** When the job queue draws it (party time), if it does. */
  drawsAt: z.string().nullable(),
  turns: z.array(z.object({ position: z.number().int(), person: ZPersonSummary, isMe: z.boolean() })),
});
export type TTurnOrder = z.infer<typeof ZTurnOrder>;

/** A wall post as its reader may know it: an anonymous post carries no author but for its author. */
export const ZWallPost = z.object({
  postId: z.string(),
  exchangeId: z.string(),
  /** Null for an anonymous post (and a closed account). */
  author: ZPersonSummary.nullable(),
  /** "Someone in the exchange" for an anonymous post, "You" for the reader's own. */
  authorName: z.string(),
  anonymous: z.boolean(),
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
});
export type TWallPost = z.infer<typeof ZWallPost>;
export const ZWall = z.object({
  canPost: z.boolean(),
  /** Managers remove any post; authors their own (per post: `mine`). */
  canRemove: z.boolean(),
  posts: z.array(ZWallPost),
});

export const ZExchangeEvent = z.object({
  eventId: z.string(),
  kind: z.string(),
  actorName: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});

export const ZFlaggableAnswer = z.object({
  questionAnswerId: z.string(),
  exchangeId: z.string(),
  exchangeTitle: z.string(),
  question: z.string(),
  answer: z.string(),
  isFlagged: z.boolean(),
});

export const ZDrawOutcome = z.object({
  status: z.enum(EXCHANGE_STATUSES),
  drawnAt: z.string(),
  participantCount: z.number().int(),
  /** For changes after the draw: how many givers got a new recipient. */
  changedGivers: z.number().int(),
});

/** "Draw latecomers": how many were placed and how many existing givers got a new recipient. */
export const ZLatecomerOutcome = z.object({
  placed: z.number().int(),
  changedGivers: z.number().int(),
});

/**
 * A practice draw: run by the engine and shown only to the caller, as counts and conflicts; nothing
 * is stored and nobody is told. Never a pair.
 */
export const ZPracticeDraw = z.object({
  possible: z.boolean(),
  /** "Everyone can be drawn", or the engine's explanation. */
  message: z.string(),
  /** Why not (the same codes as a refused draw's details.reason); null when possible. */
  reason: z.string().nullable(),
  participantCount: z.number().int(),
  restrictionCount: z.number().int(),
  householdCount: z.number().int(),
  /** Who the organizer's disqualification rules would keep out if the draw ran now. */
  wouldBeDisqualified: z.number().int(),
  /** The people the explanation names (at most 10). */
  people: z.array(z.string()),
});
export type TPracticeDraw = z.infer<typeof ZPracticeDraw>;

export const ZRepeatCandidate = z.object({
  exchangeId: z.string(),
  title: z.string(),
  exchangeDate: z.string(),
  participantCount: z.number().int(),
});

export const ZChildExchangeChoice = z.object({
  exchangeId: z.string(),
  title: z.string(),
  exchangeDate: z.string(),
  childIsIn: z.boolean(),
});
