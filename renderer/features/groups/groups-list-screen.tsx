/**
 * /groups/ (v2.groups.list): my groups (`groups.list` scope 'mine': the ones I am in, then the
 * invitations I may accept or decline and the requests I sent), creating a group (a dialog), and
 * discovering public groups (`?tab=discover`, scope 'discover', with a search box) to join or ask
 * to join.
 */
import { Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { useAppNavigate } from '../../routes/app-navigate';
import { SearchIcon, UsersIcon } from '../../app/icons';
import { LazyModal } from '../../app/lazy-modal';
import { CardGrid } from '../../kit/card-grid';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { CardGridSkeleton, EmptyState } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { TabLinks } from '../../kit/tab-links';
import { Pager } from '../../kit/pager';
import { GroupForm } from './group-form';
import { MyPlaceBadge, PrivacyBadge, useGroupToast, type TGroupSummary } from './group-parts';
import { countOf } from '../../kit/format';
import { MembershipButtons } from './membership-actions';

const PAGE = 60;

function GroupCard({ group, actions }: { group: TGroupSummary; actions?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="group-card" data-group-id={group.groupId}>
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={6}>
          <Anchor
            component={Link}
            to={href('v2.groups.main', { groupId: group.groupId })}
            fw={700}
            fz="lg"
            data-testid="group-card-link"
          >
            {group.name}
          </Anchor>
          <Group gap="xs" wrap="wrap">
            <PrivacyBadge isPrivate={group.isPrivate} />
            {group.myStatus ? <MyPlaceBadge group={group} /> : null}
          </Group>
          <Text size="sm" c="dimmed">
            {`${countOf(group.memberCount, 'member', 'members')} · Owner: ${group.owner.displayName}`}
          </Text>
          {group.description ? (
            <Text size="sm" lineClamp={3}>
              {group.description}
            </Text>
          ) : null}
        </Stack>
        {actions ? (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function GroupSection({ title, groups, testId }: { title: string; groups: TGroupSummary[]; testId: string }) {
  if (groups.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} fz="h3">
        {title}
      </Title>
      <CardGrid cols={{ base: 1, sm: 2, md: 3 }} gap="md" data-testid={testId}>
        {groups.map((group) => (
          <GroupCard
            key={group.groupId}
            group={group}
            actions={
              group.myStatus === 'invited' || group.myStatus === 'pending' ? (
                <MembershipButtons group={group} size="xs" />
              ) : undefined
            }
          />
        ))}
      </CardGrid>
    </Stack>
  );
}

function MyGroups({ onCreate }: { onCreate: () => void }) {
  const [offset, setOffset] = useState(0);
  const groups = trpc.groups.list.useQuery(
    { scope: 'mine', limit: PAGE, offset },
    { placeholderData: (previous) => previous },
  );
  return (
    <QueryView
      query={groups}
      skeleton={<CardGridSkeleton count={3} />}
      isEmpty={(page) => page.items.length === 0 && offset === 0}
      empty={
        <EmptyState
          icon={<UsersIcon size={24} />}
          title="You're not in any groups yet"
          description="Groups keep family, friends or colleagues together: birthdays, wish lists and gift exchanges in one place. Start one, or find a public group to join."
          action={
            <Group gap="sm" justify="center">
              <Button onClick={onCreate} data-testid="groups-empty-create">
                Create a group
              </Button>
              <Button
                component={Link}
                to={href('v2.groups.list', null, { tab: 'discover' })}
                variant="light"
                data-testid="groups-empty-discover"
              >
                Discover public groups
              </Button>
            </Group>
          }
        />
      }
    >
      {(page) => (
        <Stack gap="xl" data-testid="my-groups">
          <GroupSection
            title="Invitations"
            groups={page.items.filter((group) => group.myStatus === 'invited')}
            testId="my-groups-invited"
          />
          <GroupSection
            title="Groups I'm in"
            groups={page.items.filter((group) => group.myStatus === 'active')}
            testId="my-groups-active"
          />
          <GroupSection
            title="Waiting for an answer"
            groups={page.items.filter((group) => group.myStatus === 'pending')}
            testId="my-groups-pending"
          />
          <Pager
            offset={offset}
            limit={PAGE}
            total={page.paging.total}
            onChange={setOffset}
            label="Pages of my groups"
          />
        </Stack>
      )}
    </QueryView>
  );
}

function DiscoverGroups() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const groups = trpc.groups.list.useQuery(
    { scope: 'discover', limit: PAGE, offset, ...(search ? { search } : {}) },
    { placeholderData: (previous) => previous },
  );

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    setOffset(0);
    setSearch(text.trim());
  }

  return (
    <Stack gap="md">
      <form role="search" aria-label="Search public groups" onSubmit={submit} data-testid="groups-search-form">
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label="Search public groups"
            placeholder="A name or a word of its description"
            leftSection={<SearchIcon size={16} aria-hidden />}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={100}
            style={{ flex: 1 }}
            data-testid="groups-search-input"
          />
          <Button type="submit" data-testid="groups-search-submit">
            Search
          </Button>
        </Group>
      </form>
      <QueryView
        query={groups}
        skeleton={<CardGridSkeleton count={3} />}
        isEmpty={(page) => page.items.length === 0 && offset === 0}
        empty={
          <EmptyState
            icon={<SearchIcon size={24} />}
            title={search ? `No public groups match “${search}”` : 'No public groups to join right now'}
            description="Try other words, or start your own group and invite people to it."
          />
        }
      >
        {(page) => (
          <Stack gap="md">
            <CardGrid cols={{ base: 1, sm: 2, md: 3 }} gap="md" data-testid="discover-groups">
              {page.items.map((group) => (
                <GroupCard key={group.groupId} group={group} actions={<MembershipButtons group={group} size="xs" />} />
              ))}
            </CardGrid>
            <Pager
              offset={offset}
              limit={PAGE}
              total={page.paging.total}
              onChange={setOffset}
              label="Pages of public groups"
            />
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

function CreateGroupDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = trpc.groups.create.useMutation();
  const utils = trpc.useUtils();
  const toast = useGroupToast();
  const navigate = useAppNavigate();
  return (
    <LazyModal
      opened={opened}
      onClose={onClose}
      title="Create a group"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <GroupForm
        submitLabel="Create the group"
        testId="group-create-form"
        onCancel={onClose}
        onSave={async (fields) => {
          const { groupId } = await create.mutateAsync(fields);
          toast.success(`${fields.name.trim()} is created. Invite people to it.`);
          void utils.groups.list.invalidate({ scope: 'mine' });
          onClose();
          await navigate(href('v2.groups.main', { groupId }));
        }}
      />
    </LazyModal>
  );
}

export default function GroupsListScreen() {
  const [params] = useSearchParams();
  const discover = params.get('tab') === 'discover';
  const [creating, setCreating] = useState(false);
  return (
    <PageLayout
      title="Groups"
      description="Family, friends and teams: their birthdays, wish lists and gift exchanges in one place."
      breadcrumbs={[{ label: 'Home', to: href('v2.home') }, { label: 'Groups' }]}
      actions={
        <Button onClick={() => setCreating(true)} data-testid="groups-create">
          Create a group
        </Button>
      }
      testId="groups-list-screen"
    >
      <TabLinks
        label="Groups"
        tabs={[
          { label: 'My groups', to: href('v2.groups.list'), active: !discover, testId: 'groups-tab-mine' },
          {
            label: 'Discover public groups',
            to: href('v2.groups.list', null, { tab: 'discover' }),
            active: discover,
            testId: 'groups-tab-discover',
          },
        ]}
      />
      {discover ? <DiscoverGroups /> : <MyGroups onCreate={() => setCreating(true)} />}
      <CreateGroupDialog opened={creating} onClose={() => setCreating(false)} />
    </PageLayout>
  );
}
