/**
 * /profile/:userId/ (v2.profile.main): a member's profile — picture or initials, names, birthday
 * when the viewer may see it, follow counts linking to the friends tabs, Follow/Unfollow (optimistic)
 * and Block/Unblock behind a menu with a confirmation. A deleted account shows as "Former member".
 * The member's own profile has "Edit profile" (their settings); a child account's family manager gets
 * "Edit profile" too, and with `?manage=<tab>` this address shows the manager's screen for the child
 * (../family/manage-child-screen.tsx, loaded on demand).
 */
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import type { TProfile } from '../../../server/contracts/people';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { manageHref, manageTabOf } from '../family/manage-child-route';
import { ListsOf } from '../wish-lists/profile-lists-screen';
import { useMyUserId } from './people-parts';
import { formatBirthday } from './birthdays';
import { PersonAvatar } from '../../kit/person-avatar';

const ManageChildScreen = lazy(() => import('../family/manage-child-screen'));

function ProfileSkeleton() {
  return (
    <Card withBorder radius="md" padding="lg" aria-busy="true" aria-label="Loading">
      <Group gap="lg">
        <Skeleton circle h={96} />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton h={20} w="40%" />
          <Skeleton h={14} w="25%" />
          <Skeleton h={14} w="30%" />
        </Stack>
      </Group>
    </Card>
  );
}

function ProfileActions({ profile, canBlock = true }: { profile: TProfile; canBlock?: boolean }) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const follow = trpc.people.follow.useMutation();
  const unfollow = trpc.people.unfollow.useMutation();
  const block = trpc.people.block.useMutation();
  const unblock = trpc.people.unblock.useMutation();
  const [confirming, setConfirming] = useState<'block' | 'unblock' | null>(null);
  const key = { userId: profile.userId };
  const name = profile.displayName;

  function toggleFollow(): void {
    const previous = utils.people.get.getData(key);
    const next = !profile.relation.isFollowing;
    utils.people.get.setData(key, (current) =>
      current
        ? {
            ...current,
            relation: { ...current.relation, isFollowing: next },
            // Counts are null for viewers who may not see a private profile's.
            counts: current.counts
              ? { ...current.counts, followers: Math.max(0, current.counts.followers + (next ? 1 : -1)) }
              : null,
          }
        : current,
    );
    const call = next ? follow.mutateAsync(key) : unfollow.mutateAsync(key);
    call
      .then(() => utils.people.get.invalidate(key))
      .catch((error: unknown) => {
        utils.people.get.setData(key, previous);
        toast.error(errorText(error), next ? `Could not follow ${name}` : `Could not unfollow ${name}`);
      });
  }

  async function confirm(): Promise<void> {
    const action = confirming;
    try {
      if (action === 'block') await block.mutateAsync(key);
      else await unblock.mutateAsync(key);
      toast.success(action === 'block' ? `${name} is blocked` : `${name} is no longer blocked`);
      setConfirming(null);
      await utils.people.get.invalidate(key);
      void utils.people.blockedUsers.invalidate();
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  return (
    <>
      {!profile.relation.isBlocking ? (
        <Button
          variant={profile.relation.isFollowing ? 'default' : 'filled'}
          onClick={toggleFollow}
          disabled={follow.isPending || unfollow.isPending}
          aria-pressed={profile.relation.isFollowing}
          data-testid="profile-follow"
        >
          {profile.relation.isFollowing ? 'Following' : 'Follow'}
        </Button>
      ) : null}
      {canBlock ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={`More actions for ${name}`} data-testid="profile-menu">
              <span aria-hidden>⋯</span>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {profile.relation.isBlocking ? (
              <Menu.Item onClick={() => setConfirming('unblock')} data-testid="profile-unblock">
                Unblock {name}
              </Menu.Item>
            ) : (
              <Menu.Item color="red" onClick={() => setConfirming('block')} data-testid="profile-block">
                Block {name}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ) : null}
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming === 'block' ? `Block ${name}?` : `Unblock ${name}?`}
        message={
          confirming === 'block'
            ? `${name} will no longer see your profile or be able to follow you, and you will stop following each other.`
            : `${name} will be able to see your profile and follow you again.`
        }
        confirmLabel={confirming === 'block' ? 'Block' : 'Unblock'}
        destructive={confirming === 'block'}
        loading={block.isPending || unblock.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
        confirmTestId="profile-confirm-block"
      />
    </>
  );
}

/**
 * Where else to go on this person's profile: plain links (each its own address), none shown as
 * selected, since this page is none of them; the lists themselves show below.
 */
function ProfileLinks({ profile }: { profile: TProfile }) {
  const userId = profile.userId;
  const links = [
    { label: 'All wish lists', to: href('v2.profile.wishLists', { userId }), testId: 'profile-wish-lists' },
    { label: 'Favourite guides', to: href('v2.profile.favoriteGuides', { userId }), testId: 'profile-favorite-guides' },
    ...(profile.relation.isSelf
      ? [
          { label: 'Purchases', to: href('v2.profile.purchases', { userId }), testId: 'profile-purchases' },
          {
            label: 'Gifts received',
            to: href('v2.profile.giftsReceived', { userId }),
            testId: 'profile-gifts-received',
          },
        ]
      : []),
  ];
  return (
    <nav aria-label={`${profile.displayName}'s gifts`}>
      <Group gap="lg" wrap="wrap">
        {links.map((link) => (
          <Anchor key={link.testId} component={Link} to={link.to} data-testid={link.testId}>
            {link.label}
          </Anchor>
        ))}
      </Group>
    </nav>
  );
}

function ProfileContent({ profile }: { profile: TProfile }) {
  const signedIn = useMyUserId() !== null;
  if (profile.isDeleted) {
    return (
      <Card withBorder radius="md" padding="lg" data-testid="profile-deleted">
        <Group gap="lg">
          <PersonAvatar name="Former member" pictureUrl={null} size={96} />
          <Text c="dimmed">This account was deleted.</Text>
        </Group>
      </Card>
    );
  }
  const userId = profile.userId;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg" data-testid="profile-card">
        <Group gap="lg" align="flex-start" wrap="wrap">
          <PersonAvatar name={profile.displayName} pictureUrl={profile.pictureUrl} size={96} />
          <Stack gap={6} style={{ flex: 1 }} miw={200}>
            <Group gap="xs">
              {profile.username ? (
                <Text c="dimmed" data-testid="profile-username">
                  @{profile.username}
                </Text>
              ) : null}
              {profile.isChild ? (
                <Badge variant="light" color="blue">
                  Child account
                </Badge>
              ) : null}
              {profile.relation.isFollowedBy ? (
                <Badge variant="light" color="gray">
                  Follows you
                </Badge>
              ) : null}
            </Group>
            {profile.birthday ? (
              <Text data-testid="profile-birthday">Birthday: {formatBirthday(profile.birthday)}</Text>
            ) : null}
            {profile.counts ? (
              <Group gap="lg">
                <Anchor
                  component={Link}
                  to={href('v2.profile.friends.following', { userId })}
                  data-testid="profile-following"
                >
                  <Text span fw={700}>
                    {profile.counts.following}
                  </Text>{' '}
                  following
                </Anchor>
                <Anchor
                  component={Link}
                  to={href('v2.profile.friends.followers', { userId })}
                  data-testid="profile-followers"
                >
                  <Text span fw={700}>
                    {profile.counts.followers}
                  </Text>{' '}
                  {profile.counts.followers === 1 ? 'follower' : 'followers'}
                </Anchor>
              </Group>
            ) : null}
          </Stack>
        </Group>
      </Card>
      {profile.canSeePrivate || profile.relation.isSelf || profile.relation.isManagedByMe ? (
        <>
          <ProfileLinks profile={profile} />
          <section aria-labelledby="profile-lists-heading" data-testid="profile-lists-section">
            <Stack gap="sm">
              <Title order={2} fz="h3" id="profile-lists-heading">
                {profile.relation.isSelf ? 'My wish lists' : `${profile.displayName}'s wish lists`}
              </Title>
              <ListsOf profile={profile} />
            </Stack>
          </section>
        </>
      ) : null}
      {!profile.canSeePrivate ? (
        <Alert variant="light" color="gray" title="This profile is private" data-testid="profile-private">
          Only the people {profile.displayName} follows can see their birthday, lists and friends.
        </Alert>
      ) : null}
      {profile.relation.isBlocking ? (
        <Alert variant="light" color="red" data-testid="profile-blocked">
          You blocked {profile.displayName}. Unblock them from the menu to see each other again.
        </Alert>
      ) : null}
      {!signedIn ? (
        <Text c="dimmed">
          <Anchor component={Link} to={href('v2.authLogin')}>
            Log in
          </Anchor>{' '}
          to follow {profile.displayName}.
        </Text>
      ) : null}
    </Stack>
  );
}

/** Whether the viewer manages this (child) account as someone else: their family manager. */
function isManagedChild(profile: TProfile | undefined): profile is TProfile {
  return profile !== undefined && !profile.isDeleted && profile.relation.isManagedByMe && !profile.relation.isSelf;
}

export default function ProfileScreen() {
  const { userId = '' } = useParams();
  const [search] = useSearchParams();
  const signedIn = useMyUserId() !== null;
  const profile = trpc.people.get.useQuery({ userId });
  const data = profile.data;
  const title = !data ? 'Profile' : data.isDeleted ? 'Former member' : data.displayName;
  const manageTab = manageTabOf(search.get('manage'));

  if (isManagedChild(data) && manageTab) {
    return (
      <Suspense
        fallback={
          <PageLayout title={`Manage ${data.displayName}`} testId="manage-child-loading">
            <ProfileSkeleton />
          </PageLayout>
        }
      >
        <ManageChildScreen profile={data} tab={manageTab} />
      </Suspense>
    );
  }

  const actions =
    !data || data.isDeleted ? null : data.relation.isSelf ? (
      <Button component={Link} to={href('v2.settings.profile')} variant="default" data-testid="profile-edit">
        Edit profile
      </Button>
    ) : isManagedChild(data) ? (
      <>
        <Button component={Link} to={manageHref(data.userId)} variant="default" data-testid="profile-edit">
          Edit profile
        </Button>
        <ProfileActions profile={data} canBlock={false} />
      </>
    ) : signedIn ? (
      <ProfileActions profile={data} />
    ) : null;

  return (
    <PageLayout
      title={title}
      breadcrumbs={[{ label: 'Home', to: href('v2.home') }, { label: 'Profile' }]}
      actions={actions}
      testId="profile-screen"
    >
      <QueryView query={profile} skeleton={<ProfileSkeleton />}>
        {(loaded) => <ProfileContent profile={loaded} />}
      </QueryView>
    </PageLayout>
  );
}
