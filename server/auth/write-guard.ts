/** The REST face of the impersonation write rule (the tRPC face is in server/trpc/init.ts). */
import type { FastifyInstance } from 'fastify';
import type { TAppDeps } from '../deps';
import { AppError } from '../errors';
import { READ_ONLY_IMPERSONATION_MESSAGE, auditImpersonatedWrite } from './impersonation';
import { canWriteWhileImpersonating } from './roles';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes that change no member data: the client's own error logs. */
const NOT_MEMBER_WRITES = new Set(['POST /v1/logs']);

export function registerImpersonationWriteGuard(app: FastifyInstance, deps: Pick<TAppDeps, 'db'>): void {
  app.addHook('preHandler', async (request) => {
    const identity = request.identity;
    if (!identity?.impersonatorUserId || READ_METHODS.has(request.method) || !request.url.startsWith('/v1/')) return;
    const action = `${request.method} ${request.routeOptions.url ?? request.url}`;
    if (NOT_MEMBER_WRITES.has(action)) return;
    if (!canWriteWhileImpersonating(identity.impersonatorRoles)) {
      await auditImpersonatedWrite(deps.db, {
        identity,
        sessionId: identity.impersonationSessionId,
        action: `refused:${action}`,
        ip: request.ip,
      });
      throw new AppError('FORBIDDEN', { message: READ_ONLY_IMPERSONATION_MESSAGE });
    }
    await auditImpersonatedWrite(deps.db, {
      identity,
      sessionId: identity.impersonationSessionId,
      action,
      ip: request.ip,
    });
  });
}
