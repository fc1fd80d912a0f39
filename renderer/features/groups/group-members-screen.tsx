/**
 * /groups/:groupId/members/ (v2.groups.members): the group's active members, each linking to their
 * profile with their role (owner, assistant). Managers remove a member after a confirmation: never
 * the owner, nor themselves (they leave instead), and assistants only by the owner.
 */
import { Button, Stack, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import type { TGroupMember } from '../../../server/contracts/social';
import { UsersIcon } from '../../app/icons';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { EmptyState } from '../../kit/states';
import { href } from '../../routes/route-table';
import { useMyUserId } from '../people/people-parts';
import { GroupPage } from './group-page';
import { MembersOnly, type TGroupDetail } from './group-parts';
import { MemberList, useMemberCalls } from './member-lists';

function Members({ group }: { group: TGroupDetail }) {
  const me = useMyUserId();
  const calls = useMemberCalls(group.groupId);
  const [removing, setRemoving] = useState<TGroupMember | null>(null);
  const canRemove = (member: TGroupMember): boolean =>
    group.canManage &&
    member.role !== 'owner' &&
    member.person.userId !== me &&
    (member.role === 'member' || group.myRole === 'owner');
  return (
    <>
      <MemberList
        groupId={group.groupId}
        status="active"
        label="Pages of members"
        testId="group-members"
        empty={
          <EmptyState
            icon={<UsersIcon size={24} />}
            title="No members yet"
            description="Invite people by e-mail or among the people you follow."
            action={
              group.canInvite ? (
                <Button component={Link} to={href('v2.groups.invite', { groupId: group.groupId })} variant="light">
                  Invite people
                </Button>
              ) : undefined
            }
          />
        }
        actions={(member) =>
          canRemove(member) ? (
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={() => setRemoving(member)}
              data-testid={`remove-${member.person.userId}`}
            >
              Remove<VisuallyHidden> {member.person.displayName}</VisuallyHidden>
            </Button>
          ) : null
        }
      />
      <ConfirmDialog
        opened={removing !== null}
        title={removing ? `Remove ${removing.person.displayName}?` : 'Remove this member?'}
        message={`${removing?.person.displayName ?? 'They'} will no longer see ${group.name}'s members, activity or discussion. You can restore them from the removed members.`}
        confirmLabel="Remove from the group"
        loading={removing !== null && calls.busy('remove', removing)}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void calls.run('remove', removing).then(() => setRemoving(null));
        }}
        confirmTestId="group-remove-confirm"
      />
    </>
  );
}

export default function GroupMembersScreen() {
  const { groupId = '' } = useParams();
  return (
    <GroupPage
      groupId={groupId}
      title="Members"
      testId="group-members-screen"
      actions={(group) =>
        group.canInvite ? (
          <Button component={Link} to={href('v2.groups.invite', { groupId })} data-testid="group-members-invite">
            Invite people
          </Button>
        ) : null
      }
    >
      {(group) => (
        <MembersOnly group={group}>
          <Stack gap="md">
            <Members group={group} />
          </Stack>
        </MembersOnly>
      )}
    </GroupPage>
  );
}
