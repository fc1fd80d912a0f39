/**
 * Client log entries (POST /v1/logs): schema-validated, escaped and redacted before they reach the
 * server log, so a client can neither forge log lines nor leak tokens and passwords into them.
 */
import { z } from 'zod';

export const MAX_LOG_ENTRIES = 50;
export const MAX_LOG_BODY_BYTES = 64 * 1024;

export const ZClientLogEntry = z.object({
  level: z.enum(['debug', 'info', 'warn', 'error']),
  category: z.string().min(1).max(80),
  message: z.string().max(2000),
  clientKind: z.enum(['web', 'desktop']),
  // Milliseconds, or the ISO time the web client's logger writes (its entries were refused with a
  // 400 before, so a not-found page's report never arrived): stored as milliseconds either way.
  timestamp: z.union([
    z.number().int().nonnegative(),
    z.iso.datetime({ offset: true }).transform((value) => Date.parse(value)),
  ]),
  appVersion: z.string().max(40),
  info: z.record(z.string(), z.unknown()).optional(),
});
export type TClientLogEntry = z.infer<typeof ZClientLogEntry>;

export const ZClientLogBatch = z.union([
  z.array(ZClientLogEntry).min(1).max(MAX_LOG_ENTRIES),
  z.object({ entries: z.array(ZClientLogEntry).min(1).max(MAX_LOG_ENTRIES) }).transform((batch) => batch.entries),
]);

const SECRET_PATTERNS: [RegExp, string][] = [
  [/eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, '[redacted-jwt]'],
  [/\b(bearer)\s+[A-Za-z0-9._~+/=-]{8,}/gi, '$1 [redacted]'],
  [
    /("?(?:password|passwd|pwd|secret|token|accessToken|auditToken|refreshToken|authorization|emailGuid)"?\s*[:=]\s*)("[^"]*"|[^\s,&;}]+)/gi,
    '$1[redacted]',
  ],
];

/** Redacts tokens and passwords, then escapes control characters so one entry is one log line. */
export function sanitizeLogText(value: string): string {
  let text = value;
  for (const [pattern, replacement] of SECRET_PATTERNS) text = text.replace(pattern, replacement);
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function sanitizeValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return sanitizeLogText(value.slice(0, 2000));
  if (depth > 3 || value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value;
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => sanitizeValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value).slice(0, 30)) {
    out[sanitizeLogText(key)] = /password|secret|token|authorization|cookie|emailguid/i.test(key)
      ? '[redacted]'
      : sanitizeValue(inner, depth + 1);
  }
  return out;
}

export function sanitizeEntry(entry: TClientLogEntry): TClientLogEntry {
  return {
    ...entry,
    category: sanitizeLogText(entry.category),
    message: sanitizeLogText(entry.message),
    appVersion: sanitizeLogText(entry.appVersion),
    ...(entry.info ? { info: sanitizeValue(entry.info) as Record<string, unknown> } : {}),
  };
}
