/**
 * /admin/viewgroupdetails/ (v2.admin.viewGroupDetails): find a group (private ones too) by id,
 * name or the owner's e-mail (?q= keeps the search in the address), then open its details.
 */
import { Badge, Stack } from '@mantine/core';
import { UsersIcon } from '../../app/icons';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { AdminPage } from './admin-page';
import { FoundCard, SearchForm, SearchResults, useAddressSearch } from './admin-parts';

export default function GroupSearchScreen() {
  const { query, form } = useAddressSearch();
  const results = trpc.admin.findGroups.useQuery({ query }, { enabled: query !== '', retry: false });
  return (
    <AdminPage
      title="Group details"
      description="Any group, private ones included: its members, removed members and invitations."
      testId="admin-groups"
    >
      <SearchForm form={form} label="Group" placeholder="Name, owner e-mail or group id" testId="group-search" />
      <SearchResults
        query={query}
        results={results}
        icon={<UsersIcon size={24} />}
        what="a group"
        hint="Type part of its name or the owner's e-mail, or paste the group id from a ticket."
        tryInstead="Try the owner's e-mail or the group id."
      >
        {(list) => (
          <Stack gap="sm" data-testid="group-search-results">
            {list.map((group) => (
              <FoundCard
                key={group.groupId}
                title={group.name}
                badges={
                  <>
                    <Badge variant="light" color={group.isPrivate ? 'gray' : 'green'}>
                      {group.isPrivate ? 'Private' : 'Public'}
                    </Badge>
                    {group.deletedAt ? (
                      <Badge variant="light" color="red">
                        Deleted
                      </Badge>
                    ) : null}
                  </>
                }
                facts={`${group.memberCount} members · owner ${group.owner.displayName}`}
                to={href('v2.admin.viewGroupDetails.group', { groupId: group.groupId })}
                testId="group-search-result"
              />
            ))}
          </Stack>
        )}
      </SearchResults>
    </AdminPage>
  );
}
