/**
 * Shape checks for the two records the client reads back from storage at start-up (the identity,
 * the mobile app's session). Hand-written on purpose: they run in the entry chunk before first
 * paint, where zod (≈ 25 KiB gzip, and still ≈ 15 KiB for zod/mini's core) would cost more than
 * everything they check. Each field check is a predicate; a record passes only if every field does.
 */
export type TFieldCheck = (value: unknown) => boolean;

export const isString: TFieldCheck = (value) => typeof value === 'string';
export const isNonEmptyString: TFieldCheck = (value) => typeof value === 'string' && value.length > 0;
export const isNumber: TFieldCheck = (value) => typeof value === 'number' && Number.isFinite(value);
export const isBoolean: TFieldCheck = (value) => typeof value === 'boolean';
export const isStringArray: TFieldCheck = (value) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
export const nullable =
  (check: TFieldCheck): TFieldCheck =>
  (value) =>
    value === null || check(value);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The record with exactly the checked fields, when each is present and passes; otherwise null. */
export function readRecord<T>(value: unknown, checks: Readonly<Record<keyof T & string, TFieldCheck>>): T | null {
  if (!isRecord(value)) return null;
  const out: Record<string, unknown> = {};
  for (const [field, check] of Object.entries<TFieldCheck>(checks)) {
    if (!check(value[field])) return null;
    out[field] = value[field];
  }
  return out as T;
}

/** Like readRecord, but every field is optional: absent fields are left out, present ones must pass. */
export function readPartialRecord<T>(
  value: unknown,
  checks: Readonly<Record<keyof T & string, TFieldCheck>>,
): Partial<T> | null {
  if (!isRecord(value)) return null;
  const out: Record<string, unknown> = {};
  for (const [field, check] of Object.entries<TFieldCheck>(checks)) {
    if (value[field] === undefined) continue;
    if (!check(value[field])) return null;
    out[field] = value[field];
  }
  return out as Partial<T>;
}
