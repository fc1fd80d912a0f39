/**
 * /admin/viewgroupdetails/:groupId/[members/removed|invitations]/: one group as support sees it.
 * The group's page lists its members (and those asking to join); the tabs list the removed (and
 * left) members with who decided, and the invitations waiting: members asked by a member, and
 * e-mail invitations to people without an account.
 */
import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { TAdminGroup, TAdminGroupMember } from '../../../server/contracts/admin';
import { useCurrentRouteHandle } from '../../app/route-handle';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../kit/states';
import { href, type TRouteName } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { TabLinks } from '../../kit/tab-links';
import { AdminPage } from './admin-page';
import { Facts, PersonText, staffTime } from './admin-parts';

type TGroupTab = Extract<
  TRouteName,
  | 'v2.admin.viewGroupDetails.group'
  | 'v2.admin.viewGroupDetails.removedMembers'
  | 'v2.admin.viewGroupDetails.invitations'
>;

const TABS: readonly { route: TGroupTab; label: string; testId: string }[] = [
  { route: 'v2.admin.viewGroupDetails.group', label: 'Members', testId: 'group-tab-members' },
  { route: 'v2.admin.viewGroupDetails.removedMembers', label: 'Removed', testId: 'group-tab-removed' },
  { route: 'v2.admin.viewGroupDetails.invitations', label: 'Invitations', testId: 'group-tab-invitations' },
];

function MembersTable({ members, testId, caption }: { members: TAdminGroupMember[]; testId: string; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped data-testid={testId}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Person</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Since</Table.Th>
            <Table.Th>Decided by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.person.userId} data-testid={`${testId}-row`}>
              <Table.Td>
                <PersonText person={member.person} />
              </Table.Td>
              <Table.Td>{member.status}</Table.Td>
              <Table.Td>{member.role}</Table.Td>
              <Table.Td>{staffTime(member.since)}</Table.Td>
              <Table.Td>{member.decidedBy?.displayName ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Overview({ group }: { group: TAdminGroup }) {
  return (
    <Stack gap="lg">
      <Facts
        testId="group-facts"
        items={[
          ['Owner', <PersonText key="owner" person={group.owner} />],
          ['Privacy', group.isPrivate ? 'Private' : 'Public'],
          ['Created', staffTime(group.createdAt)],
          ['Deleted', group.deletedAt ? staffTime(group.deletedAt) : '—'],
          [
            'Counts',
            `${group.counts.active} active · ${group.counts.pending} asking · ${group.counts.invited} invited · ${group.counts.removed} removed · ${group.counts.left} left · ${group.counts.emailInvitations} e-mail invitations`,
          ],
          ['Group id', group.groupId],
        ]}
      />
      {group.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {group.description}
        </Text>
      ) : null}
      {group.members.length === 0 ? (
        <EmptyState title="No members" description="Nobody is in this group any more." />
      ) : (
        <MembersTable members={group.members} testId="group-members" caption="Members and people asking to join" />
      )}
    </Stack>
  );
}

function Removed({ groupId }: { groupId: string }) {
  const removed = trpc.admin.groupRemovedMembers.useQuery({ groupId }, { retry: false });
  return (
    <QueryView
      query={removed}
      skeleton={<ListSkeleton rows={3} />}
      isEmpty={(list) => list.length === 0}
      empty={<EmptyState title="Nobody removed" description="Members removed by a manager, or who left, show here." />}
    >
      {(list) => <MembersTable members={list} testId="group-removed" caption="Removed members and members who left" />}
    </QueryView>
  );
}

function Invitations({ groupId }: { groupId: string }) {
  const invitations = trpc.admin.groupInvitations.useQuery({ groupId }, { retry: false });
  return (
    <QueryView
      query={invitations}
      skeleton={<ListSkeleton rows={3} />}
      isEmpty={(data) => data.members.length === 0 && data.emails.length === 0}
      empty={<EmptyState title="No invitations" description="Invitations waiting for an answer show here." />}
    >
      {(data) => (
        <Stack gap="lg" data-testid="group-invitations">
          <Title order={2} fz="lg">
            Members invited
          </Title>
          {data.members.length === 0 ? (
            <Text size="sm" c="dimmed">
              None.
            </Text>
          ) : (
            <MembersTable members={data.members} testId="group-invited" caption="Members invited by a member" />
          )}
          <Title order={2} fz="lg">
            E-mail invitations
          </Title>
          {data.emails.length === 0 ? (
            <Text size="sm" c="dimmed">
              None.
            </Text>
          ) : (
            <Table striped data-testid="group-email-invitations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Invited by</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Answer</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.emails.map((invitation) => (
                  <Table.Tr key={invitation.invitationId}>
                    <Table.Td>{invitation.email}</Table.Td>
                    <Table.Td>{invitation.invitedBy?.displayName ?? '—'}</Table.Td>
                    <Table.Td>{staffTime(invitation.createdAt)}</Table.Td>
                    <Table.Td>
                      {invitation.acceptedAt ? (
                        `Joined ${staffTime(invitation.acceptedAt)}`
                      ) : (
                        <Badge variant="light" color="yellow">
                          Waiting
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </QueryView>
  );
}

export default function GroupDetailsScreen() {
  const { groupId = '' } = useParams();
  const { routeName } = useCurrentRouteHandle();
  const { pathname } = useLocation();
  const group = trpc.admin.group.useQuery({ groupId }, { retry: false });
  const tab = TABS.find((entry) => entry.route === routeName) ?? TABS[0]!;
  const tabs = TABS.map((entry) => {
    const to = href(entry.route, { groupId });
    return { label: entry.label, to, active: to === pathname, testId: entry.testId };
  });
  let content: ReactNode;
  if (tab.route === 'v2.admin.viewGroupDetails.removedMembers') content = <Removed groupId={groupId} />;
  else if (tab.route === 'v2.admin.viewGroupDetails.invitations') content = <Invitations groupId={groupId} />;
  else
    content = (
      <QueryView query={group} skeleton={<ListSkeleton rows={4} />}>
        {(data) => <Overview group={data} />}
      </QueryView>
    );
  const name = group.data?.name ?? 'Group';
  return (
    <AdminPage
      title={tab.route === 'v2.admin.viewGroupDetails.group' ? name : `${name}: ${tab.label}`}
      trail={[{ label: 'Group details', to: href('v2.admin.viewGroupDetails') }]}
      testId="admin-group"
    >
      <TabLinks label="Group pages" tabs={tabs} />
      {content}
    </AdminPage>
  );
}
