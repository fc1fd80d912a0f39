/**
 * A tRPC client for HTTP-level tests, with the links the browser uses: queries and mutations
 * batched over HTTP with the member's bearer token, subscriptions over server-sent events on an
 * EventSource that sends no headers, as the browser's own (the `eventsource` package, Node having
 * none), the token going as the stream's connection parameters (renderer/live-link.ts).
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
          connectionParams: { token },
        }),
        false: httpBatchLink({ url: `${baseUrl}/trpc`, fetch: withToken }),
      }),
    ],
  });
}
