/**
 * The live half of the tRPC client (a member's bell, chats and exchange walls), in the data
 * module's chunk: subscriptions over server-sent events on the browser's own EventSource. That
 * cannot send headers, so a stream carries the member's access token as tRPC's connection
 * parameters (`?connectionParams={"token":"…"}`, read on subscription calls only:
 * server/auth/request-identity.ts). The browser reconnects a dropped stream by itself, with its
 * Last-Event-ID; a stream the server refused (a token that expired while the tab slept, a server
 * draining for a deploy) is opened again by the retry link in data-module.tsx, with a newer token.
 * Visitors never open a stream. (It replaced the `eventsource` package, which read the stream with
 * fetch to send a header: 3.5 KiB gzip on every member page; what is left is too small for a chunk
 * and a request of its own.)
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

/** `EventSource`: the browser's own (globalThis.EventSource, read when a stream opens) unless given. */
export function createLiveLink(
  url: string,
  streamToken: TStreamToken,
  EventSource?: typeof globalThis.EventSource,
): TLiveLink {
  let used: string | null = null;
  let wasRefused = false;
  return {
    link: httpSubscriptionLink({
      url,
      ...(EventSource ? { EventSource } : {}),
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

/** The payload of a live event: a tracked event's `data` (`{ id, data }`), or the event itself. */
export function unwrapTracked<T>(event: unknown): T {
  if (typeof event === 'object' && event !== null && 'data' in event && 'id' in event) {
    return (event as { data: T }).data;
  }
  return event as T;
}
