/**
 * /groups/:groupId/invite/ (v2.groups.invite), members only: invite by e-mail (a textarea, one
 * address a line or comma separated; `groups.inviteEmails`, 50 at a time, with a row per address:
 * invited, already invited, already a member, or not sent and why), and, for the owner and
 * assistants, the group's invitation link to copy (whoever opens it may join at once).
 */
import { Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { EmailInvitations } from './group-email-invitations';
import { GroupPage } from './group-page';
import { InvitersOnly, useRefreshGroup, type TGroupDetail } from './group-parts';
import { countOf } from '../../kit/format';
import { InviteResultsTable, parseAddresses, rowViews, type TInviteRowView } from './group-invite-parts';

const EMAILS_PER_CALL = 50;

function InviteByEmail({ group }: { group: TGroupDetail }) {
  const { groupId } = group;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<TInviteRowView[] | null>(null);
  const invite = trpc.groups.inviteEmails.useMutation();
  const refresh = useRefreshGroup(groupId);
  const toast = useToast();

  async function send(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setProblem(null);
    const { valid, refused } = parseAddresses(text);
    if (valid.length === 0 && refused.length === 0) {
      setProblem('The value is required');
      return;
    }
    const answered: TInviteRowView[] = [];
    let failed = false;
    try {
      for (let start = 0; start < valid.length; start += EMAILS_PER_CALL) {
        const emails = valid.slice(start, start + EMAILS_PER_CALL);
        const answer = await invite.mutateAsync({ groupId, emails });
        answered.push(...rowViews(answer.rows));
      }
    } catch (error) {
      failed = true;
      setProblem(errorText(error));
    }
    const all = [...answered, ...refused];
    setRows(all);
    const invited = all.filter((row) => row.result === 'invited').length;
    if (invited > 0) {
      toast.success(`${countOf(invited, 'invitation', 'invitations')} sent`);
      void refresh();
    }
    // The addresses refused here stay in the box, to fix and send again.
    if (!failed) setText(refused.map((row) => row.who).join('\n'));
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate onSubmit={(event) => void send(event)} data-testid="group-invite-emails-form">
        <Stack gap="md">
          <Title order={2} fz="h3">
            Invite by e-mail
          </Title>
          <Textarea
            label="E-mail addresses"
            description="One a line, or separated by commas. Each person gets an e-mail with a link to join."
            autosize
            minRows={4}
            maxRows={12}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={problem ?? undefined}
            data-testid="group-invite-emails"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={invite.isPending} data-testid="group-invite-send">
              Send the invitations
            </Button>
          </Group>
          <InviteResultsTable rows={rows} whoLabel="E-mail" testId="group-invite-results" />
        </Stack>
      </form>
    </Card>
  );
}

function InvitationLink({ joinPath }: { joinPath: string }) {
  const toast = useToast();
  const url = `${window.location.origin}${joinPath}`;
  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Invitation link copied');
    } catch {
      toast.error('Copying is not allowed here: select the link and copy it yourself');
    }
  }
  return (
    <Card withBorder radius="md" padding="lg" data-testid="group-invite-link">
      <Stack gap="xs">
        <Title order={2} fz="h3">
          Invitation link
        </Title>
        <TextInput
          label="Link to join the group"
          description="Share it in a chat or an e-mail: whoever opens it can join at once, without asking."
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="group-invite-url"
        />
        <Group justify="flex-end">
          <Button variant="light" onClick={() => void copy()} data-testid="group-invite-copy">
            Copy the link
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export default function GroupInviteScreen() {
  const { groupId = '' } = useParams();
  return (
    <GroupPage
      groupId={groupId}
      title="Invite people"
      testId="group-invite-screen"
      actions={(group) =>
        group.canInvite ? (
          <Button
            component={Link}
            to={href('v2.groups.inviteFriends', { groupId })}
            variant="light"
            data-testid="group-invite-friends-link"
          >
            Invite people you follow
          </Button>
        ) : null
      }
    >
      {(group) => (
        <InvitersOnly group={group}>
          <Stack gap="lg">
            <InviteByEmail group={group} />
            <EmailInvitations groupId={group.groupId} />
            {group.joinPath ? (
              <InvitationLink joinPath={group.joinPath} />
            ) : (
              <Text size="sm" c="dimmed" data-testid="group-invite-link-managers">
                The group’s owner and assistants can share a link that lets anyone join at once.
              </Text>
            )}
          </Stack>
        </InvitersOnly>
      )}
    </GroupPage>
  );
}
