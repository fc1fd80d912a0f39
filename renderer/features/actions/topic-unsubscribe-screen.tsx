/**
 * /actions/topic-unsubscribe/:topicId/ (v2.actions.topicUnsubscribe, no guard): where a group
 * discussion e-mail's "Stop these e-mails" link lands (the topic is the group).
 * - A signed link (`?u=&e=&s=`) is checked by the server once (notifications.emailAction); when it is
 *   good the e-mails stop at once, signed in or not, and the screen says so.
 * - Otherwise (expired, altered, for someone else, or a plain link) nothing happened: a signed-in
 *   member gets one button that turns the e-mails off for them (groups.updateMyFlags); a visitor is
 *   asked to log in first and comes back here.
 */
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { CheckIcon, MessageIcon } from '../../app/icons';
import { useIdentity } from '../../auth/identity-provider';
import { PageLayout } from '../../kit/page-layout';
import { ListSkeleton, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { confirmReasonText, useEmailActionOnce } from './use-email-action';

const TITLE = 'Group discussion e-mails';

function discussionOf(groupName: string | null): string {
  return groupName ? `${groupName}'s discussion` : "this group's discussion";
}

function DoneCard({ groupId, groupName, signedIn }: { groupId: string; groupName: string | null; signedIn: boolean }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="topic-unsubscribe-done">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Text component="span" c="green.8" lh={0} mt={2} aria-hidden>
            <CheckIcon size={22} />
          </Text>
          <Text role="status" fw={600}>
            You won't get e-mails about {discussionOf(groupName)} any more.
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          You can still read and join the discussion on the group's page, and turn these e-mails back on in the group's
          settings for you.
        </Text>
        <Group>
          <Button
            component={Link}
            to={href('v2.groups.main', { groupId })}
            variant="default"
            data-testid="topic-unsubscribe-group"
          >
            Open the group
          </Button>
          {signedIn ? (
            <Button component={Link} to={href('v2.settings.notifications')} variant="subtle">
              Notification settings
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

export default function TopicUnsubscribeScreen() {
  const { topicId = '' } = useParams();
  const { pathname, search } = useLocation();
  const { flags, isReady } = useIdentity();
  const signedIn = flags.isAuthenticated;
  const link = useEmailActionOnce('topic-unsubscribe', topicId);
  const utils = trpc.useUtils();
  const toast = useToast();
  const update = trpc.groups.updateMyFlags.useMutation();
  const [doneByHand, setDoneByHand] = useState(false);

  const answered = link.phase === 'answered' ? link.result : null;
  const groupName = answered?.subjectName || null;

  async function stopEmails(): Promise<void> {
    try {
      await update.mutateAsync({ groupId: topicId, isTopicNotificationEnabled: false });
      setDoneByHand(true);
      await utils.groups.get.invalidate({ groupId: topicId });
    } catch (error) {
      toast.error(errorText(error), 'Could not stop the e-mails');
    }
  }

  let content;
  if (link.phase === 'running' || !isReady) {
    content = <ListSkeleton rows={1} height={120} />;
  } else if ((answered && answered.status === 'done') || doneByHand) {
    content = <DoneCard groupId={topicId} groupName={groupName} signedIn={signedIn} />;
  } else {
    const reason =
      answered && answered.status === 'confirm'
        ? confirmReasonText(answered.reason)
        : link.phase === 'failed'
          ? 'This link did not work.'
          : null;
    content = (
      <Stack gap="md">
        {reason ? (
          <Alert color="yellow" variant="light" title={reason} data-testid="topic-unsubscribe-reason">
            {link.phase === 'failed' ? `${errorText(link.error)} ` : ''}Nothing has changed yet.
          </Alert>
        ) : null}
        <Card withBorder radius="md" padding="lg" data-testid="topic-unsubscribe-confirm">
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Text component="span" c="red.7" lh={0} mt={2} aria-hidden>
                <MessageIcon size={22} />
              </Text>
              <Text>Stop getting e-mails about new posts in {discussionOf(groupName)}?</Text>
            </Group>
            {signedIn ? (
              <Group>
                <Button
                  onClick={() => void stopEmails()}
                  loading={update.isPending}
                  data-testid="topic-unsubscribe-button"
                >
                  Stop these e-mails
                </Button>
                <Button component={Link} to={href('v2.groups.main', { groupId: topicId })} variant="default">
                  Open the group
                </Button>
              </Group>
            ) : (
              <Stack gap="xs" align="flex-start">
                <Text size="sm">Log in to stop these e-mails for your account. You come back here afterwards.</Text>
                <Button
                  component={Link}
                  to={href('v2.authLogin', null, { returnurl: `${pathname}${search}` })}
                  data-testid="topic-unsubscribe-log-in"
                >
                  Log in
                </Button>
              </Stack>
            )}
          </Stack>
        </Card>
      </Stack>
    );
  }

  return (
    <PageLayout title={TITLE} size="sm" testId="topic-unsubscribe-screen">
      {content}
    </PageLayout>
  );
}
