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
import { APP_ERRORS, AppError } from '../errors';

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

interface TRouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: Record<number, z.ZodType>;
  summary?: string;
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

/** `/v1/users/:userId` → `/v1/users/{userId}`. */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

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

const ERROR_BODY: TJsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'status'],
      properties: {
        code: { type: 'string', enum: Object.keys(APP_ERRORS) },
        message: { type: 'string' },
        status: { type: 'integer' },
        fieldErrors: { type: 'object', additionalProperties: { type: 'string' } },
        details: { type: 'object' },
      },
    },
  },
};

function operation(route: TDocumentedRoute): TJsonSchema {
  const responses: Record<string, TJsonSchema> = {};
  const declared = route.schema.response ?? {};
  for (const [status, schema] of Object.entries(declared)) {
    responses[status] = {
      description: `HTTP ${status}`,
      content: { 'application/json': { schema: toJson(schema, 'output') } },
    };
  }
  if (Object.keys(responses).length === 0) responses['200'] = { description: 'The answer' };
  const paged = route.schema.querystring !== undefined && parameters(route).some((p) => p.name === 'offset');
  if (paged) {
    for (const answer of Object.values(responses)) {
      answer.headers = {
        [PAGING_HEADER]: {
          description: 'The page: JSON { limit, offset, total, token }',
          schema: { type: 'string' },
        },
      };
    }
  }
  responses.default = {
    description: 'An error (400 with field errors, 401, 403, 404, 409, 422, 429 or 503 with Retry-After)',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  };
  return {
    operationId: `${route.method.toLowerCase()}${openApiPath(route.url).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    ...(route.schema.summary ? { summary: route.schema.summary } : {}),
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

export function buildOpenApiDocument(routes: readonly TDocumentedRoute[], info: { version: string }): TJsonSchema {
  const paths: Record<string, Record<string, TJsonSchema>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gifting REST API',
      version: info.version,
      description:
        'The REST face of the product (spec §7). Collections answer a page with the x-paging header; errors answer the ErrorBody. Creating writes accept an Idempotency-Key header.',
    },
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ErrorBody: ERROR_BODY },
    },
  };
}

/** Records every /v1 route registered after this call and serves their document. */
export function registerOpenApi(app: FastifyInstance, info: { version: string }): void {
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
