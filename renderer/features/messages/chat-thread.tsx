/**
 * One conversation (a direct or group chat): its messages oldest → newest with "Load earlier" on
 * top, the live ones appended as they come (chats-panel.tsx owns the subscription), a composer
 * (Enter sends, Shift+Enter starts a new line), and the read mark moved to the newest message shown.
 */
import { Anchor, Badge, Box, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '../../routes/link';
import type { TChatMessage, TConversationSummary } from '../../../server/contracts/social';
import { MESSAGE_BODY_MAX } from '../../../server/contracts/social-values';
import { QueryView } from '../../kit/query-view';
import { ListSkeleton, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { RelativeTime } from '../activity/relative-time';
import { PersonAvatar } from '../../kit/person-avatar';
import { compareIds, mergeMessages, newClientKey } from './chat-state';
import { MessageText } from './message-text';

export const THREAD_PAGE_SIZE = 30;

export type TLiveStatus = 'idle' | 'connecting' | 'pending' | 'error';

/** The live stream's state in words (never colour alone). */
export function LiveIndicator({ status }: { status: TLiveStatus }) {
  if (status === 'idle') return null;
  const label =
    status === 'pending' ? 'Live' : status === 'connecting' ? 'Reconnecting…' : 'Offline: reload to reconnect';
  const color = status === 'pending' ? 'green' : status === 'connecting' ? 'yellow' : 'gray';
  return (
    <Badge
      variant="light"
      color={color}
      size="sm"
      role="status"
      data-testid="chat-live-status"
      data-status={status}
      leftSection={
        <span
          aria-hidden
          style={{ display: 'inline-block', width: 6, height: 6, borderRadius: 3, background: 'currentColor' }}
        />
      }
    >
      {label}
    </Badge>
  );
}

function MessageBubble({ message }: { message: TChatMessage }) {
  const mine = message.isMine;
  return (
    <Group
      component="li"
      gap="xs"
      align="flex-end"
      wrap="nowrap"
      justify={mine ? 'flex-end' : 'flex-start'}
      data-testid="chat-message"
      data-message-id={message.messageId}
      data-mine={mine ? 'true' : 'false'}
    >
      {!mine ? (
        <PersonAvatar name={message.sender.displayName} pictureUrl={message.sender.pictureUrl} size={28} />
      ) : null}
      <Card
        padding="xs"
        radius="md"
        withBorder
        maw="80%"
        style={{ background: mine ? 'var(--mantine-color-red-0)' : 'var(--mantine-color-body)' }}
      >
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Text size="xs" fw={700}>
            {mine ? 'You' : message.sender.displayName}
          </Text>
          <RelativeTime iso={message.createdAt} />
        </Group>
        <MessageText body={message.body} size="sm" data-testid="chat-message-body" />
      </Card>
    </Group>
  );
}

function Composer({ conversationId, onSent }: { conversationId: string; onSent: (message: TChatMessage) => void }) {
  const [body, setBody] = useState('');
  // What the box holds now (kept beside the state, for a send asked for while another was on its way).
  const bodyRef = useRef('');
  const send = trpc.messages.send.useMutation();
  const toast = useToast();
  // One key per message being written: a retry after a failed answer re-sends the same key, so the
  // server never makes two messages of one.
  const keyRef = useRef<string | null>(null);
  const sendingRef = useRef(false);
  // Enter pressed while the previous message was on its way: this one goes right after it, in order.
  const queuedRef = useRef(false);
  const trimmed = body.trim();
  const tooLong = body.length > MESSAGE_BODY_MAX;

  function change(value: string): void {
    bodyRef.current = value;
    setBody(value);
  }

  async function submit(): Promise<void> {
    if (sendingRef.current) {
      queuedRef.current = true;
      return;
    }
    const text = bodyRef.current;
    if (!text.trim() || text.length > MESSAGE_BODY_MAX) return;
    sendingRef.current = true;
    keyRef.current ??= newClientKey();
    let sent = false;
    try {
      const message = await send.mutateAsync({ conversationId, body: text.trim(), clientKey: keyRef.current });
      keyRef.current = null;
      // Only what was sent leaves the box: the next message may already be typed in it.
      if (bodyRef.current === text) change('');
      onSent(message);
      sent = true;
    } catch (error) {
      queuedRef.current = false;
      toast.error(errorText(error), 'Your message was not sent');
    } finally {
      sendingRef.current = false;
    }
    if (sent && queuedRef.current) {
      queuedRef.current = false;
      await submit();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="chat-composer"
    >
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Textarea
          label="Your message"
          description={`Enter sends, Shift+Enter starts a new line. ${body.length}/${MESSAGE_BODY_MAX}`}
          placeholder="Write a message…"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={MESSAGE_BODY_MAX}
          value={body}
          onChange={(event) => {
            change(event.currentTarget.value);
            keyRef.current = null;
          }}
          onKeyDown={onKeyDown}
          error={tooLong ? `At most ${MESSAGE_BODY_MAX} characters` : undefined}
          style={{ flex: 1 }}
          data-testid="chat-input"
        />
        <Button type="submit" loading={send.isPending} disabled={!trimmed || tooLong} data-testid="chat-send">
          Send
        </Button>
      </Group>
    </form>
  );
}

export function ChatThread({
  conversationId,
  conversation,
  live,
  liveStatus,
  onSent,
}: {
  conversationId: string;
  /** The list's summary of it, when the list has it (title, who, whether one may write). */
  conversation: TConversationSummary | undefined;
  /** Messages that arrived live or were sent from here since the thread opened. */
  live: readonly TChatMessage[];
  liveStatus: TLiveStatus;
  onSent: (message: TChatMessage) => void;
}) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const latest = trpc.messages.messages.useQuery({ conversationId, limit: THREAD_PAGE_SIZE });
  const [older, setOlder] = useState<{ items: TChatMessage[]; hasMore: boolean } | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const markRead = trpc.messages.markRead.useMutation();
  const markedRef = useRef<string | null>(null);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const anchorRef = useRef<{ height: number; top: number } | null>(null);

  const messages = useMemo(
    () => mergeMessages(older?.items ?? [], latest.data?.items ?? [], live),
    [older, latest.data, live],
  );
  const hasMore = older ? older.hasMore : (latest.data?.hasMore ?? false);
  const newest = messages.at(-1)?.messageId ?? null;
  const oldest = messages[0]?.messageId ?? null;

  async function loadEarlier(): Promise<void> {
    if (!oldest || loadingEarlier) return;
    setLoadingEarlier(true);
    const box = scrollRef.current;
    anchorRef.current = box ? { height: box.scrollHeight, top: box.scrollTop } : null;
    try {
      const page = await utils.client.messages.messages.query({
        conversationId,
        beforeId: oldest,
        limit: THREAD_PAGE_SIZE,
      });
      setOlder((previous) => ({ items: mergeMessages(page.items, previous?.items ?? []), hasMore: page.hasMore }));
    } catch (error) {
      anchorRef.current = null;
      toast.error(errorText(error), 'Earlier messages did not load');
    } finally {
      setLoadingEarlier(false);
    }
  }

  // Keep the view: after "Load earlier" the same message stays in place; a new message at the
  // bottom scrolls into view.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    if (anchorRef.current) {
      box.scrollTop = box.scrollHeight - anchorRef.current.height + anchorRef.current.top;
      anchorRef.current = null;
    }
  }, [oldest]);
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [newest]);

  // Shown means read: move the read mark to the newest message on screen (once per message).
  useEffect(() => {
    if (!newest || (markedRef.current !== null && compareIds(newest, markedRef.current) <= 0)) return;
    markedRef.current = newest;
    // My own message needs no mark unless older ones of others wait unread.
    if (messages.at(-1)?.isMine && (conversation?.unreadCount ?? 0) === 0) return;
    markRead.mutate(
      { conversationId, upToId: newest },
      {
        onSuccess: () => {
          void utils.messages.conversations.invalidate();
          void utils.notifications.state.invalidate();
        },
      },
    );
    // markRead and utils are stable enough; the mark follows the newest message only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId, newest]);

  const title = conversation?.title ?? 'Conversation';
  const other = conversation?.other ?? null;

  return (
    <Card withBorder radius="md" padding="md" data-testid="chat-thread" data-conversation-id={conversationId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {other ? <PersonAvatar name={other.displayName} pictureUrl={other.pictureUrl} size={36} /> : null}
            <Stack gap={0} miw={0}>
              <Title order={2} fz="h4" id="chat-thread-title" data-testid="chat-thread-title">
                {title}
              </Title>
              {other ? (
                <Anchor component={Link} to={href('v2.profile.main', { userId: other.userId })} size="xs">
                  See {other.displayName}'s profile
                </Anchor>
              ) : conversation?.groupId ? (
                <Anchor component={Link} to={href('v2.groups.main', { groupId: conversation.groupId })} size="xs">
                  Open the group
                </Anchor>
              ) : null}
            </Stack>
          </Group>
          <LiveIndicator status={liveStatus} />
        </Group>

        <QueryView query={latest} skeleton={<ListSkeleton rows={4} height={48} />}>
          {() => (
            <Stack gap="xs">
              {hasMore ? (
                <Group justify="center">
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => void loadEarlier()}
                    loading={loadingEarlier}
                    data-testid="chat-load-earlier"
                  >
                    Load earlier messages
                  </Button>
                </Group>
              ) : null}
              {messages.length === 0 ? (
                <Text c="dimmed" ta="center" py="lg" data-testid="chat-empty">
                  No messages yet. Say hello!
                </Text>
              ) : (
                <Box
                  ref={scrollRef}
                  role="log"
                  aria-live="polite"
                  aria-labelledby="chat-thread-title"
                  tabIndex={0}
                  mah="55vh"
                  p={4}
                  style={{ overflowY: 'auto' }}
                  data-testid="chat-messages"
                >
                  <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                    {messages.map((message) => (
                      <MessageBubble key={message.messageId} message={message} />
                    ))}
                  </Stack>
                </Box>
              )}
            </Stack>
          )}
        </QueryView>

        {conversation && !conversation.canSend ? (
          <Text size="sm" c="dimmed" data-testid="chat-cannot-send">
            You can no longer write in this conversation.
          </Text>
        ) : (
          <Composer conversationId={conversationId} onSent={onSent} />
        )}
      </Stack>
    </Card>
  );
}
