/**
 * /groups/:groupId/ (v2.groups.main): the group's page. Its name, description, privacy, member
 * count and the viewer's place; the buttons of that place (Join / Ask to join / Accept invitation /
 * Cancel request / Leave); the group's discussion (its chat) and a way to start a gift exchange with
 * its members. `?code=` (the invitation link or a mailed invitation's token) shows "You're invited"
 * with a Join button that sends the code. Non-members of a private group see only the name card.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { GiftIcon, MessageIcon, UsersIcon } from '../../app/icons';
import { useIdentity } from '../../auth/identity-provider';
import { href } from '../../routes/route-table';
import { GroupHeader, GroupPage } from './group-page';
import { type TGroupDetail } from './group-parts';
import { countOf } from '../../kit/format';
import { MembershipButtons, useMembershipActions } from './membership-actions';

/** The invitation of `?code=`: join with the code (once the viewer is not a member already). */
function CodeInvitation({ group, code }: { group: TGroupDetail; code: string }) {
  const actions = useMembershipActions(group);
  const { flags } = useIdentity();
  if (group.myStatus === 'active') return null;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      style={{ borderLeft: '6px solid var(--mantine-color-orange-6)' }}
      data-testid="group-code-invitation"
    >
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {`You're invited to join ${group.name}`}
        </Title>
        <Text size="sm">
          {`${group.owner.displayName}'s group has ${countOf(group.memberCount, 'member', 'members')}. Join to see them, their birthdays and the group's discussion.`}
        </Text>
        <Group>
          {flags.isAuthenticated ? (
            <Button loading={actions.joining} onClick={() => void actions.join(code)} data-testid="group-code-join">
              Join {group.name}
            </Button>
          ) : (
            <Button
              component={Link}
              to={href('v2.authLogin', null, {
                returnurl: href('v2.groups.main', { groupId: group.groupId }, { code }),
              })}
              data-testid="group-code-login"
            >
              Log in to join
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function GroupLinks({ group }: { group: TGroupDetail }) {
  const member = group.myStatus === 'active';
  if (!member) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="group-links">
      <Stack gap="md">
        <Title order={2} fz="h3">
          Together
        </Title>
        <Group gap="sm" wrap="wrap">
          {group.conversationId ? (
            <Button
              component={Link}
              to={href('v2.messages.chats', null, { conversation: group.conversationId })}
              variant="light"
              leftSection={<MessageIcon size={16} aria-hidden />}
              data-testid="group-open-chat"
            >
              Open the group chat
            </Button>
          ) : null}
          <Button
            component={Link}
            to={href('v2.generator.light.repeatGroup', null, { groupId: group.groupId })}
            variant="light"
            leftSection={<GiftIcon size={16} aria-hidden />}
            data-testid="group-start-exchange"
          >
            Start a gift exchange with this group
          </Button>
          <Button
            component={Link}
            to={href('v2.groups.members', { groupId: group.groupId })}
            variant="default"
            leftSection={<UsersIcon size={16} aria-hidden />}
            data-testid="group-see-members"
          >
            See the members
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function PlaceNote({ group }: { group: TGroupDetail }) {
  let text: string | null = null;
  if (group.myStatus === 'pending')
    text = 'You asked to join. The group’s owner or an assistant will answer; you will get a notification.';
  else if (group.myStatus === 'invited') text = 'You are invited to this group. Accept to become a member.';
  else if (group.myStatus === 'removed')
    text = 'You were removed from this group. Only its owner or an assistant can bring you back.';
  else if (!group.canSeeInside)
    text = 'This group is private: only its members see its members, activity and discussion.';
  if (!text) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="group-place-note">
      {text}
    </Text>
  );
}

export default function GroupMainScreen() {
  const { groupId = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  return (
    <GroupPage
      groupId={groupId}
      testId="group-main-screen"
      // With a code, the invitation card's Join sends it (a plain Join would only ask).
      actions={(group) => (code && group.myStatus !== 'active' ? null : <MembershipButtons group={group} />)}
      withNav={(group) => group.canSeeInside}
    >
      {(group) => (
        <Stack gap="lg">
          {code ? <CodeInvitation group={group} code={code} /> : null}
          {group.canSeeInside ? null : <GroupHeader group={group} />}
          <PlaceNote group={group} />
          <GroupLinks group={group} />
          {group.canManage && group.pendingCount > 0 ? (
            <Card withBorder radius="md" padding="md" data-testid="group-pending-note">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{`${countOf(group.pendingCount, 'person asks', 'people ask')} to join.`}</Text>
                <Button
                  component={Link}
                  to={href('v2.groups.members.pending', { groupId: group.groupId })}
                  size="xs"
                  variant="light"
                  data-testid="group-see-requests"
                >
                  See the requests
                </Button>
              </Group>
            </Card>
          ) : null}
        </Stack>
      )}
    </GroupPage>
  );
}
