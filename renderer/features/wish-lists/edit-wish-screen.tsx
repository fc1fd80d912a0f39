/**
 * /profile/legacy/:userId/wishes/:wishId/edit/ (legacy.profile.editWish): one wish's fields, and
 * moving it to another of its owner's lists. Saved, it opens the (v2) list it is on.
 */
import { Anchor, Card } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { useAppNavigate } from '../../routes/app-navigate';
import { PageLayout } from '../../kit/page-layout';
import { ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc, type TRouterOutputs } from '../../trpc';
import { WishForm, wishInput, wishValues } from './wish-forms';
import { ListAccessError, ListSelect, type TWishListSummary, useWishToast } from './wish-list-parts';

type TOwnWish = TRouterOutputs['wishLists']['wish'];

function EditWishForm({ wish, lists, userId }: { wish: TOwnWish; lists: TWishListSummary[]; userId: string }) {
  const [wishlistId, setWishlistId] = useState(wish.wishlistId);
  const update = trpc.wishLists.updateWish.useMutation();
  const utils = trpc.useUtils();
  const toast = useWishToast();
  const navigate = useAppNavigate();
  const editable = lists.filter((list) => list.canEdit);
  const ownerId = lists.find((list) => list.wishlistId === wish.wishlistId)?.ownerId ?? userId;
  const backTo = href('v2.profile.wishList', { userId: ownerId, wishlistId: wish.wishlistId });

  return (
    <WishForm
      initial={wishValues(wish)}
      submitLabel="Save wish"
      before={
        editable.length > 1 ? (
          <ListSelect lists={editable} value={wishlistId} onChange={setWishlistId} label="On the list" />
        ) : null
      }
      footer={
        <Anchor component={Link} to={backTo} size="sm">
          Cancel
        </Anchor>
      }
      onSubmit={async (values) => {
        const saved = await update.mutateAsync({
          wishId: wish.wishId,
          ...(wishlistId !== wish.wishlistId ? { wishlistId } : {}),
          ...wishInput(values),
        });
        const moved = saved.wishlistId !== wish.wishlistId;
        toast.success(
          moved
            ? `“${saved.title}” moved to “${lists.find((list) => list.wishlistId === saved.wishlistId)?.title ?? 'another list'}”`
            : `“${saved.title}” is saved`,
        );
        await Promise.all([
          utils.wishLists.wish.invalidate({ wishId: wish.wishId }),
          utils.wishLists.get.invalidate({ wishlistId: wish.wishlistId }),
          moved ? utils.wishLists.get.invalidate({ wishlistId: saved.wishlistId }) : null,
          utils.wishLists.mine.invalidate(),
          utils.wishLists.ofUser.invalidate({ userId: ownerId }),
        ]);
        await navigate(href('v2.profile.wishList', { userId: ownerId, wishlistId: saved.wishlistId }));
      }}
    />
  );
}

export default function EditWishScreen() {
  const { userId = '', wishId = '' } = useParams();
  const wish = trpc.wishLists.wish.useQuery({ wishId }, { retry: false });
  const lists = trpc.wishLists.ofUser.useQuery({ userId }, { retry: false });
  const failed = wish.isError ? wish : lists.isError ? lists : null;

  return (
    <PageLayout
      title={wish.data ? `Edit “${wish.data.title}”` : 'Edit wish'}
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        { label: 'Wish lists', to: href('v2.profile.wishLists', { userId }) },
        { label: 'Edit wish' },
      ]}
      testId="edit-wish-screen"
      size="sm"
    >
      {failed ? (
        <ListAccessError
          error={failed.error}
          onRetry={() => void failed.refetch()}
          retrying={failed.isFetching}
          privateTitle="Only its owner can change this wish"
          privateText="The owner of the list (or their family manager) can edit its wishes."
          missingTitle="This wish is not here"
          missingText="It may have been deleted, or you cannot change it."
        />
      ) : !wish.data || !lists.data ? (
        <ListSkeleton rows={5} />
      ) : (
        <Card withBorder radius="md" padding="lg">
          <EditWishForm wish={wish.data} lists={lists.data} userId={userId} />
        </Card>
      )}
    </PageLayout>
  );
}
