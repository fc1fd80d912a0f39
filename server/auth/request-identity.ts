/**
 * Resolves the caller's identity from `Authorization: Bearer <access token>` once per request (or,
 * for a live stream the browser's own EventSource opens, from its connection parameters: see
 * `streamBearer`).
 * A token whose sign-in has ended (log-out, a refresh-family revocation, a password change) is
 * refused at the next request (revocation.ts, cached). Impersonated tokens are re-checked against
 * the database on every request, so ending a session or revoking the staff member's role takes
 * effect at the next request, not at token expiry. Answers to requests that carried a token are
 * never stored by browsers or proxies (Cache-Control: no-store).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TDb } from '../db/client';
import type { TAppDeps } from '../deps';
import { AppError, errorBody } from '../errors';
import { databaseUnavailableError } from '../http/database-health';
import { isStaff, loadAccount } from './roles';
import { isFamilyLive } from './revocation';
import { endImpersonation } from './sessions';
import { InvalidTokenError, verifyAccessToken, type TVerifiedIdentity } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    identity: TVerifiedIdentity | null;
    /** Set when a bearer token was sent but refused (expired, forged, ended impersonation). */
    identityError: string | null;
  }
}

/** Whether a request is a call of a tRPC subscription (server/trpc/transport-guard.ts `subscriptionCalls`). */
export type TIsSubscriptionCall = (request: FastifyRequest) => boolean;

export async function isImpersonationLive(db: TDb, identity: TVerifiedIdentity): Promise<boolean> {
  if (!identity.impersonatorUserId) return true;
  if (!identity.impersonationSessionId) return false;
  const session = await db.impersonationSession.findUnique({ where: { id: identity.impersonationSessionId } });
  if (!session || session.endedAt || session.staffUserId !== identity.impersonatorUserId) return false;
  if (session.expiresAt <= new Date()) {
    await endImpersonation({ db }, session.id, 'expired');
    return false;
  }
  const staff = await loadAccount(db, session.staffUserId);
  if (!staff || staff.deletedAt || !isStaff(staff.roles)) {
    await endImpersonation({ db }, session.id, 'role-revoked');
    return false;
  }
  return true;
}

/**
 * The bearer of a live stream: the browser's EventSource cannot send an Authorization header, so the
 * app's live link (renderer/live-link.ts) sends its access token as tRPC's connection parameters,
 * `?connectionParams={"token":"…"}`, tRPC's own answer for authenticating server-sent events. Read
 * on a GET of a subscription procedure only, so no query or mutation takes a token from its address,
 * and only when no Authorization header came. Log lines show the address with the token redacted
 * (server/http/log-redaction.ts: a JSON member named `token`).
 */
export function streamBearer(request: FastifyRequest, isSubscription: TIsSubscriptionCall): string | undefined {
  if (!isSubscription(request)) return undefined;
  const raw = (request.query as Record<string, unknown> | undefined)?.connectionParams;
  if (typeof raw !== 'string') return undefined;
  let params: unknown;
  try {
    params = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const token = (params as { token?: unknown } | null)?.token;
  // Sent as a header would be, so a malformed or refused token answers 401 as one there does.
  return typeof token === 'string' ? `Bearer ${token}` : undefined;
}

export async function identityFromRequest(
  deps: Pick<TAppDeps, 'db' | 'config' | 'cache'>,
  request: FastifyRequest,
  isSubscription: TIsSubscriptionCall = () => false,
): Promise<TVerifiedIdentity | null> {
  const header = request.headers.authorization ?? streamBearer(request, isSubscription);
  // Another scheme (e.g. HTTP Basic of a proxy guarding a staging site, which browsers then send on
  // every request) is no bearer token: the caller is a visitor to this app, not a refused one.
  if (!header || !/^Bearer(?:\s|$)/i.test(header)) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) {
    request.identityError = 'Malformed authorization header';
    return null;
  }
  try {
    const identity = verifyAccessToken(
      deps.config,
      match[1],
      (request.headers['x-audit-token'] as string | undefined) ?? null,
    );
    if (identity.familyId && !(await isFamilyLive(deps, identity.familyId))) {
      request.identityError = 'The sign-in has ended';
      return null;
    }
    if (!(await isImpersonationLive(deps.db, identity))) {
      request.identityError = 'The impersonation has ended';
      return null;
    }
    return identity;
  } catch (error) {
    // A lost database is not a bad token: answer 503 (server/http/database-health.ts), not 401.
    if (databaseUnavailableError(error)) throw error;
    request.identityError = error instanceof InvalidTokenError ? error.message : 'Invalid token';
    return null;
  }
}

/**
 * Routes that never read the bearer token, where a stale one in the header changes nothing: the
 * refresh endpoint (how a client with an expired token recovers), signing in, up and out, the
 * cookie-based staff and switching actions, the browser navigations under /auth/v2, the health
 * checks, and /metrics (its own token). Every other route, the renderer's pages included, answers
 * 401 to a token that does not verify (see below).
 */
export const ROUTES_IGNORING_BEARER = new Set([
  '/auth/v2/refresh-token/',
  '/auth/v2/log-in/',
  '/auth/v2/sign-up/',
  '/auth/v2/logout/',
  '/auth/v2/login/',
  '/auth/v2/reset-password/request/',
  '/auth/v2/confirm-email/',
  '/auth/v2/link/',
  '/auth/v2/impersonate/',
  '/auth/v2/impersonate/stop/',
  '/auth/v2/switch/',
  '/healthz',
  '/readyz',
  '/metrics',
]);

function ignoresBearer(route: string | undefined): boolean {
  return route !== undefined && (ROUTES_IGNORING_BEARER.has(route) || route.startsWith('/auth/v2/oidc/'));
}

export const INVALID_TOKEN_CHALLENGE = 'Bearer error="invalid_token"';

/**
 * `isSubscription`: whether a request calls a tRPC subscription (its stream may carry the token as
 * connection parameters).
 */
export function registerRequestIdentity(
  app: FastifyInstance,
  deps: Pick<TAppDeps, 'db' | 'config' | 'cache'>,
  isSubscription: TIsSubscriptionCall,
): void {
  app.decorateRequest('identity', null);
  app.decorateRequest('identityError', null);
  app.addHook('onRequest', async (request, reply) => {
    request.identity = await identityFromRequest(deps, request, isSubscription);
    // A token that was sent but does not verify (expired, forged, its sign-in or impersonation
    // ended, a malformed header) is never read as "no token": the caller would get a visitor's
    // answer (a 404, a public view) and never learn to refresh. 401 with the RFC 6750 challenge,
    // on every route that reads the token, so the client refreshes once and retries (spec §7).
    if (request.identityError !== null && !ignoresBearer(request.routeOptions.url))
      return reply
        .code(401)
        .header('www-authenticate', INVALID_TOKEN_CHALLENGE)
        .header('cache-control', 'no-store')
        .send(
          errorBody(new AppError('UNAUTHENTICATED', { message: 'Your sign-in has expired, please sign in again' })),
        );
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url ?? '';
    // A token came (in the header, or as a stream's connection parameters), whether it verified or not.
    const sentToken = request.identity !== null || request.identityError !== null;
    const personal = request.headers.authorization !== undefined || sentToken || route.startsWith('/auth/');
    if (personal && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
