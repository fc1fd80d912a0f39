/**
 * /profile/:userId/wish-lists/:wishlistId/ (v2.profile.wishList): one list. Its owner (or their
 * family manager) gets the editable view, which carries nothing about what others bought; the rest
 * of the owner's side (switched in from the owner, a related account) the same without editing;
 * everyone else the guest view, where they mark wishes as bought. The sort is in the address (?sort=).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import type { TWishSort } from '../../../server/contracts/wish-lists';
import { WISH_SORTS } from '../../../server/contracts/wish-list-values';
import { PageLayout } from '../../kit/page-layout';
import { SelectField } from '../../kit/select-field';
import { ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { useIdentity } from '../../auth/identity-provider';
import { useMyUserId } from '../people/people-parts';
import { ListAccessError, PrivacyBadge, type TWishListSummary } from './wish-list-parts';
import { formatDate } from '../../kit/format';

/**
 * The owner's and the guest's views load apart: each is most of this screen's code and a member
 * only ever sees one of them on a list (issue 27: the owner's page carried the guest's claiming
 * code, 1.2 KiB gzip, and the other way round). The screen starts loading the one the address
 * suggests while the list's query runs (see WishListScreen), so neither waits for the other.
 */
const loadOwnerView = () => import('./owner-view');
const loadGuestView = () => import('./guest-view');
const OwnerView = lazy(() => loadOwnerView().then((module) => ({ default: module.OwnerView })));
const GuestView = lazy(() => loadGuestView().then((module) => ({ default: module.GuestView })));
const OwnSideView = lazy(() => import('./owner-wish-actions').then((module) => ({ default: module.OwnSideView })));

const SORT_LABELS: Record<TWishSort, string> = {
  custom: 'List order',
  priority: 'Most wanted first',
  price: 'Price, low to high',
  date: 'Newest first',
};

function parseSort(value: string | null): TWishSort {
  return (WISH_SORTS as readonly string[]).includes(value ?? '') ? (value as TWishSort) : 'custom';
}

function ListFacts({ list }: { list: TWishListSummary }) {
  return (
    <Stack gap={6}>
      {list.description ? <Text data-testid="list-description-text">{list.description}</Text> : null}
      <Group gap="xs">
        <PrivacyBadge privacy={list.privacy} />
        {list.eventDate ? (
          <Text size="sm" c="dimmed" data-testid="list-event-date">
            Event: {formatDate(list.eventDate)}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

export default function WishListScreen() {
  const { userId = '', wishlistId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get('sort'));
  const input = { wishlistId, sort };
  const detail = trpc.wishLists.get.useQuery(input, { retry: false });
  const me = useMyUserId();
  const data = detail.data;
  const list = data?.list;
  const ownerId = list?.ownerId ?? userId;
  const mine = ownerId === me;
  const ownerName = list?.owner.displayName;

  // One's own lists show the owner's view (a family manager's child's list too, found once loaded).
  // Who one is is known once the identity is ready (a visitor can open a public list before).
  const { isReady } = useIdentity();
  useEffect(() => {
    if (isReady) void (userId === me ? loadOwnerView() : loadGuestView()).catch(() => undefined);
  }, [isReady, userId, me]);

  const crumbs = mine
    ? [
        { label: 'Home', to: href('v2.home') },
        { label: 'Wish lists', to: href('v2.wishLists.own') },
        { label: list?.title ?? 'Wish list' },
      ]
    : [
        { label: 'Home', to: href('v2.home') },
        {
          label: ownerName ? `${ownerName}'s wish lists` : 'Wish lists',
          to: href('v2.profile.wishLists', { userId: ownerId }),
        },
        { label: list?.title ?? 'Wish list' },
      ];

  const sortSelect = (
    <SelectField
      label="Sort wishes"
      width={220}
      value={sort}
      onChange={(value) => {
        const next = new URLSearchParams(params);
        if (value === 'custom') next.delete('sort');
        else next.set('sort', value);
        setParams(next, { replace: true });
      }}
      options={WISH_SORTS.map((value) => ({
        value,
        label: value === 'custom' && data?.view === 'owner' ? 'My order' : SORT_LABELS[value],
      }))}
      data-testid="wish-sort"
    />
  );

  return (
    <PageLayout
      title={list?.title ?? 'Wish list'}
      description={list && !mine ? `${list.owner.displayName}'s wish list` : undefined}
      breadcrumbs={crumbs}
      actions={
        data?.view === 'owner' && data.list.canEdit ? (
          <Button
            component={Link}
            to={href('v2.profile.editWishList', { userId: ownerId, wishlistId })}
            variant="default"
            data-testid="list-edit"
          >
            Edit list
          </Button>
        ) : null
      }
      testId="wish-list-screen"
    >
      {detail.isError ? (
        <ListAccessError error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      ) : !data ? (
        <ListSkeleton rows={4} height={110} />
      ) : (
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" gap="md">
            <ListFacts list={data.list} />
            {data.wishes.length > 1 ? sortSelect : null}
          </Group>
          <Suspense fallback={<ListSkeleton rows={4} height={110} />}>
            {data.view === 'owner' && !data.list.canEdit ? (
              <OwnSideView detail={data} />
            ) : data.view === 'owner' ? (
              <OwnerView detail={data} input={input} canWatchPrices={mine} />
            ) : (
              <GuestView detail={data} input={input} />
            )}
          </Suspense>
        </Stack>
      )}
    </PageLayout>
  );
}
