/**
 * /groups/:groupId/members/pending/ (v2.groups.members.pending), managers only: the requests to
 * join (Approve / Decline) and the invitations sent that are not answered yet.
 */
import { Button, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { EmptyState } from '../../kit/states';
import { href } from '../../routes/route-table';
import { formatDate } from '../../kit/format';
import { GroupPage } from './group-page';
import { ManagersOnly, type TGroupDetail } from './group-parts';
import { MemberList, useMemberCalls } from './member-lists';

function Requests({ group }: { group: TGroupDetail }) {
  const calls = useMemberCalls(group.groupId);
  return (
    <MemberList
      groupId={group.groupId}
      status="pending"
      label="Pages of requests"
      testId="group-requests"
      detail={(member) => `Asked on ${formatDate(member.since)}`}
      empty={
        <Text c="dimmed" data-testid="group-requests-empty">
          Nobody is waiting: requests to join show up here.
        </Text>
      }
      actions={(member) => {
        const { userId, displayName } = member.person;
        return (
          <>
            <Button
              size="xs"
              loading={calls.busy('approve', member)}
              onClick={() => void calls.run('approve', member)}
              data-testid={`approve-${userId}`}
            >
              Approve<VisuallyHidden> {displayName}</VisuallyHidden>
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={calls.busy('decline', member)}
              onClick={() => void calls.run('decline', member)}
              data-testid={`decline-${userId}`}
            >
              Decline<VisuallyHidden> {displayName}</VisuallyHidden>
            </Button>
          </>
        );
      }}
    />
  );
}

function Invitations({ group }: { group: TGroupDetail }) {
  return (
    <MemberList
      groupId={group.groupId}
      status="invited"
      label="Pages of invitations"
      testId="group-invitations"
      detail={(member) => `Invited on ${formatDate(member.since)}`}
      empty={
        <EmptyState
          title="No invitations waiting"
          description="People you invite show up here until they join."
          action={
            <Button component={Link} to={href('v2.groups.invite', { groupId: group.groupId })} variant="light">
              Invite people
            </Button>
          }
        />
      }
    />
  );
}

export default function GroupPendingScreen() {
  const { groupId = '' } = useParams();
  return (
    <GroupPage groupId={groupId} title="Requests and invitations" testId="group-pending-screen">
      {(group) => (
        <ManagersOnly group={group}>
          <Stack gap="xl">
            <Stack gap="sm" component="section" aria-labelledby="group-requests-title">
              <Title order={2} fz="h3" id="group-requests-title">
                Asking to join
              </Title>
              <Requests group={group} />
            </Stack>
            <Stack gap="sm" component="section" aria-labelledby="group-invitations-title">
              <Title order={2} fz="h3" id="group-invitations-title">
                Invited, not joined yet
              </Title>
              <Invitations group={group} />
            </Stack>
          </Stack>
        </ManagersOnly>
      )}
    </GroupPage>
  );
}
