/**
 * /messages/, /messages/chats/ and /messages/reminders/ (v2.messages, v2.messages.chats,
 * v2.messages.reminders): the member's messages, in two tabs drawn as links.
 * - Chats (the first two addresses): direct and group chats with the chosen one's thread beside
 *   them (`?conversation=<id>`; `?to=<userId>` opens a direct chat), live, plus the anonymous
 *   Secret Santa conversations of their gift exchanges (chats-panel.tsx).
 * - Reminders: what to do next, each with Dismiss (reminders-panel.tsx).
 */
import { Button } from '@mantine/core';
import { useState } from 'react';
import { MessageIcon } from '../../app/icons';
import { useCurrentRouteHandle } from '../../app/route-handle';
import { PageLayout } from '../../kit/page-layout';
import { href } from '../../routes/route-table';
import { TabLinks } from '../../kit/tab-links';
import { ChatsPanel } from './chats-panel';
import { RemindersPanel } from './reminders-panel';

export default function MessagesScreen() {
  const { routeName } = useCurrentRouteHandle();
  const tab = routeName === 'v2.messages.reminders' ? 'reminders' : 'chats';
  const [pickerOpen, setPickerOpen] = useState(false);

  return (
    <PageLayout
      title="Messages"
      description={
        tab === 'chats'
          ? 'Chats with the people you follow and your groups, and your Secret Santa conversations: nobody learns who their Secret Santa is.'
          : 'Reminders: what to do next for your gift exchanges and the birthdays of people you follow.'
      }
      breadcrumbs={[{ label: 'Home', to: href('v2.home') }, { label: 'Messages' }]}
      actions={
        tab === 'chats' ? (
          <Button
            leftSection={<MessageIcon size={16} />}
            onClick={() => setPickerOpen(true)}
            aria-expanded={pickerOpen}
            data-testid="new-message"
          >
            New message
          </Button>
        ) : undefined
      }
      testId="messages-screen"
    >
      <TabLinks
        label="Messages sections"
        tabs={[
          { label: 'Chats', to: href('v2.messages.chats'), active: tab === 'chats', testId: 'messages-tab-chats' },
          {
            label: 'Reminders',
            to: href('v2.messages.reminders'),
            active: tab === 'reminders',
            testId: 'messages-tab-reminders',
          },
        ]}
      />
      {tab === 'chats' ? (
        <ChatsPanel pickerOpen={pickerOpen} onClosePicker={() => setPickerOpen(false)} />
      ) : (
        <RemindersPanel />
      )}
    </PageLayout>
  );
}
