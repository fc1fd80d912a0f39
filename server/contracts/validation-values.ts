/**
 * Checks the renderer needs without the validation library (an id in an address, an e-mail's stored
 * form): zod-free, so screens that only use them do not download it (validation.ts re-exports them).
 */

/**
 * Days in each month of a birthday. No year is given, so February has 29: a 29 February birthday
 * is a real one.
 */
export const BIRTHDAY_MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The form of an e-mail address the product stores and shows: trimmed, Unicode NFC and lower-cased.
 * Identity (who owns an address) is never compared on it: see canonicalEmail (email-identity.ts),
 * kept in the binary-collated `users.email_canonical` / `users.registered_email` columns.
 */
export function normalizeEmail(value: string): string {
  return value.trim().normalize('NFC').toLowerCase();
}

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
