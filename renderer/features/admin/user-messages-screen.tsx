/**
 * /admin/UserMessages/ and /admin/UserMessages/:userId/ (v2.admin.userMessages[.user]): a member's
 * conversations for abuse reports. The list shows who talks with whom and how much, never the
 * text; reading a conversation asks for the reason (the report) and the server audits every read
 * with it before answering the messages.
 */
import { Alert, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAppNavigate } from '../../routes/app-navigate';
import { z } from 'zod';
import type { TAdminConversation } from '../../../server/contracts/admin';
import { ZStaffReason } from '../../../server/contracts/admin';
import { MessageIcon } from '../../app/icons';
import { FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { AdminPage } from './admin-page';
import { PersonText, ReasonField, UserCard, UserPicker, staffTime } from './admin-parts';

const ZReadForm = z.object({ reason: ZStaffReason });

function Reader({
  userId,
  conversation,
  reason,
}: {
  userId: string;
  conversation: TAdminConversation;
  reason: string;
}) {
  // One read, one audit row: never refetched behind the staff member's back.
  const read = trpc.admin.readConversation.useQuery(
    { userId, conversationId: conversation.conversationId, reason },
    { retry: false, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false },
  );
  return (
    <QueryView query={read} skeleton={<ListSkeleton rows={3} />}>
      {(data) => (
        <Stack gap="xs" data-testid="admin-conversation-messages">
          <Text size="xs" c="dimmed" data-testid="admin-conversation-audit">
            {`This read is in the audit log (#${data.auditId}) with your reason.`}
          </Text>
          {data.messages.length === 0 ? (
            <Text size="sm" c="dimmed">
              No messages.
            </Text>
          ) : (
            <ol style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 }}>
              {data.messages.map((message) => (
                <li key={message.messageId}>
                  <Card withBorder radius="md" padding="sm" data-testid="admin-message">
                    <Group justify="space-between" gap="xs">
                      <Text size="sm" fw={600}>
                        {message.sender.displayName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {staffTime(message.createdAt)}
                      </Text>
                    </Group>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {message.body}
                    </Text>
                  </Card>
                </li>
              ))}
            </ol>
          )}
        </Stack>
      )}
    </QueryView>
  );
}

function Conversation({ userId, conversation }: { userId: string; conversation: TAdminConversation }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const form = useSchemaForm(ZReadForm, { reason: '' }, async (values) => {
    setReason(values.reason.trim());
    setAsking(false);
  });
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="admin-conversation"
      data-conversation-id={conversation.conversationId}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{conversation.title}</Text>
            <Text size="xs" c="dimmed">
              {`${conversation.kind === 'group' ? 'Group discussion' : 'Direct'} · ${conversation.messageCount} messages · last ${staffTime(conversation.lastMessageAt)}`}
            </Text>
          </Stack>
          {reason === null && !asking ? (
            <Button size="xs" variant="light" onClick={() => setAsking(true)} data-testid="admin-conversation-read">
              Read<VisuallyHidden> the conversation {conversation.title}</VisuallyHidden>
            </Button>
          ) : null}
        </Group>
        <Group gap="md">
          {conversation.members.map((person) => (
            <PersonText key={person.userId} person={person} />
          ))}
        </Group>
        {asking ? (
          <form noValidate onSubmit={form.onSubmit} data-testid="admin-conversation-reason-form">
            <Stack gap="xs">
              <Alert color="yellow" variant="light">
                Reading a member’s messages is audited: say which report you are checking.
              </Alert>
              <FormFailure message={form.failure} testId="admin-conversation-failure" />
              <ReasonField field={form.field('reason')} testId="admin-conversation-reason" />
              <Group gap="xs">
                <Button type="submit" size="xs" data-testid="admin-conversation-open">
                  Read the messages
                </Button>
                <Button size="xs" variant="default" onClick={() => setAsking(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
        {reason !== null ? <Reader userId={userId} conversation={conversation} reason={reason} /> : null}
      </Stack>
    </Card>
  );
}

function Conversations({ userId }: { userId: string }) {
  const user = trpc.admin.user.useQuery({ userId }, { retry: false });
  const conversations = trpc.admin.userConversations.useQuery({ userId }, { retry: false });
  return (
    <Stack gap="md">
      {user.data ? <UserCard user={user.data} testId="admin-messages-member" /> : null}
      <Title order={2} fz="lg">
        Conversations
      </Title>
      <QueryView
        query={conversations}
        skeleton={<ListSkeleton rows={3} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={<MessageIcon size={24} />}
            title="No conversations"
            description="This member has not written to anyone, nor been written to."
          />
        }
      >
        {(list) => (
          <Stack gap="sm" data-testid="admin-conversations">
            {list.map((conversation) => (
              <Conversation key={conversation.conversationId} userId={userId} conversation={conversation} />
            ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

export default function UserMessagesScreen() {
  const { userId } = useParams();
  const navigate = useAppNavigate();
  return (
    <AdminPage
      title="Messages"
      description="A member’s conversations, for abuse reports. Every read is audited with its reason."
      trail={userId ? [] : undefined}
      testId="admin-user-messages"
    >
      {userId ? (
        <Conversations userId={userId} />
      ) : (
        <UserPicker
          label="Member"
          chosen={null}
          onChoose={(user) => {
            if (user) void navigate(href('v2.admin.userMessages.user', { userId: user.userId }));
          }}
          testId="messages-member"
        />
      )}
    </AdminPage>
  );
}
