/**
 * What request logs may show of a URL. One-time secrets travel in query strings (confirm-e-mail
 * and floater links, password-reset pages, social sign-in callbacks, pending social links), and a
 * log line must not become a way to use them: every query value on an /auth path, and the values of
 * secret-bearing keys on any path, are replaced before the line is written.
 */
const SECRET_KEYS = new Set(['token', 'code', 'state', 'link', 'id_token', 'access_token', 'session_state', 'lh']);
const REDACTED = '[redacted]';

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
    if (eq === -1 || !(everything || SECRET_KEYS.has(key.toLowerCase()))) return part;
    return `${rawKey}=${REDACTED}`;
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
