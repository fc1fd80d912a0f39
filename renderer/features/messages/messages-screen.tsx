/**
 * /messages/ and /messages/chats/ (v2.messages, v2.messages.chats): the member's conversations.
 * So far these are the anonymous Secret Santa conversations of their gift exchanges (with the
 * person they drew, and with their own Secret Santa, who stays "Your Secret Santa"); each opens on
 * the exchange's page, where the conversation is. One-to-one and group chats and reminders come
 * with the social domain.
 */
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { MessageIcon } from '../../app/icons';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

export default function MessagesScreen() {
  const conversations = trpc.exchanges.conversations.useQuery();
  return (
    <PageLayout
      title="Messages"
      description="Your Secret Santa conversations: nobody learns who their Secret Santa is."
      breadcrumbs={[{ label: 'Home', to: href('v2.home') }, { label: 'Messages' }]}
      testId="messages-screen"
    >
      <QueryView
        query={conversations}
        skeleton={<ListSkeleton rows={3} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={<MessageIcon size={24} />}
            title="No conversations yet"
            description="Once the names of a gift exchange are drawn, you can write to the person you drew and to your own Secret Santa, anonymously."
          />
        }
      >
        {(list) => (
          <Stack gap="sm" data-testid="conversation-list">
            {[...list]
              .sort((a, b) => (b.lastAt ?? '').localeCompare(a.lastAt ?? ''))
              .map((item) => (
                <Card
                  key={`${item.exchangeId}:${item.with}`}
                  withBorder
                  padding="md"
                  component={Link}
                  to={href('v2.giftExchanges.main', { exchangeId: item.exchangeId })}
                  aria-label={`${item.partnerName} in ${item.exchangeTitle}${item.unread ? `, ${item.unread} unread` : ''}`}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div>
                      <Text fw={600}>{item.partnerName}</Text>
                      <Text size="sm" c="dimmed">
                        {item.with === 'recipient' ? 'The person you drew' : 'The person who drew you'} ·{' '}
                        {item.exchangeTitle}
                      </Text>
                      <Text size="sm" lineClamp={1} mt={4}>
                        {item.lastMessage ?? 'No messages yet: say hello.'}
                      </Text>
                    </div>
                    <Stack gap={4} align="flex-end">
                      {item.unread > 0 && <Badge color="red">{item.unread} new</Badge>}
                      <Text size="xs" c="dimmed">
                        {when(item.lastAt)}
                      </Text>
                    </Stack>
                  </Group>
                </Card>
              ))}
          </Stack>
        )}
      </QueryView>
    </PageLayout>
  );
}
