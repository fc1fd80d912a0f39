/**
 * REST /v1/exchanges (spec §7 Exchanges): the users of an exchange and its draw-restricted users,
 * paged with the `-paging` header; thin adapters over server/services/exchanges with the same zod
 * schemas as the `exchanges` tRPC router. Neither ever carries a pairing. Without a token 401;
 * for people outside the exchange 404.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZExchangeId } from '../../contracts/exchanges';
import { ZPagingQuery } from '../../contracts/paging';
import type { TAppDeps } from '../../deps';
import { sendPage } from '../../http/paging';
import { calendarFile } from '../../services/exchanges/calendar';
import { listParticipants } from '../../services/exchanges/participants';
import { listRestrictions } from '../../services/exchanges/restrictions';
import { parseInput } from '../validate';

export function exchangeRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    // The exchange's date (and place) as an .ics file: for the signed link of the exchange page's
    // "Add to calendar" (a download sends no bearer token), or for a signed-in caller.
    const ZCalendarQuery = z.object({ u: z.string().max(36).optional(), sig: z.string().max(100).optional() });
    app.get(
      '/v1/exchanges/:exchangeId/calendar',
      { schema: { params: ZExchangeId, querystring: ZCalendarQuery } },
      async (request, reply) => {
        const { exchangeId } = parseInput(ZExchangeId, request.params);
        const query = parseInput(ZCalendarQuery, request.query);
        const ics = await calendarFile(deps, request.identity, { exchangeId, ...query });
        return reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', 'attachment; filename="gift-exchange.ics"')
          .header('cache-control', 'private, no-store')
          .send(ics);
      },
    );
    app.get(
      '/v1/exchanges/:exchangeId/users',
      { schema: { params: ZExchangeId, querystring: ZPagingQuery } },
      async (request, reply) => {
        const { exchangeId } = parseInput(ZExchangeId, request.params);
        const page = parseInput(ZPagingQuery, request.query);
        return sendPage(reply, await listParticipants(deps, request.identity, exchangeId, page));
      },
    );
    app.get(
      '/v1/exchanges/:exchangeId/draw-restricted-users',
      { schema: { params: ZExchangeId, querystring: ZPagingQuery } },
      async (request, reply) => {
        const { exchangeId } = parseInput(ZExchangeId, request.params);
        const page = parseInput(ZPagingQuery, request.query);
        return sendPage(reply, await listRestrictions(deps, request.identity, exchangeId, page));
      },
    );
  };
}
