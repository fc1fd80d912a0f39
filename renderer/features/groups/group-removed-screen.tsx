/**
 * /groups/:groupId/members/removed/ (v2.groups.members.removed), managers only: the people removed
 * from the group, each with Restore (they become members again).
 */
import { Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { EmptyState } from '../../kit/states';
import { formatDate } from '../../kit/format';
import { GroupPage } from './group-page';
import { ManagersOnly, type TGroupDetail } from './group-parts';
import { MemberList, useMemberCalls } from './member-lists';

function Removed({ group }: { group: TGroupDetail }) {
  const calls = useMemberCalls(group.groupId);
  return (
    <MemberList
      groupId={group.groupId}
      status="removed"
      label="Pages of removed members"
      testId="group-removed"
      detail={(member) => `Removed on ${formatDate(member.since)}`}
      empty={
        <EmptyState
          title="Nobody was removed"
          description="Members you remove show up here; you can restore them at any time."
        />
      }
      actions={(member) => (
        <Button
          size="xs"
          variant="light"
          loading={calls.busy('restore', member)}
          onClick={() => void calls.run('restore', member)}
          data-testid={`restore-${member.person.userId}`}
        >
          Restore<VisuallyHidden> {member.person.displayName}</VisuallyHidden>
        </Button>
      )}
    />
  );
}

export default function GroupRemovedScreen() {
  const { groupId = '' } = useParams();
  return (
    <GroupPage groupId={groupId} title="Removed members" testId="group-removed-screen">
      {(group) => (
        <ManagersOnly group={group}>
          <Stack gap="md">
            <Text c="dimmed">Removed members no longer see the group. Restoring makes them members again.</Text>
            <Removed group={group} />
          </Stack>
        </ManagersOnly>
      )}
    </GroupPage>
  );
}
