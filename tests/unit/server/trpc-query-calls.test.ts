/**
 * GETs of queries answered directly (server/trpc/query-calls.ts) answer exactly as tRPC's
 * resolveResponse does: the same requests go to two Fastify instances over one router, one with the
 * direct path and one without, and status, tRPC's headers and body must match. The router here has
 * what ours has not (a transformer, a lazy router, response meta that sets status and repeated
 * headers, a query answering a promise), so each branch of the direct path is compared.
 */
import { initTRPC, lazy, TRPCError } from '@trpc/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerTrpc, type TTrpcOptions } from '../../../server/trpc/fastify-handler';

type TCtx = { member: string | null; contexts: number };
// A transformer that marks what it touches, so a missed (de)serialisation shows in the body.
const transformer = {
  serialize: (value: unknown) => ({ wrapped: value }),
  deserialize: (value: unknown) => (value as { wrapped?: unknown } | null)?.wrapped ?? value,
};

function routerWith(withTransformer: boolean) {
  // isDev false, as in production: an error's stack (where each way threw it) would differ.
  const t = withTransformer
    ? initTRPC.context<TCtx>().create({ transformer, isDev: false })
    : initTRPC.context<TCtx>().create({ isDev: false });
  const lazyChild = t.router({ inside: t.procedure.query(() => 'from a lazy router') });
  return t.router({
    echo: t.procedure.input(z.object({ word: z.string().min(2) })).query(({ input }) => ({ echoed: input.word })),
    nothing: t.procedure.query(() => null),
    whoAmI: t.procedure.query(({ ctx }) => {
      if (!ctx.member) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in first' });
      return ctx.member;
    }),
    failing: t.procedure.query(() => {
      throw new Error('a bug');
    }),
    tooMany: t.procedure.query(() => {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Slow down' });
    }),
    promised: t.procedure.query(() => ({ later: Promise.resolve(1) })),
    change: t.procedure.input(z.object({ word: z.string() })).mutation(({ input }) => input.word),
    lazy: lazy(async () => lazyChild),
  });
}

interface TSide {
  app: FastifyInstance;
  reported: string[];
  /** Which way each context was made: the direct path passes no URL, resolveResponse its own. */
  ways: ('direct' | 'resolveResponse')[];
}

async function side(withTransformer: boolean, direct: boolean): Promise<TSide> {
  const reported: string[] = [];
  const ways: TSide['ways'] = [];
  const app = Fastify();
  const options = {
    router: routerWith(withTransformer),
    createContext: ({ req, info }: { req: { headers: Record<string, unknown> }; info: { url: URL | null } }) => {
      ways.push(info.url === null ? 'direct' : 'resolveResponse');
      return { member: (req.headers['x-member'] as string | undefined) ?? null, contexts: 1 };
    },
    responseMeta: ({ errors, paths }: { errors: TRPCError[]; paths?: readonly string[] }) => {
      if (errors.some((error) => error.code === 'TOO_MANY_REQUESTS'))
        return { headers: { 'Retry-After': '7', 'x-paths': [...(paths ?? [])] } };
      if (paths?.includes('nothing')) return { status: 202, headers: new Headers([['cache-control', 'no-store']]) };
      return {};
    },
    onError: ({ error, path }: { error: TRPCError; path?: string }) => reported.push(`${path ?? '-'}:${error.code}`),
  } as unknown as TTrpcOptions;
  await registerTrpc(app, options, new Set(), direct);
  await app.ready();
  return { app, reported, ways };
}

const REQUESTS: [string, Record<string, string>?][] = [
  ['/trpc/echo?input=' + encodeURIComponent(JSON.stringify({ word: 'hello' }))],
  ['/trpc/echo?input=' + encodeURIComponent(JSON.stringify({ wrapped: { word: 'wrapped' } }))],
  ['/trpc/echo?input=' + encodeURIComponent(JSON.stringify({ word: 'x' }))],
  ['/trpc/echo?input=' + encodeURIComponent('{"word": "a+b c"}').replace('%20', '+')],
  ['/trpc/echo?input={not json'],
  ['/trpc/echo'],
  ['/trpc/nothing'],
  ['/trpc/whoAmI'],
  ['/trpc/whoAmI', { 'x-member': 'ann' }],
  ['/trpc/failing'],
  ['/trpc/tooMany'],
  ['/trpc/promised'],
  ['/trpc/change?input=' + encodeURIComponent(JSON.stringify({ word: 'no' }))],
  ['/trpc/nowhere'],
  ['/trpc/lazy.inside'],
  ['/trpc/echo,whoAmI,nothing?batch=1&input=' + encodeURIComponent(JSON.stringify({ 0: { word: 'first' }, 2: null }))],
  [
    '/trpc/echo,whoAmI?batch=1&input=' + encodeURIComponent(JSON.stringify({ 0: { word: 'ok' } })),
    { 'x-member': 'bo' },
  ],
  ['/trpc/whoAmI,tooMany,failing?batch=1'],
  ['/trpc/echo,promised?batch=1&input=' + encodeURIComponent(JSON.stringify({ 0: { word: 'ok' } }))],
  ['/trpc/echo,echo?batch=1&input=' + encodeURIComponent('[{"word":"array"},{"word":"input"}]')],
  ['/trpc/echo?batch=1&input=' + encodeURIComponent('"not an object"')],
  ['/trpc/echo,change?batch=1'],
  ['/trpc/echo?batch=1&batch=0&input=' + encodeURIComponent(JSON.stringify({ 0: { word: 'first batch wins' } }))],
  [
    '/trpc/echo?input=' + encodeURIComponent(JSON.stringify({ word: 'streamed' })),
    { 'trpc-accept': 'application/jsonl' },
  ],
  [
    '/trpc/echo,nothing?batch=1&input=' + encodeURIComponent(JSON.stringify({ 0: { word: 'lines' } })),
    { accept: 'application/jsonl' },
  ],
  [
    '/trpc/echo?input=' + encodeURIComponent(JSON.stringify({ word: 'typed' })),
    { 'content-type': 'application/json; charset=utf-8' },
  ],
  [
    '/trpc/echo?input=' + encodeURIComponent(JSON.stringify({ word: 'form' })),
    { 'content-type': 'multipart/form-data; boundary=x' },
  ],
  ['/trpc/ec%68o?input=' + encodeURIComponent(JSON.stringify({ word: 'escaped' }))],
];

/** What tRPC decides in an answer: its status, the headers it sets, its body. */
async function answer(target: TSide, url: string, headers: Record<string, string> = {}) {
  const response = await target.app.inject({ method: 'GET', url, headers });
  const picked = Object.fromEntries(
    ['content-type', 'vary', 'retry-after', 'x-paths', 'cache-control', 'transfer-encoding'].map((name) => [
      name,
      response.headers[name],
    ]),
  );
  return { status: response.statusCode, headers: picked, body: response.body };
}

describe.each([false, true])('GETs of queries answered directly (transformer: %s)', (withTransformer) => {
  let direct: TSide;
  let resolved: TSide;
  beforeAll(async () => {
    [direct, resolved] = await Promise.all([side(withTransformer, true), side(withTransformer, false)]);
  });
  afterAll(async () => {
    await Promise.all([direct.app.close(), resolved.app.close()]);
  });

  it.each(REQUESTS)('%s answers as resolveResponse does', async (url, headers) => {
    const [ours, theirs] = [await answer(direct, url, headers), await answer(resolved, url, headers)];
    expect(ours).toEqual(theirs);
    expect(ours.status).toBeGreaterThanOrEqual(200);
    // Errors are reported alike (the same paths and codes, in the same order).
    expect(direct.reported).toEqual(resolved.reported);
  });

  it('answers what it should (the comparison is not between two wrong answers), and directly', async () => {
    direct.ways.length = 0;
    const echoed = await answer(direct, REQUESTS[0]![0]);
    expect(echoed.status).toBe(200);
    expect(JSON.parse(echoed.body)).toEqual({
      result: { data: withTransformer ? { wrapped: { echoed: 'hello' } } : { echoed: 'hello' } },
    });
    const batch = await answer(direct, '/trpc/whoAmI,tooMany,failing?batch=1');
    expect(batch.status).toBe(207); // tRPC's multi-status for a batch whose calls failed differently
    expect(batch.headers['retry-after']).toBe('7');
    expect(batch.headers['x-paths']).toBe('whoAmI, tooMany, failing');
    expect(JSON.parse(batch.body)).toHaveLength(3);
    expect((await answer(direct, '/trpc/nothing')).status).toBe(202);
    expect((await answer(direct, '/trpc/echo,nothing?batch=1', { accept: 'application/jsonl' })).headers).toMatchObject(
      { 'transfer-encoding': 'chunked' },
    );
    // The plain GETs went the direct way; the streamed batch, as it must, went to resolveResponse.
    expect(direct.ways).toEqual(['direct', 'direct', 'direct', 'resolveResponse']);
  });
});
