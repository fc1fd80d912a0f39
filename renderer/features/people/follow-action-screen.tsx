/**
 * /actions/follow/:userId/ and /actions/unfollow/:userId/ (v2.actions.follow, v2.actions.unfollow):
 * where an e-mail's "Follow" or "Unfollow" link lands. The routes are guarded: visitors log in first
 * and come back here.
 * - A signed link (`?u=&e=&s=`) is checked by the server once (notifications.emailAction): when it is
 *   good and for the signed-in member, it is done at once and the screen says so.
 * - Otherwise (expired, altered, for someone else) nothing happened: the screen says why and one
 *   button does it as the signed-in member.
 * - A plain link (no signature) never changes anything by itself (a link can be prefetched, scanned
 *   or forged): the screen shows who it is about and one button does it.
 */
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { useCurrentRouteHandle } from '../../app/route-handle';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { ListSkeleton, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { confirmReasonText, useEmailActionOnce } from '../actions/use-email-action';
import { PersonAvatar } from '../../kit/person-avatar';

function doneText(wantsFollow: boolean, changedNow: boolean, name: string): string {
  if (wantsFollow) return changedNow ? `You now follow ${name}.` : `You follow ${name}.`;
  return changedNow ? `You unfollowed ${name}.` : `You don't follow ${name}.`;
}

export default function FollowActionScreen() {
  const { userId = '' } = useParams();
  const wantsFollow = useCurrentRouteHandle().routeName !== 'v2.actions.unfollow';
  const link = useEmailActionOnce(wantsFollow ? 'follow' : 'unfollow', userId);
  const linkDone = link.phase === 'answered' && link.result.status === 'done';
  // The profile is read after the link's answer, so it shows the relation the link just changed.
  const profile = trpc.people.get.useQuery({ userId }, { enabled: link.phase !== 'running' });
  const utils = trpc.useUtils();
  const toast = useToast();
  const follow = trpc.people.follow.useMutation();
  const unfollow = trpc.people.unfollow.useMutation();
  const [done, setDone] = useState(false);
  const verb = wantsFollow ? 'Follow' : 'Unfollow';

  // A cached profile from before the link changed the relation is out of date.
  useEffect(() => {
    if (linkDone) void utils.people.get.invalidate({ userId });
  }, [linkDone, userId, utils]);

  async function act(): Promise<void> {
    try {
      if (wantsFollow) await follow.mutateAsync({ userId });
      else await unfollow.mutateAsync({ userId });
      setDone(true);
      await utils.people.get.invalidate({ userId });
    } catch (error) {
      toast.error(errorText(error), `Could not ${verb.toLowerCase()}`);
    }
  }

  if (link.phase === 'running') {
    return (
      <PageLayout title={`${verb} someone`} size="sm" testId="follow-action-screen">
        <ListSkeleton rows={1} />
      </PageLayout>
    );
  }

  return (
    <PageLayout title={`${verb} someone`} size="sm" testId="follow-action-screen">
      {link.phase === 'answered' && link.result.status === 'confirm' ? (
        <Alert
          color="yellow"
          variant="light"
          title={confirmReasonText(link.result.reason)}
          data-testid="follow-action-reason"
        >
          Nothing has changed yet. {wantsFollow ? 'Follow' : 'Unfollow'} {link.result.subjectName} below if you still
          want to, as the person signed in now.
        </Alert>
      ) : link.phase === 'failed' ? (
        <Alert color="yellow" variant="light" title="This link did not work" data-testid="follow-action-reason">
          {errorText(link.error)} Nothing has changed yet: use the button below instead.
        </Alert>
      ) : null}
      <QueryView query={profile} skeleton={<ListSkeleton rows={1} />}>
        {(person) => {
          const already = wantsFollow ? person.relation.isFollowing : !person.relation.isFollowing;
          const finished = done || linkDone || already;
          return (
            <Card withBorder radius="md" padding="lg" data-testid="follow-action-card">
              <Stack gap="md">
                <Group gap="md">
                  <PersonAvatar name={person.displayName} pictureUrl={person.pictureUrl} size={56} />
                  <Text fw={600}>{person.displayName}</Text>
                </Group>
                {person.relation.isSelf ? (
                  <Text>This link is about your own profile.</Text>
                ) : finished ? (
                  <Text role="status" data-testid="follow-action-done">
                    {doneText(wantsFollow, done || linkDone, person.displayName)}
                  </Text>
                ) : (
                  <Text>
                    {wantsFollow
                      ? `Follow ${person.displayName} to see their wish lists and birthday reminders.`
                      : `Stop following ${person.displayName}?`}
                  </Text>
                )}
                <Group>
                  {!finished && !person.relation.isSelf ? (
                    <Button
                      onClick={act}
                      loading={follow.isPending || unfollow.isPending}
                      data-testid="follow-action-button"
                    >
                      {verb} {person.shortName}
                    </Button>
                  ) : null}
                  <Button component={Link} to={href('v2.profile.main', { userId: person.userId })} variant="default">
                    See profile
                  </Button>
                  {finished && !person.relation.isSelf ? (
                    <Button
                      component={Link}
                      to={href('v2.friends')}
                      variant="subtle"
                      data-testid="follow-action-friends"
                    >
                      Your friends
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            </Card>
          );
        }}
      </QueryView>
    </PageLayout>
  );
}
