import { describe, expect, it } from 'vitest';
import { ZPagingQuery, pagingFor } from '../../../server/contracts/paging';
import { isEndReached } from '../../../renderer/client/paging';

describe('server paging', () => {
  it('defaults and bounds the query', () => {
    expect(ZPagingQuery.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(ZPagingQuery.parse({ limit: '5', offset: '10' })).toEqual({ limit: 5, offset: 10 });
    expect(ZPagingQuery.safeParse({ limit: 1000 }).success).toBe(false);
    expect(ZPagingQuery.safeParse({ offset: -1 }).success).toBe(false);
  });

  it('gives a continuation token only while there is more, and the client agrees where the end is', () => {
    const first = pagingFor({ limit: 2, offset: 0 }, 2, 5);
    expect(first).toEqual({ limit: 2, offset: 0, total: 5, token: '2' });
    expect(isEndReached(first, 2)).toBe(false);
    const last = pagingFor({ limit: 2, offset: 4 }, 1, 5);
    expect(last.token).toBe('');
    expect(isEndReached(last, 1)).toBe(true);
    const exact = pagingFor({ limit: 2, offset: 2 }, 2, 4);
    expect(exact.token).toBe('');
    expect(isEndReached(exact, 2)).toBe(true);
  });
});
