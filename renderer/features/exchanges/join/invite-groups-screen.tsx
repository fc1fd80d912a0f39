/**
 * …/invite/group/ and …/invite/group-members/ (v2.giftExchanges.invite.group,
 * v2.generator.invite.groupMembers): inviting the members of one of the organizer's groups. Choose
 * a group (`groups.list`, scope 'mine', the ones they are in), tick its active members
 * (`groups.members`), add a message, send: they are invited to their accounts
 * (`exchanges.inviteUsers`), with a row per person of what happened. Without a group, the screen
 * says so and offers the other ways to invite.
 */
import { Button, Card, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from '../../../routes/link';
import { UsersIcon } from '../../../app/icons';
import { QueryView } from '../../../kit/query-view';
import { SelectField } from '../../../kit/select-field';
import { EmptyState, ListSkeleton } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { useMyUserId } from '../../people/people-parts';
import { InviteHub, inviteTabs, useInGenerator } from './invite-hub';
import { InviteResults, PickAndInviteForm, useInviteSending, type TPickablePerson } from './invite-parts';

const GROUPS_PAGE = 100;
const MEMBERS_PAGE = 100;

function NoGroups({ exchangeId }: { exchangeId: string }) {
  const generator = useInGenerator();
  return (
    <EmptyState
      icon={<UsersIcon size={24} />}
      title="You’re not in any groups yet"
      description="When you belong to a group, you can invite all its members here at once. Meanwhile, invite people one of these ways, or share the sign-up link."
      action={
        <Group gap="xs" justify="center">
          <Button component={Link} to={href('v2.groups.list')} variant="default" data-testid="invite-group-see-groups">
            See groups
          </Button>
          {inviteTabs(exchangeId, generator)
            .filter((way) => way.tab === 'email' || way.tab === 'bulk' || way.tab === 'contacts')
            .map((way) => (
              <Button
                key={way.tab}
                component={Link}
                to={way.to}
                variant="light"
                data-testid={`invite-group-${way.tab}`}
              >
                {way.label}
              </Button>
            ))}
        </Group>
      }
    />
  );
}

function GroupMembersInvite({ exchangeId, groupId }: { exchangeId: string; groupId: string }) {
  const me = useMyUserId();
  const members = trpc.groups.members.useQuery({ groupId, status: 'active', limit: MEMBERS_PAGE, offset: 0 });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState('');
  const invite = trpc.exchanges.inviteUsers.useMutation();
  const sending = useInviteSending(exchangeId);

  const people: TPickablePerson[] = (members.data?.items ?? [])
    .filter((member) => member.person.userId !== me)
    .map((member) => ({
      key: member.person.userId,
      name: member.person.displayName,
      email: null,
      detail: 'Invited to their account',
    }));

  async function send(): Promise<void> {
    const userIds = people.filter((person) => selected.has(person.key)).map((person) => person.key);
    if (userIds.length === 0) return;
    const results = await sending.run(async () => [await invite.mutateAsync({ exchangeId, userIds, message })]);
    if (results) setSelected(new Set());
  }

  return (
    <QueryView
      query={members}
      skeleton={<ListSkeleton rows={4} height={40} />}
      isEmpty={() => people.length === 0}
      empty={
        <EmptyState
          title="Nobody else is in this group"
          description="Choose another group, or invite people by e-mail."
        />
      }
    >
      {() => (
        <Stack gap="lg">
          <PickAndInviteForm
            label="Members of the group"
            people={people}
            selected={selected}
            onSelect={setSelected}
            message={message}
            onMessage={setMessage}
            busy={sending.busy}
            onSend={() => void send()}
            testId="invite-group"
          />
          <InviteResults results={sending.results} />
        </Stack>
      )}
    </QueryView>
  );
}

function GroupInvite({ exchangeId }: { exchangeId: string }) {
  const groups = trpc.groups.list.useQuery({ scope: 'mine', limit: GROUPS_PAGE, offset: 0 });
  const [chosen, setChosen] = useState('');
  return (
    <QueryView
      query={groups}
      skeleton={<ListSkeleton rows={3} height={40} />}
      isEmpty={(page) => page.items.every((group) => group.myStatus !== 'active')}
      empty={<NoGroups exchangeId={exchangeId} />}
    >
      {(page) => {
        const mine = page.items.filter((group) => group.myStatus === 'active');
        const groupId = mine.some((group) => group.groupId === chosen) ? chosen : '';
        return (
          <Stack gap="lg">
            <Card withBorder radius="md" padding="lg">
              <SelectField
                label="Group"
                value={groupId}
                onChange={setChosen}
                options={[
                  { value: '', label: 'Choose a group…' },
                  ...mine.map((group) => ({ value: group.groupId, label: `${group.name} (${group.memberCount})` })),
                ]}
                data-testid="invite-group-choice"
              />
            </Card>
            {groupId ? <GroupMembersInvite key={groupId} exchangeId={exchangeId} groupId={groupId} /> : null}
          </Stack>
        );
      }}
    </QueryView>
  );
}

export default function InviteGroupsScreen() {
  return (
    <InviteHub tab="group" title="Invite a group" testId="invite-group-screen">
      {(exchange) => <GroupInvite exchangeId={exchange.exchangeId} />}
    </InviteHub>
  );
}
