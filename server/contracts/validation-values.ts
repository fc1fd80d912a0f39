/**
 * Checks the renderer needs without the validation library (an id in an address, an e-mail's stored
 * form): zod-free, so screens that only use them do not download it (validation.ts re-exports them).
 */

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one form of an e-mail address the product stores and compares: trimmed, Unicode NFC and
 * lower-cased. Uniqueness is then decided by the column's collation (utf8mb4_unicode_ci), which
 * also folds accent and width variants, so every lookup goes through the database, never a JS `===`.
 */
export function normalizeEmail(value: string): string {
  return value.trim().normalize('NFC').toLowerCase();
}

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
