import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZUuid } from '../../contracts/validation';
import type { TAppDeps } from '../../deps';
import { acceptTerms, hasAcceptedTerms } from '../../services/users/terms-of-service';
import { parseInput } from '../validate';

const ZParams = z.object({ userId: ZUuid });

export function userRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/v1/users/:userId/terms-of-service', async (request) => {
      const { userId } = parseInput(ZParams, request.params);
      return hasAcceptedTerms(deps.db, request.identity, userId);
    });
    app.post('/v1/users/:userId/terms-of-service', async (request, reply) => {
      const { userId } = parseInput(ZParams, request.params);
      await acceptTerms(deps.db, request.identity, userId);
      return reply.code(204).send();
    });
  };
}
