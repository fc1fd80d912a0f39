/**
 * Signed, expiring, scoped links that partly sign someone in (a floater, spec §6). Exchange
 * invitations issue them; the person can act only on what `scope` grants until they set a password.
 */
import jwt from 'jsonwebtoken';
import type { TConfig } from '../config';

export const LINK_AUDIENCE = 'gifting-link';

export interface TFloaterLinkClaims {
  userId: string;
  scope: string[];
  returnUrl: string;
}

function keys(config: Pick<TConfig, 'jwt'>): { sign: string; verify: string } {
  return config.jwt.algorithm === 'HS256'
    ? { sign: config.jwt.secret, verify: config.jwt.secret }
    : { sign: config.jwt.privateKey, verify: config.jwt.publicKey };
}

export function createFloaterLinkToken(
  config: Pick<TConfig, 'jwt' | 'publicUrl'>,
  claims: TFloaterLinkClaims,
  ttlSeconds = 14 * 86_400,
): string {
  return jwt.sign({ scope: claims.scope, ret: claims.returnUrl }, keys(config).sign, {
    algorithm: config.jwt.algorithm,
    audience: LINK_AUDIENCE,
    issuer: config.publicUrl,
    subject: claims.userId,
    expiresIn: ttlSeconds,
  });
}

export function floaterLinkUrl(
  config: Pick<TConfig, 'jwt' | 'publicUrl'>,
  claims: TFloaterLinkClaims,
  ttlSeconds?: number,
): string {
  return `${config.publicUrl}/auth/v2/link/?token=${encodeURIComponent(createFloaterLinkToken(config, claims, ttlSeconds))}`;
}

export function verifyFloaterLinkToken(
  config: Pick<TConfig, 'jwt' | 'publicUrl'>,
  token: string,
): TFloaterLinkClaims | null {
  try {
    const payload = jwt.verify(token, keys(config).verify, {
      algorithms: [config.jwt.algorithm],
      audience: LINK_AUDIENCE,
      issuer: config.publicUrl,
    });
    if (typeof payload === 'string' || typeof payload.sub !== 'string' || !Array.isArray(payload.scope)) return null;
    return {
      userId: payload.sub.toLowerCase(),
      scope: payload.scope.map(String),
      returnUrl: String(payload.ret ?? '/home/'),
    };
  } catch {
    return null;
  }
}

/** Whether an identity's scopes grant an action, e.g. `hasScope(scopes, 'exchange:ID:rsvp')`. */
export function hasScope(scopes: readonly string[], wanted: string): boolean {
  return scopes.some((scope) => scope === wanted || (scope.endsWith(':*') && wanted.startsWith(scope.slice(0, -1))));
}
