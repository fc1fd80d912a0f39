/**
 * /wish-lists/create/ (v2.wishLists.create) and /profile/:userId/wish-lists/create/
 * (v2.profile.createWishList): a new list — title, description, who can see it, event date,
 * default. A family manager making one for their child sends the child as its owner. Saved, the
 * new list opens.
 */
import { Anchor, Card } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { useAppNavigate } from '../../routes/app-navigate';
import { PageLayout } from '../../kit/page-layout';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { useMyUserId } from '../people/people-parts';
import { WishListForm, listInput } from './wish-forms';
import { listHref, useWishToast } from './wish-list-parts';

export default function CreateListScreen() {
  const { userId } = useParams();
  const me = useMyUserId();
  const forSomeoneElse = Boolean(userId && me && userId !== me);
  const person = trpc.people.get.useQuery({ userId: userId ?? '' }, { enabled: forSomeoneElse });
  const name = forSomeoneElse && person.data && !person.data.isDeleted ? person.data.displayName : null;
  const navigate = useAppNavigate();
  const toast = useWishToast();
  const utils = trpc.useUtils();
  const create = trpc.wishLists.create.useMutation();
  const ownerId = forSomeoneElse ? userId : undefined;
  const backTo = forSomeoneElse && userId ? href('v2.profile.wishLists', { userId }) : href('v2.wishLists.own');

  return (
    <PageLayout
      title={forSomeoneElse ? `New list for ${name ?? 'this person'}` : 'New wish list'}
      description="Give it a name, choose who can see it and, if it is for an occasion, its date."
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        forSomeoneElse
          ? { label: name ? `${name}'s lists` : 'Their lists', to: backTo }
          : { label: 'My wish lists', to: backTo },
        { label: 'New list' },
      ]}
      testId="create-list-screen"
      size="sm"
    >
      <Card withBorder radius="md" padding="lg">
        <WishListForm
          ownerId={ownerId}
          forSomeoneElse={forSomeoneElse}
          submitLabel="Create list"
          footer={
            <Anchor component={Link} to={backTo} size="sm">
              Cancel
            </Anchor>
          }
          onSubmit={async (values) => {
            const list = await create.mutateAsync({ ...listInput(values), ...(ownerId ? { ownerId } : {}) });
            toast.success(`“${list.title}” is ready: add your first wish`);
            void utils.wishLists.mine.invalidate();
            void utils.wishLists.ofUser.invalidate({ userId: list.ownerId });
            await navigate(listHref(list));
          }}
        />
      </Card>
    </PageLayout>
  );
}
