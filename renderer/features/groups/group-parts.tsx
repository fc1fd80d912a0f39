/**
 * Pieces the group screens share: the words for privacy, roles and the viewer's place, a member's
 * line (avatar, name linking to their profile, role badge, actions), the toasts, the refresh after
 * a change, and the gates of pages that only members, managers or the owner use.
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../../routes/link';
import type {
  TGroupDetail,
  TGroupMember,
  TGroupMemberStatus,
  TGroupRole,
  TGroupSummary,
} from '../../../server/contracts/social';
import { UsersIcon } from '../../app/icons';
import { AccessErrorState, EmptyState, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { PersonAvatar } from '../../kit/person-avatar';
import { formatDate } from '../../kit/format';

export type { TGroupDetail, TGroupMember, TGroupSummary };

/** Members shown per page of a members list. */
export const MEMBERS_PAGE = 50;

export function PrivacyBadge({ isPrivate }: { isPrivate: boolean }) {
  return (
    <Badge variant="light" color={isPrivate ? 'gray' : 'teal'} data-testid="group-privacy">
      {isPrivate ? 'Private group' : 'Public group'}
    </Badge>
  );
}

const ROLE_LABELS: Record<TGroupRole, string | null> = { owner: 'Owner', assistant: 'Assistant', member: null };

export function RoleBadge({ role }: { role: TGroupRole }) {
  const label = ROLE_LABELS[role];
  if (!label) return null;
  return (
    <Badge variant="light" color={role === 'owner' ? 'red' : 'blue'} data-testid="group-role">
      {label}
    </Badge>
  );
}

/** The viewer's place in a group, in words. */
export function myPlaceText(group: Pick<TGroupSummary, 'myStatus' | 'myRole'>): string {
  const status: TGroupMemberStatus | null = group.myStatus;
  if (status === 'active') {
    if (group.myRole === 'owner') return 'You own this group';
    if (group.myRole === 'assistant') return 'You help manage this group';
    return 'You are a member';
  }
  if (status === 'pending') return 'You asked to join';
  if (status === 'invited') return 'You are invited';
  if (status === 'removed') return 'You were removed from this group';
  if (status === 'left') return 'You left this group';
  return 'You are not a member';
}

export function MyPlaceBadge({ group }: { group: Pick<TGroupSummary, 'myStatus' | 'myRole'> }) {
  const color = group.myStatus === 'active' ? 'green' : group.myStatus === 'invited' ? 'orange' : 'gray';
  return (
    <Badge variant="outline" color={color} data-testid="group-my-status" data-status={group.myStatus ?? 'none'}>
      {myPlaceText(group)}
    </Badge>
  );
}

/** One person of a group: avatar, name (linking to their profile), role, a detail line, actions. */
export function MemberLine({
  member,
  detail,
  actions,
  testId = 'group-member',
}: {
  member: TGroupMember;
  detail?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  const { person } = member;
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId} data-user-id={person.userId}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <PersonAvatar name={person.displayName} pictureUrl={person.pictureUrl} />
          <Stack gap={2} miw={0}>
            <Group gap="xs" wrap="wrap">
              <Anchor
                component={Link}
                to={href('v2.profile.main', { userId: person.userId })}
                fw={600}
                data-testid="member-name"
              >
                {person.displayName}
              </Anchor>
              <RoleBadge role={member.role} />
            </Group>
            <Text size="xs" c="dimmed">
              {detail ?? `Since ${formatDate(member.since)}`}
            </Text>
          </Stack>
        </Group>
        {actions ? (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Group>
    </Card>
  );
}

/** The kit's toasts, one line each, and `failed(title, error)` for a refused call. */
export function useGroupToast() {
  const toast = useToast();
  return {
    success: (message: string) => toast.success(message),
    failed: (title: string, error: unknown) => toast.error(`${title}: ${errorText(error)}`),
  };
}

/** What a change to a group's people may have touched: its detail, its member lists, my groups. */
export function useRefreshGroup(groupId: string) {
  const utils = trpc.useUtils();
  return async (): Promise<void> => {
    await Promise.all([
      utils.groups.get.invalidate({ groupId }),
      utils.groups.members.invalidate({ groupId }),
      utils.groups.emailInvitations.invalidate({ groupId }),
      utils.groups.list.invalidate(),
    ]);
  };
}

/** A failed read of a group, in plain words: not there or not visible (404, 403), else a retry. */
export function GroupAccessError(props: { error: unknown; onRetry?: () => void; retrying?: boolean }) {
  return (
    <AccessErrorState
      {...props}
      notHere={{
        icon: <UsersIcon size={24} />,
        title: 'This group is not here',
        description: 'It may have been deleted, or the link is wrong. Find your groups, or discover public ones.',
        action: (
          <Button component={Link} to={href('v2.groups.list')} variant="light">
            Go to my groups
          </Button>
        ),
      }}
    />
  );
}

function BackToGroup({ groupId }: { groupId: string }) {
  return (
    <Button component={Link} to={href('v2.groups.main', { groupId })} variant="light">
      Back to the group
    </Button>
  );
}

/** Pages that show what is inside a group: members only when it is private. */
export function MembersOnly({ group, children }: { group: TGroupDetail; children: ReactNode }) {
  if (group.canSeeInside) return <>{children}</>;
  return (
    <EmptyState
      icon={<UsersIcon size={24} />}
      title="Only members see this"
      description={`“${group.name}” is a private group: its members, activity and discussion are for its members. Ask to join from the group's page.`}
      action={<BackToGroup groupId={group.groupId} />}
    />
  );
}

/** Pages every member uses (their settings). */
export function ActiveMembersOnly({ group, children }: { group: TGroupDetail; children: ReactNode }) {
  if (group.myStatus === 'active') return <>{children}</>;
  return (
    <EmptyState
      icon={<UsersIcon size={24} />}
      title="Only members can do this"
      description={`Join “${group.name}” first: its members choose their e-mails and alerts here.`}
      action={<BackToGroup groupId={group.groupId} />}
    />
  );
}

/** The invite pages: managers, and every member of a public group. */
export function InvitersOnly({ group, children }: { group: TGroupDetail; children: ReactNode }) {
  if (group.canInvite) return <>{children}</>;
  return (
    <EmptyState
      icon={<UsersIcon size={24} />}
      title={group.myStatus === 'active' ? 'The owner and assistants invite people here' : 'Only members can do this'}
      description={
        group.myStatus === 'active'
          ? `“${group.name}” is a private group: ask ${group.owner.displayName} or an assistant to invite someone.`
          : `Join “${group.name}” first.`
      }
      action={<BackToGroup groupId={group.groupId} />}
    />
  );
}

/** Pages only the owner and assistants use. */
export function ManagersOnly({ group, children }: { group: TGroupDetail; children: ReactNode }) {
  if (group.canManage) return <>{children}</>;
  return (
    <EmptyState
      title="Only the group's owner and assistants can do this"
      description={`${group.owner.displayName} runs “${group.name}”. Ask them if something should change.`}
      action={<BackToGroup groupId={group.groupId} />}
    />
  );
}

/** Pages only the owner uses. */
export function OwnerOnly({ group, children }: { group: TGroupDetail; children: ReactNode }) {
  if (group.myRole === 'owner' && group.myStatus === 'active') return <>{children}</>;
  return (
    <EmptyState
      title="Only the group's owner can do this"
      description={`${group.owner.displayName} owns “${group.name}” and chooses who helps manage it.`}
      action={<BackToGroup groupId={group.groupId} />}
    />
  );
}
