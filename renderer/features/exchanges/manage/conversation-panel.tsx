/**
 * One of the two anonymous conversations of a drawn exchange: with the person the caller gives to
 * ("Message your recipient"), or with their own Secret Santa ("Message your Secret Santa"), whose
 * name the server never sends ("Your Secret Santa"). Messages are plain text: shown as text (line
 * breaks kept, addresses not turned into links), never as HTML.
 */
import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { TConversationPartner } from '../../../../server/contracts/exchanges';
import { EXCHANGE_MESSAGE_MAX } from '../../../../server/contracts/exchange-values';
import { FormFailure } from '../../../kit/form-parts';
import { useSchemaForm } from '../../../kit/forms';
import { QueryView } from '../../../kit/query-view';
import { ListSkeleton } from '../../../kit/states';
import { trpc } from '../../../trpc';
import { formatDate } from '../../../kit/format';

const TITLES: Record<TConversationPartner, string> = {
  recipient: 'Message your recipient',
  santa: 'Message your Secret Santa',
};

const HINTS: Record<TConversationPartner, string> = {
  recipient: 'Ask about sizes or tastes. They will not know it is you: your messages are signed “Your Secret Santa”.',
  santa: 'Give your Secret Santa a hint, or answer their questions. You will find out who they are at the exchange.',
};

function timeOf(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(iso)}, ${date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
}

/** The box to write in; a new one (empty) after each message sent. */
function MessageForm({
  input,
  partnerName,
  onSent,
}: {
  input: { exchangeId: string; with: TConversationPartner };
  partnerName: string;
  onSent: () => void;
}) {
  const partner = input.with;
  const send = trpc.exchanges.sendMessage.useMutation();
  const form = useSchemaForm(
    // Loaded when first sent: the rest of a drawn exchange's page has no use for zod (issue 27).
    () => import('../../../../server/contracts/exchanges').then((module) => module.ZSendMessage),
    { body: '' },
    async (values) => {
      await send.mutateAsync({ ...input, body: values.body });
      onSent();
    },
    undefined,
    { toInput: (values) => ({ ...input, body: values.body }) },
  );
  return (
    <form noValidate onSubmit={form.onSubmit}>
      <Stack gap="xs">
        <Textarea
          label={partner === 'santa' ? 'Your message to your Secret Santa' : `Your message to ${partnerName}`}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={EXCHANGE_MESSAGE_MAX}
          {...form.field('body')}
          data-testid={`conversation-${partner}-input`}
        />
        <FormFailure message={form.failure} testId={`conversation-${partner}-failure`} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.busy} data-testid={`conversation-${partner}-send`}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ConversationPanel({ exchangeId, partner }: { exchangeId: string; partner: TConversationPartner }) {
  const input = { exchangeId, with: partner };
  const conversation = trpc.exchanges.conversation.useQuery(input, { refetchInterval: 30_000, retry: false });
  const utils = trpc.useUtils();
  const [round, setRound] = useState(0);
  const titleId = `conversation-${partner}-title`;
  const partnerName = conversation.data?.partnerName ?? (partner === 'santa' ? 'Your Secret Santa' : 'your recipient');

  return (
    <Card withBorder radius="md" padding="lg" data-testid={`conversation-${partner}`}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" id={titleId}>
            {TITLES[partner]}
          </Title>
          <Text size="sm" c="dimmed">
            {HINTS[partner]}
          </Text>
        </div>
        <QueryView query={conversation} skeleton={<ListSkeleton rows={2} height={48} />}>
          {(view) => (
            <Stack gap="xs" role="log" aria-labelledby={titleId} data-testid="conversation-messages">
              {view.messages.length === 0 ? (
                <Text size="sm" c="dimmed" data-testid="conversation-empty">
                  {`No messages with ${view.partnerName} yet.`}
                </Text>
              ) : (
                view.messages.map((message) => (
                  <Card
                    key={message.messageId}
                    radius="md"
                    padding="xs"
                    bg={message.mine ? 'var(--mantine-color-red-0)' : 'var(--mantine-color-gray-0)'}
                    ml={message.mine ? 'xl' : 0}
                    mr={message.mine ? 0 : 'xl'}
                    data-testid="conversation-message"
                    data-mine={message.mine}
                  >
                    <Group justify="space-between" gap="xs">
                      <Text size="xs" fw={700} data-testid="conversation-author">
                        {message.mine ? 'You' : message.authorName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {timeOf(message.createdAt)}
                      </Text>
                    </Group>
                    <Text
                      size="sm"
                      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                      data-testid="conversation-body"
                    >
                      {message.body}
                    </Text>
                  </Card>
                ))
              )}
            </Stack>
          )}
        </QueryView>
        <MessageForm
          key={round}
          input={input}
          partnerName={partnerName}
          onSent={() => {
            setRound((value) => value + 1);
            void utils.exchanges.conversation.invalidate(input);
          }}
        />
      </Stack>
    </Card>
  );
}
