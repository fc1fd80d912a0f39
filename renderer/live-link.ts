/**
 * The live half of the tRPC client, loaded on the first subscription (a member's bell or chats):
 * subscriptions over server-sent events on the browser's own EventSource. It cannot send headers,
 * so the stream carries the member's access token as tRPC's connection parameters
 * (`?connectionParams={"token":"…"}`, read on subscription calls only: server/auth/request-identity.ts).
 * The browser reconnects a dropped stream by itself, with its Last-Event-ID; a stream the server
 * refused (a token that expired while the tab slept, a server draining for a deploy) is opened
 * again by the retry link in data-module.tsx, with a newer token. Kept out of the first load:
 * visitors never open a stream. (It replaced the `eventsource` package, which read the stream with
 * fetch to send a header: 3.5 KiB gzip on every member page.)
 */
import { httpSubscriptionLink, type TRPCLink } from '@trpc/client';
import type { TAppRouter } from '../server/trpc/router';

/**
 * The token a stream opens with. `refused`: the token of this link's last connection that the
 * server closed without a stream (the answer asks for a newer one), or null.
 */
export type TStreamToken = (refused: string | null) => Promise<string | null>;

export interface TLiveLink {
  link: TRPCLink<TAppRouter>;
  /** Called when a connection closed without a stream: the next one asks for a newer token. */
  refused(): void;
}

export function createLiveLink(
  url: string,
  streamToken: TStreamToken,
  EventSource: typeof globalThis.EventSource = globalThis.EventSource,
): TLiveLink {
  let used: string | null = null;
  let wasRefused = false;
  return {
    link: httpSubscriptionLink({
      url,
      EventSource,
      connectionParams: async () => {
        const token = await streamToken(wasRefused ? used : null);
        wasRefused = false;
        used = token;
        return token ? { token } : {};
      },
    }),
    refused() {
      wasRefused = true;
    },
  };
}
