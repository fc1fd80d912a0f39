/**
 * The viewer's own moves in a group: join (or ask to join, or accept an invitation, with the
 * invitation link's code when there is one), decline an invitation, cancel a request, and leave
 * (after a confirmation). Each shows a toast and refreshes the group, its lists and my groups.
 */
import { Button, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../../routes/link';
import type { TGroupMemberStatus } from '../../../server/contracts/social';
import { useIdentity } from '../../auth/identity-provider';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { useGroupToast, useRefreshGroup, type TGroupSummary } from './group-parts';

type TGroupRef = Pick<TGroupSummary, 'groupId' | 'name'>;

function joinedText(status: TGroupMemberStatus, name: string): string {
  if (status === 'active') return `You joined ${name}.`;
  if (status === 'pending') return `Your request to join ${name} was sent. Its managers will answer.`;
  return `Done: ${name}.`;
}

export function useMembershipActions(group: TGroupRef) {
  const { groupId, name } = group;
  const toast = useGroupToast();
  const refresh = useRefreshGroup(groupId);
  const join = trpc.groups.join.useMutation();
  const leave = trpc.groups.leave.useMutation();
  const declineInvitation = trpc.groups.declineInvitation.useMutation();

  async function run<T>(call: () => Promise<T>, failure: string, success: (answer: T) => string): Promise<boolean> {
    try {
      const answer = await call();
      toast.success(success(answer));
      await refresh();
      return true;
    } catch (error) {
      toast.failed(failure, error);
      return false;
    }
  }

  return {
    busy: join.isPending || leave.isPending || declineInvitation.isPending,
    joining: join.isPending,
    leaving: leave.isPending,
    declining: declineInvitation.isPending,
    join: (code?: string) =>
      run(
        () => join.mutateAsync(code ? { groupId, code } : { groupId }),
        `Could not join ${name}`,
        (answer) => joinedText(answer.status, name),
      ),
    leave: () =>
      run(
        () => leave.mutateAsync({ groupId }),
        `Could not leave ${name}`,
        () => `You left ${name}.`,
      ),
    cancelRequest: () =>
      run(
        () => leave.mutateAsync({ groupId }),
        'Could not cancel the request',
        () => `Your request to join ${name} is cancelled.`,
      ),
    declineInvitation: () =>
      run(
        () => declineInvitation.mutateAsync({ groupId }),
        'Could not decline the invitation',
        () => `You declined the invitation to ${name}.`,
      ),
  };
}

/** Leave, with its confirmation. */
export function LeaveButton({
  group,
  onLeft,
  size = 'sm',
}: {
  group: Pick<TGroupSummary, 'groupId' | 'name'>;
  onLeft?: () => void;
  size?: 'xs' | 'sm';
}) {
  const actions = useMembershipActions(group);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant="default"
        color="red"
        onClick={() => setConfirming(true)}
        data-testid={`group-leave-${group.groupId}`}
      >
        Leave group<VisuallyHidden> {group.name}</VisuallyHidden>
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={`Leave ${group.name}?`}
        message={`You will no longer see ${group.name}'s members, activity or discussion, and you would have to join again to come back.`}
        confirmLabel="Leave the group"
        loading={actions.leaving}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void actions.leave().then((ok) => {
            setConfirming(false);
            if (ok) onLeft?.();
          })
        }
        confirmTestId="group-leave-confirm"
      />
    </>
  );
}

/**
 * The buttons of the viewer's place: Join / Ask to join (no place), Accept / Decline (invited),
 * Cancel request (pending), Leave (active, but the owner).
 */
export function MembershipButtons({
  group,
  size = 'sm',
}: {
  group: Pick<TGroupSummary, 'groupId' | 'name' | 'isPrivate' | 'myStatus' | 'myRole'>;
  size?: 'xs' | 'sm';
}) {
  const actions = useMembershipActions(group);
  const { flags } = useIdentity();
  const { pathname, search } = useLocation();
  const { groupId, name } = group;
  // A visitor or a floater (a known identity without a password) logs in first.
  if (!flags.isAuthenticated)
    return (
      <Button
        component={Link}
        to={href('v2.authLogin', null, { returnurl: `${pathname}${search}` })}
        size={size}
        data-testid={`group-login-${groupId}`}
      >
        Log in to join<VisuallyHidden> {name}</VisuallyHidden>
      </Button>
    );
  switch (group.myStatus) {
    case 'active':
      // The owner does not leave their group: they delete it (settings) instead.
      return group.myRole === 'owner' ? null : <LeaveButton group={group} size={size} />;
    case 'pending':
      return (
        <Button
          size={size}
          variant="default"
          loading={actions.leaving}
          onClick={() => void actions.cancelRequest()}
          data-testid={`group-cancel-request-${groupId}`}
        >
          Cancel request<VisuallyHidden> to join {name}</VisuallyHidden>
        </Button>
      );
    case 'invited':
      return (
        <>
          <Button
            size={size}
            loading={actions.joining}
            onClick={() => void actions.join()}
            data-testid={`group-accept-${groupId}`}
          >
            Accept invitation<VisuallyHidden> to {name}</VisuallyHidden>
          </Button>
          <Button
            size={size}
            variant="default"
            loading={actions.declining}
            onClick={() => void actions.declineInvitation()}
            data-testid={`group-decline-${groupId}`}
          >
            Decline<VisuallyHidden> the invitation to {name}</VisuallyHidden>
          </Button>
        </>
      );
    case 'removed':
      // Removal sticks: only a manager brings them back (the page says so).
      return null;
    default:
      // No place, or left: public or private, a request waits for the owner or an assistant
      // (joining at once takes an invitation or the group's link).
      return (
        <Button
          size={size}
          loading={actions.joining}
          onClick={() => void actions.join()}
          data-testid={`group-join-${groupId}`}
        >
          Ask to join
          <VisuallyHidden> {name}</VisuallyHidden>
        </Button>
      );
  }
}
