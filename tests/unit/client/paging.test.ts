import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../renderer/client/errors';
import {
  createPagedStore,
  isEndReached,
  parsePaging,
  type TPageParams,
  type TPageResult,
  type TPaging,
} from '../../../renderer/client/paging';

const paging = (p: Partial<TPaging>): TPaging => ({ limit: 10, offset: 0, total: null, token: null, ...p });

describe('isEndReached', () => {
  it('is reached when the limit is 0', () => {
    expect(isEndReached(paging({ limit: 0 }), 0)).toBe(true);
  });
  it('is reached when fewer items than the limit come back', () => {
    expect(isEndReached(paging({ limit: 10 }), 9)).toBe(true);
    expect(isEndReached(paging({ limit: 10 }), 10)).toBe(false);
  });
  it('is reached when the token is empty', () => {
    expect(isEndReached(paging({ token: '' }), 10)).toBe(true);
    expect(isEndReached(paging({ token: 'abc' }), 10)).toBe(false);
  });
  it('is reached when offset + limit reaches the total', () => {
    expect(isEndReached(paging({ offset: 20, limit: 10, total: 30 }), 10)).toBe(true);
    expect(isEndReached(paging({ offset: 20, limit: 10, total: 25 }), 10)).toBe(true);
    expect(isEndReached(paging({ offset: 10, limit: 10, total: 30 }), 10)).toBe(false);
  });
  it('treats a response without paging as the only page', () => {
    expect(isEndReached(null, 3)).toBe(true);
  });
});

describe('parsePaging', () => {
  it('reads the header JSON', () => {
    expect(parsePaging('{"limit":"20","offset":40,"total":100,"token":"t"}')).toEqual({
      limit: 20,
      offset: 40,
      total: 100,
      token: 't',
    });
    expect(parsePaging('{"limit":5}')).toEqual({ limit: 5, offset: 0, total: null, token: null });
    expect(parsePaging('nope')).toBeNull();
    expect(parsePaging('{"offset":1}')).toBeNull();
  });
});

function pagedServer(total: number): (params: TPageParams) => Promise<TPageResult<number>> {
  return async ({ offset, limit }) => {
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i);
    return { items, paging: { offset, limit, total, token: null } };
  };
}

describe('createPagedStore', () => {
  it('initial replaces, next appends, and stops at the end', async () => {
    const load = vi.fn(pagedServer(25));
    const store = createPagedStore({ load, limit: 10 });
    const statuses: string[] = [];
    store.subscribe((s) => statuses.push(s.status));

    await store.loadInitial();
    expect(store.getState().items).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(store.getState().status).toBe('succeeded');
    expect(store.getState().reachedEnd).toBe(false);
    expect(statuses).toEqual(['requesting', 'succeeded']);

    await store.loadNext();
    await store.loadNext();
    expect(store.getState().items).toHaveLength(25);
    expect(store.getState().items.at(-1)).toBe(24);
    expect(store.getState().reachedEnd).toBe(true);
    expect(load.mock.calls.map(([p]) => p.offset)).toEqual([0, 10, 20]);

    await store.loadNext(); // no-op at the end
    expect(load).toHaveBeenCalledTimes(3);

    await store.loadInitial();
    expect(store.getState().items).toHaveLength(10);
    expect(store.getState().reachedEnd).toBe(false);
  });

  it('previous prepends until the start', async () => {
    const store = createPagedStore({ load: pagedServer(100), limit: 10 });
    await store.loadInitial({ offset: 30 });
    expect(store.getState().reachedStart).toBe(false);
    await store.loadPrevious();
    expect(store.getState().items.slice(0, 3)).toEqual([20, 21, 22]);
    expect(store.getState().items).toHaveLength(20);
    await store.loadPrevious();
    await store.loadPrevious();
    expect(store.getState().items[0]).toBe(0);
    expect(store.getState().reachedStart).toBe(true);
    expect(store.getState().items).toHaveLength(40);
  });

  it('passes the token of the last page to the next request', async () => {
    const load = vi.fn(async (p: TPageParams): Promise<TPageResult<string>> =>
      p.token === null
        ? { items: ['a', 'b'], paging: { limit: 2, offset: 0, total: null, token: 'next-1' } }
        : { items: ['c', 'd'], paging: { limit: 2, offset: 2, total: null, token: '' } },
    );
    const store = createPagedStore({ load, limit: 2 });
    await store.loadInitial();
    await store.loadNext();
    expect(load.mock.calls[1]?.[0].token).toBe('next-1');
    expect(store.getState().items).toEqual(['a', 'b', 'c', 'd']);
    expect(store.getState().reachedEnd).toBe(true);
  });

  it('stores the error name, message, status and data of a failed request', async () => {
    const store = createPagedStore<number>({
      load: async () => {
        throw new ApiError({ url: '/v1/x', status: 429, data: { retryAfter: 3 } });
      },
    });
    await store.loadInitial();
    expect(store.getState().status).toBe('failed');
    expect(store.getState().error).toEqual({
      name: 'ApiError',
      message: 'Request failed with status code 429',
      status: 429,
      data: { retryAfter: 3 },
    });
  });

  it('ignores the answer of a superseded request', async () => {
    let releaseFirst: (r: TPageResult<string>) => void = () => undefined;
    const load = vi
      .fn<(p: TPageParams) => Promise<TPageResult<string>>>()
      .mockImplementationOnce(() => new Promise((resolve) => (releaseFirst = resolve)))
      .mockImplementationOnce(async () => ({ items: ['new'], paging: null }));
    const store = createPagedStore({ load });
    const first = store.loadInitial();
    await store.loadInitial();
    releaseFirst({ items: ['old'], paging: null });
    await first;
    expect(store.getState().items).toEqual(['new']);
  });
});
