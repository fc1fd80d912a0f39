/** Pure parts of the operations layer: idempotency keys, the database-lost mapping, OpenAPI building. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseUnavailableError } from '../../../server/http/database-health';
import { buildOpenApiDocument, openApiPath } from '../../../server/http/openapi';
import { PROCEDURE_RATE_POLICIES } from '../../../server/http/rate-limits';
import { parseIdempotencyKey } from '../../../server/idempotency/idempotency';
import { IDEMPOTENT_PROCEDURES } from '../../../server/idempotency/operations';
import { listProcedures } from '../../../server/http/route-list';
import { appRouter } from '../../../server/trpc/router';

describe('Idempotency-Key header', () => {
  it('accepts 1 to 255 visible characters and no header at all', () => {
    expect(parseIdempotencyKey(undefined)).toBeNull();
    expect(parseIdempotencyKey('a')).toBe('a');
    expect(parseIdempotencyKey('x'.repeat(255))).toHaveLength(255);
    expect(parseIdempotencyKey(['first', 'second'])).toBe('first');
  });

  it.each(['', ' ', 'with space', 'x'.repeat(256), 'tab\there', 'é'])('refuses %j with a 400 in words', (key) => {
    expect(() => parseIdempotencyKey(key)).toThrow(/Idempotency-Key header must be 1 to 255 visible characters/);
  });

  it('every guarded procedure is a creating write (a mutation that makes something) of the router', () => {
    const mutations = new Set(
      listProcedures(appRouter)
        .filter((procedure) => procedure.type === 'mutation')
        .map((procedure) => procedure.path),
    );
    for (const name of IDEMPOTENT_PROCEDURES) {
      expect(mutations.has(name), name).toBe(true);
      expect(name).toMatch(/\.(create|add[A-Z]|claim|invite|send)/);
    }
    // Messages and invitations are both guarded and limited; a resent invitation and a product page
    // read for /wish-it/ make nothing, so only their rate is limited.
    for (const [name, policy] of Object.entries(PROCEDURE_RATE_POLICIES))
      if (name !== 'exchanges.resendInvitation' && name !== 'wishLists.importUrl')
        expect(IDEMPOTENT_PROCEDURES.has(name), `${name} (${policy})`).toBe(true);
  });
});

describe('a lost database', () => {
  it.each([
    ['a refused connection', new Error('connect ECONNREFUSED 127.0.0.1:3306')],
    [
      'a pool timeout',
      Object.assign(new Error('x'), {
        code: 'P2010',
        cause: new Error('pool timeout: failed to retrieve a connection from pool after 3009ms'),
      }),
    ],
    [
      'a closed socket deep in the cause chain',
      new Error('outer', { cause: new Error('mid', { cause: new Error('socket has unexpectedly been closed') }) }),
    ],
    ['Prisma cannot reach it', Object.assign(new Error('Cannot reach'), { code: 'P1001' })],
  ])('%s answers 503 with Retry-After', (_name, error) => {
    const mapped = databaseUnavailableError(error);
    expect(mapped?.httpStatus).toBe(503);
    expect(mapped?.retryAfter).toBeGreaterThan(0);
  });

  it.each([new Error('Unique constraint failed'), new TypeError('x is undefined'), 'a string', null])(
    'other errors are not mistaken for it: %s',
    (error) => {
      expect(databaseUnavailableError(error)).toBeNull();
    },
  );
});

describe('OpenAPI document', () => {
  it('turns route patterns into OpenAPI paths', () => {
    expect(openApiPath('/v1/users/:userId/followed-users')).toBe('/v1/users/{userId}/followed-users');
    expect(openApiPath('/v1/features/:name/variants/:variant/start')).toBe(
      '/v1/features/{name}/variants/{variant}/start',
    );
  });

  it('describes parameters, bodies and paging from the zod schemas', () => {
    const document = buildOpenApiDocument(
      [
        {
          method: 'GET',
          url: '/v1/things/:thingId/items',
          schema: {
            params: z.object({ thingId: z.string().uuid() }),
            querystring: z.object({
              limit: z.coerce.number().int().max(100).default(20),
              offset: z.coerce.number().int().default(0),
            }),
          },
        },
        { method: 'POST', url: '/v1/things', schema: { body: z.object({ name: z.string().min(2) }) } },
        { method: 'DELETE', url: '/v1/things/:thingId', schema: {} },
      ],
      { version: '9.9.9' },
    ) as { openapi: string; info: { version: string }; paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('9.9.9');
    const list = document.paths['/v1/things/{thingId}/items']!.get!;
    expect(list.parameters).toEqual([
      expect.objectContaining({
        name: 'thingId',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ format: 'uuid' }),
      }),
      expect.objectContaining({ name: 'limit', in: 'query', schema: expect.objectContaining({ maximum: 100 }) }),
      expect.objectContaining({ name: 'offset', in: 'query' }),
    ]);
    expect(JSON.stringify(list.responses)).toContain('x-paging');
    const create = document.paths['/v1/things']!.post!;
    expect(JSON.stringify(create.requestBody)).toContain('"minLength":2');
    // A route without schemas still has its path parameters.
    expect(document.paths['/v1/things/{thingId}']!.delete!.parameters).toEqual([
      { name: 'thingId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });
});
