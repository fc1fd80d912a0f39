/**
 * A visitor's landing page reads its three tRPC queries (home.landing, shop.markets,
 * auth.providers) with plain GETs (`/trpc/<path>?input=<json>`, through the app requester's fetch)
 * instead of react-query, which then never loads for them. The rules are react-query's as the app
 * configured it: one retry after a second for a server error, a result kept for its stale time,
 * the previous result shown while another input loads (`keepPrevious`). Every result is also
 * handed to the query cache once it exists (data-module.tsx), so member screens do not ask again.
 */
import { startTransition, useEffect, useState } from 'react';
import { HTTP_STATUS } from '../../server/contracts/constants';
import type { TFetch } from '../client/types';
import type { TRouterOutputs } from '../trpc';

/** The procedures read this way, with their outputs. */
export interface TVisitorQueries {
  'home.landing': TRouterOutputs['home']['landing'];
  'shop.markets': TRouterOutputs['shop']['markets'];
  'auth.providers': TRouterOutputs['auth']['providers'];
}
export type TVisitorQueryPath = keyof TVisitorQueries;

/** The error of a failed call, shaped like tRPC's (message, and `data.httpStatus`/`data.code`). */
export class TrpcGetError extends Error {
  readonly data: { httpStatus?: number; code?: string } | undefined;

  constructor(message: string, data: { httpStatus?: number; code?: string } | undefined) {
    super(message);
    this.name = 'TRPCClientError';
    this.data = data;
  }
}

interface TEntry {
  path: TVisitorQueryPath;
  input: unknown;
  data: unknown;
  updatedAt: number;
  error: TrpcGetError | null;
  fetching: Promise<void> | null;
  /** Bumped on every change: the hook's snapshot. */
  version: number;
  listeners: Set<() => void>;
}

export type TVisitorResultListener = (
  path: TVisitorQueryPath,
  input: unknown,
  data: unknown,
  updatedAt: number,
) => void;

const RETRY_DELAY_MS = 1000;
const entries = new Map<string, TEntry>();
const resultListeners = new Set<TVisitorResultListener>();
let fetcher: TFetch = (input, init) => fetch(input, init);

/** The app requester's fetch (bearer token, page request id, timeout), as the tRPC link uses. */
export function setVisitorQueryFetch(value: TFetch): void {
  fetcher = value;
}

export function visitorQueryUrl(path: TVisitorQueryPath, input: unknown): string {
  return input === undefined ? `/trpc/${path}` : `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
}

/** One GET of a procedure: its `result.data`, or a TrpcGetError with the answer's message and status. */
export async function getVisitorQuery(path: TVisitorQueryPath, input: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetcher(visitorQueryUrl(path, input), { method: 'GET' });
  } catch (error) {
    throw new TrpcGetError(error instanceof Error ? error.message : String(error), undefined);
  }
  type TBody = { result?: { data?: unknown }; error?: { message?: string; data?: TrpcGetError['data'] } };
  const body = await response.json().then(
    (value: unknown) => value as TBody | null,
    () => null,
  );
  if (response.ok && body?.result) return body.result.data;
  throw new TrpcGetError(body?.error?.message ?? `HTTP ${response.status}`, {
    ...body?.error?.data,
    httpStatus: body?.error?.data?.httpStatus ?? response.status,
  });
}

/** As the app's QueryClient: 4xx answers (other than 429) and 401s are not retried; others once. */
function retries(error: TrpcGetError): boolean {
  const status = error.data?.httpStatus;
  if (status === undefined) return true;
  if (status === HTTP_STATUS.unauthorized) return false;
  return !(status >= HTTP_STATUS.badRequest && status < HTTP_STATUS.internalServerError) || status === 429;
}

function entryOf(path: TVisitorQueryPath, input: unknown): TEntry {
  const key = `${path}:${JSON.stringify(input) ?? ''}`;
  let entry = entries.get(key);
  if (!entry) {
    entry = {
      path,
      input,
      data: undefined,
      updatedAt: 0,
      error: null,
      fetching: null,
      version: 0,
      listeners: new Set(),
    };
    entries.set(key, entry);
  }
  return entry;
}

function changed(entry: TEntry): void {
  entry.version += 1;
  for (const listener of entry.listeners) listener();
}

function fetchEntry(entry: TEntry): Promise<void> {
  if (entry.fetching) return entry.fetching;
  const run = async (): Promise<void> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const data = await getVisitorQuery(entry.path, entry.input);
        entry.data = data;
        entry.updatedAt = Date.now();
        entry.error = null;
        for (const listener of resultListeners) listener(entry.path, entry.input, data, entry.updatedAt);
        return;
      } catch (error) {
        const failure = error instanceof TrpcGetError ? error : new TrpcGetError(String(error), undefined);
        if (attempt < 1 && retries(failure)) {
          await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
          continue;
        }
        entry.error = failure;
        return;
      }
    }
  };
  entry.fetching = run().finally(() => {
    entry.fetching = null;
    changed(entry);
  });
  changed(entry);
  return entry.fetching;
}

/** Every result so far, then each new one (the query cache takes them over). */
export function onVisitorResults(listener: TVisitorResultListener): () => void {
  for (const entry of entries.values()) {
    if (entry.updatedAt > 0) listener(entry.path, entry.input, entry.data, entry.updatedAt);
  }
  resultListeners.add(listener);
  return () => resultListeners.delete(listener);
}

/** Another person signed in or out: forget every result and ask again for those on screen. */
export function resetVisitorQueries(): void {
  for (const entry of entries.values()) {
    entry.data = undefined;
    entry.updatedAt = 0;
    entry.error = null;
    changed(entry);
    if (entry.listeners.size > 0) void fetchEntry(entry);
  }
}

export interface TVisitorQueryOptions {
  enabled?: boolean;
  /** How long a result is fresh (ms): a screen mounted later uses it without asking again. */
  staleTime?: number;
  /** While another input loads, the previous input's result stays (react-query's keepPreviousData). */
  keepPrevious?: boolean;
}

export interface TVisitorQueryResult<T> {
  data: T | undefined;
  error: TrpcGetError | null;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<void>;
}

/**
 * Renders the component again when the entry changes, in a transition. Not useSyncExternalStore:
 * React renders a store's change at once, in one task, and the landing page's answers come in after
 * it painted: its member count and gift guides took one long task of 70–140 ms with the CPU slowed
 * 4× (total blocking time on `/`). In a transition React renders them in slices, and a tap goes
 * first. What the component shows is read from the entry when it renders, so it is never older than
 * the last change it was told of.
 */
function useEntryChanges(entry: TEntry): void {
  const [, setVersion] = useState(entry.version);
  useEffect(() => {
    const listener = (): void => startTransition(() => setVersion(entry.version));
    entry.listeners.add(listener);
    // A change between this render and the subscription.
    listener();
    return () => {
      entry.listeners.delete(listener);
    };
  }, [entry]);
}

export function useVisitorQuery<P extends TVisitorQueryPath>(
  path: P,
  input: unknown,
  options: TVisitorQueryOptions = {},
): TVisitorQueryResult<TVisitorQueries[P]> {
  const { enabled = true, staleTime = 0, keepPrevious = false } = options;
  const entry = entryOf(path, input);
  useEntryChanges(entry);

  useEffect(() => {
    if (!enabled) return;
    const fresh = entry.updatedAt > 0 && Date.now() - entry.updatedAt < staleTime;
    if (!fresh && !entry.fetching) void fetchEntry(entry);
  }, [entry, enabled, staleTime]);

  const data = entry.data as TVisitorQueries[P] | undefined;
  const [previous, setPrevious] = useState<TVisitorQueries[P] | undefined>(undefined);
  if (keepPrevious && data !== undefined && data !== previous) setPrevious(data);
  const placeholder = keepPrevious && data === undefined && enabled && entry.error === null && previous !== undefined;

  return {
    data: placeholder ? previous : data,
    error: entry.error,
    isPending: data === undefined && !placeholder,
    isFetching: entry.fetching !== null || (enabled && entry.updatedAt === 0 && entry.error === null),
    isError: entry.error !== null,
    isPlaceholderData: placeholder,
    refetch: () => fetchEntry(entry),
  };
}
