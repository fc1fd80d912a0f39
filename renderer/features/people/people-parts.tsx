/**
 * Pieces the people screens share: a person row with its follow button and a paged list with "Load
 * more". The birthdays are in birthdays.ts and birthday-inputs.tsx; a person's avatar is the kit's
 * (kit/person-avatar.tsx), as are tabs drawn as links (kit/tab-links.tsx).
 */
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from '../../routes/link';
import type { TPage } from '../../../server/contracts/paging';
import type { TListedPerson } from '../../../server/contracts/people';
import { useIdentity } from '../../auth/identity-provider';
import { QueryView } from '../../kit/query-view';
import { PersonAvatar } from '../../kit/person-avatar';
import { ListSkeleton, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';

export const PAGE_SIZE = 20;

/** The signed-in member's id, or null (a visitor, or while the identity loads). */
export function useMyUserId(): string | null {
  return useIdentity().identity?.userId ?? null;
}

/**
 * Follow / Unfollow for one person: the button shows the new state at once and goes back (with a
 * toast) when the call fails.
 */
export function FollowButton({
  userId,
  name,
  isFollowing,
  size = 'xs',
  onChange,
}: {
  userId: string;
  name: string;
  isFollowing: boolean;
  size?: 'xs' | 'sm';
  onChange?: (following: boolean) => void;
}) {
  const [following, setFollowing] = useState(isFollowing);
  const toast = useToast();
  const utils = trpc.useUtils();
  const follow = trpc.people.follow.useMutation();
  const unfollow = trpc.people.unfollow.useMutation();
  const busy = follow.isPending || unfollow.isPending;

  function toggle(): void {
    const next = !following;
    setFollowing(next);
    onChange?.(next);
    const call = next ? follow.mutateAsync({ userId }) : unfollow.mutateAsync({ userId });
    call
      .then(() => utils.people.get.invalidate({ userId }))
      .catch((error: unknown) => {
        setFollowing(!next);
        onChange?.(!next);
        toast.error(errorText(error), next ? `Could not follow ${name}` : `Could not unfollow ${name}`);
      });
  }

  return (
    <Button
      size={size}
      variant={following ? 'default' : 'filled'}
      onClick={toggle}
      disabled={busy}
      // A toggle named by what it shows (WCAG 2.5.3 label in name: a voice-control user says
      // "Following"), with whom; pressed means following, and pressing it again unfollows.
      aria-pressed={following}
      aria-label={following ? `Following ${name}` : `Follow ${name}`}
      data-testid="follow-button"
    >
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}

export function PersonRow({
  person,
  action,
  detail,
}: {
  person: TListedPerson;
  action?: ReactNode;
  detail?: ReactNode;
}) {
  const signedIn = useMyUserId() !== null;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="person-row" data-user-id={person.userId}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <PersonAvatar name={person.displayName} pictureUrl={person.pictureUrl} />
          <Stack gap={0} miw={0}>
            <Anchor
              component={Link}
              to={href('v2.profile.main', { userId: person.userId })}
              fw={600}
              truncate
              data-testid="person-link"
            >
              {person.displayName}
            </Anchor>
            {detail ? (
              <Text size="xs" c="dimmed">
                {detail}
              </Text>
            ) : null}
          </Stack>
        </Group>
        {action !== undefined ? (
          action
        ) : signedIn && !person.relation.isSelf ? (
          <FollowButton userId={person.userId} name={person.displayName} isFollowing={person.relation.isFollowing} />
        ) : null}
      </Group>
    </Card>
  );
}

/**
 * A paged collection (spec §4) over one tRPC procedure: pages of PAGE_SIZE, "Load more" while the
 * last page's token says there is more.
 */
export function usePagedPeople<T>(queryKey: QueryKey, loadPage: (offset: number) => Promise<TPage<T>>, enabled = true) {
  return useInfiniteQuery({
    queryKey,
    enabled,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => loadPage(pageParam),
    getNextPageParam: (last: TPage<T>) => {
      if (!last.paging.token) return undefined;
      const next = Number(last.paging.token);
      return Number.isFinite(next) ? next : last.paging.offset + last.items.length;
    },
  });
}

export function PagedList<T>({
  query,
  empty,
  children,
  testId,
}: {
  query: ReturnType<typeof usePagedPeople<T>>;
  empty: ReactNode;
  children: (item: T) => ReactNode;
  testId: string;
}) {
  return (
    <QueryView
      query={query}
      skeleton={<ListSkeleton rows={3} />}
      isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
      empty={empty}
    >
      {(data) => (
        <Stack gap="sm" data-testid={testId}>
          {data.pages.flatMap((page) => page.items).map(children)}
          {query.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => void query.fetchNextPage()}
                loading={query.isFetchingNextPage}
                data-testid="load-more"
              >
                Load more
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </QueryView>
  );
}
