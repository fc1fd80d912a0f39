/**
 * The two short-lived JWTs of social sign-in, signed with the app's key (HS256 secret or RS256
 * pair) and bound to this app as issuer and to their own audience:
 * - the state cookie (10 min): PKCE verifier, state, nonce, provider and return address;
 * - the pending-link token (15 min): a provider identity waiting for its member to prove a password.
 */
import jwt from 'jsonwebtoken';
import type { TConfig } from '../../config';

export const OIDC_STATE_AUDIENCE = 'gifting-oidc-state';
export const OIDC_LINK_AUDIENCE = 'gifting-oidc-link';
export const OIDC_STATE_TTL_SECONDS = 600;
export const OIDC_LINK_TTL_SECONDS = 900;

type TKeyConfig = Pick<TConfig, 'jwt' | 'publicUrl'>;

export interface TOidcState {
  idp: string;
  codeVerifier: string;
  state: string;
  nonce: string;
  returnUrl: string;
}

export interface TPendingLink {
  provider: string;
  subject: string;
  email: string;
}

function keys(config: Pick<TConfig, 'jwt'>): { sign: string; verify: string } {
  return config.jwt.algorithm === 'HS256'
    ? { sign: config.jwt.secret, verify: config.jwt.secret }
    : { sign: config.jwt.privateKey, verify: config.jwt.publicKey };
}

function sign(config: TKeyConfig, payload: Record<string, string>, audience: string, ttlSeconds: number): string {
  return jwt.sign(payload, keys(config).sign, {
    algorithm: config.jwt.algorithm,
    audience,
    issuer: config.publicUrl,
    expiresIn: ttlSeconds,
  });
}

function verify(config: TKeyConfig, token: string, audience: string): jwt.JwtPayload | null {
  try {
    const payload = jwt.verify(token, keys(config).verify, {
      algorithms: [config.jwt.algorithm],
      audience,
      issuer: config.publicUrl,
    });
    return typeof payload === 'string' ? null : payload;
  } catch {
    return null;
  }
}

function stringClaim(payload: jwt.JwtPayload, name: string): string | null {
  const value: unknown = payload[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

export function signOidcState(config: TKeyConfig, state: TOidcState): string {
  return sign(
    config,
    { idp: state.idp, cv: state.codeVerifier, st: state.state, n: state.nonce, ret: state.returnUrl },
    OIDC_STATE_AUDIENCE,
    OIDC_STATE_TTL_SECONDS,
  );
}

export function verifyOidcState(config: TKeyConfig, token: string): TOidcState | null {
  const payload = verify(config, token, OIDC_STATE_AUDIENCE);
  if (!payload) return null;
  const idp = stringClaim(payload, 'idp');
  const codeVerifier = stringClaim(payload, 'cv');
  const state = stringClaim(payload, 'st');
  const nonce = stringClaim(payload, 'n');
  const returnUrl = stringClaim(payload, 'ret');
  if (!idp || !codeVerifier || !state || !nonce || !returnUrl) return null;
  return { idp, codeVerifier, state, nonce, returnUrl };
}

export function signPendingLink(config: TKeyConfig, link: TPendingLink): string {
  return sign(
    config,
    { prv: link.provider, sub: link.subject, email: link.email },
    OIDC_LINK_AUDIENCE,
    OIDC_LINK_TTL_SECONDS,
  );
}

export function verifyPendingLink(config: TKeyConfig, token: string): TPendingLink | null {
  const payload = verify(config, token, OIDC_LINK_AUDIENCE);
  if (!payload) return null;
  const provider = stringClaim(payload, 'prv');
  const subject = stringClaim(payload, 'sub');
  const email = stringClaim(payload, 'email');
  if (!provider || !subject || !email) return null;
  return { provider, subject, email };
}
