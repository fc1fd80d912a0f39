/**
 * /profile/:userId/child-accounts/ (v2.profile.childAccounts): the child accounts of a member, shown
 * to that member (the family manager) only.
 */
import { Button } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { PageLayout } from '../../kit/page-layout';
import { EmptyState, ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { useIdentity } from '../../auth/identity-provider';
import { ChildList } from './family-manager-screen';

export default function ChildAccountsScreen() {
  const { userId = '' } = useParams();
  const { identity, isReady } = useIdentity();
  const isOwner = identity !== null && (identity.userId === userId || identity.rootIdentity === userId);
  return (
    <PageLayout
      title="Child accounts"
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        { label: 'Profile', to: href('v2.profile.main', { userId }) },
        { label: 'Child accounts' },
      ]}
      actions={
        isOwner ? (
          <Button component={Link} to={href('v2.familyManager.registerMember')} data-testid="family-add">
            Add a child
          </Button>
        ) : null
      }
      testId="child-accounts-screen"
    >
      {!isReady ? (
        <ListSkeleton rows={2} />
      ) : isOwner ? (
        <ChildList userId={userId} />
      ) : (
        <EmptyState
          title="Only the family manager sees these"
          description="Child accounts are listed to the member who manages them. Open your own family manager to see yours."
          action={
            <Button component={Link} to={href('v2.familyManager.root')} variant="light">
              Open my family manager
            </Button>
          }
        />
      )}
    </PageLayout>
  );
}
