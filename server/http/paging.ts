import type { FastifyReply } from 'fastify';
import { PAGING_HEADER } from '../contracts/constants';
import type { TPage } from '../contracts/paging';

/** Sends a page the REST way: the items as the body, the paging in the `x-paging` header. */
export function sendPage<T>(reply: FastifyReply, page: TPage<T>): T[] {
  reply.header(PAGING_HEADER, JSON.stringify(page.paging));
  return page.items;
}
