/**
 * /profile/:userId/wish-lists/:wishlistId/edit/ (v2.profile.editWishList): the list's title,
 * description, who can see it, event date and default, and deleting it (asked first) with its
 * wishes. Only its owner or their family manager can change it.
 */
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { useAppNavigate } from '../../routes/app-navigate';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { PageLayout } from '../../kit/page-layout';
import { EmptyState, ListSkeleton, errorText } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { useMyUserId } from '../people/people-parts';
import { WishListForm, listUpdateInput } from './wish-forms';
import { ListAccessError, listHref, type TWishListSummary, useWishToast } from './wish-list-parts';

function DeleteList({ list }: { list: TWishListSummary }) {
  const [confirming, setConfirming] = useState(false);
  const remove = trpc.wishLists.delete.useMutation();
  const utils = trpc.useUtils();
  const toast = useWishToast();
  const navigate = useAppNavigate();
  const me = useMyUserId();

  async function confirm(): Promise<void> {
    try {
      await remove.mutateAsync({ wishlistId: list.wishlistId });
      setConfirming(false);
      toast.success(`“${list.title}” is deleted`);
      void utils.wishLists.mine.invalidate();
      void utils.wishLists.ofUser.invalidate({ userId: list.ownerId });
      await navigate(
        list.ownerId === me ? href('v2.wishLists.own') : href('v2.profile.wishLists', { userId: list.ownerId }),
        { replace: true },
      );
    } catch (error) {
      toast.error(errorText(error), 'Could not delete the list');
    }
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          Delete this list
        </Title>
        <Text size="sm" c="dimmed">
          The list and its {list.wishCount === 1 ? 'wish' : `${list.wishCount} wishes`} go for good.
        </Text>
        <Button color="red" onClick={() => setConfirming(true)} data-testid="list-delete">
          Delete list
        </Button>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={`Delete “${list.title}”?`}
        message={`The list and everything on it are deleted. This cannot be undone.`}
        confirmLabel="Delete list"
        loading={remove.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
        confirmTestId="list-delete-confirm"
      />
    </Card>
  );
}

export default function EditListScreen() {
  const { userId = '', wishlistId = '' } = useParams();
  const detail = trpc.wishLists.get.useQuery({ wishlistId, sort: 'custom' }, { retry: false });
  const update = trpc.wishLists.update.useMutation();
  const utils = trpc.useUtils();
  const toast = useWishToast();
  const navigate = useAppNavigate();
  const me = useMyUserId();
  const list = detail.data?.list;
  const ownerId = list?.ownerId ?? userId;
  const mine = ownerId === me;

  return (
    <PageLayout
      title={list ? `Edit “${list.title}”` : 'Edit wish list'}
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        mine
          ? { label: 'Wish lists', to: href('v2.wishLists.own') }
          : {
              label: `${list?.owner.displayName ?? 'Their'} wish lists`,
              to: href('v2.profile.wishLists', { userId: ownerId }),
            },
        { label: list?.title ?? 'Wish list', to: href('v2.profile.wishList', { userId: ownerId, wishlistId }) },
        { label: 'Edit' },
      ]}
      testId="edit-list-screen"
      size="sm"
    >
      {detail.isError ? (
        <ListAccessError error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      ) : !detail.data || !list ? (
        <ListSkeleton rows={4} />
      ) : detail.data.view !== 'owner' ? (
        <EmptyState
          title="Only its owner can change this list"
          description={`${list.owner.displayName} (or their family manager) can edit it. You can still look at it.`}
          action={
            <Button component={Link} to={listHref(list)} variant="light">
              Back to the list
            </Button>
          }
        />
      ) : (
        <Stack gap="lg">
          <Card withBorder radius="md" padding="lg">
            <WishListForm
              key={list.updatedAt}
              list={list}
              forSomeoneElse={!mine}
              submitLabel="Save list"
              footer={
                <Anchor component={Link} to={listHref(list)} size="sm">
                  Cancel
                </Anchor>
              }
              onSubmit={async (values) => {
                const saved = await update.mutateAsync({ ...listUpdateInput(values), wishlistId: list.wishlistId });
                toast.success(`“${saved.title}” is saved`);
                await Promise.all([
                  utils.wishLists.get.invalidate({ wishlistId: list.wishlistId }),
                  utils.wishLists.mine.invalidate(),
                  utils.wishLists.ofUser.invalidate({ userId: saved.ownerId }),
                ]);
                await navigate(listHref(saved));
              }}
            />
          </Card>
          <DeleteList list={list} />
        </Stack>
      )}
    </PageLayout>
  );
}
