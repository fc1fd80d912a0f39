/**
 * /family-manager/members/:userId/add-to-exchanges/ (v2.familyManager.addToExchanges) and the legacy
 * add-to-my-groups page: adding a child to one's gift exchanges or groups. Exchanges and groups are
 * not built yet, so there is nothing to join: the page says so honestly.
 */
import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { GiftIcon } from '../../app/icons';
import { useCurrentRouteHandle } from '../../app/route-handle';
import { PageLayout } from '../../kit/page-layout';
import { EmptyState } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';

export default function AddToExchangesScreen() {
  const { userId = '' } = useParams();
  const { routeName } = useCurrentRouteHandle();
  const groups = routeName === 'legacy.familyManager.addToMyGroups';
  const profile = trpc.people.get.useQuery({ userId });
  const name = profile.data && !profile.data.isDeleted ? profile.data.displayName : 'your child';
  const what = groups ? 'groups' : 'gift exchanges';
  return (
    <PageLayout
      title={groups ? 'Add to my groups' : 'Add to gift exchanges'}
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        { label: 'Family manager', to: href('v2.familyManager.root') },
        { label: groups ? 'Add to my groups' : 'Add to gift exchanges' },
      ]}
      testId="add-to-exchanges-screen"
    >
      <EmptyState
        icon={<GiftIcon size={24} />}
        title={`No ${what} to join yet`}
        description={`You have no ${what} that ${name} can join. Once you take part in ${what}, you can add ${name} to them from here.`}
        action={
          <Button component={Link} to={href('v2.familyManager.root')} variant="light">
            Back to the family manager
          </Button>
        }
      />
    </PageLayout>
  );
}
