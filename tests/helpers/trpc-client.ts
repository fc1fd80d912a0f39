/**
 * A tRPC client for HTTP-level tests, with the links the browser uses: queries and mutations
 * batched over HTTP, subscriptions over server-sent events (the `eventsource` package), each
 * request carrying the member's bearer token.
 */
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, type TRPCClient } from '@trpc/client';
import { EventSource } from 'eventsource';
import type { TAppRouter } from '../../server/trpc/router';

export function trpcClientFor(baseUrl: string, token: string): TRPCClient<TAppRouter> {
  const withToken = (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  };
  return createTRPCClient<TAppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: `${baseUrl}/trpc`,
          EventSource,
          eventSourceOptions: () => ({ fetch: (input: string | URL, init?: RequestInit) => withToken(input, init) }),
        }),
        false: httpBatchLink({ url: `${baseUrl}/trpc`, fetch: withToken }),
      }),
    ],
  });
}
