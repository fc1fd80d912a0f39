/**
 * At most one registered account (a password or a social identity) per e-mail address, decided by
 * the database: `users.registered_email` is unique (utf8mb4_bin) and holds the canonical address
 * (server/contracts/email-identity.ts) of every live registered account; floaters and closed
 * accounts leave it NULL and may share an address (spec §3, related accounts). Every write that
 * makes an account registered, changes a registered account's e-mail or closes one sets or clears
 * the column in the same statement, so two concurrent sign-ups with one address (or its case,
 * Unicode-normalization or IDN variants) cannot both succeed: the second one's insert fails on the
 * index and answers 409. A look-alike address (`x@gmáil.com` for `x@gmail.com`) is another address.
 *
 * Every write of `users.email` goes through `emailColumns`, so `email_canonical` always matches it,
 * and every question "whose address is this" compares `emailCanonical` / `registeredEmail` with
 * `canonicalEmail(...)`, never `email` (whose collation folds accents).
 */
import { canonicalEmail } from '../../contracts/email-identity';
import { VALIDATION_MESSAGES } from '../../contracts/messages';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';

/** The columns to write for an account's address: as typed, and its identity. */
export function emailColumns(email: string | null): { email: string | null; emailCanonical: string | null } {
  return { email, emailCanonical: email === null ? null : canonicalEmail(email) };
}

/**
 * The canonical form of an address that must be valid (it passed ZEmail); an address that is not
 * answers the spec's e-mail message instead of being stored with no identity.
 */
export function requireCanonicalEmail(email: string, field = 'email'): string {
  const canonical = canonicalEmail(email);
  if (!canonical)
    throw new AppError('VALIDATION', {
      message: VALIDATION_MESSAGES.email,
      fieldErrors: { [field]: VALIDATION_MESSAGES.email },
    });
  return canonical;
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this e-mail already exists';

/** True when a Prisma write failed on a unique index over `column` (P2002). */
export function isUniqueViolationOn(error: unknown, column: string): boolean {
  if (typeof error !== 'object' || error === null || (error as { code?: unknown }).code !== 'P2002') return false;
  // The driver adapter names the index or the fields, depending on the database's message.
  const described = JSON.stringify((error as { meta?: unknown }).meta ?? {}) + String((error as Error).message);
  const field = column.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
  return described.includes(column) || described.includes(field);
}

export function emailTakenError(field = 'email', message = `${EMAIL_TAKEN_MESSAGE}. Log in or reset your password.`) {
  return new AppError('CONFLICT', { message, fieldErrors: { [field]: EMAIL_TAKEN_MESSAGE } });
}

/** Runs a write that claims an address, turning a lost race on the index into the 409 answer. */
export async function claimingEmail<T>(write: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolationOn(error, 'registered_email')) throw emailTakenError(field);
    throw error;
  }
}

/** The live registered account holding this address (compared on the canonical form, exactly). */
export async function findRegisteredAccount(db: Pick<TDb, 'user'>, email: string) {
  const canonical = canonicalEmail(email);
  return canonical ? db.user.findUnique({ where: { registeredEmail: canonical } }) : null;
}
