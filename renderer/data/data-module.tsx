/**
 * The app's query data, loaded on demand (data-loader.ts; the screens' `../trpc` re-exports its
 * hooks, so this module's chunk is the one they load):
 * - the typed tRPC hooks (`trpc.<domain>.<procedure>.useQuery`) and the client factory (only the
 *   router's type crosses from the server; nothing server-side is bundled);
 * - the one QueryClient and tRPC client, and the providers every screen that queries renders in;
 * - the shell's member-only parts that query (the `auth.me` summary, the terms check);
 * - cached answers kept honest when the identity changes: another user (sign-in, sign-out, switch,
 *   impersonation) resets every query, since none of the cached answers belong to the new user; a
 *   new token for the same user (e-mail confirmed, refresh) refetches only the auth queries. The
 *   visitor's plain GETs (visitor-queries.ts) are taken into the cache, so screens do not ask again.
 */
import { createTRPCQueryUtils, createTRPCReact, getQueryKey, httpBatchLink, splitLink } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { retryLink } from '@trpc/client';
import { HTTP_STATUS, TRPC_MAX_BATCH_CALLS } from '../../server/contracts/constants';
import type { TAppRouter } from '../../server/trpc/router';
import type { TFetch } from '../client/types';
import { createLiveLink, type TStreamToken } from '../live-link';
import { MutationCache, QueryCache, QueryClientProvider, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { AppQueryClient } from './query-client';
import { useEffect, type ReactNode } from 'react';
import { statusOf } from '../app/runtime/app-runtime';
import type { TAppAuth } from '../auth/app-auth';
import type { TIdentity } from '../../server/contracts/identity';
import { isUnauthorizedError } from '../auth/guard-decision';
import { isAnotherUser, useIdentity } from '../auth/identity-provider';
import { setMeData } from '../auth/me-store';
import { onVisitorResults, type TVisitorQueryPath } from './visitor-queries';

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
  /** The token a live stream opens with (the requester's `streamToken`); none by default. */
  streamToken?: TStreamToken;
}

/** The longest wait before opening a closed live stream again (1 s after the first failure, doubling). */
export const LIVE_RETRY_MAX_MS = 30_000;
export const liveRetryDelayMs = (attempts: number): number => Math.min(LIVE_RETRY_MAX_MS, 1000 * 2 ** (attempts - 1));

/**
 * A tRPC client: queries and mutations over one batching HTTP link through the client runtime's
 * requester (bearer token, refresh), subscriptions (live messages and notifications) over
 * server-sent events on the live link (renderer/live-link.ts), opening with `streamToken`.
 */
export function createTrpcClient(options: TTrpcClientOptions = {}) {
  const url = options.url ?? '/trpc';
  const { fetch } = options;
  const live = createLiveLink(url, options.streamToken ?? (async () => null));
  return trpc.createClient({
    links: [
      retryLink({
        // A stream the server closed without one (a failure with no tRPC error: a refused token, a
        // draining or overloaded server) opens again, with a newer token and from its last event.
        // A procedure's own refusal (not found, forbidden) stands, and queries and mutations keep
        // the requester's own single retry.
        retry: ({ op, error }) => {
          if (op.type !== 'subscription' || error.data) return false;
          live.refused();
          return true;
        },
        retryDelayMs: liveRetryDelayMs,
      }),
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: live.link,
        // The server answers 400 to a larger batch; the link sends more calls as several batches.
        false: httpBatchLink({ url, maxItems: TRPC_MAX_BATCH_CALLS, ...(fetch ? { fetch } : {}) }),
      }),
    ],
  });
}

// The shell's member-only parts that query: in this chunk, so a member's page fetches no more for them.
export { default as TermsCheck } from '../app/terms-check';

/** Hands the `auth.me` answer to the shell (me-store.ts); the shell mounts it for a signed-in person. */
export function MeSync() {
  const { identity, isReady } = useIdentity();
  const me = trpc.auth.me.useQuery(undefined, { enabled: isReady && identity !== null, staleTime: 60_000 });
  useEffect(() => setMeData(me.data), [me.data]);
  useEffect(() => () => setMeData(undefined), []);
  return null;
}

export interface TDataDeps {
  auth: Pick<TAppAuth, 'store' | 'requester' | 'whenReady'>;
  /** A 403 from any query or mutation: warn log and 'Forbidden, please contact support' (spec §6, §8). */
  reportForbidden: (error: unknown) => void;
  /**
   * The answers a member's page was rendered with by the server (`answersOf` there), and whose they
   * are: the cache starts with them unless another person is known to be signed in here, and drops
   * them when the page's first refresh says someone else is.
   */
  initialData?: { state: unknown; userId: string } | null;
}

/**
 * A cached answer as a server render hands it to the browser. Plain `setQueryData` entries rather
 * than react-query's dehydrate/hydrate: those weigh about 0.9 KiB gzip on every member page, for
 * what a list of successful answers does here.
 */
export interface TCachedAnswer {
  queryKey: QueryKey;
  data: unknown;
  updatedAt: number;
}

/** The cache's successful answers (the server's render sends them with the page). */
export function answersOf(queryClient: QueryClient): TCachedAnswer[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({ queryKey: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }));
}

/** Puts answers a server render sent into the cache (anything not shaped like one is left out). */
function takeAnswers(queryClient: QueryClient, state: unknown): void {
  if (!Array.isArray(state)) return;
  for (const answer of state as Partial<TCachedAnswer>[])
    if (Array.isArray(answer?.queryKey) && typeof answer.updatedAt === 'number')
      queryClient.setQueryData(answer.queryKey, answer.data, { updatedAt: answer.updatedAt });
}

/** The tRPC procedures over the app's query cache outside React (`utils.home.landing.prefetch(…)`). */
export type TQueryUtils = ReturnType<typeof createTRPCQueryUtils<TAppRouter>>;

/** What a screen's `prefetch` export gets (renderer/routes/screens.ts): a signed-in person's. */
export interface TPrefetchContext {
  utils: TQueryUtils;
  userId: string;
  /** The address's query string the screen is shown for. */
  search: string;
}

export interface TData {
  queryClient: QueryClient;
  /** The query cache and tRPC client for its children (one client for every instance). */
  Providers: (props: { children: ReactNode }) => ReactNode;
  /**
   * Starts a screen's queries once the identity is known (the first refresh answered), for a
   * signed-in person only (a visitor's screen asks for its own when it renders). Settles when what
   * the screen started has, whatever the answers (their errors are the screen's to show).
   */
  prefetch(
    start: (context: TPrefetchContext) => Promise<unknown> | void,
    location: Pick<Location, 'search'>,
  ): Promise<void>;
}

/** 4xx answers other than a timeout-like 408/429 are not worth a retry. */
function isClientError(error: unknown): boolean {
  const status = statusOf(error);
  return (
    status !== null &&
    status >= HTTP_STATUS.badRequest &&
    status < HTTP_STATUS.internalServerError &&
    status !== HTTP_STATUS.tooManyRequests
  );
}

/** The query key tRPC's hooks use for a procedure (`home.landing`) and its input. */
function trpcQueryKey(path: TVisitorQueryPath, input: unknown) {
  const procedure = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], trpc);
  return getQueryKey(procedure as Parameters<typeof getQueryKey>[0], input as never, 'query');
}

export function createData(deps: TDataDeps): TData {
  const { auth } = deps;
  const onAnyError = (error: unknown): void => {
    if (statusOf(error) === HTTP_STATUS.forbidden) deps.reportForbidden(error);
  };

  const queryClient = new AppQueryClient({
    queryCache: new QueryCache({ onError: onAnyError }),
    mutationCache: new MutationCache({ onError: onAnyError }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 401 already had its refresh and retry in the requester; the guard takes it from there.
        retry: (failureCount, error) => failureCount < 1 && !isUnauthorizedError(error) && !isClientError(error),
        refetchOnWindowFocus: false,
      },
    },
  });
  const trpcClient = createTrpcClient({
    fetch: auth.requester.fetch,
    // After the first refresh: a stream opened before it would go as a visitor's.
    streamToken: (refused) => auth.whenReady().then(() => auth.requester.streamToken(refused)),
  });

  onVisitorResults((path, input, data, updatedAt) => {
    queryClient.setQueryData(trpcQueryKey(path, input), data, { updatedAt });
  });

  // The server's render is taken only for its own member, or before anyone is known here (the
  // first refresh then decides: another person's answers are reset with the rest below).
  const stored = auth.store.getIdentity();
  const initial = deps.initialData;
  const seeded = initial && (stored === null || stored.userId === initial.userId) ? initial : null;
  if (seeded) takeAnswers(queryClient, seeded.state);
  let previous: Pick<TIdentity, 'userId' | 'impersonatorUserId' | 'token'> | null =
    stored ?? (seeded ? { userId: seeded.userId, impersonatorUserId: null, token: '' } : null);
  auth.store.subscribe(({ identity }) => {
    // Nothing cached yet (the page's first refresh answering, before any screen asked): nothing of
    // the previous person's to drop, and what the screen's prefetch asks for next must stay.
    if (isAnotherUser(previous, identity) && queryClient.getQueryCache().getAll().length > 0) {
      // After React has rendered with the new identity: resetting at once would refetch the
      // mounted queries under the previous person's keys (their ids) with the new person's
      // token, and answer 403s (e.g. the terms check right after switching into a child).
      setTimeout(() => void queryClient.resetQueries(), 0);
    } else if ((previous?.token ?? null) !== (identity?.token ?? null)) {
      void queryClient.invalidateQueries({ queryKey: [['auth']] });
    }
    previous = identity;
  });

  const utils = createTRPCQueryUtils({ queryClient, client: trpcClient });
  const prefetch: TData['prefetch'] = (start, location) =>
    auth
      .whenReady()
      .then(() => {
        const identity = auth.store.getIdentity();
        return identity ? start({ utils, userId: identity.userId, search: location.search }) : undefined;
      })
      .then(
        () => undefined,
        () => undefined,
      );

  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          {children}
        </trpc.Provider>
      </QueryClientProvider>
    );
  }

  return { queryClient, Providers, prefetch };
}
