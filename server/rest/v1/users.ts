import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZPagingQuery } from '../../contracts/paging';
import { ZUuid } from '../../contracts/validation';
import { AppError } from '../../errors';
import { sendPage } from '../../http/paging';
import { listRelatedAccounts } from '../../services/accounts/related-accounts';
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
    // Related accounts (users sharing the member's e-mail), paged; only the member (or staff acting as them).
    app.get('/v1/users/:userId/users-same-email', async (request, reply) => {
      const { userId } = parseInput(ZParams, request.params);
      const page = parseInput(ZPagingQuery, request.query);
      if (!request.identity) throw new AppError('UNAUTHENTICATED');
      if (request.identity.userId !== userId) throw new AppError('FORBIDDEN');
      return sendPage(reply, await listRelatedAccounts(deps, { userId, page }));
    });
    app.post('/v1/users/:userId/terms-of-service', async (request, reply) => {
      const { userId } = parseInput(ZParams, request.params);
      await acceptTerms(deps.db, request.identity, userId);
      return reply.code(204).send();
    });
  };
}
