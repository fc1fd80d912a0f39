/**
 * The frame of every page of one group (/groups/:groupId/…): breadcrumbs (Groups → the group → the
 * page), the page's h1, a header card (privacy, member count, the viewer's place, description) and
 * a navigation of the group's pages the viewer may open. The group is loaded once here
 * (`groups.get`); the page's content renders only once it is, as the argument of a function child.
 */
import { Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLayout, type TCrumb } from '../../kit/page-layout';
import { ListSkeleton } from '../../kit/states';
import { href, type TRouteName } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { TabLinks, type TTabLink } from '../../kit/tab-links';
import { GroupAccessError, MyPlaceBadge, PrivacyBadge, type TGroupDetail } from './group-parts';
import { countOf } from '../../kit/format';

/** The group's query, shared (one cache entry) by the frame and the screens inside it. */
export function useGroupQuery(groupId: string) {
  return trpc.groups.get.useQuery({ groupId }, { retry: false, enabled: groupId !== '' });
}

type TGroupRouteName = Extract<
  TRouteName,
  | 'v2.groups.main'
  | 'v2.groups.members'
  | 'v2.groups.members.pending'
  | 'v2.groups.members.removed'
  | 'v2.groups.activity'
  | 'v2.groups.invite'
  | 'v2.groups.inviteFriends'
  | 'v2.groups.assistants'
  | 'v2.groups.settings'
>;

interface TNavEntry {
  route: TGroupRouteName;
  label: (group: TGroupDetail) => string;
  testId: string;
  show: (group: TGroupDetail) => boolean;
}

const inside = (group: TGroupDetail): boolean => group.canSeeInside;
const managers = (group: TGroupDetail): boolean => group.canManage;
const isActive = (group: TGroupDetail): boolean => group.myStatus === 'active';

const NAV: readonly TNavEntry[] = [
  { route: 'v2.groups.main', label: () => 'Overview', testId: 'group-nav-overview', show: () => true },
  { route: 'v2.groups.members', label: () => 'Members', testId: 'group-nav-members', show: inside },
  { route: 'v2.groups.activity', label: () => 'Activity', testId: 'group-nav-activity', show: inside },
  {
    route: 'v2.groups.members.pending',
    label: (group) => (group.pendingCount > 0 ? `Requests (${group.pendingCount})` : 'Requests'),
    testId: 'group-nav-pending',
    show: managers,
  },
  { route: 'v2.groups.members.removed', label: () => 'Removed', testId: 'group-nav-removed', show: managers },
  // Managers invite (and share the link); in a public group every member invites too.
  { route: 'v2.groups.invite', label: () => 'Invite', testId: 'group-nav-invite', show: (group) => group.canInvite },
  {
    route: 'v2.groups.inviteFriends',
    label: () => 'Invite friends',
    testId: 'group-nav-invite-friends',
    show: (group) => group.canInvite,
  },
  {
    route: 'v2.groups.assistants',
    label: () => 'Assistants',
    testId: 'group-nav-assistants',
    show: (group) => isActive(group) && group.myRole === 'owner',
  },
  { route: 'v2.groups.settings', label: () => 'Settings', testId: 'group-nav-settings', show: isActive },
];

/** The group's pages the viewer may open, the current one (or its parent) marked. */
export function groupNavTabs(group: TGroupDetail, pathname: string): TTabLink[] {
  const entries = NAV.filter((entry) => entry.show(group)).map((entry) => ({
    entry,
    to: href(entry.route, { groupId: group.groupId }),
  }));
  // The longest matching address wins, so "Requests" is marked on its page, not "Members".
  const current = entries.filter(({ to }) => pathname.startsWith(to)).sort((a, b) => b.to.length - a.to.length)[0]?.to;
  return entries.map(({ entry, to }) => ({
    label: entry.label(group),
    to,
    active: to === current,
    testId: entry.testId,
  }));
}

/** The group in one card: name (unless the h1 is the name), privacy, members, my place, description. */
export function GroupHeader({ group, showName = true }: { group: TGroupDetail; showName?: boolean }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="group-header" data-group-id={group.groupId}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          {showName ? (
            <Text fw={700} fz="lg" data-testid="group-name">
              {group.name}
            </Text>
          ) : null}
          <PrivacyBadge isPrivate={group.isPrivate} />
          <MyPlaceBadge group={group} />
        </Group>
        <Text size="sm" c="dimmed" data-testid="group-facts">
          {`${countOf(group.memberCount, 'member', 'members')} · Owner: ${group.owner.displayName}`}
        </Text>
        {group.description && showName && group.canSeeInside ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="group-description">
            {group.description}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function HeaderSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the group" data-testid="group-loading">
      <Skeleton h={76} radius="md" />
      <Skeleton h={36} radius="md" />
      <ListSkeleton rows={3} />
    </Stack>
  );
}

export interface TGroupPageProps {
  groupId: string;
  /** The page's name (its h1); the group's own name when omitted (its overview). */
  title?: string;
  children: (group: TGroupDetail) => ReactNode;
  testId: string;
  /** The page's main actions, beside the title. */
  actions?: (group: TGroupDetail) => ReactNode;
  /** The header card and the navigation (false for the name-only view of a private group). */
  withNav?: (group: TGroupDetail) => boolean;
}

export function GroupPage({ groupId, title, children, testId, actions, withNav }: TGroupPageProps) {
  const query = useGroupQuery(groupId);
  const { pathname } = useLocation();
  const group = query.data;
  const groupCrumb = group?.name ?? 'Group';

  const crumbs: TCrumb[] = [{ label: 'Groups', to: href('v2.groups.list') }];
  if (title) {
    crumbs.push({ label: groupCrumb, to: groupId ? href('v2.groups.main', { groupId }) : undefined });
    crumbs.push({ label: title });
  } else {
    crumbs.push({ label: groupCrumb });
  }

  let content: ReactNode;
  if (query.isError)
    content = <GroupAccessError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (!group) content = <HeaderSkeleton />;
  else
    content = (
      <Stack gap="lg">
        {withNav?.(group) === false ? null : (
          <>
            <GroupHeader group={group} showName={Boolean(title)} />
            <TabLinks label="Group pages" tabs={groupNavTabs(group, pathname)} />
          </>
        )}
        {children(group)}
      </Stack>
    );

  return (
    <PageLayout
      title={title ?? group?.name ?? 'Group'}
      description={!title && group?.canSeeInside && group.description ? group.description : undefined}
      breadcrumbs={crumbs}
      actions={group && actions ? actions(group) : undefined}
      testId={testId}
    >
      {content}
    </PageLayout>
  );
}
