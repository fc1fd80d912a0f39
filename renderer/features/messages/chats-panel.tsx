/**
 * The Chats tab of /messages/: the member's direct and group chats (unread counts, last message,
 * time) and their anonymous Secret Santa conversations (each opening the exchange's page), with the
 * chosen chat's thread beside them. The chosen chat is in the address (`?conversation=<id>`), so it
 * can be linked to; `?to=<userId>` starts (or reopens) a direct chat with that person. One live
 * subscription feeds the open thread and refreshes the list's counts.
 */
import { Anchor, Badge, Button, Card, Grid, Group, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import type { TChatMessage, TConversationSummary } from '../../../server/contracts/social';
import { MessageIcon, SearchIcon, UsersIcon } from '../../app/icons';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { RelativeTime, fullTime } from '../activity/relative-time';
import { useMyUserId } from '../people/people-parts';
import { PersonAvatar } from '../../kit/person-avatar';
import { unwrapTracked } from '../../live-link';
import { mergeMessages } from './chat-state';
import { ChatThread, type TLiveStatus } from './chat-thread';
import { compareIso } from '../../kit/intl';

function chatsAddress(conversationId?: string): string {
  return href('v2.messages.chats', null, conversationId ? { conversation: conversationId } : undefined);
}

function ConversationRow({ item, selected }: { item: TConversationSummary; selected: boolean }) {
  const last = item.lastMessage;
  // Named by what it shows (title, kind, last line, "2 new"): WCAG 2.5.3 label in name.
  return (
    <UnstyledButton
      component={Link}
      to={chatsAddress(item.conversationId)}
      aria-current={selected ? 'page' : undefined}
      data-testid={`conversation-${item.conversationId}`}
      data-unread={item.unreadCount}
      style={{ display: 'block' }}
    >
      <Card
        withBorder
        padding="sm"
        radius="md"
        style={
          selected ? { borderColor: 'var(--mantine-color-red-6)', background: 'var(--mantine-color-red-0)' } : undefined
        }
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
            {item.other ? (
              <PersonAvatar name={item.other.displayName} pictureUrl={item.other.pictureUrl} size={36} />
            ) : (
              <Text component="span" c="red.7" lh={0} mt={6} aria-hidden>
                <UsersIcon size={24} />
              </Text>
            )}
            <Stack gap={2} miw={0}>
              <Text fw={item.unreadCount > 0 ? 800 : 600} truncate>
                {item.title}
              </Text>
              <Text size="xs" c="dimmed">
                {item.kind === 'group' ? 'Group chat' : 'Direct message'}
              </Text>
              <Text size="sm" lineClamp={1}>
                {last ? `${last.senderName}: ${last.body}` : 'No messages yet'}
              </Text>
            </Stack>
          </Group>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            {item.unreadCount > 0 ? (
              <Badge color="red" data-testid="chat-unread">
                {item.unreadCount} new
              </Badge>
            ) : null}
            {last ? <RelativeTime iso={last.createdAt} /> : null}
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

function ChatList({ selectedId }: { selectedId: string | null }) {
  const conversations = trpc.messages.conversations.useQuery();
  return (
    <Stack gap="xs" component="section" aria-labelledby="chat-list-heading">
      <Title order={2} fz="h4" id="chat-list-heading">
        Chats
      </Title>
      <QueryView
        query={conversations}
        skeleton={<ListSkeleton rows={3} height={72} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <Text size="sm" c="dimmed" data-testid="chat-list-empty">
            No chats yet. Write to someone you follow with “New message”, or talk with a group from its page.
          </Text>
        }
      >
        {(list) => (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="chat-list">
            {list.map((item) => (
              <li key={item.conversationId}>
                <ConversationRow item={item} selected={item.conversationId === selectedId} />
              </li>
            ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

/** The anonymous Secret Santa conversations: each opens on its exchange's page, where it is. */
function SecretSantaList() {
  const conversations = trpc.exchanges.conversations.useQuery();
  return (
    <Stack gap="xs" component="section" aria-labelledby="santa-list-heading">
      <Title order={2} fz="h4" id="santa-list-heading">
        Secret Santa
      </Title>
      <QueryView
        query={conversations}
        skeleton={<ListSkeleton rows={2} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <Text size="sm" c="dimmed" data-testid="santa-list-empty">
            Once the names of a gift exchange are drawn, you can write to the person you drew and to your own Secret
            Santa here, anonymously.
          </Text>
        }
      >
        {(list) => (
          <Stack gap="xs" data-testid="conversation-list">
            {[...list]
              .sort((a, b) => compareIso(b.lastAt ?? '', a.lastAt ?? ''))
              .map((item) => (
                <Card
                  key={`${item.exchangeId}:${item.with}`}
                  withBorder
                  padding="sm"
                  radius="md"
                  component={Link}
                  to={href('v2.giftExchanges.main', { exchangeId: item.exchangeId })}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600}>{item.partnerName}</Text>
                      <Text size="sm" c="dimmed">
                        {item.with === 'recipient' ? 'The person you drew' : 'The person who drew you'} ·{' '}
                        {item.exchangeTitle}
                      </Text>
                      <Text size="sm" lineClamp={1} mt={4}>
                        {item.lastMessage ?? 'No messages yet: say hello.'}
                      </Text>
                    </div>
                    <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                      {item.unread > 0 && <Badge color="red">{item.unread} new</Badge>}
                      {item.lastAt ? (
                        <Text size="xs" c="dimmed" component="time" dateTime={item.lastAt}>
                          {fullTime(item.lastAt)}
                        </Text>
                      ) : null}
                    </Stack>
                  </Group>
                </Card>
              ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

/** "New message": pick someone the member follows, then open (or start) the direct chat. */
export function NewMessagePicker({ onClose }: { onClose: () => void }) {
  const userId = useMyUserId();
  const [filter, setFilter] = useState('');
  const [, setSearch] = useSearchParams();
  const followed = trpc.people.followedUsers.useQuery(
    { userId: userId ?? '', limit: 100, offset: 0 },
    { enabled: userId !== null },
  );
  const text = filter.trim().toLowerCase();
  return (
    <Card withBorder radius="md" padding="md" data-testid="new-message-picker">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            Write to someone you follow
          </Title>
          <Button variant="subtle" size="xs" onClick={onClose} data-testid="new-message-close">
            Cancel
          </Button>
        </Group>
        <TextInput
          label="Find a person"
          placeholder="Name"
          leftSection={<SearchIcon size={16} />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          data-testid="new-message-filter"
        />
        <QueryView
          query={followed}
          skeleton={<ListSkeleton rows={3} height={40} />}
          isEmpty={(page) => page.items.length === 0}
          empty={
            <EmptyState
              icon={<UsersIcon size={24} />}
              title="You don't follow anyone yet"
              description="You can write to the people you follow. Find friends and family first."
              action={
                <Button component={Link} to={href('v2.friends.suggestions')} variant="light">
                  Find people to follow
                </Button>
              }
            />
          }
        >
          {(page) => {
            const people = page.items.filter((person) => !text || person.displayName.toLowerCase().includes(text));
            return people.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nobody you follow matches “{filter.trim()}”.
              </Text>
            ) : (
              <Stack
                gap={4}
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none', maxHeight: 320, overflowY: 'auto' }}
              >
                {people.map((person) => (
                  <li key={person.userId}>
                    <UnstyledButton
                      onClick={() => {
                        onClose();
                        setSearch({ to: person.userId });
                      }}
                      p={6}
                      w="100%"
                      data-testid="new-message-person"
                      data-user-id={person.userId}
                    >
                      <Group gap="sm" wrap="nowrap">
                        <PersonAvatar name={person.displayName} pictureUrl={person.pictureUrl} size={32} />
                        <Text>
                          <Text span fw={600}>
                            {person.displayName}
                          </Text>
                          <Text span c="dimmed" size="sm">
                            {' '}
                            · write a message
                          </Text>
                        </Text>
                      </Group>
                    </UnstyledButton>
                  </li>
                ))}
              </Stack>
            );
          }}
        </QueryView>
      </Stack>
    </Card>
  );
}

/** `?to=<userId>`: start (or reopen) the direct chat, then show it as `?conversation=<id>`. */
function useStartDirectFromAddress(to: string | null): { starting: boolean } {
  const [, setSearch] = useSearchParams();
  const startDirect = trpc.messages.startDirect.useMutation();
  const utils = trpc.useUtils();
  const toast = useToast();
  const startedRef = useRef<string | null>(null);

  useEffect(() => {
    if (!to || startedRef.current === to) return;
    startedRef.current = to;
    startDirect
      .mutateAsync({ userId: to })
      .then(({ conversationId }) => {
        void utils.messages.conversations.invalidate();
        setSearch({ conversation: conversationId }, { replace: true });
      })
      .catch((error: unknown) => {
        toast.error(errorText(error), 'Could not start the conversation');
        setSearch({}, { replace: true });
      })
      .finally(() => {
        startedRef.current = null;
      });
    // One start per address; the mutation and helpers are stable for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [to]);

  return { starting: Boolean(to) || startDirect.isPending };
}

export function ChatsPanel({ pickerOpen, onClosePicker }: { pickerOpen: boolean; onClosePicker: () => void }) {
  const [search] = useSearchParams();
  const selectedId = search.get('conversation');
  const to = search.get('to');
  const utils = trpc.useUtils();
  const { starting } = useStartDirectFromAddress(to);
  const conversations = trpc.messages.conversations.useQuery();
  const [live, setLive] = useState<Record<string, TChatMessage[]>>({});

  const addLive = useCallback((message: TChatMessage) => {
    setLive((previous) => ({
      ...previous,
      [message.conversationId]: mergeMessages(previous[message.conversationId] ?? [], [message]),
    }));
  }, []);

  const subscription = trpc.messages.onMessage.useSubscription(
    {},
    {
      onData(event) {
        const message = unwrapTracked<TChatMessage | null>(event);
        if (message?.conversationId) addLive(message);
        // An event without a message: the stream (re)started (first opened, or back after a dropped
        // connection) and carries its resume position. What arrived before it was up shows only
        // in a reload: the open thread's messages too, not only the list and the counts.
        else void utils.messages.messages.invalidate();
        void utils.messages.conversations.invalidate();
        void utils.notifications.state.invalidate();
      },
    },
  );

  const selected = useMemo(
    () => conversations.data?.find((item) => item.conversationId === selectedId),
    [conversations.data, selectedId],
  );
  const status = subscription.status as TLiveStatus;

  const thread = selectedId ? (
    <ChatThread
      key={selectedId}
      conversationId={selectedId}
      conversation={selected}
      live={live[selectedId] ?? []}
      liveStatus={status}
      onSent={(message) => {
        addLive(message);
        void utils.messages.conversations.invalidate();
      }}
    />
  ) : starting ? (
    <ListSkeleton rows={4} height={48} />
  ) : (
    <EmptyState
      icon={<MessageIcon size={24} />}
      title="Choose a chat"
      description="Pick a conversation to read it and reply, or start a new one with someone you follow."
    />
  );

  return (
    <Grid gutter="lg" data-testid="chats-panel">
      <Grid.Col span={{ base: 12, md: 5 }} order={{ base: selectedId ? 2 : 1, md: 1 }}>
        <Stack gap="lg">
          {pickerOpen ? <NewMessagePicker onClose={onClosePicker} /> : null}
          <ChatList selectedId={selectedId} />
          <SecretSantaList />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }} order={{ base: selectedId ? 1 : 2, md: 2 }}>
        <Stack gap="xs">
          {selectedId ? (
            <Anchor component={Link} to={chatsAddress()} size="sm" hiddenFrom="md" data-testid="chat-back">
              ← All chats
            </Anchor>
          ) : null}
          {thread}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
