/**
 * What the tRPC endpoint (/trpc/:path) accepts, decided before tRPC reads the request:
 * - the methods its procedures take: queries and subscriptions GET, mutations POST. Any other
 *   method answers 405 with `Allow` (tRPC's adapter answers TRACE with a 500, since the Fetch API
 *   it builds a request with refuses that method, and its own 405s carry no Allow);
 * - at most TRPC_MAX_BATCH_CALLS calls in one batch: a batch holding hundreds of calls answers 400
 *   in words before any of them runs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TRPC_MAX_BATCH_CALLS } from '../contracts/constants';
import { AppError, errorBody } from '../errors';
import type { TProcedureInfo } from '../http/route-list';

export const TRPC_ROUTE = '/trpc/:path';

const METHOD_OF: Record<TProcedureInfo['type'], string> = { query: 'GET', subscription: 'GET', mutation: 'POST' };

/** The methods a call to these procedures may use; GET and POST while any of them is unknown (tRPC then answers 404). */
export function trpcAllowedMethods(types: ReadonlyMap<string, TProcedureInfo['type']>, paths: string[]): string[] {
  const methods = new Set<string>();
  for (const path of paths) {
    const type = types.get(path);
    if (!type) return ['GET', 'POST'];
    methods.add(METHOD_OF[type]);
  }
  return [...methods].sort();
}

function decodePath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function registerTrpcTransportGuard(app: FastifyInstance, procedures: TProcedureInfo[]): void {
  const types = new Map(procedures.map((procedure) => [procedure.path, procedure.type]));
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== TRPC_ROUTE) return;
    const path = decodePath((request.params as { path?: string }).path ?? '');
    const isBatch = (request.query as Record<string, unknown> | undefined)?.batch === '1';
    const paths = isBatch ? path.split(',') : [path];
    const allow = trpcAllowedMethods(types, paths);
    if (!allow.includes(request.method))
      return reply
        .code(405)
        .header('allow', allow.join(', '))
        .send(errorBody(new AppError('METHOD_NOT_ALLOWED')));
    if (paths.length > TRPC_MAX_BATCH_CALLS)
      return reply.code(400).send(
        errorBody(
          new AppError('BAD_REQUEST', {
            message: `A batch may hold at most ${TRPC_MAX_BATCH_CALLS} calls; this one holds ${paths.length}`,
          }),
        ),
      );
    return undefined;
  });
}

/** The subscription procedures' paths (live streams). */
export function subscriptionPaths(procedures: TProcedureInfo[]): Set<string> {
  return new Set(
    procedures.filter((procedure) => procedure.type === 'subscription').map((procedure) => procedure.path),
  );
}

/** Whether a request is a GET of one subscription procedure (a live stream; never batched). */
export function subscriptionCalls(procedures: TProcedureInfo[]): (request: FastifyRequest) => boolean {
  const subscriptions = subscriptionPaths(procedures);
  return (request) =>
    request.method === 'GET' &&
    request.routeOptions.url === TRPC_ROUTE &&
    subscriptions.has(decodePath((request.params as { path?: string }).path ?? ''));
}
