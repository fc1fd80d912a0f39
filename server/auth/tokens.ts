/**
 * Access tokens: short-lived JWTs carrying the spec §3 identity fields. The algorithm is fixed
 * (HS256 with a ≥ 32-byte secret, or RS256), and issuer and audience are checked on every verify,
 * so `alg: none`, a wrong key, a wrong audience or an expired token are all refused.
 */
import { createPublicKey, createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import type { TConfig } from '../config';
import type { TIdentity } from '../contracts/identity';
import { noteSignedIn } from '../db/request-routing';

export const ACCESS_TOKEN_AUDIENCE = 'gifting-web';

/** The claims as they travel in the token: the spec §3 identity fields plus our own bookkeeping. */
export type TAccessClaims = Omit<TIdentity, 'userId' | 'roles' | 'token' | 'auditToken'> & {
  sub: string;
  role: string[];
  /** Refresh family (sign-in) the token was issued for. */
  fam: string | null;
  /** Impersonation session id, while impersonating. */
  ims: string | null;
  /** Floater scopes granted by an invitation link. */
  scope: string[];
};

export type TIdentityClaims = Omit<TAccessClaims, 'created' | 'expires'>;

export interface TVerifiedIdentity extends TIdentity {
  familyId: string | null;
  impersonationSessionId: string | null;
  scope: string[];
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

type TJwtConfig = Pick<TConfig, 'jwt' | 'publicUrl' | 'accessTokenTtlSeconds'>;

export function signAccessToken(
  config: TJwtConfig,
  claims: TIdentityClaims,
  options: { ttlSeconds?: number; nowSeconds?: number } = {},
): { token: string; created: number; expires: number } {
  // Whoever is signed in here reads next with this token: those reads must see this request's writes.
  noteSignedIn(claims.sub);
  const created = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const expires = created + (options.ttlSeconds ?? config.accessTokenTtlSeconds);
  const { sub, ...rest } = claims;
  const payload = { ...rest, created, expires, iat: created, exp: expires };
  const key = config.jwt.algorithm === 'HS256' ? config.jwt.secret : config.jwt.privateKey;
  const token = jwt.sign(payload, key, {
    algorithm: config.jwt.algorithm,
    issuer: config.publicUrl,
    audience: ACCESS_TOKEN_AUDIENCE,
    subject: sub.toLowerCase(),
    jwtid: randomUUID(),
    noTimestamp: true,
  });
  return { token, created, expires };
}

/**
 * The verifying key as a KeyObject, made once per configuration: given a string, jsonwebtoken
 * builds a KeyObject on every verify, a few percent of a busy server's time (npm run bench:api).
 */
const verifyingKeys = new WeakMap<TConfig['jwt'], KeyObject>();
function verifyingKey(config: TConfig['jwt']): KeyObject {
  let key = verifyingKeys.get(config);
  if (!key) {
    key =
      config.algorithm === 'HS256' ? createSecretKey(Buffer.from(config.secret)) : createPublicKey(config.publicKey);
    verifyingKeys.set(config, key);
  }
  return key;
}

/**
 * Identities already verified, per configuration, by token (and audit token), until the token
 * expires: a client sends the same access token with every request of its life (15 minutes by
 * default), and checking its signature again each time was a tenth of a simple read's CPU. Only a
 * token that verified is kept, never longer than its own expiry; revocation is not decided here
 * (request-identity.ts checks the token's family on every request). A cached identity is frozen,
 * since every request of that client shares it.
 */
const verifiedIdentities = new WeakMap<TJwtConfig, LRUCache<string, TVerifiedIdentity>>();

export function verifyAccessToken(
  config: TJwtConfig,
  token: string,
  auditToken: string | null = null,
): TVerifiedIdentity {
  let cache = verifiedIdentities.get(config);
  if (!cache) {
    // Bounded by size, not `max`, so it grows with use instead of allocating 10,000 slots up front
    // (see server/auth/rate-limit.ts).
    cache = new LRUCache<string, TVerifiedIdentity>({ maxSize: 10_000, sizeCalculation: () => 1, ttlAutopurge: false });
    verifiedIdentities.set(config, cache);
  }
  const cacheKey = auditToken ? `${token} ${auditToken}` : token;
  const known = cache.get(cacheKey);
  if (known) return known;
  const identity = Object.freeze(verifyAccessTokenUncached(config, token, auditToken));
  const lifetimeMs = identity.expires * 1000 - Date.now();
  if (lifetimeMs > 0) cache.set(cacheKey, identity, { ttl: lifetimeMs });
  return identity;
}

function verifyAccessTokenUncached(config: TJwtConfig, token: string, auditToken: string | null): TVerifiedIdentity {
  const key = verifyingKey(config.jwt);
  let decoded: jwt.JwtPayload;
  try {
    const result = jwt.verify(token, key, {
      algorithms: [config.jwt.algorithm],
      issuer: config.publicUrl,
      audience: ACCESS_TOKEN_AUDIENCE,
      complete: false,
    });
    if (typeof result === 'string') throw new InvalidTokenError('Unexpected token payload');
    decoded = result;
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    throw new InvalidTokenError(error instanceof Error ? error.message : 'Invalid token');
  }
  const claims = decoded as jwt.JwtPayload & Partial<TAccessClaims>;
  if (typeof claims.sub !== 'string' || !Array.isArray(claims.role))
    throw new InvalidTokenError('Token is missing claims');
  return {
    userId: claims.sub.toLowerCase(),
    roles: claims.role.map(String),
    created: Number(claims.created),
    expires: Number(claims.expires),
    locale: String(claims.locale ?? 'en_US'),
    testGroup: Number(claims.testGroup ?? 0),
    isNoShow: Boolean(claims.isNoShow),
    facebookId: claims.facebookId ?? null,
    hasOnlyFacebookLogin: Boolean(claims.hasOnlyFacebookLogin),
    identityProvider: claims.identityProvider ?? null,
    impersonatorUserId: claims.impersonatorUserId ?? null,
    impersonatorRoles: Array.isArray(claims.impersonatorRoles) ? claims.impersonatorRoles.map(String) : [],
    rootIdentity: claims.rootIdentity ?? null,
    token,
    auditToken,
    familyId: claims.fam ?? null,
    impersonationSessionId: claims.ims ?? null,
    scope: Array.isArray(claims.scope) ? claims.scope.map(String) : [],
  };
}
