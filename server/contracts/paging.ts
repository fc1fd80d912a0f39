/**
 * Paging of collections (spec §4, §7): REST answers carry a header whose name ends with `-paging`
 * holding JSON { limit, offset, total, token }; tRPC outputs carry the same fields as `paging`.
 */
import { z } from 'zod';

import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './paging-values';

export { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './paging-values';

export const ZPagingQuery = z.object({
  limit: z.coerce.number().int().min(0).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TPagingQuery = z.output<typeof ZPagingQuery>;

export const ZPaging = z.object({
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int().nullable(),
  /** Opaque continuation token; empty when there is nothing more. */
  token: z.string(),
});
export type TPaging = z.infer<typeof ZPaging>;

export interface TPage<T> {
  items: T[];
  paging: TPaging;
}

export function pagedOutput<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), paging: ZPaging });
}

/** The paging of one page: the token is the next offset, empty once the end is reached. */
export function pagingFor(query: TPagingQuery, returned: number, total: number): TPaging {
  const next = query.offset + returned;
  const more = query.limit > 0 && returned === query.limit && next < total;
  return { limit: query.limit, offset: query.offset, total, token: more ? String(next) : '' };
}
