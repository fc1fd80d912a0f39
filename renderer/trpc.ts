/**
 * The typed tRPC hooks of the renderer (`trpc.<domain>.<procedure>.useQuery`) and the client factory.
 * Only the router's type crosses from the server; nothing server-side is bundled.
 */
import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { TAppRouter } from '../server/trpc/router';

export const trpc = createTRPCReact<TAppRouter>();

export type TRouterInputs = inferRouterInputs<TAppRouter>;
export type TRouterOutputs = inferRouterOutputs<TAppRouter>;

export interface TTrpcClientOptions {
  /** Where the tRPC endpoint lives; same origin by default (the dev server proxies it). */
  url?: string;
}

/**
 * A tRPC client over one batching HTTP link. The client runtime of `renderer/client/` (headers,
 * identity, logging) is not wired in yet.
 */
export function createTrpcClient(options: TTrpcClientOptions = {}) {
  return trpc.createClient({
    links: [httpBatchLink({ url: options.url ?? '/trpc' })],
  });
}
