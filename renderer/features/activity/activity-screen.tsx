/**
 * /activity/ (v2.activity): what the people the member follows and their groups did lately (new
 * wish lists and wishes, exchanges joined, thank-yous, groups joined), newest first, 20 at a time
 * with "Load more". With nothing yet, it suggests following people.
 */
import { Button, Group, Stack } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '../../routes/link';
import type { TActivityPage } from '../../../server/contracts/social';
import { UsersIcon } from '../../app/icons';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { ActivityList } from './activity-feed';

export const ACTIVITY_PAGE_SIZE = 20;

export function useActivityFeed(groupId?: string) {
  const utils = trpc.useUtils();
  return useInfiniteQuery({
    queryKey: ['activity', 'feed', groupId ?? null],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }): Promise<TActivityPage> =>
      utils.client.activity.feed.query({
        limit: ACTIVITY_PAGE_SIZE,
        ...(pageParam ? { before: pageParam } : {}),
        ...(groupId ? { groupId } : {}),
      }),
    getNextPageParam: (last: TActivityPage) => (last.next ? last.next : undefined),
  });
}

export default function ActivityScreen() {
  const feed = useActivityFeed();
  return (
    <PageLayout
      title="Activity"
      description="What the people you follow and your groups have been up to."
      breadcrumbs={[{ label: 'Home', to: href('v2.home') }, { label: 'Activity' }]}
      testId="activity-screen"
    >
      <QueryView
        query={feed}
        skeleton={<ListSkeleton rows={5} height={60} />}
        isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
        empty={
          <EmptyState
            icon={<UsersIcon size={24} />}
            title="Nothing here yet"
            description="When people you follow add wish lists, join gift exchanges or say thank you, it shows up here. Follow a few friends to get started."
            action={
              <Button
                component={Link}
                to={href('v2.friends.suggestions')}
                variant="light"
                data-testid="activity-find-people"
              >
                Find people to follow
              </Button>
            }
          />
        }
      >
        {(data) => (
          <Stack gap="md">
            <ActivityList items={data.pages.flatMap((page) => page.items)} />
            {feed.hasNextPage ? (
              <Group justify="center">
                <Button
                  variant="default"
                  onClick={() => void feed.fetchNextPage()}
                  loading={feed.isFetchingNextPage}
                  data-testid="load-more"
                >
                  Load more
                </Button>
              </Group>
            ) : null}
          </Stack>
        )}
      </QueryView>
    </PageLayout>
  );
}
