/**
 * What request logs may show of a URL. One-time secrets travel in query strings (confirm-e-mail
 * and floater links, password-reset pages, social sign-in callbacks, pending social links), and so
 * does a lasting key: `emailGuid`, which opens a member's e-mail settings without a sign-in (the
 * manage-notifications link, and the tRPC query behind it, whose input is JSON in `?input=`). A log
 * line must not become a way to use them: every query value on an /auth path, the values of
 * secret-bearing keys on any path, and secret-bearing members of JSON inside a query value are
 * replaced before the line is written.
 */
const SECRET_KEYS = new Set([
  'token',
  'code',
  'state',
  'link',
  'id_token',
  'access_token',
  'session_state',
  'lh',
  'emailguid',
]);
/** Members of JSON (tRPC inputs in a query string, logged objects) whose values never reach a log. */
export const SECRET_JSON_KEYS = ['emailGuid', 'password', 'token', 'accessToken', 'refreshToken'] as const;
const REDACTED = '[redacted]';
const SECRET_JSON_MEMBER = new RegExp(`("(?:${SECRET_JSON_KEYS.join('|')})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');

/** A link to the e-mail settings inside a value (a return address, a logged page URL). */
const NESTED_EMAIL_GUID = /((?:^|[?&#;\s"'])emailGuid=)[^&#\s"']+/gi;

/**
 * Replaces secrets inside a text: the values of secret members of JSON (`"emailGuid":"…"`) and an
 * `emailGuid=…` carried in a nested address.
 */
export function redactSecretsInText(text: string): string {
  return text.replace(SECRET_JSON_MEMBER, `$1"${REDACTED}"`).replace(NESTED_EMAIL_GUID, `$1${REDACTED}`);
}

/** A query value that holds JSON with a secret member, redacted and encoded again; else as it was. */
function redactQueryValue(rawValue: string): string {
  let value: string;
  try {
    value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
  } catch {
    return rawValue;
  }
  const redacted = redactSecretsInText(value);
  return redacted === value ? rawValue : encodeURIComponent(redacted);
}

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const path = url.slice(0, queryAt);
  const hashAt = url.indexOf('#', queryAt);
  const query = url.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt);
  const everything = /^(?:https?:\/\/[^/]+)?\/auth\//i.test(path);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const rawKey = eq === -1 ? part : part.slice(0, eq);
    let key = rawKey;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    } catch {
      // a malformed escape: judge the raw key
    }
    if (eq === -1) return part;
    if (everything || SECRET_KEYS.has(key.toLowerCase())) return `${rawKey}=${REDACTED}`;
    return `${rawKey}=${redactQueryValue(part.slice(eq + 1))}`;
  });
  return `${path}?${parts.join('&')}`;
}

/** Fastify's request serializer with the URL redacted (the other fields as Fastify logs them). */
export function serializeRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
