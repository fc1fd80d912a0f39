/**
 * A group's people of one status (`groups.members`: active, pending, invited or removed), paged,
 * and the per-person calls managers make on them (approve, decline, remove, restore, assistant),
 * each with its toast and the refresh of the group's lists.
 */
import { Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { TGroupMember } from '../../../server/contracts/social';
import { QueryView } from '../../kit/query-view';
import { ListSkeleton } from '../../kit/states';
import { trpc } from '../../trpc';
import { Pager } from '../../kit/pager';
import { MEMBERS_PAGE, MemberLine, useGroupToast, useRefreshGroup } from './group-parts';

type TMemberStatus = 'active' | 'pending' | 'invited' | 'removed';

export function MemberList({
  groupId,
  status,
  empty,
  actions,
  detail,
  label,
  testId,
}: {
  groupId: string;
  status: TMemberStatus;
  empty: ReactNode;
  actions?: (member: TGroupMember) => ReactNode;
  detail?: (member: TGroupMember) => ReactNode;
  /** The pager's name ("Pages of members"). */
  label: string;
  testId: string;
}) {
  const [offset, setOffset] = useState(0);
  const page = trpc.groups.members.useQuery(
    { groupId, status, limit: MEMBERS_PAGE, offset },
    { retry: false, placeholderData: (previous) => previous },
  );
  return (
    <QueryView
      query={page}
      skeleton={<ListSkeleton rows={4} />}
      isEmpty={(data) => data.items.length === 0 && offset === 0}
      empty={empty}
    >
      {(data) => (
        <Stack gap="sm">
          <Stack gap="sm" data-testid={testId}>
            {data.items.map((member) => (
              <MemberLine
                key={member.person.userId}
                member={member}
                detail={detail?.(member)}
                actions={actions?.(member)}
                testId={`${testId}-row`}
              />
            ))}
          </Stack>
          <Pager offset={offset} limit={MEMBERS_PAGE} total={data.paging.total} onChange={setOffset} label={label} />
        </Stack>
      )}
    </QueryView>
  );
}

export type TMemberCall = 'approve' | 'decline' | 'remove' | 'restore' | 'makeAssistant' | 'dropAssistant';

const SUCCESS: Record<TMemberCall, (name: string) => string> = {
  approve: (name) => `${name} is now a member.`,
  decline: (name) => `${name}'s request is declined.`,
  remove: (name) => `${name} is removed from the group.`,
  restore: (name) => `${name} is a member again.`,
  makeAssistant: (name) => `${name} now helps manage the group.`,
  dropAssistant: (name) => `${name} no longer helps manage the group.`,
};

const FAILURE: Record<TMemberCall, string> = {
  approve: 'Could not approve the request',
  decline: 'Could not decline the request',
  remove: 'Could not remove the member',
  restore: 'Could not restore the member',
  makeAssistant: 'Could not make them an assistant',
  dropAssistant: 'Could not change the assistants',
};

/** The manager's calls on one person; `busyKey` is `${call}:${userId}` of the call under way. */
export function useMemberCalls(groupId: string) {
  const toast = useGroupToast();
  const refresh = useRefreshGroup(groupId);
  const approve = trpc.groups.approve.useMutation();
  const decline = trpc.groups.decline.useMutation();
  const remove = trpc.groups.remove.useMutation();
  const restore = trpc.groups.restore.useMutation();
  const setAssistant = trpc.groups.setAssistant.useMutation();
  const [busyKey, setBusyKey] = useState<string | null>(null);

  async function run(call: TMemberCall, member: TGroupMember): Promise<boolean> {
    const { userId, displayName } = member.person;
    const input = { groupId, userId };
    setBusyKey(`${call}:${userId}`);
    try {
      if (call === 'approve') await approve.mutateAsync(input);
      else if (call === 'decline') await decline.mutateAsync(input);
      else if (call === 'remove') await remove.mutateAsync(input);
      else if (call === 'restore') await restore.mutateAsync(input);
      else await setAssistant.mutateAsync({ ...input, isAssistant: call === 'makeAssistant' });
      toast.success(SUCCESS[call](displayName));
      await refresh();
      return true;
    } catch (error) {
      toast.failed(FAILURE[call], error);
      return false;
    } finally {
      setBusyKey(null);
    }
  }

  return {
    run,
    busy: (call: TMemberCall, member: TGroupMember): boolean => busyKey === `${call}:${member.person.userId}`,
  };
}
