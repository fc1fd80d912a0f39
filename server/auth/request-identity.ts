/**
 * Resolves the caller's identity from `Authorization: Bearer <access token>` once per request.
 * A token whose sign-in has ended (log-out, a refresh-family revocation, a password change) is
 * refused at the next request (revocation.ts, cached). Impersonated tokens are re-checked against
 * the database on every request, so ending a session or revoking the staff member's role takes
 * effect at the next request, not at token expiry. Answers to requests that carried a token are
 * never stored by browsers or proxies (Cache-Control: no-store).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TDb } from '../db/client';
import type { TAppDeps } from '../deps';
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

export async function identityFromRequest(
  deps: Pick<TAppDeps, 'db' | 'config' | 'cache'>,
  request: FastifyRequest,
): Promise<TVerifiedIdentity | null> {
  const header = request.headers.authorization;
  if (!header) return null;
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

export function registerRequestIdentity(app: FastifyInstance, deps: Pick<TAppDeps, 'db' | 'config' | 'cache'>): void {
  app.decorateRequest('identity', null);
  app.decorateRequest('identityError', null);
  app.addHook('onRequest', async (request) => {
    request.identity = await identityFromRequest(deps, request);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url ?? '';
    const personal = request.headers.authorization !== undefined || route.startsWith('/auth/');
    if (personal && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
