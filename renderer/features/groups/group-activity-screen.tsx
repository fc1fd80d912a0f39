/**
 * /groups/:groupId/activity/ (v2.groups.activity): what the group's members did lately
 * (`activity.feed` with the group's id), newest first, 20 at a time with "Load more" (each page's
 * `next` is the following page's `before`; empty at the end).
 */
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import type { TActivityItem } from '../../../server/contracts/social';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ErrorState, ListSkeleton } from '../../kit/states';
import { trpc } from '../../trpc';
import { PersonAvatar } from '../../kit/person-avatar';
import { formatDate } from '../../kit/format';
import { GroupPage } from './group-page';
import { MembersOnly } from './group-parts';

const FEED_PAGE = 20;

function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

function ActivityLine({ item }: { item: TActivityItem }) {
  return (
    <Group
      component="li"
      justify="space-between"
      gap="md"
      py="xs"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="group-activity-item"
      data-kind={item.kind}
    >
      <Group gap="sm" wrap="nowrap" miw={0}>
        <PersonAvatar name={item.actor.displayName} pictureUrl={item.actor.pictureUrl} size={32} />
        <Text size="sm">
          {item.path ? (
            <Anchor component={Link} to={item.path} size="sm">
              {item.text}
            </Anchor>
          ) : (
            item.text
          )}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={item.createdAt}>{`${formatDate(item.createdAt)}, ${timeOfDay(item.createdAt)}`}</time>
      </Text>
    </Group>
  );
}

/** One page of the feed; the last page shown offers "Load more" while there is a next one. */
function FeedPage({
  groupId,
  before,
  isLast,
  onMore,
}: {
  groupId: string;
  before: string;
  isLast: boolean;
  onMore: (next: string) => void;
}) {
  const page = trpc.activity.feed.useQuery({ groupId, limit: FEED_PAGE, ...(before ? { before } : {}) });
  const first = before === '';
  if (!first && page.isError)
    return <ErrorState error={page.error} onRetry={() => void page.refetch()} retrying={page.isFetching} />;
  if (!first && !page.data) return <ListSkeleton rows={3} height={40} />;
  return (
    <QueryView
      query={page}
      skeleton={<ListSkeleton rows={5} height={44} />}
      isEmpty={(data) => first && data.items.length === 0}
      empty={
        <EmptyState
          title="Nothing has happened yet"
          description="New members, wish lists, wishes and thank-yous of the group's members show up here."
        />
      }
    >
      {(data) => (
        <Stack gap="sm">
          <Stack gap={0} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.items.map((item) => (
              <ActivityLine key={item.activityId} item={item} />
            ))}
          </Stack>
          {isLast && data.next ? (
            <Group justify="center">
              <Button variant="default" onClick={() => onMore(data.next)} data-testid="group-activity-more">
                Load more
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </QueryView>
  );
}

function Feed({ groupId }: { groupId: string }) {
  const [cursors, setCursors] = useState<string[]>(['']);
  return (
    <Card withBorder radius="md" padding="md" data-testid="group-activity">
      <Stack gap="sm">
        {cursors.map((before, index) => (
          <FeedPage
            key={before || 'first'}
            groupId={groupId}
            before={before}
            isLast={index === cursors.length - 1}
            onMore={(next) => setCursors((current) => (current.includes(next) ? current : [...current, next]))}
          />
        ))}
      </Stack>
    </Card>
  );
}

export default function GroupActivityScreen() {
  const { groupId = '' } = useParams();
  return (
    <GroupPage groupId={groupId} title="Activity" testId="group-activity-screen">
      {(group) => (
        <MembersOnly group={group}>
          <Feed groupId={group.groupId} />
        </MembersOnly>
      )}
    </GroupPage>
  );
}
