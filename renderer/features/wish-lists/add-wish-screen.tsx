/**
 * /add-wish/ (v2.addWish): add a wish to one of my lists (the default one unless I choose another,
 * or `?wishlistId=`; with no list yet, the server makes "My wish list"). `?productId=` fills the
 * form from the shop's product and keeps the link to it (the shop's "Add to my list" lands here).
 * The form (list choice + wish fields) is shared with /wish-it/.
 */
import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { useAppNavigate } from '../../routes/app-navigate';
import { useIdentity } from '../../auth/identity-provider';
import { CardPhoto } from '../../kit/card-photo';
import { PageLayout } from '../../kit/page-layout';
import { EmptyState, ErrorState, ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc, type TRouterOutputs } from '../../trpc';
import { formatPrice } from '../shop/format-price';
import { EMPTY_WISH, WishForm, wishInput, wishValues, type TWishValues } from './wish-forms';
import { ListSelect, defaultListId, listHref, type TWishListSummary, useWishToast } from './wish-list-parts';

type TProductDetail = TRouterOutputs['shop']['product'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where the wish goes: one of my lists, or (with none) the list the server makes. */
function ListChoice({
  lists,
  value,
  onChange,
}: {
  lists: readonly TWishListSummary[];
  value: string;
  onChange: (value: string) => void;
}) {
  if (lists.length === 0)
    return (
      <Alert variant="light" color="blue" data-testid="add-wish-new-list">
        You have no wish list yet: this wish starts a new one called “My wish list”. You can rename it or change who
        sees it afterwards.
      </Alert>
    );
  return <ListSelect lists={lists} value={value} onChange={onChange} label="Add to the list" />;
}

/** The list choice and the wish's fields; saved, it toasts and opens the list the wish is on. */
export function AddWishForm({
  lists,
  initial,
  preselect,
  productId,
  submitLabel = 'Add wish',
  submitTestId = 'add-wish-submit',
  testId = 'add-wish-form',
  extraActions,
}: {
  lists: readonly TWishListSummary[];
  initial: TWishValues;
  preselect?: string | null;
  productId?: string | null;
  submitLabel?: string;
  submitTestId?: string;
  testId?: string;
  extraActions?: ReactNode;
}) {
  const [wishlistId, setWishlistId] = useState(
    preselect && lists.some((list) => list.wishlistId === preselect) ? preselect : defaultListId(lists),
  );
  const add = trpc.wishLists.addWish.useMutation();
  const utils = trpc.useUtils();
  const toast = useWishToast();
  const navigate = useAppNavigate();
  const { identity } = useIdentity();

  return (
    <WishForm
      initial={initial}
      submitLabel={submitLabel}
      testId={testId}
      submitTestId={submitTestId}
      failureTestId="add-wish-failure"
      before={<ListChoice lists={lists} value={wishlistId} onChange={setWishlistId} />}
      footer={
        <Group gap="sm">
          <Anchor component={Link} to={href('v2.wishLists.own')} size="sm">
            Cancel
          </Anchor>
          {extraActions}
        </Group>
      }
      onSubmit={async (values) => {
        const wish = await add.mutateAsync({
          ...wishInput(values),
          ...(wishlistId ? { wishlistId } : {}),
          ...(productId ? { productId } : {}),
        });
        const list = lists.find((item) => item.wishlistId === wish.wishlistId);
        toast.success(`“${wish.title}” is on ${list ? `“${list.title}”` : 'your new list “My wish list”'}`);
        void utils.wishLists.mine.invalidate();
        void utils.wishLists.get.invalidate({ wishlistId: wish.wishlistId });
        await navigate(listHref({ ownerId: list?.ownerId ?? identity?.userId ?? '', wishlistId: wish.wishlistId }));
      }}
    />
  );
}

/** My lists, or a "log in" state for a guest (lists belong to members). */
export function useMyListsFor() {
  const { flags } = useIdentity();
  const member = flags.isAuthenticated;
  const lists = trpc.wishLists.mine.useQuery(undefined, { enabled: member });
  return { member, lists };
}

export function LogInToAddWishes() {
  return (
    <EmptyState
      title="Log in to add wishes"
      description="Wish lists belong to members. Log in (or sign up), then come back to add this wish."
      action={
        <Button component={Link} to={href('v2.authLogin')}>
          Log in
        </Button>
      }
    />
  );
}

function ProductPreview({ product }: { product: TProductDetail }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="add-wish-product">
      <Group wrap="nowrap" align="flex-start">
        <CardPhoto src={product.imageUrl} alt={product.title} w={80} h={80} radius="sm" fit="contain" loading="eager" />
        <Stack gap={2}>
          <Text fw={700}>{product.title}</Text>
          <Text size="sm">
            {formatPrice(product.price, product.market)} · {product.merchant.name}
          </Text>
          <Text size="sm" c="dimmed">
            From the shop: the wish stays linked to this product.
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

function productValues(product: TProductDetail): TWishValues {
  return wishValues({
    title: product.title,
    description: product.description,
    merchant: product.merchant.name,
    url: product.url,
    imageUrl: product.imageUrl,
    price: product.price,
  });
}

export default function AddWishScreen() {
  const [params] = useSearchParams();
  const rawProductId = (params.get('productId') ?? '').trim();
  const productId = UUID.test(rawProductId) ? rawProductId.toLowerCase() : null;
  const preselect = params.get('wishlistId');
  const { member, lists } = useMyListsFor();
  const product = trpc.shop.product.useQuery(
    { productId: productId ?? '' },
    { enabled: member && productId !== null, retry: false },
  );

  let content: ReactNode;
  if (!member) content = <LogInToAddWishes />;
  else if (lists.isError)
    content = <ErrorState error={lists.error} onRetry={() => void lists.refetch()} retrying={lists.isFetching} />;
  else if (!lists.data || (productId && product.isPending)) content = <ListSkeleton rows={5} />;
  else {
    const fromShop = product.data ?? null;
    content = (
      <Stack gap="md">
        {rawProductId && !productId ? (
          <Alert color="orange" variant="light">
            That product link is not complete: fill the wish in by hand.
          </Alert>
        ) : null}
        {productId && product.isError ? (
          <ErrorState error={product.error} title="We could not load that product" />
        ) : null}
        {fromShop ? <ProductPreview product={fromShop} /> : null}
        <Card withBorder radius="md" padding="lg">
          <AddWishForm
            key={fromShop?.productId ?? 'by-hand'}
            lists={lists.data}
            preselect={preselect}
            initial={fromShop ? productValues(fromShop) : EMPTY_WISH}
            productId={fromShop?.productId}
          />
        </Card>
      </Stack>
    );
  }

  return (
    <PageLayout
      title="Add a wish"
      description="Anything you would love to get, from any shop."
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        { label: 'My wish lists', to: href('v2.wishLists.own') },
        { label: 'Add a wish' },
      ]}
      actions={
        <Button component={Link} to={href('v2.wishIt')} variant="default" data-testid="add-wish-import">
          Import from a link
        </Button>
      }
      testId="add-wish-screen"
      size="sm"
    >
      {content}
    </PageLayout>
  );
}
