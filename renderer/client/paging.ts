/**
 * Paged collections (spec §4): requesting / succeeded / failed plus a reached-end flag; page modes
 * initial (replace), next (append) and previous (prepend). The loader is injected, so the same store
 * serves REST (`requestWithMeta` → `{ data, paging }`) and tRPC procedures.
 */
import { createObservable } from './observable';
import type { TListener } from './types';

export interface TPaging {
  limit: number;
  offset: number;
  total: number | null;
  /** Continuation token for token-based collections; '' means there is nothing more. */
  token: string | null;
}

export type TPageMode = 'initial' | 'next' | 'previous';
export type TPagedStatus = 'idle' | 'requesting' | 'succeeded' | 'failed';

export interface TPageParams {
  offset: number;
  limit: number;
  token: string | null;
}

export interface TPageResult<T> {
  items: T[];
  /** The paging the server answered (a `-paging` header); null means a single, complete page. */
  paging: TPaging | null;
}

export type TPageLoader<T> = (params: TPageParams) => Promise<TPageResult<T>>;

export interface TPagedError {
  name: string;
  message: string;
  status: number | null;
  data: unknown;
}

export interface TPagedState<T> {
  status: TPagedStatus;
  /** The mode of the latest request. */
  mode: TPageMode | null;
  items: T[];
  reachedEnd: boolean;
  /** True when the first loaded page starts at offset 0 (nothing to prepend). */
  reachedStart: boolean;
  /** Paging of the first and of the last page held. */
  firstPaging: TPaging | null;
  lastPaging: TPaging | null;
  error: TPagedError | null;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** Normalises a paging value (the header's JSON text, or an object); null when unusable. */
export function parsePaging(value: unknown): TPaging | null {
  let raw: unknown = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const record = raw as Record<string, unknown>;
  const limit = toNumber(record.limit);
  const offset = toNumber(record.offset) ?? 0;
  if (limit === null || limit < 0 || offset < 0) return null;
  const total = toNumber(record.total);
  const token = typeof record.token === 'string' ? record.token : null;
  return { limit, offset, total: total !== null && total >= 0 ? total : null, token };
}

/**
 * The end is reached when the limit is 0, fewer items than the limit came back, the paging token
 * is empty (''), or offset + limit reaches the total. Without paging the single page is the end.
 */
export function isEndReached(paging: TPaging | null | undefined, itemsReturned: number): boolean {
  if (!paging) return true;
  if (paging.limit === 0) return true;
  if (itemsReturned < paging.limit) return true;
  if (paging.token === '') return true;
  if (paging.total !== null && paging.total !== undefined && paging.offset + paging.limit >= paging.total) return true;
  return false;
}

/** Error name, message, response status and data of a failed request. */
export function toPagedError(error: unknown): TPagedError {
  if (error instanceof Error) {
    const record = error as Error & {
      status?: unknown;
      data?: unknown;
      response?: { status?: unknown; data?: unknown };
    };
    const status = toNumber(record.status) ?? toNumber(record.response?.status);
    return { name: error.name, message: error.message, status, data: record.data ?? record.response?.data };
  }
  return { name: 'Error', message: String(error), status: null, data: undefined };
}

export interface TPagedStoreOptions<T> {
  load: TPageLoader<T>;
  /** Page size asked for; 20 by default. */
  limit?: number;
}

export interface TPagedStore<T> {
  getState(): TPagedState<T>;
  subscribe(listener: TListener<TPagedState<T>>): () => void;
  /** Replaces the items with the first page (or the page at `start`). */
  loadInitial(start?: Partial<TPageParams>): Promise<TPagedState<T>>;
  /** Appends the following page; no-op at the end or while requesting. */
  loadNext(): Promise<TPagedState<T>>;
  /** Prepends the preceding page; no-op at the start or while requesting. */
  loadPrevious(): Promise<TPagedState<T>>;
  load(mode: TPageMode): Promise<TPagedState<T>>;
  reset(): void;
}

export function initialPagedState<T>(): TPagedState<T> {
  return {
    status: 'idle',
    mode: null,
    items: [],
    reachedEnd: false,
    reachedStart: false,
    firstPaging: null,
    lastPaging: null,
    error: null,
  };
}

export const DEFAULT_PAGE_LIMIT = 20;

export function createPagedStore<T>(options: TPagedStoreOptions<T>): TPagedStore<T> {
  const limit = options.limit ?? DEFAULT_PAGE_LIMIT;
  const store = createObservable<TPagedState<T>>(initialPagedState<T>());
  // Each request gets a number; only the latest one may write its answer (a new initial load
  // supersedes anything in flight).
  let sequence = 0;

  function paramsFor(mode: TPageMode, start?: Partial<TPageParams>): TPageParams | null {
    const state = store.getState();
    if (mode === 'initial') {
      return { offset: start?.offset ?? 0, limit: start?.limit ?? limit, token: start?.token ?? null };
    }
    if (mode === 'next') {
      const last = state.lastPaging;
      if (state.reachedEnd || !last) return null;
      return { offset: last.offset + last.limit, limit: last.limit || limit, token: last.token };
    }
    const first = state.firstPaging;
    if (state.reachedStart || !first) return null;
    const size = first.limit || limit;
    const offset = Math.max(0, first.offset - size);
    return { offset, limit: first.offset - offset, token: first.token };
  }

  async function run(mode: TPageMode, start?: Partial<TPageParams>): Promise<TPagedState<T>> {
    const current = store.getState();
    if (mode !== 'initial' && current.status === 'requesting') return current;
    const params = paramsFor(mode, start);
    if (!params) return current;
    const id = ++sequence;
    store.setState((s) => ({ ...s, status: 'requesting', mode, error: null }));
    let result: TPageResult<T>;
    try {
      result = await options.load(params);
    } catch (error) {
      if (id === sequence) store.setState((s) => ({ ...s, status: 'failed', error: toPagedError(error) }));
      return store.getState();
    }
    if (id !== sequence) return store.getState();
    const items = Array.isArray(result.items) ? result.items : [];
    const paging = result.paging ?? null;
    const endReached = isEndReached(paging, items.length);
    const startReached = !paging || paging.offset <= 0;
    store.setState((s) => {
      switch (mode) {
        case 'initial':
          return {
            ...s,
            status: 'succeeded',
            items,
            reachedEnd: endReached,
            reachedStart: startReached,
            firstPaging: paging,
            lastPaging: paging,
            error: null,
          };
        case 'next':
          return {
            ...s,
            status: 'succeeded',
            items: [...s.items, ...items],
            reachedEnd: endReached,
            lastPaging: paging ?? s.lastPaging,
            error: null,
          };
        case 'previous':
        default:
          return {
            ...s,
            status: 'succeeded',
            items: [...items, ...s.items],
            reachedStart: startReached || items.length === 0,
            firstPaging: paging ?? s.firstPaging,
            error: null,
          };
      }
    });
    return store.getState();
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    loadInitial: (start?: Partial<TPageParams>): Promise<TPagedState<T>> => run('initial', start),
    loadNext: (): Promise<TPagedState<T>> => run('next'),
    loadPrevious: (): Promise<TPagedState<T>> => run('previous'),
    load: (mode: TPageMode): Promise<TPagedState<T>> => run(mode),
    reset(): void {
      sequence += 1;
      store.setState(initialPagedState<T>());
    },
  };
}
