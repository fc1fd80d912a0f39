/**
 * The typed tRPC hooks of the renderer (`trpc.<domain>.<procedure>.useQuery`) and the client factory.
 * Only the router's type crosses from the server; nothing server-side is bundled.
 */
import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { TAppRouter } from '../server/trpc/router';
import type { TFetch } from './client/types';

export const trpc = createTRPCReact<TAppRouter>();

export type TRouterInputs = inferRouterInputs<TAppRouter>;
export type TRouterOutputs = inferRouterOutputs<TAppRouter>;

export interface TTrpcClientOptions {
  /** Where the tRPC endpoint lives; same origin by default (the dev server proxies it). */
  url?: string;
  /**
   * The app requester's fetch (`createRequester(...).fetch`): bearer token, page request id,
   * tracking header, timeout, and one identity refresh plus a single retry on a 401.
   */
  fetch?: TFetch;
}

/** A tRPC client over one batching HTTP link, sending through the client runtime's requester. */
export function createTrpcClient(options: TTrpcClientOptions = {}) {
  return trpc.createClient({
    links: [httpBatchLink({ url: options.url ?? '/trpc', ...(options.fetch ? { fetch: options.fetch } : {}) })],
  });
}
