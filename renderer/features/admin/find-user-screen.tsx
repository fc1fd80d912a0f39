/**
 * /admin/finduser/ (v2.admin.findUser): members by e-mail, name, username or id (the query stays in
 * the address, ?q=, so a search can be shared and the back button returns to it). Each result
 * opens the member's support page or starts a support session with a reason.
 */
import { Button, Stack, VisuallyHidden } from '@mantine/core';
import { Link } from '../../routes/link';
import { SearchIcon } from '../../app/icons';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { AdminPage } from './admin-page';
import { SearchForm, SearchResults, UserCard, useAddressSearch } from './admin-parts';
import { ImpersonateAction } from './impersonate-action';

export default function FindUserScreen() {
  const { query, form } = useAddressSearch();
  const results = trpc.admin.findUsers.useQuery({ query }, { enabled: query !== '', retry: false });

  return (
    <AdminPage
      title="Find a user"
      description="Search by e-mail, name, username or member id. Closed accounts are listed last."
      testId="admin-find-user"
    >
      <SearchForm form={form} label="Member" placeholder="dana@gifting.test, Dana Demo, dana…" testId="find-user" />
      <SearchResults
        query={query}
        results={results}
        icon={<SearchIcon size={24} />}
        what="a member"
        hint="Type part of an e-mail address, a name or a username, or paste a member id."
        tryInstead="Check the spelling, or search by the e-mail address or the member id instead."
      >
        {(users) => (
          <Stack gap="sm" data-testid="find-user-results">
            {users.map((user) => (
              <UserCard
                key={user.userId}
                user={user}
                testId="find-user-result"
                actions={
                  <>
                    <Button
                      size="xs"
                      variant="default"
                      component={Link}
                      to={href('v2.admin.user', { userId: user.userId })}
                      data-testid="find-user-open"
                    >
                      Open<VisuallyHidden> {user.displayName}</VisuallyHidden>
                    </Button>
                    <ImpersonateAction user={user} />
                  </>
                }
              />
            ))}
          </Stack>
        )}
      </SearchResults>
    </AdminPage>
  );
}
