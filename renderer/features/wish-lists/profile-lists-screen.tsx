/**
 * /profile/:userId/wish-lists/ (v2.profile.wishLists): the lists of a person that I may see, with
 * their name in the title. Private (403) and unknown (404) people get plain words instead of an
 * error; someone with no list I can see can be asked for one (wishLists.requestList). For myself
 * (or a child I manage), "New list".
 */
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import type { TProfile } from '../../../server/contracts/people';
import { ListIcon } from '../../app/icons';
import { statusOf } from '../../app/runtime/app-runtime';
import { CardGrid } from '../../kit/card-grid';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { CardGridSkeleton, EmptyState, ErrorState, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { useMyUserId } from '../people/people-parts';
import { WishListCard } from './wish-list-parts';

function AskForList({ profile }: { profile: TProfile }) {
  const toast = useToast();
  const request = trpc.wishLists.requestList.useMutation();
  const [conflict, setConflict] = useState<string | null>(null);
  const name = profile.shortName || profile.displayName;

  async function ask(): Promise<void> {
    try {
      const answer = await request.mutateAsync({ userId: profile.userId });
      toast.success(answer.alreadyAsked ? `You asked ${name} this week` : `Asked ${name} for a wish list`);
    } catch (error) {
      if (statusOf(error) === 409) setConflict(errorText(error));
      else toast.error(errorText(error));
    }
  }

  if (conflict) return <ErrorState error={conflict} title="No need to ask" />;
  return (
    <Button
      onClick={() => void ask()}
      loading={request.isPending}
      disabled={request.isSuccess}
      data-testid="profile-lists-ask"
    >
      {request.isSuccess ? 'Asked' : `Ask ${name} for a wish list`}
    </Button>
  );
}

/** The lists of `profile` the viewer may see, or the reason they can't (also on the profile page). */
export function ListsOf({ profile }: { profile: TProfile }) {
  const me = useMyUserId();
  const lists = trpc.wishLists.ofUser.useQuery({ userId: profile.userId }, { retry: false });
  const name = profile.displayName;
  const isSelf = profile.relation.isSelf;
  const status = lists.isError ? statusOf(lists.error) : null;

  if (status === 403)
    return (
      <EmptyState
        icon={<ListIcon size={24} />}
        title={`${name}'s lists are private`}
        description={`Only the people ${name} follows can see their wish lists. Follow ${name} from their profile and ask them to follow you back.`}
        action={
          <Button component={Link} to={href('v2.profile.main', { userId: profile.userId })} variant="light">
            Go to {name}'s profile
          </Button>
        }
      />
    );
  if (status === 404)
    return <EmptyState title="We could not find this person" description="The account may have been closed." />;

  const empty = isSelf ? (
    <EmptyState
      icon={<ListIcon size={24} />}
      title="You have no wish list yet"
      description="Make a list so the people who ask know what you would love."
      action={
        <Button component={Link} to={href('v2.wishLists.create')} data-testid="profile-lists-empty-create">
          Make a list
        </Button>
      }
    />
  ) : profile.relation.isManagedByMe ? (
    <EmptyState
      icon={<ListIcon size={24} />}
      title={`${name} has no wish list yet`}
      description={`As ${name}'s family manager you can make one for them.`}
      action={
        <Button
          component={Link}
          to={href('v2.profile.createWishList', { userId: profile.userId })}
          data-testid="profile-lists-empty-create"
        >
          Make a list for {name}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<ListIcon size={24} />}
      title={`${name} has no wish list you can see`}
      description={me ? `Ask ${name} to make one: we will let them know.` : `Log in to ask ${name} for a wish list.`}
      action={
        me ? (
          <AskForList profile={profile} />
        ) : (
          <Button component={Link} to={href('v2.authLogin')} variant="light">
            Log in
          </Button>
        )
      }
    />
  );

  return (
    <QueryView
      query={lists}
      skeleton={<CardGridSkeleton count={3} />}
      isEmpty={(data) => data.length === 0}
      empty={empty}
    >
      {(data) => (
        <CardGrid data-testid="profile-lists">
          {data.map((list) => (
            <WishListCard key={list.wishlistId} list={list} />
          ))}
        </CardGrid>
      )}
    </QueryView>
  );
}

export default function ProfileListsScreen() {
  const { userId = '' } = useParams();
  const profile = trpc.people.get.useQuery({ userId }, { retry: false });
  const data = profile.data;
  const name = data && !data.isDeleted ? data.displayName : null;
  const isSelf = data?.relation.isSelf ?? false;
  const canCreate = Boolean(data && !data.isDeleted && (isSelf || data.relation.isManagedByMe));
  const status = profile.isError ? statusOf(profile.error) : null;

  return (
    <PageLayout
      title={isSelf ? 'My wish lists' : name ? `${name}'s wish lists` : 'Wish lists'}
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        { label: name ?? 'Profile', to: href('v2.profile.main', { userId }) },
        { label: 'Wish lists' },
      ]}
      actions={
        canCreate ? (
          <Button
            component={Link}
            to={isSelf ? href('v2.wishLists.create') : href('v2.profile.createWishList', { userId })}
            data-testid="profile-lists-create"
          >
            New list
          </Button>
        ) : null
      }
      testId="profile-lists-screen"
    >
      {status === 404 ? (
        <EmptyState
          title="We could not find this person"
          description="The account may have been closed, or the link is wrong."
          action={
            <Button component={Link} to={href('v2.home')} variant="light">
              Go home
            </Button>
          }
        />
      ) : status === 403 ? (
        <EmptyState
          icon={<ListIcon size={24} />}
          title="These lists are private"
          description="Only the people this member follows can see their wish lists. Follow them and ask them to follow you back."
        />
      ) : (
        <QueryView query={profile} skeleton={<CardGridSkeleton count={3} />}>
          {(loaded) =>
            loaded.isDeleted ? (
              <EmptyState
                title="This account was deleted"
                description="A former member's lists are gone with their account."
              />
            ) : (
              <ListsOf profile={loaded} />
            )
          }
        </QueryView>
      )}
    </PageLayout>
  );
}
