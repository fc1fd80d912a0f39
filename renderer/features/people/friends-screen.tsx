/**
 * Friends: /friends/ (v2.friends and its tabs, the signed-in member's) and
 * /profile/:userId/friends/ (v2.profile.friends and its tabs, any member's). The tabs are links:
 * following (the root), followers, suggestions (own only) and search; each list is paged with
 * "Load more", and every row links to the person's profile with a follow button.
 */
import { Alert, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { suggestionReason } from '../../../server/contracts/people-values';
import { SearchIcon, UsersIcon } from '../../app/icons';
import { useCurrentRouteHandle } from '../../app/route-handle';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { PAGE_SIZE, PagedList, PersonRow, useMyUserId, usePagedPeople } from './people-parts';
import { TabLinks, type TTabLink } from '../../kit/tab-links';

type TTab = 'following' | 'followers' | 'suggestions' | 'search';

function tabOf(routeName: string): TTab {
  if (routeName.endsWith('.followers')) return 'followers';
  if (routeName.endsWith('.suggestions')) return 'suggestions';
  if (routeName.endsWith('.search')) return 'search';
  return 'following';
}

function FollowList({ kind, userId, isOwn }: { kind: 'following' | 'followers'; userId: string; isOwn: boolean }) {
  const utils = trpc.useUtils();
  const query = usePagedPeople(['people', kind, userId], (offset) =>
    kind === 'following'
      ? utils.client.people.followedUsers.query({ userId, limit: PAGE_SIZE, offset })
      : utils.client.people.followerUsers.query({ userId, limit: PAGE_SIZE, offset }),
  );
  const empty =
    kind === 'following' ? (
      <EmptyState
        icon={<UsersIcon size={24} />}
        title={isOwn ? 'You do not follow anybody yet' : 'Not following anybody yet'}
        description={
          isOwn
            ? 'Follow friends and family to see their wish lists and birthdays. Try the suggestions or search by name.'
            : 'When they follow people, they show up here.'
        }
      />
    ) : (
      <EmptyState
        icon={<UsersIcon size={24} />}
        title="No followers yet"
        description={
          isOwn ? 'When people follow you, they show up here.' : 'When people follow them, they show up here.'
        }
      />
    );
  return (
    <PagedList query={query} empty={empty} testId={`friends-${kind}`}>
      {(person) => <PersonRow key={person.userId} person={person} />}
    </PagedList>
  );
}

function SuggestionList({ userId }: { userId: string }) {
  const utils = trpc.useUtils();
  const query = usePagedPeople(['people', 'suggestions', userId], (offset) =>
    utils.client.people.followSuggestions.query({ userId, limit: PAGE_SIZE, offset }),
  );
  return (
    <PagedList
      query={query}
      testId="friends-suggestions"
      empty={
        <EmptyState
          icon={<UsersIcon size={24} />}
          title="No suggestions right now"
          description="Suggestions come from the people you follow, your groups and your gift exchanges. Follow a few friends, join a group, or search by name."
        />
      }
    >
      {(person) => <PersonRow key={person.userId} person={person} detail={suggestionReason(person)} />}
    </PagedList>
  );
}

function SearchResults({ query: text }: { query: string }) {
  const utils = trpc.useUtils();
  const query = usePagedPeople(['people', 'search', text], (offset) =>
    utils.client.people.search.query({ query: text, limit: PAGE_SIZE, offset }),
  );
  return (
    <PagedList
      query={query}
      testId="friends-search-results"
      empty={
        <EmptyState
          icon={<SearchIcon size={24} />}
          title={`Nobody matches “${text}”`}
          description="Check the spelling, or try a first name, last name or username."
        />
      }
    >
      {(person) => <PersonRow key={person.userId} person={person} />}
    </PagedList>
  );
}

function SearchTab() {
  const [value, setValue] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value.trim()), 300);
    return () => clearTimeout(timer);
  }, [value]);
  const tooShort = value.trim().length > 0 && value.trim().length < 2;
  return (
    <Stack gap="md">
      <TextInput
        label="Search people"
        placeholder="Name or username"
        leftSection={<SearchIcon size={16} />}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={tooShort ? 'Type at least 2 characters' : undefined}
        data-testid="friends-search-input"
      />
      {debounced.length >= 2 ? (
        <SearchResults query={debounced} />
      ) : (
        <EmptyState
          icon={<SearchIcon size={24} />}
          title="Find people"
          description="Type at least 2 characters of a name or username."
        />
      )}
    </Stack>
  );
}

export default function FriendsScreen() {
  const { routeName } = useCurrentRouteHandle();
  const params = useParams();
  const myId = useMyUserId();
  const forProfile = routeName.startsWith('v2.profile.');
  const userId = forProfile ? (params.userId ?? '') : (myId ?? '');
  const isOwn = !forProfile || userId === myId;
  const tab = tabOf(routeName);
  const profile = trpc.people.get.useQuery({ userId }, { enabled: forProfile && userId !== '' });

  const tabs: TTabLink[] = forProfile
    ? [
        {
          label: 'Following',
          to: href('v2.profile.friends.following', { userId }),
          active: tab === 'following',
          testId: 'tab-following',
        },
        {
          label: 'Followers',
          to: href('v2.profile.friends.followers', { userId }),
          active: tab === 'followers',
          testId: 'tab-followers',
        },
        ...(myId
          ? [
              {
                label: 'Search',
                to: href('v2.profile.friends.search', { userId }),
                active: tab === 'search',
                testId: 'tab-search',
              },
            ]
          : []),
      ]
    : [
        { label: 'Following', to: href('v2.friends.following'), active: tab === 'following', testId: 'tab-following' },
        { label: 'Followers', to: href('v2.friends.followers'), active: tab === 'followers', testId: 'tab-followers' },
        {
          label: 'Suggestions',
          to: href('v2.friends.suggestions'),
          active: tab === 'suggestions',
          testId: 'tab-suggestions',
        },
        { label: 'Search', to: href('v2.friends.search'), active: tab === 'search', testId: 'tab-search' },
      ];

  const name = profile.data?.displayName;
  const title = forProfile ? (name ? `${name}’s friends` : 'Friends') : 'Friends';

  const list = (() => {
    if (tab === 'search') return <SearchTab />;
    if (!userId) return <ListSkeleton rows={3} />;
    if (tab === 'suggestions') return <SuggestionList userId={userId} />;
    return <FollowList key={`${tab}-${userId}`} kind={tab} userId={userId} isOwn={isOwn} />;
  })();

  return (
    <PageLayout
      title={title}
      breadcrumbs={
        forProfile && userId
          ? [
              { label: 'Home', to: href('v2.home') },
              { label: name ?? 'Profile', to: href('v2.profile.main', { userId }) },
              { label: 'Friends' },
            ]
          : [{ label: 'Home', to: href('v2.home') }, { label: 'Friends' }]
      }
      testId="friends-screen"
    >
      <TabLinks label="Friends sections" tabs={tabs} />
      {forProfile && tab !== 'search' ? (
        <QueryView query={profile} skeleton={<ListSkeleton rows={3} />}>
          {(loaded) =>
            loaded.isDeleted ? (
              <Alert variant="light" color="gray" data-testid="friends-deleted">
                This account was deleted.
              </Alert>
            ) : !loaded.canSeePrivate ? (
              <EmptyState
                title="This profile is private"
                description={`Only the people ${loaded.displayName} follows can see who they follow and who follows them.`}
              />
            ) : (
              list
            )
          }
        </QueryView>
      ) : (
        list
      )}
    </PageLayout>
  );
}
