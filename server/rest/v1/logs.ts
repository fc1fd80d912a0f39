import type { FastifyInstance } from 'fastify';
import type { TAppDeps } from '../../deps';
import { MAX_LOG_BODY_BYTES, ZClientLogBatch, sanitizeEntry } from '../../services/logs/client-logs';
import { parseInput } from '../validate';

export function logRoutes(_deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(
      '/v1/logs',
      {
        bodyLimit: MAX_LOG_BODY_BYTES,
        schema: {
          body: ZClientLogBatch,
          summary: 'Sends a batch of client log entries',
          responses: { 204: { description: 'Logged' } },
          errors: ['PAYLOAD_TOO_LARGE', 'RATE_LIMITED'],
        },
      },
      async (request, reply) => {
        // Batches per address are limited before this runs (CLIENT_LOG_RATE_PER_MINUTE, server/http/rate-limits.ts).
        const entries = parseInput(ZClientLogBatch, request.body);
        const log = request.log.child({ source: 'client', userId: request.identity?.userId ?? null });
        for (const entry of entries.map(sanitizeEntry)) {
          const { level, message, ...rest } = entry;
          log[level === 'debug' ? 'debug' : level]({ client: rest }, message);
        }
        return reply.code(204).send();
      },
    );
  };
}
