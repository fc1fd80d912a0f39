/**
 * /admin/finduser/:userId/ (v2.admin.user): one member as support sees them: the account, what they
 * hold, accounts sharing their e-mail (each one click from a merge), the latest support sessions on
 * them, and the tools that start from a member (support session, messages, clone lists, audit).
 */
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import type { TAdminPerson, TAdminUserDetail } from '../../../server/contracts/admin';
import { QueryView } from '../../kit/query-view';
import { ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { AdminPage } from './admin-page';
import { Facts, PersonText, UserBadges, UserCard, staffTime } from './admin-parts';
import { ImpersonateAction } from './impersonate-action';

const COUNT_LABELS: [keyof TAdminUserDetail['counts'], string][] = [
  ['wishLists', 'Wish lists'],
  ['wishes', 'Wishes'],
  ['exchanges', 'Exchanges'],
  ['groups', 'Groups'],
  ['following', 'Following'],
  ['followers', 'Followers'],
  ['conversations', 'Conversations'],
];

/** People linked by a family (children managed, or a child's managers), each one click away. */
function PeopleLinks({ label, people, testId }: { label: string; people: TAdminPerson[]; testId: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="sm">{label}</Text>
      <Group component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {people.map((person) => (
          <li key={person.userId} data-testid={`${testId}-person`} data-user-id={person.userId}>
            <PersonText person={person} />
          </li>
        ))}
      </Group>
    </Stack>
  );
}

/** The Family fact: the children this member manages and/or the managers of this child account. */
function FamilyFact({ user }: { user: TAdminUserDetail }) {
  const { children, managers } = user.family;
  if (children.length === 0 && managers.length === 0)
    return <span data-testid="admin-user-family">No family links</span>;
  return (
    <Stack gap="xs" data-testid="admin-user-family">
      {children.length > 0 ? (
        <PeopleLinks
          label={`Family manager of ${children.length === 1 ? 'one child' : `${children.length} children`}:`}
          people={children}
          testId="admin-user-children"
        />
      ) : null}
      {managers.length > 0 ? (
        <PeopleLinks label={`A child account, managed by:`} people={managers} testId="admin-user-managers" />
      ) : null}
    </Stack>
  );
}

function Detail({ user }: { user: TAdminUserDetail }) {
  return (
    <Stack gap="lg">
      <Group gap="sm" data-testid="admin-user-tools">
        <ImpersonateAction user={user} />
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={href('v2.admin.userMessages.user', { userId: user.userId })}
          data-testid="admin-user-conversations"
        >
          Conversations
        </Button>
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={href('v2.admin.mergeAccounts', null, { keep: user.userId })}
          data-testid="admin-user-merge"
        >
          Merge an account into this one
        </Button>
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={href('v2.admin.cloneWishLists', null, { from: user.userId })}
          data-testid="admin-user-clone"
        >
          Clone wish lists
        </Button>
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={href('v2.admin.auditLog', null, { subject: user.userId })}
        >
          Audit log
        </Button>
      </Group>
      <Facts
        testId="admin-user-facts"
        items={[
          ['Name', <PersonText key="name" person={user} link={false} />],
          ['Status', user.deletedAt ? `Closed ${staffTime(user.deletedAt)}` : 'Live'],
          ['Username', user.username ?? '—'],
          ['E-mail confirmed', user.emailConfirmed ? 'Yes' : 'No'],
          [
            'Signs in with',
            [user.isRegistered ? 'password or social' : 'links only (floater)', ...user.providers].join(', '),
          ],
          ['Roles', user.roles.length ? user.roles.join(', ') : 'member'],
          ['Family', <FamilyFact key="family" user={user} />],
          ['Joined', staffTime(user.createdAt)],
          ['Member id', user.userId],
        ]}
      />
      <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }} data-testid="admin-user-counts">
        {COUNT_LABELS.map(([key, label]) => (
          <Card key={key} withBorder radius="md" padding="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} fz="lg">
              {user.counts[key]}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Accounts sharing this e-mail
        </Title>
        {user.relatedAccounts.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="admin-user-no-related">
            No other live account uses this e-mail address.
          </Text>
        ) : (
          user.relatedAccounts.map((other) => (
            <UserCard
              key={other.userId}
              user={other}
              testId="admin-user-related"
              actions={
                <Button
                  size="xs"
                  variant="light"
                  component={Link}
                  to={href('v2.admin.mergeAccounts', null, { keep: user.userId, merge: other.userId })}
                >
                  Merge into this account<VisuallyHidden> ({other.displayName})</VisuallyHidden>
                </Button>
              }
            />
          ))
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Support sessions on this member
        </Title>
        {user.impersonations.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody from support has acted as this member.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table striped data-testid="admin-user-sessions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>Staff</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Ended</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {user.impersonations.map((session) => (
                  <Table.Tr key={session.sessionId}>
                    <Table.Td>{staffTime(session.startedAt)}</Table.Td>
                    <Table.Td>{session.staff.displayName}</Table.Td>
                    <Table.Td>{session.reason ?? 'Seen by support leads'}</Table.Td>
                    <Table.Td>
                      {session.endedAt ? `${staffTime(session.endedAt)} (${session.endReason ?? 'ended'})` : 'Running'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}

export default function UserScreen() {
  const { userId = '' } = useParams();
  const user = trpc.admin.user.useQuery({ userId }, { retry: false });
  const name = user.data?.displayName ?? 'Member';
  return (
    <AdminPage
      title={name}
      description={user.data?.email ?? undefined}
      trail={[{ label: 'Find a user', to: href('v2.admin.findUser') }]}
      testId="admin-user"
    >
      <QueryView query={user} skeleton={<ListSkeleton rows={4} />}>
        {(data) => (
          <Stack gap="lg">
            <UserBadges user={data} />
            <Detail user={data} />
          </Stack>
        )}
      </QueryView>
    </AdminPage>
  );
}
