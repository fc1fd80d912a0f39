/**
 * The REST face of the impersonation write rule (the tRPC face is in server/trpc/init.ts).
 *
 * The decision is made on the route Fastify matched (`routeOptions.url`, a pattern such as
 * `/v1/users/:userId`), never on the raw request target: an absolute-form target
 * (`POST http://host/v1/...`), a double slash or a percent-encoded path reach the same handler and
 * so meet the same rule. Analysts' writes are refused before the handler (and audited as refused);
 * admins' and leads' writes are audited after the handler with their outcome, so a write that
 * answered 404 is recorded as failed, not as done.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TAppDeps } from '../deps';
import { READ_ONLY_IMPERSONATION_MESSAGE, auditImpersonatedWrite, refuseImpersonatedWrite } from './impersonation';
import { canWriteWhileImpersonating } from './roles';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes that change no member data: the client's own error logs. */
const NOT_MEMBER_WRITES = new Set(['POST /v1/logs']);

/** The guarded write this request is, as `METHOD /route/pattern`, or null when it is none. */
function guardedWrite(request: FastifyRequest): string | null {
  if (!request.identity?.impersonatorUserId || READ_METHODS.has(request.method)) return null;
  const route = request.routeOptions.url;
  if (!route?.startsWith('/v1/')) return null;
  const action = `${request.method} ${route}`;
  return NOT_MEMBER_WRITES.has(action) ? null : action;
}

export function registerImpersonationWriteGuard(app: FastifyInstance, deps: Pick<TAppDeps, 'db'>): void {
  app.addHook('preHandler', async (request) => {
    const action = guardedWrite(request);
    const identity = request.identity;
    if (!action || !identity || canWriteWhileImpersonating(identity.impersonatorRoles)) return;
    await refuseImpersonatedWrite(deps.db, {
      identity,
      action,
      ip: request.ip,
      message: READ_ONLY_IMPERSONATION_MESSAGE,
    });
  });

  // After the handler (or the error handler) has decided the answer, before it is sent.
  app.addHook('onSend', async (request, reply, payload) => {
    const action = guardedWrite(request);
    const identity = request.identity;
    if (!action || !identity || !canWriteWhileImpersonating(identity.impersonatorRoles)) return payload;
    await auditImpersonatedWrite(deps.db, {
      identity,
      sessionId: identity.impersonationSessionId,
      action: reply.statusCode < 400 ? action : `failed:${reply.statusCode}:${action}`,
      ip: request.ip,
    });
    return payload;
  });
}
