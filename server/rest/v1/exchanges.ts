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
      { schema: { params: ZThankYouId } },
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
        schema: { params: ZThankYouId },
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
      { schema: { params: ZThankYouId } },
      async (request, reply) => {
        const params = parseInput(ZThankYouId, request.params);
        await removeThankYouPhoto(deps, request.identity, params);
        return reply.code(204).send();
      },
    );
  };
}
