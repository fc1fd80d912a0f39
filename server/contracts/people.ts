/**
 * The people domain's shapes (spec §3 user profile, settings, address, preferences, parent accounts,
 * user collections): input schemas with the spec §5 messages, shared by the `people` tRPC router,
 * the REST /v1/users routes and the renderer's forms; and the outputs both faces answer.
 */
import { z } from 'zod';
import { GENDERS } from './enums';
import { VALIDATION_MESSAGES as M } from './messages';
import { ZBirthday, ZEmail, ZMailingAddress, ZPersonName, ZUsername, ZUuid } from './validation';

export * from './people-values';

export const ZUserIdParams = z.object({ userId: ZUuid });

const GENDER_VALUES = GENDERS.map((gender) => gender.value) as [string, ...string[]];
export const ZGender = z.enum(GENDER_VALUES, { error: 'Choose one of the listed pronouns' });

/**
 * Profile saves drop an empty birthday, username and gender (spec §5) before validating: an empty
 * username is "not given", not "too short".
 */
function dropEmptyProfileFields(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (typeof copy.username === 'string' && copy.username.trim() === '') delete copy.username;
  if (copy.gender === '' || copy.gender === null) delete copy.gender;
  const birthday = copy.birthday as { month?: unknown; day?: unknown } | null | undefined;
  if (birthday === null || (birthday && !birthday.month && !birthday.day)) delete copy.birthday;
  return copy;
}

const profileFields = {
  firstName: ZPersonName,
  lastName: ZPersonName,
  username: ZUsername,
  birthday: ZBirthday,
  gender: ZGender,
};

/** PUT /v1/users/{userId}: the whole editable profile; what is left out (or dropped) is cleared. */
export const ZProfilePut = z.preprocess(
  dropEmptyProfileFields,
  z.object({
    firstName: profileFields.firstName,
    lastName: profileFields.lastName,
    username: profileFields.username.optional(),
    birthday: profileFields.birthday.optional(),
    gender: profileFields.gender.optional(),
  }),
);
export type TProfilePut = z.output<typeof ZProfilePut>;

/** PATCH /v1/users/{userId}: any subset of the profile; what is left out (or dropped) is kept. */
export const ZProfilePatch = z.preprocess(
  dropEmptyProfileFields,
  z.object({
    firstName: profileFields.firstName.optional(),
    lastName: profileFields.lastName.optional(),
    username: profileFields.username.optional(),
    birthday: profileFields.birthday.optional(),
    gender: profileFields.gender.optional(),
  }),
);
export type TProfilePatch = z.output<typeof ZProfilePatch>;

/** POST /v1/users: a family manager creates a child account (no e-mail or password needed). */
export const ZCreateChild = z.preprocess(
  dropEmptyProfileFields,
  z.object({
    firstName: profileFields.firstName,
    lastName: profileFields.lastName,
    birthday: profileFields.birthday.optional(),
    gender: profileFields.gender.optional(),
  }),
);
export type TCreateChild = z.output<typeof ZCreateChild>;

export const SETTING_KEYS = [
  'isPrivate',
  'subscribeNotifcations',
  'subscribeFollowingNotifications',
  'subscribeFollowingBirthdayReminders',
  'subscribeGiftGuideFollowingNotifications',
  'canRemindAboutBirthday',
  'subscribeNewsletter',
  'subscribePriceDropNotifications',
] as const;
export type TSettingKey = (typeof SETTING_KEYS)[number];

/** The e-mail subscriptions (everything but privacy): what the e-mailed settings link may change. */
export const EMAIL_SETTING_KEYS = SETTING_KEYS.filter((key) => key !== 'isPrivate');

export const ZSettings = z.object(
  Object.fromEntries(SETTING_KEYS.map((key) => [key, z.boolean()])) as Record<TSettingKey, z.ZodBoolean>,
);
export type TSettings = z.infer<typeof ZSettings>;

/** PATCH /v1/users/{userId}/settings: any of the settings; at least one. */
export const ZSettingsPatch = ZSettings.partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { error: M.required });
export type TSettingsPatch = z.infer<typeof ZSettingsPatch>;

export const ZEmailGuid = z.object({ emailGuid: ZUuid });
export const ZEmailSettingsPatch = z
  .object({
    emailGuid: ZUuid,
    settings: ZSettings.omit({ isPrivate: true }).partial().strict(),
  })
  .refine((value) => Object.keys(value.settings).length > 0, { error: M.required, path: ['settings'] });

export const PREFERENCE_SETS = ['wishing'] as const;
export const ZPreferenceUpdate = z.object({
  preferenceSet: z.enum(PREFERENCE_SETS, { error: 'Unknown preference set' }),
  market: z
    .string({ error: M.required })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'Value is not a valid market' })
    .transform((value) => value.toUpperCase()),
});
export type TPreferenceUpdate = z.output<typeof ZPreferenceUpdate>;

export { ZMailingAddress };
/** The strict address form (the exchanges' shipping step): all five fields required. */
export const ZStrictMailingAddress = ZMailingAddress.superRefine((value, ctx) => {
  for (const key of ['address1', 'city', 'state', 'postalCode', 'country'] as const) {
    if (!value[key]?.trim()) ctx.addIssue({ code: 'custom', path: [key], message: M.required });
  }
});

export const ZContactInput = z.object({ name: ZPersonName, email: ZEmail });
export const ZSearchInput = z.object({
  query: z
    .string({ error: M.required })
    .trim()
    .min(2, { error: M.minLength(2) })
    .max(50, { error: M.maxLength(50) }),
});

// ---- Outputs ----

/** A person wherever they appear in a list: name and picture are never private. */
export const ZPersonSummary = z.object({
  userId: z.string(),
  name: z.string(),
  displayName: z.string(),
  shortName: z.string(),
  pictureUrl: z.string().nullable(),
  isChild: z.boolean(),
});
export type TPersonSummary = z.infer<typeof ZPersonSummary>;

export const ZRelation = z.object({
  isSelf: z.boolean(),
  /** The viewer follows this person. */
  isFollowing: z.boolean(),
  /** This person follows the viewer. */
  isFollowedBy: z.boolean(),
  /** The viewer blocked this person. */
  isBlocking: z.boolean(),
  /** The viewer is one of this (child) account's family managers. */
  isManagedByMe: z.boolean(),
});
export type TRelation = z.infer<typeof ZRelation>;

/**
 * A person's profile as the viewer may see it. Name and picture are public; a private person's
 * username, gender, birthday, join date and follow counts show only to those who may see the
 * private profile (`canSeePrivate`): null for everyone else.
 */
export const ZProfile = ZPersonSummary.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Null when not set or not visible to the viewer. */
  username: z.string().nullable(),
  /** Null when not visible to the viewer. */
  dateCreated: z.string().nullable(),
  isFavorite: z.boolean(),
  isDeleted: z.boolean(),
  isPrivate: z.boolean(),
  /** Whether the viewer may see what a private profile hides (birthday, lists, activity, friends). */
  canSeePrivate: z.boolean(),
  /** Only for the person themselves and their family managers. */
  email: z.string().nullable(),
  /** Null when not set or not visible to the viewer. */
  gender: z.string().nullable(),
  /** Null when not set or not visible to the viewer. */
  birthday: z.object({ month: z.number(), day: z.number() }).nullable(),
  relation: ZRelation,
  /** Null when not visible to the viewer. */
  counts: z.object({ following: z.number(), followers: z.number() }).nullable(),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZListedPerson = ZPersonSummary.extend({ relation: ZRelation });
export type TListedPerson = z.infer<typeof ZListedPerson>;

export const ZSuggestion = ZListedPerson.extend({
  /** Why we suggest them: how many people the viewer follows also follow them, */
  mutualCount: z.number(),
  /** how many of the viewer's groups they are an active member of, */
  sharedGroupCount: z.number(),
  /** and how many of the viewer's gift exchanges they take part in. */
  sharedExchangeCount: z.number(),
});
export type TSuggestion = z.infer<typeof ZSuggestion>;

export const ZPreference = z.object({ preferenceSet: z.string(), market: z.string().nullable() });
export const ZMarketPreferences = z.object({
  /** The market saved with the 'wishing' preference, or null. */
  saved: z.string().nullable(),
  /** The market to use when nothing else chooses one (spec §4: … then remote saved, then US). */
  effective: z.string(),
});

export const ZParentAccount = z.object({ parentId: z.string(), parent: ZPersonSummary });
export const ZChildAccount = ZPersonSummary.extend({
  birthday: z.object({ month: z.number(), day: z.number() }).nullable(),
  dateCreated: z.string(),
});

export const ZMailingAddressOut = z.object({
  userId: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  isComplete: z.boolean(),
});
export type TMailingAddressOut = z.infer<typeof ZMailingAddressOut>;

export const ZAddressBookEntry = z.object({
  kind: z.enum(['member', 'contact']),
  /** The member's id, or the contact's own id. */
  id: z.string(),
  name: z.string(),
  /** Only contacts the user typed in show an e-mail; members' addresses stay private. */
  email: z.string().nullable(),
  pictureUrl: z.string().nullable(),
});
export type TAddressBookEntry = z.infer<typeof ZAddressBookEntry>;

export const ZEmailSettings = z.object({
  displayName: z.string(),
  settings: ZSettings.omit({ isPrivate: true }),
});
