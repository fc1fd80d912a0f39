/**
 * Queries answered without the Fetch objects tRPC's adapter API is built on.
 *
 * `resolveResponse`, tRPC's public adapter API, reads a Fetch `Request` and answers a Fetch `Response`.
 * For a GET of queries answered as one JSON document (what the app's batch link sends, the calls
 * members make most), that means per request: a `Headers` copy of every request header, a `Request`
 * and its `URL`, an AbortController and a combined signal per call, a `Response`, its body read back
 * as bytes. Under `npm run bench:api` that layer and tRPC's generic resolution were about 15 % of the
 * CPU of a wish list read, the largest single cost left in our process.
 *
 * Here such a request is answered as `resolveResponse` answers it, step by step, with tRPC's own
 * pieces (its procedures, `getErrorShape` with our error formatter, `getHTTPStatusCode`,
 * `transformTRPCResponse`, the same `createContext`, `responseMeta` and `onError`), only without the
 * Fetch objects. Whatever is not that plain case returns null and goes to `resolveResponse`: another
 * method, a streamed batch, another media type, a path or input that would be refused (tRPC's own
 * refusal answers it), a lazy router, a context that fails. The answers of both ways are compared,
 * status, headers and body, by tests/integration/foundation/trpc-queries.integration.test.ts.
 */
import {
  type AnyProcedure,
  getErrorShape,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
  TRPCError,
} from '@trpc/server';
import { getHTTPStatusCode, type TRPCRequestInfo } from '@trpc/server/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TTrpcOptions } from './fastify-handler';

type TCall = TRPCRequestInfo['calls'][number];
type TAnswer = { result: { data: unknown } } | { error: ReturnType<typeof getErrorShape> };

export interface TQueriesAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

/** No query of ours reads its signal, and a whole answer is never cut short: one that never aborts. */
const NEVER_ABORTED = new AbortController().signal;

/** The query string as tRPC reads it (URLSearchParams: `+` is a space, the first of a repeated name wins). */
function searchParams(url: string | undefined): URLSearchParams {
  const start = url?.indexOf('?') ?? -1;
  return new URLSearchParams(start < 0 ? '' : url!.slice(start + 1));
}

/**
 * tRPC's `isDataStream`: an answer holding promises or async iterables needs the streamed batch link,
 * and a whole answer refuses it. Ours to write because tRPC does not export it.
 */
function isDataStream(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const streamLike = (item: unknown) =>
    item !== null &&
    (typeof item === 'object' || typeof item === 'function') &&
    (typeof (item as { then?: unknown }).then === 'function' ||
      typeof (item as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function');
  return streamLike(value) || Object.values(value).some(streamLike);
}

/** The inputs by batch index, or null where tRPC would refuse them (its refusal then answers). */
function readInputs(
  params: URLSearchParams,
  isBatchCall: boolean,
  count: number,
  deserialize: (input: unknown) => unknown,
): Record<number, unknown> | null {
  const text = params.get('input');
  if (!text) return {};
  let inputs: unknown;
  try {
    inputs = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isBatchCall) return { 0: deserialize(inputs) };
  if (inputs === null || typeof inputs !== 'object' || Array.isArray(inputs)) return null;
  const byIndex: Record<number, unknown> = {};
  for (let index = 0; index < count; index++) {
    const input = (inputs as Record<number, unknown>)[index];
    if (input !== undefined) byIndex[index] = deserialize(input);
  }
  return byIndex;
}

/**
 * The answer to a GET of queries, as `resolveResponse` gives it, or null when the request is not that
 * plain case (see the top). `path` is the route's parameter, already decoded by Fastify.
 */
export async function answerQueries(
  options: TTrpcOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<TQueriesAnswer | null> {
  const { headers } = request;
  if (request.method !== 'GET' || headers['trpc-accept'] !== undefined) return null;
  if (headers['content-type'] !== undefined && !headers['content-type'].startsWith('application/json')) return null;
  if (String(headers.accept ?? '').includes('application/jsonl')) return null;
  if (options.allowBatching === false || options.batching?.enabled === false) return null;
  // tRPC decodes the path once more; a path that still holds an escape goes its way.
  if (path.includes('%')) return null;
  const router = options.router;
  const config = router._def._config;

  const params = searchParams(request.raw.url);
  if (params.has('connectionParams')) return null;
  const isBatchCall = params.get('batch') === '1';
  const paths = isBatchCall ? path.split(',') : [path];
  if (isBatchCall && typeof options.maxBatchSize === 'number' && paths.length > options.maxBatchSize) return null;
  const procedures: AnyProcedure[] = [];
  for (const callPath of paths) {
    // At run time a flat record by dotted path (what tRPC's getProcedureAtPath reads); lazy routers are not.
    const procedure = (router._def.procedures as unknown as Record<string, AnyProcedure | undefined>)[callPath];
    if (!procedure || procedure._def.type !== 'query') return null;
    procedures.push(procedure);
  }
  const inputs = readInputs(params, isBatchCall, paths.length, (input) => config.transformer.input.deserialize(input));
  if (!inputs) return null;

  const calls: TCall[] = paths.map((callPath, index) => ({
    batchIndex: index,
    path: callPath,
    procedure: procedures[index]!,
    getRawInput: async () => inputs[index],
    result: () => inputs[index],
  }));
  const info: TRPCRequestInfo = {
    isBatchCall,
    accept: null,
    calls,
    type: 'query',
    connectionParams: null,
    signal: NEVER_ABORTED,
    url: null,
  };
  type TCtx = Awaited<ReturnType<NonNullable<TTrpcOptions['createContext']>>>;
  let ctx: TCtx;
  try {
    ctx = await options.createContext!({ req: request, res: reply, info });
  } catch {
    return null;
  }

  // Each call as resolveResponse's: a thrown error is reported (onError) and answered in its place.
  const results = await Promise.all(
    calls.map(async (call, index): Promise<{ data: unknown } | { error: TRPCError }> => {
      try {
        const data = await procedures[index]!({
          path: call.path,
          getRawInput: call.getRawInput,
          ctx,
          type: 'query',
          signal: NEVER_ABORTED,
          batchIndex: index,
        });
        return { data };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        options.onError?.({ error, path: call.path, input: inputs[index], ctx, type: 'query', req: request });
        return { error };
      }
    }),
  );
  const streamRefusal = () =>
    new TRPCError({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
    });
  const single = results[0]!;
  if (!isBatchCall && 'data' in single && isDataStream(single.data)) {
    // resolveResponse throws this one and answers it as a failed request: reported, without a path.
    const error = streamRefusal();
    options.onError?.({ error, path: undefined, input: undefined, ctx, type: 'query', req: request });
    const shape = getErrorShape({ config, ctx, error, input: undefined, path: undefined, type: 'query' });
    return finish(options, { ctx, info, paths, answers: [{ error: shape }], errors: [error], isBatchCall });
  }
  const errors: TRPCError[] = [];
  const answers = results.map((result, index): TAnswer => {
    let error: TRPCError;
    if ('error' in result) error = result.error;
    else if (isDataStream(result.data)) error = streamRefusal();
    else return { result: { data: result.data } };
    errors.push(error);
    return {
      error: getErrorShape({ config, ctx, error, input: inputs[index], path: calls[index]!.path, type: 'query' }),
    };
  });
  return finish(options, { ctx, info, paths, answers, errors, isBatchCall });
}

/** Status, headers and body, as resolveResponse's `initResponse` and its JSON answer make them. */
function finish(
  options: TTrpcOptions,
  answer: {
    ctx: unknown;
    info: TRPCRequestInfo;
    paths: string[];
    answers: TAnswer[];
    errors: TRPCError[];
    isBatchCall: boolean;
  },
): TQueriesAnswer {
  const { ctx, info, paths, answers, errors, isBatchCall } = answer;
  const headerList: Record<string, string | string[]> = {
    'content-type': 'application/json',
    vary: 'trpc-accept, accept',
  };
  let status = getHTTPStatusCode(answers);
  const meta =
    options.responseMeta?.({
      ctx: ctx as never,
      info,
      paths,
      data: answers as never,
      errors,
      eagerGeneration: false,
      type: 'query',
    }) ?? {};
  if (meta.headers instanceof Headers) {
    for (const [name, value] of meta.headers) appendHeader(headerList, name, value);
  } else if (meta.headers) {
    for (const [name, value] of Object.entries(meta.headers)) {
      if (Array.isArray(value)) for (const item of value) appendHeader(headerList, name.toLowerCase(), item);
      else if (typeof value === 'string') headerList[name.toLowerCase()] = value;
    }
  }
  if (meta.status) status = meta.status;
  const config = options.router._def._config;
  const body = transformTRPCResponse(config, (isBatchCall ? answers : answers[0]!) as never);
  return { status, headers: headerList, body: JSON.stringify(body) };
}

/** As a Fetch `Headers` appends: one value joined by commas, except cookies, which stay apart. */
function appendHeader(headers: Record<string, string | string[]>, name: string, value: string) {
  const existing = headers[name];
  if (existing === undefined) headers[name] = value;
  else if (name !== 'set-cookie') headers[name] = `${existing as string}, ${value}`;
  else headers[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}
