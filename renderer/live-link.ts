/**
 * The live half of the tRPC client, loaded on the first subscription (a member's bell or chats):
 * subscriptions over server-sent events, through the requester's stream fetch so the stream
 * carries the bearer token. The browser's own EventSource cannot send headers; the `eventsource`
 * package's can (it reads the stream with fetch) and resumes with Last-Event-ID. Kept out of the
 * first load: visitors never open a stream.
 */
import { httpSubscriptionLink, type TRPCLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import type { TAppRouter } from '../server/trpc/router';
import type { TFetch } from './client/types';

export function createLiveLink(url: string, streamFetch: TFetch | undefined): TRPCLink<TAppRouter> {
  return httpSubscriptionLink({
    url,
    EventSource,
    ...(streamFetch
      ? {
          eventSourceOptions: () => ({
            fetch: (input: string | URL, init?: RequestInit) => streamFetch(input, init),
          }),
        }
      : {}),
  });
}
