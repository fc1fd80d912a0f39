/**
 * REST /v1/users (spec §7 Users): thin adapters over server/services/people, with the same zod
 * schemas as the `people` tRPC router. Collections answer a page with the `-paging` header.
 */
import type { FastifyInstance } from 'fastify';
import { ZPagingQuery } from '../../contracts/paging';
import { z } from 'zod';
import { ZPictureUrl, ZRelatedAccount, ZTermsAccepted, ZUserExport } from '../../contracts/rest';
import {
  PICTURE_MAX_BYTES,
  ZAddressBookEntry,
  ZListedPerson,
  ZMailingAddressOut,
  ZMarketPreferences,
  ZParentAccount,
  ZPreference,
  ZProfile,
  ZSettings,
  ZSuggestion,
  PICTURE_TYPES,
  ZCreateChild,
  ZMailingAddress,
  ZPreferenceUpdate,
  ZProfilePatch,
  ZProfilePut,
  ZSettingsPatch,
  ZUserIdParams,
} from '../../contracts/people';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { IDEMPOTENCY_HEADER, parseIdempotencyKey, runIdempotent } from '../../idempotency/idempotency';
import { sendPage } from '../../http/paging';
import { listMyRelatedAccounts } from '../../services/accounts/related-accounts';
import { getMailingAddress, listAddressBook, putMailingAddress } from '../../services/people/address';
import { exportMyData } from '../../services/people/export';
import { listParentAccounts } from '../../services/people/family';
import { listBlocked, listFollowed, listFollowers, listSuggestions } from '../../services/people/follows';
import {
  PICTURE_BYTES_MESSAGE,
  invalidPicture,
  readPicture,
  removePicture,
  setPicture,
} from '../../services/people/picture';
import { createChild, deleteAccount, getProfile, patchProfile, putProfile } from '../../services/people/profile';
import {
  getPreferences,
  getSettings,
  marketPreferences,
  setPreference,
  updateSettings,
} from '../../services/people/settings';
import { acceptTerms, hasAcceptedTerms } from '../../services/users/terms-of-service';
import { parseInput } from '../validate';

/** The body minus the path's userId (the spec's bodies repeat it; the path decides). */
function withoutUserId(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { userId: _ignored, ...rest } = body as Record<string, unknown>;
  return rest;
}

export function userRoutes(deps: TAppDeps) {
  const { db } = deps;
  return async (app: FastifyInstance): Promise<void> => {
    // Picture uploads arrive as the raw image (Content-Type image/jpeg, image/png or image/webp).
    app.addContentTypeParser(
      [...PICTURE_TYPES],
      { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    // ---- Collections without a user id (static paths win over /:userId) ----
    app.get(
      '/v1/users/address-book',
      {
        schema: {
          summary: 'The signed-in member’s address book (one page)',
          responses: { 200: z.array(ZAddressBookEntry) },
          errors: ['UNAUTHENTICATED'],
          querystring: ZPagingQuery,
        },
      },
      async (request, reply) => {
        const page = parseInput(ZPagingQuery, request.query);
        return sendPage(reply, await listAddressBook(db, request.identity, page));
      },
    );
    app.get(
      '/v1/users/market-preferences',
      {
        schema: {
          summary: 'The caller’s market preferences',
          responses: { 200: ZMarketPreferences },
          errors: ['UNAUTHENTICATED'],
        },
      },
      async (request) => marketPreferences(db, request.identity),
    );

    // ---- The user ----
    app.post(
      '/v1/users',
      {
        schema: {
          summary: 'Creates a child account (family manager)',
          responses: { 201: ZProfile },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'CONFLICT'],
          body: ZCreateChild,
        },
      },
      async (request, reply) => {
        const input = parseInput(ZCreateChild, request.body ?? {});
        const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
        if (key === null || !request.identity)
          return reply.code(201).send(await createChild(db, request.identity, input));
        // A retried creation with the same Idempotency-Key answers the first child (server/idempotency).
        const answer = await runIdempotent(
          deps,
          { actorId: request.identity.userId, key, operation: 'POST /v1/users', payload: input },
          async (scope) => ({ status: 201, body: await createChild(scope.db, request.identity, input) }),
        );
        return reply.code(answer.status).send(answer.body);
      },
    );
    app.get(
      '/v1/users/:userId',
      {
        schema: {
          summary: 'A person’s profile',
          responses: { 200: ZProfile },
          errors: ['FORBIDDEN'],
          params: ZUserIdParams,
        },
      },
      async (request) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return getProfile(db, request.identity, userId);
      },
    );
    app.put(
      '/v1/users/:userId',
      {
        schema: {
          summary: 'Replaces a profile',
          responses: { 200: ZProfile },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
          params: ZUserIdParams,
        },
        config: { openapiBody: ZProfilePut },
      },
      async (request) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return putProfile(db, request.identity, userId, parseInput(ZProfilePut, withoutUserId(request.body ?? {})));
      },
    );
    app.patch(
      '/v1/users/:userId',
      {
        schema: {
          summary: 'Changes some fields of a profile',
          responses: { 200: ZProfile },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
          params: ZUserIdParams,
        },
        config: { openapiBody: ZProfilePatch },
      },
      async (request) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return patchProfile(db, request.identity, userId, parseInput(ZProfilePatch, withoutUserId(request.body ?? {})));
      },
    );
    app.delete(
      '/v1/users/:userId',
      {
        schema: {
          summary: 'Deletes an account',
          responses: { 204: { description: 'Deleted' } },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
          params: ZUserIdParams,
        },
      },
      async (request, reply) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        await deleteAccount(deps, request.identity, userId);
        return reply.code(204).send();
      },
    );
    app.get(
      '/v1/users/:userId/export',
      {
        schema: {
          summary: 'Downloads everything kept about the member (JSON)',
          responses: { 200: { description: 'The member’s data, one JSON document', schema: ZUserExport } },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
          params: ZUserIdParams,
        },
      },
      async (request, reply) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        if (!request.identity) throw new AppError('UNAUTHENTICATED');
        if (request.identity.userId !== userId) throw new AppError('FORBIDDEN');
        const data = await exportMyData(db, request.identity);
        reply.header('content-disposition', `attachment; filename="gifting-${userId}.json"`);
        reply.header('cache-control', 'no-store');
        return data;
      },
    );

    // ---- Picture ----
    app.get(
      '/v1/users/:userId/picture',
      {
        schema: {
          summary: 'A person’s picture',
          responses: { 200: { description: 'The picture', contentType: 'image/webp' } },
          params: ZUserIdParams,
        },
      },
      async (request, reply) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        // 404 across a block either way, as the profile (the viewer is known only with a token).
        const bytes = await readPicture(deps, request.identity, userId);
        reply.header('content-type', 'image/webp');
        // The URL carries the stored name (?v=), which changes with every upload. An answer to a
        // signed-in viewer depends on who asks (blocks), so shared caches must not keep it.
        reply.header(
          'cache-control',
          `${request.headers.authorization ? 'private' : 'public'}, max-age=31536000, immutable`,
        );
        return reply.send(bytes);
      },
    );
    app.put(
      '/v1/users/:userId/picture',
      {
        schema: {
          summary: 'Uploads a picture (the raw JPEG, PNG or WebP image)',
          responses: { 200: ZPictureUrl },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
          params: ZUserIdParams,
        },
        // A body over the limit is refused while it is read (Fastify's 413): answer it as the
        // service answers every unusable picture, 400 with the limit on the field.
        errorHandler: (error) => {
          throw (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? invalidPicture(PICTURE_BYTES_MESSAGE)
            : error;
        },
      },
      async (request) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return setPicture(deps, request.identity, userId, {
          contentType: request.headers['content-type'] ?? '',
          bytes: request.body,
        });
      },
    );
    app.delete(
      '/v1/users/:userId/picture',
      {
        schema: {
          summary: 'Removes the picture',
          responses: { 204: { description: 'Removed' } },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
          params: ZUserIdParams,
        },
      },
      async (request, reply) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        await removePicture(deps, request.identity, userId);
        return reply.code(204).send();
      },
    );

    // ---- Preferences, settings, address ----
    app.get(
      '/v1/users/:userId/preferences',
      {
        schema: {
          summary: 'A person’s shopping preferences',
          responses: { 200: z.array(ZPreference) },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
          params: ZUserIdParams,
        },
      },
      async (request) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return getPreferences(db, request.identity, userId);
      },
    );
    app.put(
      '/v1/users/:userId/preferences',
      {
        schema: {
          summary: 'Sets a shopping preference',
          responses: { 200: z.array(ZPreference) },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
          params: ZUserIdParams,
        },
        config: { openapiBody: ZPreferenceUpdate },
      },
      async (request) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return setPreference(
          db,
          request.identity,
          userId,
          parseInput(ZPreferenceUpdate, withoutUserId(request.body ?? {})),
        );
      },
    );
    app.get(
      '/v1/users/:userId/settings',
      {
        schema: {
          summary: 'A person’s settings',
          responses: { 200: ZSettings },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
          params: ZUserIdParams,
        },
      },
      async (request) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return getSettings(db, request.identity, userId);
      },
    );
    app.patch(
      '/v1/users/:userId/settings',
      {
        schema: {
          summary: 'Changes some settings',
          responses: { 200: ZSettings },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
          params: ZUserIdParams,
        },
        config: { openapiBody: ZSettingsPatch },
      },
      async (request) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return updateSettings(
          db,
          request.identity,
          userId,
          parseInput(ZSettingsPatch, withoutUserId(request.body ?? {})),
        );
      },
    );
    app.get(
      '/v1/users/:userId/mailing-address',
      {
        schema: {
          summary: 'A person’s mailing address',
          responses: { 200: ZMailingAddressOut },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
          params: ZUserIdParams,
        },
      },
      async (request) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return getMailingAddress(db, request.identity, userId);
      },
    );
    app.put(
      '/v1/users/:userId/mailing-address',
      {
        schema: {
          summary: 'Sets the mailing address',
          responses: { 200: ZMailingAddressOut },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
          params: ZUserIdParams,
        },
        config: { openapiBody: ZMailingAddress },
      },
      async (request) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return putMailingAddress(
          db,
          request.identity,
          userId,
          parseInput(ZMailingAddress, withoutUserId(request.body ?? {})),
        );
      },
    );

    // ---- Relations ----
    app.get(
      '/v1/users/:userId/parent-accounts',
      {
        schema: {
          summary: 'The family managers of an account',
          responses: { 200: z.array(ZParentAccount) },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
          params: ZUserIdParams,
        },
      },
      async (request) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return listParentAccounts(db, request.identity, userId);
      },
    );
    app.get(
      '/v1/users/:userId/followed-users',
      {
        schema: {
          summary: 'The people a person follows (one page)',
          responses: { 200: z.array(ZListedPerson) },
          errors: ['FORBIDDEN'],
          params: ZUserIdParams,
          querystring: ZPagingQuery,
        },
      },
      async (request, reply) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return sendPage(
          reply,
          await listFollowed(db, request.identity, userId, parseInput(ZPagingQuery, request.query)),
        );
      },
    );
    app.get(
      '/v1/users/:userId/follower-users',
      {
        schema: {
          summary: 'A person’s followers (one page)',
          responses: { 200: z.array(ZListedPerson) },
          errors: ['FORBIDDEN'],
          params: ZUserIdParams,
          querystring: ZPagingQuery,
        },
      },
      async (request, reply) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return sendPage(
          reply,
          await listFollowers(db, request.identity, userId, parseInput(ZPagingQuery, request.query)),
        );
      },
    );
    app.get(
      '/v1/users/:userId/followed-users-suggestions',
      {
        schema: {
          summary: 'People to follow (one page)',
          responses: { 200: z.array(ZSuggestion) },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
          params: ZUserIdParams,
          querystring: ZPagingQuery,
        },
      },
      async (request, reply) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return sendPage(
          reply,
          await listSuggestions(db, request.identity, userId, parseInput(ZPagingQuery, request.query)),
        );
      },
    );
    app.get(
      '/v1/users/:userId/blocked-follower-users',
      {
        schema: {
          summary: 'The people a member blocked (one page)',
          responses: { 200: z.array(ZListedPerson) },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
          params: ZUserIdParams,
          querystring: ZPagingQuery,
        },
      },
      async (request, reply) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return sendPage(
          reply,
          await listBlocked(db, request.identity, userId, parseInput(ZPagingQuery, request.query)),
        );
      },
    );
    // Related accounts (users sharing the member's e-mail), paged; only the member (or staff acting as them).
    app.get(
      '/v1/users/:userId/users-same-email',
      {
        schema: {
          summary: 'Accounts sharing the member’s e-mail address (one page)',
          responses: { 200: z.array(ZRelatedAccount) },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
          params: ZUserIdParams,
          querystring: ZPagingQuery,
        },
      },
      async (request, reply) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        const page = parseInput(ZPagingQuery, request.query);
        if (!request.identity) throw new AppError('UNAUTHENTICATED');
        if (request.identity.userId !== userId) throw new AppError('FORBIDDEN');
        // The same rule as tRPC auth.relatedAccounts: only a sign-in that proved the e-mail (else 403).
        return sendPage(reply, await listMyRelatedAccounts(deps, { identity: request.identity, page, ip: request.ip }));
      },
    );

    // ---- Terms ----
    app.get(
      '/v1/users/:userId/terms-of-service',
      {
        schema: {
          summary: 'Whether the current terms of service are accepted',
          responses: { 200: ZTermsAccepted },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
          params: ZUserIdParams,
        },
      },
      async (request) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        return hasAcceptedTerms(db, request.identity, userId);
      },
    );
    app.post(
      '/v1/users/:userId/terms-of-service',
      {
        schema: {
          summary: 'Accepts the current terms of service',
          responses: { 204: { description: 'Accepted' } },
          errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
          params: ZUserIdParams,
        },
      },
      async (request, reply) => {
        const { userId } = parseInput(ZUserIdParams, request.params);
        await acceptTerms(db, request.identity, userId);
        return reply.code(204).send();
      },
    );
  };
}
