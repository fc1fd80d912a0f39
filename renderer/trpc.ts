/**
 * The typed tRPC hooks of the renderer (`trpc.<domain>.<procedure>.useQuery`) and the client factory.
 * Only the router's type crosses from the server; nothing server-side is bundled.
 */
import { createTRPCReact, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/react-query';
import { EventSource } from 'eventsource';
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
  /** The requester's stream fetch (`fetchStream`): bearer token and refresh, no timeout. */
  streamFetch?: TFetch;
}

/**
 * A tRPC client: queries and mutations over one batching HTTP link, subscriptions (live messages
 * and notifications) over server-sent events. Both send through the client runtime's requester, so
 * the stream carries the bearer token too: the browser's own EventSource cannot send headers, the
 * `eventsource` package's can (it reads the stream with fetch), and it resumes with Last-Event-ID.
 */
export function createTrpcClient(options: TTrpcClientOptions = {}) {
  const url = options.url ?? '/trpc';
  const { fetch, streamFetch } = options;
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url,
          EventSource,
          ...(streamFetch
            ? {
                eventSourceOptions: () => ({
                  fetch: (input: string | URL, init?: RequestInit) => streamFetch(input, init),
                }),
              }
            : {}),
        }),
        false: httpBatchLink({ url, ...(fetch ? { fetch } : {}) }),
      }),
    ],
  });
}
