/**
 * /family-manager/ (v2.familyManager.root, also .selectMembers): the child accounts the signed-in
 * member manages, each with "Switch to" (this tab then acts as the child) and "Manage" (the manager's
 * screen for the child: profile, picture, address, privacy, notifications, closing it), and
 * "Add a child".
 */
import { Button, Stack } from '@mantine/core';
import { Link } from '../../routes/link';
import { UsersIcon } from '../../app/icons';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { useMyUserId } from '../people/people-parts';
import { ChildCard, useSwitchInto } from './family-parts';

export function ChildList({ userId }: { userId: string }) {
  const children = trpc.people.children.useQuery({ userId });
  const { switchTo, pendingUid } = useSwitchInto();
  return (
    <QueryView
      query={children}
      skeleton={<ListSkeleton rows={2} />}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState
          icon={<UsersIcon size={24} />}
          title="No child accounts yet"
          description="Add your children to make wish lists for them and include them in gift exchanges. They need no e-mail address or password."
          action={
            <Button component={Link} to={href('v2.familyManager.registerMember')} data-testid="family-add-empty">
              Add a child
            </Button>
          }
        />
      }
    >
      {(list) => (
        <Stack gap="sm" data-testid="family-children">
          {list.map((child) => (
            <ChildCard
              key={child.userId}
              child={child}
              switching={pendingUid === child.userId}
              disabled={pendingUid !== null}
              onSwitch={() => void switchTo(child.userId)}
            />
          ))}
        </Stack>
      )}
    </QueryView>
  );
}

export default function FamilyManagerScreen() {
  const userId = useMyUserId();
  return (
    <PageLayout
      title="Family manager"
      description="Manage the accounts of your children: their profiles, wish lists and exchanges."
      breadcrumbs={[{ label: 'Home', to: href('v2.home') }, { label: 'Family manager' }]}
      actions={
        <Button component={Link} to={href('v2.familyManager.registerMember')} data-testid="family-add">
          Add a child
        </Button>
      }
      testId="family-manager-screen"
    >
      {userId ? <ChildList userId={userId} /> : <ListSkeleton rows={2} />}
    </PageLayout>
  );
}
