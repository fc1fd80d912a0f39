/**
 * REST /v1/exchanges (spec §7 Exchanges): the users of an exchange and its draw-restricted users,
 * paged with the `-paging` header; thin adapters over server/services/exchanges with the same zod
 * schemas as the `exchanges` tRPC router. Neither ever carries a pairing. Without a token 401;
 * for people outside the exchange 404.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZDrawRestrictedUser, ZExchangeId, ZExchangeParticipant } from '../../contracts/exchanges';
import { ZPagingQuery } from '../../contracts/paging';
import type { TAppDeps } from '../../deps';
import { sendPage } from '../../http/paging';
import { listParticipants } from '../../services/exchanges/participants';
import { listRestrictions } from '../../services/exchanges/restrictions';
import { parseInput } from '../validate';

export function exchangeRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(
      '/v1/exchanges/:exchangeId/users',
      {
        schema: {
          params: ZExchangeId,
          querystring: ZPagingQuery,
          summary: 'The people of an exchange (one page)',
          responses: { 200: z.array(ZExchangeParticipant) },
          errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
        },
      },
      async (request, reply) => {
        const { exchangeId } = parseInput(ZExchangeId, request.params);
        const page = parseInput(ZPagingQuery, request.query);
        return sendPage(reply, await listParticipants(deps, request.identity, exchangeId, page));
      },
    );
    app.get(
      '/v1/exchanges/:exchangeId/draw-restricted-users',
      {
        schema: {
          params: ZExchangeId,
          querystring: ZPagingQuery,
          summary: 'The draw restrictions of an exchange (one page)',
          responses: { 200: z.array(ZDrawRestrictedUser) },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
        },
      },
      async (request, reply) => {
        const { exchangeId } = parseInput(ZExchangeId, request.params);
        const page = parseInput(ZPagingQuery, request.query);
        return sendPage(reply, await listRestrictions(deps, request.identity, exchangeId, page));
      },
    );
  };
}
