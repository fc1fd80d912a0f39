/**
 * /groups/:groupId/assistants/ (v2.groups.assistants), the owner only: the group's members with
 * their role; the owner makes a member an assistant (they approve, remove, invite and change the
 * settings too) or takes the role back.
 */
import { Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { EmptyState } from '../../kit/states';
import { GroupPage } from './group-page';
import { OwnerOnly, type TGroupDetail } from './group-parts';
import { MemberList, useMemberCalls } from './member-lists';

function Assistants({ group }: { group: TGroupDetail }) {
  const calls = useMemberCalls(group.groupId);
  return (
    <MemberList
      groupId={group.groupId}
      status="active"
      label="Pages of members"
      testId="group-assistants"
      empty={
        <EmptyState
          title="No members to choose from"
          description="Invite people to the group: you can then ask some of them to help you manage it."
        />
      }
      actions={(member) => {
        const { userId, displayName } = member.person;
        if (member.role === 'owner') return null;
        return member.role === 'assistant' ? (
          <Button
            size="xs"
            variant="default"
            loading={calls.busy('dropAssistant', member)}
            onClick={() => void calls.run('dropAssistant', member)}
            data-testid={`unassist-${userId}`}
          >
            Remove assistant role<VisuallyHidden> of {displayName}</VisuallyHidden>
          </Button>
        ) : (
          <Button
            size="xs"
            variant="light"
            loading={calls.busy('makeAssistant', member)}
            onClick={() => void calls.run('makeAssistant', member)}
            data-testid={`assist-${userId}`}
          >
            Make assistant<VisuallyHidden>: {displayName}</VisuallyHidden>
          </Button>
        );
      }}
    />
  );
}

export default function GroupAssistantsScreen() {
  const { groupId = '' } = useParams();
  return (
    <GroupPage groupId={groupId} title="Assistants" testId="group-assistants-screen">
      {(group) => (
        <OwnerOnly group={group}>
          <Stack gap="md">
            <Text c="dimmed">
              Assistants help you run the group: they approve requests, invite and remove members and change the
              settings. Only you can delete the group.
            </Text>
            <Assistants group={group} />
          </Stack>
        </OwnerOnly>
      )}
    </GroupPage>
  );
}
