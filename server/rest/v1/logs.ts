import type { FastifyInstance } from 'fastify';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { MAX_LOG_BODY_BYTES, ZClientLogBatch, sanitizeEntry } from '../../services/logs/client-logs';
import { parseInput } from '../validate';

export function logRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post('/v1/logs', { bodyLimit: MAX_LOG_BODY_BYTES }, async (request, reply) => {
      const key = `logs:${request.ip}`;
      const retryAfter = await deps.limits.clientLogs.retryAfter(key);
      if (retryAfter > 0) throw new AppError('RATE_LIMITED', { retryAfter });
      await deps.limits.clientLogs.record(key);
      const entries = parseInput(ZClientLogBatch, request.body);
      const log = request.log.child({ source: 'client', userId: request.identity?.userId ?? null });
      for (const entry of entries.map(sanitizeEntry)) {
        const { level, message, ...rest } = entry;
        log[level === 'debug' ? 'debug' : level]({ client: rest }, message);
      }
      return reply.code(204).send();
    });
  };
}
