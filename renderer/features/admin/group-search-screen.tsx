/**
 * /admin/viewgroupdetails/ (v2.admin.viewGroupDetails): find a group (private ones too) by id,
 * name or the owner's e-mail (?q= keeps the search in the address), then open its details.
 */
import { Badge, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { UsersIcon } from '../../app/icons';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { AdminPage } from './admin-page';
import { SearchForm, useSearchForm } from './admin-parts';

export default function GroupSearchScreen() {
  const [search, setSearch] = useSearchParams();
  const query = search.get('q')?.trim() ?? '';
  const form = useSearchForm(query, (value) => setSearch({ q: value }));
  const results = trpc.admin.findGroups.useQuery({ query }, { enabled: query !== '', retry: false });
  return (
    <AdminPage
      title="Group details"
      description="Any group, private ones included: its members, removed members and invitations."
      testId="admin-groups"
    >
      <SearchForm form={form} label="Group" placeholder="Name, owner e-mail or group id" testId="group-search" />
      {query === '' ? (
        <EmptyState
          icon={<UsersIcon size={24} />}
          title="Search for a group"
          description="Type part of its name or the owner's e-mail, or paste the group id from a ticket."
        />
      ) : (
        <QueryView
          query={results}
          skeleton={<ListSkeleton rows={3} />}
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState
              icon={<UsersIcon size={24} />}
              title={`No group matches “${query}”`}
              description="Try the owner's e-mail or the group id."
            />
          }
        >
          {(list) => (
            <Stack gap="sm" data-testid="group-search-results">
              {list.map((group) => (
                <Card key={group.groupId} withBorder radius="md" padding="md" data-testid="group-search-result">
                  <Group justify="space-between" wrap="wrap">
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Text fw={600}>{group.name}</Text>
                        <Badge variant="light" color={group.isPrivate ? 'gray' : 'green'}>
                          {group.isPrivate ? 'Private' : 'Public'}
                        </Badge>
                        {group.deletedAt ? (
                          <Badge variant="light" color="red">
                            Deleted
                          </Badge>
                        ) : null}
                      </Group>
                      <Text
                        size="xs"
                        c="dimmed"
                      >{`${group.memberCount} members · owner ${group.owner.displayName}`}</Text>
                    </Stack>
                    <Button
                      size="xs"
                      variant="default"
                      component={Link}
                      to={href('v2.admin.viewGroupDetails.group', { groupId: group.groupId })}
                    >
                      Open<VisuallyHidden> {group.name}</VisuallyHidden>
                    </Button>
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
        </QueryView>
      )}
    </AdminPage>
  );
}
