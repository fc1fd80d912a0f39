import { describe, expect, it } from 'vitest';
import { isReadRequest } from '../../../server/db/replicas';

const queries = new Set(['wishLists.get', 'home.feed']);

describe('which requests read replicas', () => {
  it('REST GETs under /v1 and tRPC GETs that call only queries', () => {
    expect(isReadRequest('GET', '/v1/users/abc?x=1', queries)).toBe(true);
    expect(isReadRequest('HEAD', '/v1/shop/market-data', queries)).toBe(true);
    expect(isReadRequest('GET', '/trpc/wishLists.get?input=%7B%7D', queries)).toBe(true);
    expect(isReadRequest('GET', '/trpc/wishLists.get,home.feed?batch=1&input=%7B%7D', queries)).toBe(true);
  });

  it('never writes, live streams, sign-in routes or pages', () => {
    expect(isReadRequest('POST', '/trpc/wishLists.addWish', queries)).toBe(false);
    expect(isReadRequest('PATCH', '/v1/users/abc', queries)).toBe(false);
    // A subscription (a GET holding a live stream) or any name that is not a query.
    expect(isReadRequest('GET', '/trpc/messages.live?input=%7B%7D', queries)).toBe(false);
    expect(isReadRequest('GET', '/trpc/wishLists.get,messages.live?batch=1', queries)).toBe(false);
    expect(isReadRequest('GET', '/auth/v2/confirm-email/?code=1', queries)).toBe(false);
    expect(isReadRequest('GET', '/readyz', queries)).toBe(false);
    expect(isReadRequest('GET', '/home/', queries)).toBe(false);
  });
});
