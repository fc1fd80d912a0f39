/**
 * REST /v1/exchanges (spec §7 Exchanges): the users of an exchange and its draw-restricted users,
 * paged with the `-paging` header; thin adapters over server/services/exchanges with the same zod
 * schemas as the `exchanges` tRPC router. Neither ever carries a pairing. Without a token 401;
 * for people outside the exchange 404.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZDrawRestrictedUser, ZExchangeId, ZExchangeParticipant, ZThankYouId } from '../../contracts/exchanges';
import { PICTURE_MAX_BYTES, PICTURE_TYPES } from '../../contracts/people';
import { ZPagingQuery } from '../../contracts/paging';
import type { TAppDeps } from '../../deps';
import { sendPage } from '../../http/paging';
import { calendarFile } from '../../services/exchanges/calendar';
import { listParticipants } from '../../services/exchanges/participants';
import { listRestrictions } from '../../services/exchanges/restrictions';
import { readThankYouPhoto, removeThankYouPhoto, setThankYouPhoto } from '../../services/exchanges/thank-yous';
import { invalidPicture, PICTURE_BYTES_MESSAGE } from '../../services/people/picture';
import { parseInput } from '../validate';

export function exchangeRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    // Gallery photos arrive as the raw image, as profile pictures do (PUT /v1/users/{id}/picture).
    app.addContentTypeParser(
      [...PICTURE_TYPES],
      { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    // The exchange's date (and place) as an .ics file: for the signed link of the exchange page's
    // "Add to calendar" (a download sends no bearer token), or for a signed-in caller.
    const ZCalendarQuery = z.object({ u: z.string().max(36).optional(), sig: z.string().max(100).optional() });
    app.get(
      '/v1/exchanges/:exchangeId/calendar',
      {
        schema: {
          summary: 'The exchange’s date (and place) as a calendar file',
          responses: { 200: { description: 'An .ics file', contentType: 'text/calendar' } },
          errors: ['UNAUTHENTICATED'],
          params: ZExchangeId,
          querystring: ZCalendarQuery,
        },
      },
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

    // ---- The gallery: a thank-you's photo (issue 31) ----
    app.get(
      '/v1/exchanges/:exchangeId/thank-yous/:thankYouId/photo',
      {
        schema: {
          summary: 'A thank-you’s gallery photo',
          responses: { 200: { description: 'The photo', contentType: 'image/webp' } },
          errors: ['UNAUTHENTICATED'],
          params: ZThankYouId,
        },
      },
      async (request, reply) => {
        const params = parseInput(ZThankYouId, request.params);
        const bytes = await readThankYouPhoto(deps, request.identity, params);
        reply.header('content-type', 'image/webp');
        // Only people in the exchange may read it: never kept by a shared cache.
        reply.header('cache-control', 'private, max-age=3600');
        return reply.send(bytes);
      },
    );
    app.put(
      '/v1/exchanges/:exchangeId/thank-yous/:thankYouId/photo',
      {
        schema: {
          summary: 'Add or replace a thank-you’s gallery photo (the raw image as the body)',
          responses: { 200: { description: 'The thank-you with its photo' } },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
          params: ZThankYouId,
        },
        // Over the limit while read (Fastify's 413): answered as every unusable picture, 400.
        errorHandler: (error) => {
          throw (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? invalidPicture(PICTURE_BYTES_MESSAGE)
            : error;
        },
      },
      async (request) => {
        const params = parseInput(ZThankYouId, request.params);
        return setThankYouPhoto(deps, request.identity, params, {
          contentType: request.headers['content-type'] ?? '',
          bytes: request.body,
        });
      },
    );
    app.delete(
      '/v1/exchanges/:exchangeId/thank-yous/:thankYouId/photo',
      {
        schema: {
          summary: 'Remove a thank-you’s gallery photo',
          responses: { 204: { description: 'Removed' } },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
          params: ZThankYouId,
        },
      },
      async (request, reply) => {
        const params = parseInput(ZThankYouId, request.params);
        await removeThankYouPhoto(deps, request.identity, params);
        return reply.code(204).send();
      },
    );
  };
}
