/**
 * The exchange wall (issue 31): everyone in the exchange reads and writes it, live through the
 * wall's stream (exchanges.onWall, resumable like the chats'). A post may be anonymous: others see
 * "Someone in the exchange", the organizer included; the author sees "You (anonymously)". The
 * organizer and assistants remove any post, authors their own.
 */
import { Button, Card, Checkbox, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { WALL_POST_MAX } from '../../../../server/contracts/exchange-values';
import type { TWallPost } from '../../../../server/contracts/exchanges';
import { QueryView } from '../../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../../kit/states';
import { trpc } from '../../../trpc';
import { unwrapTracked } from '../../../live-link';
import { PersonAvatar } from '../../../kit/person-avatar';
import { useExchangeToast } from './exchange-parts';

function byId(a: TWallPost, b: TWallPost): number {
  return BigInt(a.postId) < BigInt(b.postId) ? -1 : BigInt(a.postId) > BigInt(b.postId) ? 1 : 0;
}

/**
 * Keeps the wall fresh: a new post joins the list at once; an item-less event (a (re)started
 * stream, or a post removed by someone else) reloads it.
 */
function useLiveWall(exchangeId: string): void {
  const utils = trpc.useUtils();
  trpc.exchanges.onWall.useSubscription(
    { exchangeId },
    {
      onData(event) {
        const post = unwrapTracked<TWallPost | null>(event);
        if (!post) {
          void utils.exchanges.wall.invalidate({ exchangeId });
          return;
        }
        utils.exchanges.wall.setData({ exchangeId }, (current) =>
          current && !current.posts.some((item) => item.postId === post.postId)
            ? { ...current, posts: [...current.posts, post].sort(byId) }
            : current,
        );
      },
    },
  );
}

function WallPostItem({ post, exchangeId, canRemove }: { post: TWallPost; exchangeId: string; canRemove: boolean }) {
  const remove = trpc.exchanges.removeWallPost.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  async function run(): Promise<void> {
    try {
      await remove.mutateAsync({ exchangeId, postId: post.postId });
      utils.exchanges.wall.setData({ exchangeId }, (current) =>
        current ? { ...current, posts: current.posts.filter((item) => item.postId !== post.postId) } : current,
      );
      toast.success('The post is removed');
    } catch (error) {
      toast.failed('Could not remove the post', error);
    }
  }
  return (
    <Card withBorder radius="md" padding="sm" data-testid="wall-post" data-anonymous={post.anonymous}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
          <PersonAvatar name={post.author?.displayName ?? '?'} pictureUrl={post.author?.pictureUrl ?? null} size={32} />
          <Stack gap={2} miw={0}>
            <Text size="sm" fw={600} data-testid="wall-post-author">
              {post.authorName}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="wall-post-body">
              {post.body}
            </Text>
            <Text size="xs" c="dimmed">
              {new Date(post.createdAt).toLocaleString()}
            </Text>
          </Stack>
        </Group>
        {canRemove || post.mine ? (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            loading={remove.isPending}
            onClick={() => void run()}
            aria-label={`Remove the post by ${post.authorName}`}
            data-testid="wall-post-remove"
          >
            Remove
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}

function WallForm({ exchangeId }: { exchangeId: string }) {
  const [body, setBody] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const post = trpc.exchanges.postToWall.useMutation();
  const utils = trpc.useUtils();
  const toast = useExchangeToast();
  async function submit(): Promise<void> {
    if (!body.trim()) {
      setError('Value is required');
      return;
    }
    setError(null);
    try {
      const sent = await post.mutateAsync({ exchangeId, body, anonymous });
      utils.exchanges.wall.setData({ exchangeId }, (current) =>
        current && !current.posts.some((item) => item.postId === sent.postId)
          ? { ...current, posts: [...current.posts, sent].sort(byId) }
          : current,
      );
      setBody('');
    } catch (failure) {
      toast.failed('Could not post', failure);
    }
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Write on the wall"
          autosize
          minRows={2}
          maxLength={WALL_POST_MAX}
          value={body}
          error={error}
          onChange={(event) => setBody(event.currentTarget.value)}
          data-testid="wall-body"
        />
        <Group justify="space-between">
          <Checkbox
            label="Post anonymously (shown as “Someone in the exchange”, to the organizer too)"
            checked={anonymous}
            onChange={(event) => setAnonymous(event.currentTarget.checked)}
            data-testid="wall-anonymous"
          />
          <Button type="submit" loading={post.isPending} data-testid="wall-post-submit">
            Post
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function WallPanel({ exchangeId }: { exchangeId: string }) {
  const query = trpc.exchanges.wall.useQuery({ exchangeId });
  useLiveWall(exchangeId);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="exchange-wall">
      <Stack gap="md">
        <Title order={2} fz="h3">
          The wall
        </Title>
        <QueryView query={query} skeleton={<ListSkeleton rows={2} height={56} />}>
          {(wall) => (
            <Stack gap="sm">
              {wall.posts.length === 0 ? (
                <EmptyState title="Nothing on the wall yet" description="Say hello to everyone in the exchange." />
              ) : (
                <Stack gap="xs" data-testid="wall-posts" aria-live="polite">
                  {wall.posts.map((post) => (
                    <WallPostItem key={post.postId} post={post} exchangeId={exchangeId} canRemove={wall.canRemove} />
                  ))}
                </Stack>
              )}
              {wall.canPost ? <WallForm exchangeId={exchangeId} /> : null}
            </Stack>
          )}
        </QueryView>
      </Stack>
    </Card>
  );
}
