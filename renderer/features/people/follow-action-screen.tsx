/**
 * /actions/follow/:userId/ and /actions/unfollow/:userId/ (v2.actions.follow, v2.actions.unfollow):
 * where an e-mail's "Follow" or "Unfollow" link lands. Opening a link never changes anything by
 * itself (a link can be prefetched, scanned or forged): the screen shows who it is about and one
 * button does it. The routes are guarded: visitors log in first and come back here.
 */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useMatches, useParams } from 'react-router-dom';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { ListSkeleton, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { PersonAvatar } from './people-parts';

export default function FollowActionScreen() {
  const { userId = '' } = useParams();
  const matches = useMatches();
  const wantsFollow = !matches.some((match) => match.id === 'v2.actions.unfollow');
  const profile = trpc.people.get.useQuery({ userId });
  const utils = trpc.useUtils();
  const toast = useToast();
  const follow = trpc.people.follow.useMutation();
  const unfollow = trpc.people.unfollow.useMutation();
  const [done, setDone] = useState(false);
  const verb = wantsFollow ? 'Follow' : 'Unfollow';

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

  return (
    <PageLayout title={`${verb} someone`} size="sm" testId="follow-action-screen">
      <QueryView query={profile} skeleton={<ListSkeleton rows={1} />}>
        {(person) => {
          const already = wantsFollow ? person.relation.isFollowing : !person.relation.isFollowing;
          const finished = done || already;
          return (
            <Card withBorder radius="md" padding="lg">
              <Stack gap="md">
                <Group gap="md">
                  <PersonAvatar name={person.displayName} pictureUrl={person.pictureUrl} size={56} />
                  <Text fw={600}>{person.displayName}</Text>
                </Group>
                {person.relation.isSelf ? (
                  <Text>This link is about your own profile.</Text>
                ) : finished ? (
                  <Text role="status" data-testid="follow-action-done">
                    {wantsFollow ? `You follow ${person.displayName}.` : `You no longer follow ${person.displayName}.`}
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
                </Group>
              </Stack>
            </Card>
          );
        }}
      </QueryView>
    </PageLayout>
  );
}
