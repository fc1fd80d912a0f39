/**
 * The OpenAPI 3.1 document of the REST API, served at GET /v1/openapi.json and generated from the
 * routes themselves: every /v1 route Fastify registers is in it, and a route that declares zod
 * schemas (`schema: { params, querystring, body, response }`) is described by exactly those
 * schemas, which are also what validates its requests (`zodValidatorCompiler`: zod with the spec's
 * messages, so a bad value answers 400 with field errors before the handler runs).
 *
 * Hand-written rather than @fastify/swagger with a zod type provider: zod 4 converts itself to
 * JSON Schema 2020-12 (the dialect of OpenAPI 3.1), so the document is a walk over the routes; a
 * plug-in would bring its own route walk and a transform to write all the same.
 */
import type { FastifyInstance, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { z } from 'zod';
import { PAGING_HEADER } from '../contracts/constants';
import { fieldErrorsFromZod } from '../contracts/validation';
import { APP_ERRORS, AppError, type TAppErrorCode } from '../errors';

/** Validates a route's params, query string, body or headers with its zod schema. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, url, method }) => {
  if (typeof (schema as { safeParse?: unknown }).safeParse !== 'function')
    throw new Error(`${method} ${url}: route schemas are zod schemas`);
  return (data: unknown) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new AppError('VALIDATION', { fieldErrors: fieldErrorsFromZod(result.error) }) };
  };
};

/** One documented answer of a route: its description and, for a body, its zod contract or media type. */
export interface TResponseDoc {
  description: string;
  /** The JSON body's contract (the same zod schema the tRPC face declares as `.output()`). */
  schema?: z.ZodType;
  /** A body that is not JSON (an image, a page): its media type, described as bytes or text. */
  contentType?: string;
}

/** What a route tells the OpenAPI document beside its input schemas (see `FastifySchema` below). */
export interface TRouteDocs {
  /** One line: what the operation does. */
  summary?: string;
  description?: string;
  /** Answers other than errors, by status: a zod contract (JSON) or a full description. */
  responses?: Record<number, z.ZodType | TResponseDoc>;
  /** Error codes the operation answers beyond those its inputs imply (400 with inputs, 404 with a path id). */
  errors?: readonly TAppErrorCode[];
}

declare module 'fastify' {
  // The documentation keys a /v1 route may carry in its `schema` (Fastify compiles only the input ones).
  interface FastifySchema {
    summary?: TRouteDocs['summary'];
    description?: TRouteDocs['description'];
    responses?: TRouteDocs['responses'];
    errors?: TRouteDocs['errors'];
  }
}

interface TRouteSchemas extends TRouteDocs {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

interface TDocumentedRoute {
  method: string;
  url: string;
  schema: TRouteSchemas;
}

type TJsonSchema = Record<string, unknown>;

const toJson = (schema: z.ZodType, io: 'input' | 'output'): TJsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as TJsonSchema;
  return rest;
};

/**
 * `/v1/users/:userId` → `/v1/users/{userId}`. A trailing slash is dropped (the router ignores it:
 * `/v1/features/` answers at `/v1/features` too), as OpenAPI tools expect.
 */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/(.)\/$/, '$1');

function parameters(route: TDocumentedRoute): TJsonSchema[] {
  const list: TJsonSchema[] = [];
  const inPath = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  const params = route.schema.params ? toJson(route.schema.params, 'input') : null;
  const pathProperties = (params?.properties ?? {}) as Record<string, TJsonSchema>;
  for (const name of inPath) {
    list.push({ name, in: 'path', required: true, schema: pathProperties[name] ?? { type: 'string' } });
  }
  if (route.schema.querystring) {
    const query = toJson(route.schema.querystring, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, TJsonSchema>)) {
      list.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return list;
}

/** The error answer of both faces (server/errors.ts `errorBody`), for the given codes. */
export function errorBodySchema(codes: readonly [TAppErrorCode, ...TAppErrorCode[]]) {
  return z.object({
    error: z.object({
      code: z.enum(codes),
      message: z.string(),
      status: z.number().int(),
      fieldErrors: z.record(z.string(), z.string()).optional(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  });
}

const ALL_CODES = Object.keys(APP_ERRORS) as [TAppErrorCode, ...TAppErrorCode[]];
/** Any error answer: `ErrorBody` in the document. */
export const ZErrorBody = errorBodySchema(ALL_CODES);

/** The error codes answered with each HTTP status (VALIDATION and BAD_REQUEST are both 400). */
function codesByStatus(): Map<number, [TAppErrorCode, ...TAppErrorCode[]]> {
  const map = new Map<number, [TAppErrorCode, ...TAppErrorCode[]]>();
  for (const code of ALL_CODES) {
    const status = APP_ERRORS[code].http;
    const codes = map.get(status);
    if (codes) codes.push(code);
    else map.set(status, [code]);
  }
  return map;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid: `VALIDATION` names each bad field in `fieldErrors` (spec §5 wording)',
  401: 'Sign-in needed: no token, or an expired one',
  403: 'Signed in, but not allowed',
  404: 'Not found, or hidden from this caller (its existence is not disclosed)',
  405: 'The path exists with other methods (see Allow)',
  409: 'Conflicts with the current state',
  410: 'No longer available',
  413: 'The body is too large',
  422: 'Understood but cannot be processed',
  429: 'Too many requests: try again after Retry-After seconds',
  500: 'Something went wrong',
  503: 'Unavailable for now (overload, shutting down, database unreachable): try again after Retry-After seconds',
};

/** Which error statuses an operation answers: from its inputs and its declared codes. */
function errorStatuses(route: TDocumentedRoute): number[] {
  const statuses = new Set<number>();
  const { schema } = route;
  if (schema.params || schema.querystring || schema.body) statuses.add(400);
  if (/:[A-Za-z]*[Ii]d\b/.test(route.url)) statuses.add(404);
  for (const code of schema.errors ?? []) statuses.add(APP_ERRORS[code].http);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

function operationId(route: TDocumentedRoute): string {
  const words = openApiPath(route.url).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) =>
    c ? c.toUpperCase() : '',
  );
  return `${route.method.toLowerCase()}${words}`;
}

/** The domain an operation belongs to (its tag): /v1/users/... → Users. */
export const OPENAPI_TAGS: readonly { name: string; prefixes: readonly string[]; description: string }[] = [
  { name: 'Users', prefixes: ['/v1/users'], description: 'Profiles, settings, relations and pictures (spec §7 Users)' },
  { name: 'Exchanges', prefixes: ['/v1/exchanges'], description: 'Gift exchanges: participants and draw restrictions' },
  { name: 'Shop', prefixes: ['/v1/shop', '/v1/gift-guides'], description: 'Markets, featured shops and gift guides' },
  { name: 'Content', prefixes: ['/v1/content', '/v1/enums'], description: 'Managed screen content and enumerations' },
  { name: 'Features', prefixes: ['/v1/features'], description: 'Feature flags and experiment assignments' },
  {
    name: 'Client',
    prefixes: ['/v1/auth', '/v1/logs', '/v1/links'],
    description: 'Where the client is, its logs and outbound links',
  },
];

function tagOf(url: string): string {
  return OPENAPI_TAGS.find((tag) => tag.prefixes.some((prefix) => url.startsWith(prefix)))?.name ?? 'Other';
}

function successResponses(route: TDocumentedRoute): Record<string, TJsonSchema> {
  const responses: Record<string, TJsonSchema> = {};
  for (const [status, declared] of Object.entries(route.schema.responses ?? {})) {
    const doc: TResponseDoc =
      typeof (declared as { safeParse?: unknown }).safeParse === 'function'
        ? { description: 'The answer', schema: declared as z.ZodType }
        : (declared as TResponseDoc);
    responses[status] = {
      description: doc.description,
      ...(doc.schema
        ? { content: { 'application/json': { schema: toJson(doc.schema, 'output') } } }
        : doc.contentType
          ? {
              content: {
                [doc.contentType]: {
                  schema: doc.contentType.startsWith('text/')
                    ? { type: 'string' }
                    : { type: 'string', contentMediaType: doc.contentType },
                },
              },
            }
          : {}),
    };
  }
  if (Object.keys(responses).length === 0) responses['200'] = { description: 'The answer' };
  const paged = route.schema.querystring !== undefined && parameters(route).some((p) => p.name === 'offset');
  if (paged) {
    for (const [status, answer] of Object.entries(responses)) {
      if (!status.startsWith('2')) continue;
      answer.headers = { [PAGING_HEADER]: { $ref: '#/components/headers/Paging' } };
    }
  }
  return responses;
}

function operation(route: TDocumentedRoute): TJsonSchema {
  const responses = successResponses(route);
  for (const status of errorStatuses(route))
    responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
  return {
    operationId: operationId(route),
    summary: route.schema.summary ?? `${route.method} ${openApiPath(route.url)}`,
    ...(route.schema.description ? { description: route.schema.description } : {}),
    tags: [tagOf(route.url)],
    parameters: parameters(route),
    ...(route.schema.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toJson(route.schema.body, 'input') } },
          },
        }
      : {}),
    responses,
    security: [{}, { bearer: [] }],
  };
}

function errorComponents(used: ReadonlySet<number>): Record<string, TJsonSchema> {
  const responses: Record<string, TJsonSchema> = {};
  for (const [status, codes] of codesByStatus()) {
    if (!used.has(status)) continue;
    responses[`Error${status}`] = {
      description: ERROR_DESCRIPTIONS[status] ?? `HTTP ${status}`,
      ...(status === 429 || status === 503
        ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
        : {}),
      content: { 'application/json': { schema: toJson(errorBodySchema(codes), 'output') } },
    };
  }
  return responses;
}

export function buildOpenApiDocument(
  routes: readonly TDocumentedRoute[],
  info: { version: string; publicUrl?: string },
): TJsonSchema {
  const paths: Record<string, Record<string, TJsonSchema>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  const used = new Set(routes.map((route) => tagOf(route.url)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gifting REST API',
      version: info.version,
      description:
        'The REST face of the product (spec §7). Collections answer a page with the x-paging header; errors answer the ErrorBody with one of its codes. Creating writes accept an Idempotency-Key header.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    ...(info.publicUrl ? { servers: [{ url: info.publicUrl, description: 'This deployment (PUBLIC_URL)' }] } : {}),
    tags: OPENAPI_TAGS.filter((tag) => used.has(tag.name)).map(({ name, description }) => ({ name, description })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ErrorBody: toJson(ZErrorBody, 'output') },
      headers: {
        Paging: {
          description: 'The page: JSON { limit, offset, total, token } (token: the next offset, empty at the end)',
          schema: { type: 'string' },
        },
      },
      responses: errorComponents(new Set(routes.flatMap(errorStatuses))),
    },
  };
}

/** Records every /v1 route registered after this call and serves their document. */
export function registerOpenApi(app: FastifyInstance, info: { version: string; publicUrl: string }): void {
  const routes: TDocumentedRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/v1/') || route.url === '/v1/openapi.json') return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (method) => method !== 'HEAD' && method !== 'OPTIONS',
    );
    // A body the handler checks itself (after dropping the path's userId) names its schema in
    // `config.openapiBody`; every other schema is the route's own.
    const openapiBody = (route.config as { openapiBody?: z.ZodType } | undefined)?.openapiBody;
    const schema = { ...((route.schema ?? {}) as TRouteSchemas), ...(openapiBody ? { body: openapiBody } : {}) };
    for (const method of methods) routes.push({ method, url: route.url, schema });
  });
  let document: TJsonSchema | null = null;
  app.get('/v1/openapi.json', async (_request, reply) => {
    document ??= buildOpenApiDocument(routes, info);
    reply.header('cache-control', 'public, max-age=300');
    return document;
  });
}
