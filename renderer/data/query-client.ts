/**
 * The app's QueryClient: react-query's, except that invalidating after a write always ends with
 * data read after it.
 *
 * react-query lets an invalidation join a query's fetch already in flight when the query has no
 * data yet (`cancelRefetch` only cancels a fetch that refreshes data). That first fetch may have
 * been read by the server before the write that prompted the invalidation committed, and its stale
 * answer then stays for the whole staleTime. It happened with the header's `auth.me`, which loads
 * with the shell's lazy parts: a picture uploaded on a slow machine before that first answer came
 * back never reached the header. So such queries are fetched once more after the first fetch
 * settles. Cancelling the first fetch instead would reject whoever awaits it (a loader's
 * `fetchQuery`), so it is let finish.
 */
import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters, type Query } from '@tanstack/react-query';

export class AppQueryClient extends QueryClient {
  override async invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    const firstFetches = new Set<Query>(
      this.getQueryCache()
        .findAll(filters)
        .filter((query) => query.state.fetchStatus !== 'idle' && query.state.data === undefined),
    );
    await super.invalidateQueries(filters, options);
    if (firstFetches.size === 0 || filters?.refetchType === 'none') return;
    await this.refetchQueries(
      { type: filters?.refetchType ?? filters?.type ?? 'active', predicate: (query) => firstFetches.has(query) },
      options,
    );
  }
}
