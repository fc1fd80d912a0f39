import { afterEach, describe, expect, it } from 'vitest';
import { statusOf } from '../../../renderer/app/runtime/app-runtime';
import { isUnauthorizedError } from '../../../renderer/auth/guard-decision';
import {
  getVisitorQuery,
  setVisitorQueryFetch,
  TrpcGetError,
  visitorQueryUrl,
} from '../../../renderer/data/visitor-queries';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe("the visitor's plain tRPC GETs", () => {
  afterEach(() => setVisitorQueryFetch((input, init) => fetch(input, init)));

  it('ask for /trpc/<path> with the input as JSON, as tRPC GETs do', () => {
    expect(visitorQueryUrl('shop.markets', undefined)).toBe('/trpc/shop.markets');
    expect(visitorQueryUrl('home.landing', { market: 'CA' })).toBe(
      `/trpc/home.landing?input=${encodeURIComponent('{"market":"CA"}')}`,
    );
  });

  it("answer the result's data, through the requester's fetch", async () => {
    const asked: string[] = [];
    setVisitorQueryFetch((input) => {
      asked.push(String(input));
      return Promise.resolve(json(200, { result: { data: [{ id: 'idp', label: 'IdP' }] } }));
    });
    await expect(getVisitorQuery('auth.providers', undefined)).resolves.toEqual([{ id: 'idp', label: 'IdP' }]);
    expect(asked).toEqual(['/trpc/auth.providers']);
  });

  it("fail as tRPC's client does: the server's message, and its status for the app's error rules", async () => {
    setVisitorQueryFetch(() =>
      Promise.resolve(
        json(401, {
          error: { message: 'Sign in first', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } },
        }),
      ),
    );
    const error = await getVisitorQuery('home.landing', undefined).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TrpcGetError);
    expect((error as Error).message).toBe('Sign in first');
    expect(statusOf(error)).toBe(401);
    expect(isUnauthorizedError(error)).toBe(true);

    setVisitorQueryFetch(() => Promise.resolve(new Response('Bad gateway', { status: 502 })));
    const gateway = await getVisitorQuery('shop.markets', undefined).catch((caught: unknown) => caught);
    expect(statusOf(gateway)).toBe(502);
  });
});
