/**
 * /groups/:groupId/invite-friends/ (v2.groups.inviteFriends), members only: the people I follow
 * who are not in the group yet (`groups.inviteCandidates`), ticked and invited to their accounts
 * (`groups.inviteMembers`, 100 at a time), with a row per person of what happened.
 */
import { Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import type { TPersonSummary } from '../../../server/contracts/people';
import { UsersIcon } from '../../app/icons';
import { FormFailure } from '../../kit/form-parts';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { GroupPage } from './group-page';
import { InvitersOnly, useRefreshGroup, type TGroupDetail } from './group-parts';
import { countOf } from '../../kit/format';
import { InviteResultsTable, rowViews, type TInviteRowView } from './group-invite-parts';

const PER_CALL = 100;

function FriendsPicker({
  group,
  people,
  onResults,
}: {
  group: TGroupDetail;
  people: TPersonSummary[];
  onResults: (rows: TInviteRowView[]) => void;
}) {
  const { groupId } = group;
  const [selected, setSelected] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const invite = trpc.groups.inviteMembers.useMutation();
  const utils = trpc.useUtils();
  const refresh = useRefreshGroup(groupId);
  const toast = useToast();
  const nameOf = (userId: string): string | undefined => people.find((person) => person.userId === userId)?.displayName;

  async function send(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setFailure(null);
    if (selected.length === 0) {
      setFailure('Choose at least one person.');
      return;
    }
    const answered: TInviteRowView[] = [];
    try {
      for (let start = 0; start < selected.length; start += PER_CALL) {
        const answer = await invite.mutateAsync({ groupId, userIds: selected.slice(start, start + PER_CALL) });
        answered.push(...rowViews(answer.rows, nameOf));
      }
      setSelected([]);
    } catch (error) {
      setFailure(errorText(error));
    }
    onResults(answered);
    const invited = answered.filter((row) => row.result === 'invited').length;
    if (invited > 0) toast.success(`${countOf(invited, 'invitation', 'invitations')} sent`);
    if (answered.length > 0) {
      void refresh();
      void utils.groups.inviteCandidates.invalidate({ groupId });
    }
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate onSubmit={(event) => void send(event)} data-testid="group-invite-friends-form">
        <Stack gap="md">
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="group-invite-friends-count">
              {`${selected.length} of ${countOf(people.length, 'person', 'people')} chosen`}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => setSelected(people.map((person) => person.userId))}
                data-testid="group-invite-friends-all"
              >
                Choose all
              </Button>
              <Button size="xs" variant="default" onClick={() => setSelected([])} disabled={selected.length === 0}>
                Choose none
              </Button>
            </Group>
          </Group>
          <Checkbox.Group label="People you follow" value={selected} onChange={setSelected}>
            <Stack gap="xs" mt="xs" data-testid="group-invite-friends-list">
              {people.map((person) => (
                <Checkbox
                  key={person.userId}
                  value={person.userId}
                  label={person.displayName}
                  data-testid={`invite-friend-${person.userId}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <FormFailure message={failure} testId="group-invite-friends-failure" />
          <Group justify="flex-end">
            <Button type="submit" loading={invite.isPending} data-testid="group-invite-friends-send">
              Invite the people chosen
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Candidates({ group }: { group: TGroupDetail }) {
  const candidates = trpc.groups.inviteCandidates.useQuery({ groupId: group.groupId });
  // Kept here: once everyone is invited the list is empty, and the results still show.
  const [rows, setRows] = useState<TInviteRowView[] | null>(null);
  return (
    <Stack gap="lg">
      <QueryView
        query={candidates}
        skeleton={<ListSkeleton rows={4} height={32} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={<UsersIcon size={24} />}
            title="Nobody you follow is left to invite"
            description="Everyone you follow is in the group or invited already. Invite others by e-mail."
            action={
              <Button component={Link} to={href('v2.groups.invite', { groupId: group.groupId })} variant="light">
                Invite by e-mail
              </Button>
            }
          />
        }
      >
        {(list) => <FriendsPicker group={group} people={list} onResults={setRows} />}
      </QueryView>
      <InviteResultsTable rows={rows} whoLabel="Person" testId="group-invite-friends-results" />
    </Stack>
  );
}

export default function GroupInviteFriendsScreen() {
  const { groupId = '' } = useParams();
  return (
    <GroupPage groupId={groupId} title="Invite people you follow" testId="group-invite-friends-screen">
      {(group) => (
        <InvitersOnly group={group}>
          <Candidates group={group} />
        </InvitersOnly>
      )}
    </GroupPage>
  );
}
