/**
 * The tRPC endpoint (/trpc/:path): tRPC's own Fastify adapter (fastifyTRPCPlugin) with two changes,
 * both measured under `npm run bench:api`.
 *
 * How a finished answer goes out. The adapter hands Fastify the Fetch `Response` tRPC builds, and
 * Fastify sends its body as a web stream: piped chunk by chunk, chunked transfer encoding, no
 * Content-Length. A plain JSON answer (every query and mutation; not a subscription's event stream
 * or a streamed batch, see isWholeJson) is already whole, so its bytes are read and sent as one: the
 * stream's piping was about 5 % of the server's time on a list read. Bytes, not text: decoding them
 * into a string for Fastify to encode again was about 5 % of that read's allocations.
 *
 * A GET of queries answered whole, the calls members make most, is answered by query-calls.ts, tRPC's
 * resolution without the Fetch objects; every other call is resolved by tRPC itself (`resolveResponse`,
 * its public adapter API), with the same options as the plugin took.
 *
 * The Fetch `Request` it reads is built as tRPC's `incomingMessageToRequest` builds it, with one
 * difference: that one aborts the request's signal whenever the response closes, finished or not, so
 * every request built and dispatched an abort (a DOMException, listeners, undici's linked signal):
 * about 3 % of the CPU of a read under `npm run bench:api`. Here only what streams gets a signal (a
 * subscription, a streamed batch), aborted when the client goes away before the end; a plain query or
 * mutation is answered whole, and no procedure of ours reads the signal of one.
 */
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { IncomingMessage, type ServerResponse } from 'node:http';
import { TRPCError } from '@trpc/server';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerQueries } from './query-calls';
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

type TIncoming = IncomingMessage & { body?: unknown };

/**
 * The call streams its answer: a subscription (server-sent events), or a batch asked for as JSON
 * lines, by `trpc-accept` or, failing that, by `accept` (as tRPC's getAcceptHeader reads them).
 */
function streams(incoming: TIncoming, path: string, subscriptions: ReadonlySet<string>): boolean {
  if (subscriptions.has(path)) return true;
  const trpcAccept = incoming.headers['trpc-accept'];
  if (trpcAccept !== undefined) return String(trpcAccept).includes('application/jsonl');
  return String(incoming.headers.accept ?? '')
    .split(',')
    .some((type) => type.trim() === 'application/jsonl');
}

/** tRPC's `incomingMessageToRequest` without a signal, for calls answered whole (see the top). */
function wholeCallRequest(incoming: TIncoming): Request {
  let url: URL;
  try {
    url = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? 'localhost'}`);
  } catch (cause) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid URL', cause });
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.append(name, value);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: incoming.method, headers };
  if (incoming.method !== 'GET' && incoming.method !== 'HEAD') {
    // As tRPC's own: Fastify has read the body (a string for JSON, the stream for form data).
    const body = incoming.body;
    if (typeof body === 'string' || body === undefined) init.body = body;
    else if (body instanceof IncomingMessage) {
      init.body = body as unknown as ReadableStream;
      init.duplex = 'half';
    } else init.body = JSON.stringify(body);
  }
  return new Request(url, init);
}

function toFetchRequest(incoming: TIncoming, raw: ServerResponse, path: string, subscriptions: ReadonlySet<string>) {
  return streams(incoming, path, subscriptions)
    ? incomingMessageToRequest(incoming, raw, { maxBodySize: null })
    : wholeCallRequest(incoming);
}

async function handle(
  options: TTrpcOptions,
  subscriptions: ReadonlySet<string>,
  direct: boolean,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
) {
  if (direct) {
    const answer = await answerQueries(options, request, reply, path);
    // Bytes, as below: a string would be sent with a charset added to its media type.
    if (answer) return reply.code(answer.status).headers(answer.headers).send(Buffer.from(answer.body));
  }
  const incoming = request.raw as TIncoming;
  if ('body' in request) incoming.body = request.body;
  const response = await resolveResponse<TAppRouter>({
    ...options,
    req: toFetchRequest(incoming, reply.raw, path, subscriptions),
    path,
    error: null,
    createContext: async (inner) => options.createContext!({ req: request, res: reply, ...inner }),
    onError: (error) => options.onError?.({ ...error, req: request }),
  });
  if (!isWholeJson(response)) return reply.send(response);
  reply.code(response.status);
  for (const [name, value] of response.headers) reply.header(name, value);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/** Registers /trpc/:path (what `app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions })` did). */
export async function registerTrpc(
  app: FastifyInstance,
  options: TTrpcOptions,
  subscriptions: ReadonlySet<string>,
  /** GETs of queries answered without Fetch objects (query-calls.ts); false: all by resolveResponse. */
  directQueries = true,
): Promise<void> {
  await app.register(
    async (scope) => {
      // As the adapter: tRPC reads the body itself (its JSON and its form data), so Fastify leaves it as it came.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      scope.removeContentTypeParser('multipart/form-data');
      scope.addContentTypeParser('multipart/form-data', {}, (_request, body, done) => done(null, body));
      scope.all<{ Params: { path: string } }>('/:path', (request, reply) =>
        handle(options, subscriptions, directQueries, request, reply, request.params.path),
      );
    },
    { prefix: '/trpc' },
  );
}
