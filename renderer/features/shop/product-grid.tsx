/**
 * Paged product lists (spec §4 paged collections): pages of PRODUCT_PAGE_SIZE over one shop
 * procedure (search or new arrivals), "Load more" until the end is reached (the spec's rules in
 * renderer/client/paging.ts), with the kit's skeleton, empty and error states.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TPage } from '../../../server/contracts/paging';
import { isEndReached } from '../../client/paging';
import { CardGrid } from '../../kit/card-grid';
import { QueryView } from '../../kit/query-view';
import { CardGridSkeleton, errorText } from '../../kit/states';
import { ProductCard } from './product-card';
import type { TProduct } from './shop-parts';

export const PRODUCT_PAGE_SIZE = 12;
export const PRODUCT_GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 } as const;

/** The next page's offset, or undefined at the end. */
export function nextOffset(last: TPage<unknown>): number | undefined {
  if (isEndReached(last.paging, last.items.length)) return undefined;
  return last.paging.offset + last.items.length;
}

export function useProductPages(
  queryKey: QueryKey,
  loadPage: (offset: number) => Promise<TPage<TProduct>>,
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey: ['shop-products', ...queryKey],
    enabled,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => loadPage(pageParam),
    getNextPageParam: nextOffset,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export type TProductPages = ReturnType<typeof useProductPages>;

export function ProductGrid({
  query,
  empty,
  testId,
  skeletonCount = 8,
}: {
  query: TProductPages;
  empty: ReactNode;
  testId: string;
  skeletonCount?: number;
}) {
  // A failed "Load more" keeps what is shown and says so under it; only a failed first page is the
  // error state.
  const view = {
    data: query.data,
    error: query.error,
    isPending: query.isPending,
    isError: query.isError && !query.isFetchNextPageError,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
  return (
    <QueryView
      query={view}
      skeleton={<CardGridSkeleton count={skeletonCount} />}
      isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
      empty={empty}
    >
      {(data) => {
        const items = data.pages.flatMap((page) => page.items);
        const total = data.pages.at(-1)?.paging.total ?? null;
        return (
          <Stack gap="md">
            <CardGrid
              cols={PRODUCT_GRID_COLS}
              data-testid={testId}
              aria-busy={query.isPlaceholderData ? 'true' : undefined}
              style={query.isPlaceholderData ? { opacity: 0.6 } : undefined}
            >
              {items.map((product) => (
                <ProductCard key={product.productId} product={product} />
              ))}
            </CardGrid>
            <Group justify="space-between" align="center">
              <Text size="sm" c="dimmed" aria-live="polite" data-testid={`${testId}-count`}>
                {total !== null ? `Showing ${items.length} of ${total}` : `Showing ${items.length}`}
              </Text>
              {query.hasNextPage ? (
                <Button
                  variant="default"
                  onClick={() => void query.fetchNextPage()}
                  loading={query.isFetchingNextPage}
                  data-testid={`${testId}-more`}
                >
                  Load more
                </Button>
              ) : null}
            </Group>
            {query.isFetchNextPageError ? (
              <Alert color="red" variant="light" role="alert" data-testid={`${testId}-more-error`}>
                <Group justify="space-between">
                  <Text size="sm">More did not load: {errorText(query.error)}</Text>
                  <Button size="xs" variant="default" onClick={() => void query.fetchNextPage()}>
                    Try again
                  </Button>
                </Group>
              </Alert>
            ) : null}
          </Stack>
        );
      }}
    </QueryView>
  );
}
