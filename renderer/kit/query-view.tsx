/**
 * One way to show a query: its skeleton while pending, the error state with a retry when it
 * failed, the empty state when it answered nothing, else the content. Screens pass the react-query
 * (or tRPC) query object itself.
 */
import type { ReactNode } from 'react';
import { ErrorState } from './states';

export interface TQueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface TQueryViewProps<T> {
  query: TQueryLike<T>;
  skeleton: ReactNode;
  /** Whether an answer counts as empty (then `empty` shows instead of the content). */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

export function QueryView<T>({ query, skeleton, isEmpty, empty, children }: TQueryViewProps<T>) {
  if (query.isError)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.isPending || query.data === undefined) return <>{skeleton}</>;
  if (empty !== undefined && isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
