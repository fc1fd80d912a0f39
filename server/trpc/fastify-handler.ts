/**
 * The tRPC endpoint (/trpc/:path): tRPC's own Fastify adapter (fastifyTRPCPlugin) with one change in
 * how a finished answer goes out. The adapter hands Fastify the Fetch `Response` tRPC builds, and
 * Fastify sends its body as a web stream: piped chunk by chunk, chunked transfer encoding, no
 * Content-Length. A plain JSON answer (every query and mutation; not a subscription's event stream
 * or a streamed batch, see isWholeJson) is already whole, so it is read into a string and sent as one: a CPU profile
 * of `npm run bench:api` put the stream's piping at about 5 % of the server's time on a list read.
 * Requests are still read, and every call still resolved, by tRPC itself (`incomingMessageToRequest`
 * and `resolveResponse`, its public adapter API), with the same options as the plugin took.
 */
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TAppRouter } from './router';

export type TTrpcOptions = FastifyTRPCPluginOptions<TAppRouter>['trpcOptions'];

/**
 * Whether tRPC's answer is one JSON document: not a subscription's `text/event-stream`, nor a
 * streamed batch (asked for with `trpc-accept: application/jsonl`), which tRPC also labels
 * `application/json` but sends with `transfer-encoding: chunked`, a part at a time.
 */
function isWholeJson(response: Response): boolean {
  return (
    response.body !== null &&
    !response.headers.has('transfer-encoding') &&
    (response.headers.get('content-type') ?? '').startsWith('application/json')
  );
}

async function handle(options: TTrpcOptions, request: FastifyRequest, reply: FastifyReply, path: string) {
  const incoming = request.raw as typeof request.raw & { body?: unknown };
  if ('body' in request) incoming.body = request.body;
  const response = await resolveResponse<TAppRouter>({
    ...options,
    req: incomingMessageToRequest(incoming, reply.raw, { maxBodySize: null }),
    path,
    error: null,
    createContext: async (inner) => options.createContext!({ req: request, res: reply, ...inner }),
    onError: (error) => options.onError?.({ ...error, req: request }),
  });
  if (!isWholeJson(response)) return reply.send(response);
  reply.code(response.status);
  for (const [name, value] of response.headers) reply.header(name, value);
  return reply.send(await response.text());
}

/** Registers /trpc/:path (what `app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions })` did). */
export async function registerTrpc(app: FastifyInstance, options: TTrpcOptions): Promise<void> {
  await app.register(
    async (scope) => {
      // As the adapter: tRPC reads the body itself (its JSON and its form data), so Fastify leaves it as it came.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      scope.removeContentTypeParser('multipart/form-data');
      scope.addContentTypeParser('multipart/form-data', {}, (_request, body, done) => done(null, body));
      scope.all<{ Params: { path: string } }>('/:path', (request, reply) =>
        handle(options, request, reply, request.params.path),
      );
    },
    { prefix: '/trpc' },
  );
}
