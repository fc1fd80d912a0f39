/**
 * Zod schemas for the validation rules of spec §5, with the spec's messages. Shared by the tRPC
 * procedures, the REST routes and the renderer's forms.
 */
import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants';
import { VALIDATION_MESSAGES as M } from './messages';
import { ALLOWED_URL_PROTOCOLS } from './urls';
import { BIRTHDAY_MONTH_DAYS, normalizeEmail, UUID_PATTERN } from './validation-values';
export { BIRTHDAY_MONTH_DAYS };

export { isUuid, normalizeEmail } from './validation-values';
import { canonicalEmail } from './email-identity';

export { isOpenableUrl } from './urls';

// Loose but practical: one @, no whitespace, a dot in the domain part; the domain must also convert
// to a deliverable ASCII host name (canonicalEmail, email-identity.ts).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Characters no name or address may hold: C0/C1 controls (NUL included) and the invisible
 * bidirectional marks, embeddings, overrides and isolates that can make text read differently
 * from what it is (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069).
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_TEXT_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_TEXT_CHARS.test(value);
}

/**
 * Invisible characters no name may hold besides those above: they make a name read like another
 * one it is not, or look empty. Refused: soft hyphen U+00AD, combining grapheme joiner U+034F, the
 * Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), Khmer U+17B4-U+17B5, zero-width space U+200B,
 * line and paragraph separators U+2028-U+2029, word joiner and the invisible operators and format
 * controls U+2060-U+206F, Braille blank U+2800, BOM / zero-width no-break space U+FEFF, the
 * interlinear annotation controls U+FFF9-U+FFFB, shorthand format controls U+1BCA0-U+1BCA3,
 * musical format controls U+1D173-U+1D17A, the tag characters U+E0000-U+E007F, and unpaired
 * surrogates (no character at all).
 *
 * Kept, as real names need them: zero-width non-joiner U+200C and joiner U+200D *between two
 * visible characters* (Persian, Kurdish and Indic scripts write with ZWNJ; emoji sequences such as
 * 👩‍👩‍👧 and ❤️‍🔥 are joined by ZWJ); at the start or end of a name, next to a space or to another
 * joiner they join nothing and are refused. Tag characters are kept only inside the emoji tag
 * sequence of a subdivision flag (🏴 + 1-6 tag letters or digits + cancel tag, e.g. England's flag).
 * Variation selectors (U+FE00-U+FE0F, emoji or text presentation) are kept.
 */
// The combining ones (U+034F, U+17B4, U+17B5) stand outside the class, where they cannot combine.
const INVISIBLE_NAME_CHARS =
  /\u034f|\u17b4|\u17b5|[\u00ad\u115f\u1160\u200b\u2028\u2029\u2060-\u206f\u2800\u3164\ufeff\uffa0\ufff9-\ufffb\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0000}-\u{e007f}]|\p{Cs}/u;
const EMOJI_FLAG_TAG_SEQUENCE = /\u{1f3f4}[\u{e0030}-\u{e0039}\u{e0061}-\u{e007a}]{1,6}\u{e007f}/gu;
const STRAY_JOINER = /(?:^|[\s\u200c\u200d])[\u200c\u200d]|[\u200c\u200d](?:$|\s)/u;

export function hasInvisibleCharacters(value: string): boolean {
  const text = value.replace(EMOJI_FLAG_TAG_SEQUENCE, '\u{1f3f4}');
  return INVISIBLE_NAME_CHARS.test(text) || STRAY_JOINER.test(text);
}

/** What a name may not hold: control, bidirectional and invisible characters. */
export function hasCharactersNotAllowedInNames(value: string): boolean {
  return hasForbiddenCharacters(value) || hasInvisibleCharacters(value);
}

/** A required name: whitespace-only counts as empty (spec §5); control and invisible characters are refused. */
function required(): z.ZodType<string> {
  return z
    .string({ error: M.required })
    .refine((value) => value.trim().length > 0, { error: M.required })
    .refine((value) => !hasCharactersNotAllowedInNames(value), { error: M.invalidCharacters, abort: true });
}

function maxLength(n: number) {
  return (value: string): boolean => value.length <= n;
}
function minLength(n: number) {
  return (value: string): boolean => value.trim().length === 0 || value.trim().length >= n;
}

export const ZName = required()
  .refine(minLength(NAME_MIN), { error: M.minLength(NAME_MIN) })
  .refine(maxLength(NAME_MAX), { error: M.maxLength(NAME_MAX) })
  .transform((value) => value.trim());

export const ZPersonName = required()
  .refine(maxLength(NAME_MAX), { error: M.maxLength(NAME_MAX) })
  .transform((value) => value.trim());

export const ZEmail = z
  .string({ error: M.required })
  .refine((value) => value.trim().length > 0, { error: M.required })
  .transform(normalizeEmail)
  .refine(isValidEmail, { error: M.email })
  .refine(maxLength(EMAIL_MAX), { error: M.maxLength(EMAIL_MAX) });

/** The e-mail pattern of spec §5: one @, a deliverable domain (convertible to its IDNA form). */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value) && !hasForbiddenCharacters(value) && canonicalEmail(value) !== null;
}

export const ZUsername = required()
  .refine((value) => !/\s/.test(value), { error: 'Username cannot contain spaces' })
  .refine(minLength(USERNAME_MIN), { error: M.minLength(USERNAME_MIN) })
  .refine(maxLength(USERNAME_MAX), { error: M.maxLength(USERNAME_MAX) });

export const ZPassword = z
  .string({ error: M.required })
  .refine((value) => value.length > 0, { error: M.required })
  .refine((value) => value.length === 0 || value.length >= PASSWORD_MIN, { error: M.minLength(PASSWORD_MIN) })
  .refine(maxLength(PASSWORD_MAX), { error: M.maxLength(PASSWORD_MAX) });

export const ZUuid = z
  .string({ error: M.required })
  .refine((value) => UUID_PATTERN.test(value), { error: 'Id must be a UUID' })
  .transform((value) => value.toLowerCase());

/**
 * A day written YYYY-MM-DD that exists on the calendar. Date.parse alone is not enough: it rolls
 * 2026-02-30 into March, and a regular expression lets 2026-13-01 through to become an Invalid Date.
 */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A string that is a calendar day (see isCalendarDate), refused with `message` otherwise. */
export function calendarDate(message: string, base: z.ZodString = z.string()) {
  return base.refine(isCalendarDate, { error: message });
}

/** A whole number (or null/absent) within `max`; a string or a fraction is refused in the spec's words. */
function birthdayPart(max: number) {
  return z
    .number({ error: typedError(M.decimal) })
    .int({ error: M.wholeNumber })
    .max(max, { error: M.maxValue(max) })
    .optional()
    .nullable();
}

/**
 * A birthday (month and day, no year). If either is given both must be at least 1 (spec §5), the
 * month at most 12 and the day at most the month's length (29 for February).
 */
export const ZBirthday = z.object({ month: birthdayPart(12), day: birthdayPart(31) }).superRefine((value, ctx) => {
  const given = value.month != null || value.day != null;
  if (!given) return;
  if ((value.month ?? 0) < 1) ctx.addIssue({ code: 'custom', path: ['month'], message: M.minValue(1) });
  if ((value.day ?? 0) < 1) ctx.addIssue({ code: 'custom', path: ['day'], message: M.minValue(1) });
  const length = value.month != null && value.month >= 1 ? BIRTHDAY_MONTH_DAYS[value.month - 1] : undefined;
  if (length !== undefined && value.day != null && value.day > length)
    ctx.addIssue({ code: 'custom', path: ['day'], message: M.maxValue(length) });
});

export const ZUrl = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return ALLOWED_URL_PROTOCOLS.includes(url.protocol);
    } catch {
      return false;
    }
  },
  { error: M.url },
);

export const ZDecimal = z.union([z.number(), z.string()]).refine((value) => /^-?\d+(\.\d+)?$/.test(String(value)), {
  error: M.decimal,
});

/** One optional address line: text within `max`, without the characters no name may hold either. */
function addressField(max: number) {
  return z
    .string()
    .max(max, { error: M.maxLength(max) })
    .refine((value) => !hasForbiddenCharacters(value), { error: M.invalidCharacters })
    .optional()
    .nullable();
}

/** Mailing address: if any of address1, city, state or postalCode is filled, country is required. */
export const ZMailingAddress = z
  .object({
    address1: addressField(100),
    address2: addressField(100),
    city: addressField(100),
    state: addressField(100),
    postalCode: addressField(20),
    country: addressField(100),
  })
  .superRefine((value, ctx) => {
    const filled = [value.address1, value.city, value.state, value.postalCode].some((v) => v && v.trim());
    if (filled && !value.country?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['country'], message: M.conditionalRequired });
    }
  });

export type TMailingAddress = z.infer<typeof ZMailingAddress>;

/** Complete only if address1, city, state, postalCode and country are all set (spec §3). */
export function isAddressComplete(address: TMailingAddress | null | undefined): boolean {
  if (!address) return false;
  return [address.address1, address.city, address.state, address.postalCode, address.country].every(
    (v) => typeof v === 'string' && v.trim().length > 0,
  );
}

export { fieldErrorsFromZod, typedError, type TFieldErrors } from './field-errors';
import { typedError } from './field-errors';

/**
 * Line breaks and tabs are fine in multi-line text (notes, messages); other controls never are.
 * Names (`name: true`, e.g. a group's) also refuse invisible characters; other text keeps them, as
 * pasted prose and product titles often carry soft hyphens or zero-width spaces harmlessly.
 */
function allowedText(value: string, multiline: boolean, name = false): boolean {
  if (name && hasInvisibleCharacters(value)) return false;
  return !hasForbiddenCharacters(multiline ? value.replace(/[\r\n\t]/g, ' ') : value);
}

/** Required text: whitespace-only counts as empty (spec §5), limited, trimmed. */
export function requiredText(max: number, options: { multiline?: boolean; name?: boolean } = {}) {
  return z
    .string({ error: M.required })
    .refine((value) => value.trim().length > 0, { error: M.required, abort: true })
    .refine((value) => value.length <= max, { error: M.maxLength(max) })
    .refine((value) => allowedText(value, options.multiline ?? false, options.name), { error: M.invalidCharacters })
    .transform((value) => value.trim());
}

/** Optional text: trimmed, empty becomes null, limited. */
export function optionalText(max: number, options: { multiline?: boolean } = {}) {
  return z
    .string()
    .max(max, { error: M.maxLength(max) })
    .refine((value) => allowedText(value, options.multiline ?? false), { error: M.invalidCharacters })
    .transform((value) => value.trim() || null)
    .nullable()
    .optional();
}
