/**
 * The typed tRPC hooks of the renderer (`trpc.<domain>.<procedure>.useQuery`) and the client factory.
 * Only the router's type crosses from the server; nothing server-side is bundled.
 */
import { createTRPCReact, httpBatchLink, splitLink, TRPCClientError, type TRPCLink } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { TRPC_MAX_BATCH_CALLS } from '../server/contracts/constants';
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
  /** The requester's stream fetch (`fetchStream`): bearer token and refresh, no timeout. */
  streamFetch?: TFetch;
}

/**
 * Subscriptions through a link loaded on first use (renderer/live-link.ts): operations wait for
 * it, then run on it; unsubscribing before it arrived cancels them.
 */
function lazyLiveLink(url: string, streamFetch: TFetch | undefined): TRPCLink<TAppRouter> {
  return (runtime) => {
    let link: ReturnType<TRPCLink<TAppRouter>> | null = null;
    // Fetched with the first subscription, not with the client: a visitor's page never subscribes.
    let ready: Promise<ReturnType<TRPCLink<TAppRouter>>> | null = null;
    const load = () =>
      (ready ??= import('./live-link').then(({ createLiveLink }) => {
        link ??= createLiveLink(url, streamFetch)(runtime);
        return link;
      }));
    return ({ op, next }) =>
      observable((observer) => {
        let inner: Unsubscribable | null = null;
        let cancelled = false;
        load().then(
          (operationLink) => {
            if (!cancelled) inner = operationLink({ op, next }).subscribe(observer);
          },
          (error: unknown) =>
            observer.error(TRPCClientError.from(error instanceof Error ? error : new Error(String(error)))),
        );
        return () => {
          cancelled = true;
          inner?.unsubscribe();
        };
      });
  };
}

/**
 * A tRPC client: queries and mutations over one batching HTTP link, subscriptions (live messages
 * and notifications) over server-sent events on a link loaded with the first subscription. Both
 * send through the client runtime's requester, so the stream carries the bearer token too.
 */
export function createTrpcClient(options: TTrpcClientOptions = {}) {
  const url = options.url ?? '/trpc';
  const { fetch, streamFetch } = options;
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: lazyLiveLink(url, streamFetch),
        // The server answers 400 to a larger batch; the link sends more calls as several batches.
        false: httpBatchLink({ url, maxItems: TRPC_MAX_BATCH_CALLS, ...(fetch ? { fetch } : {}) }),
      }),
    ],
  });
}
