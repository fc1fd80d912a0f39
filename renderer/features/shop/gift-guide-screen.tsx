/**
 * /shop/gift-guides/:giftGuideId/ (v2.giftGuide): one gift guide. Breadcrumbs from its ancestors
 * (Shop › … › the guide), its child guides as cards, its products (and those of its sub-guides,
 * paged with "Load more"), a favourite toggle for signed-in members (a local edit that reverts
 * when the call fails), and for merchandisers (ElfMerchandiser) inline editing of the title,
 * description and trending mark.
 */
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { ZGuideUpdate } from '../../../server/contracts/shop';
import { GiftIcon } from '../../app/icons';
import { useOptimisticMutation } from '../../app/hooks/use-optimistic-mutation';
import { useIdentity } from '../../auth/identity-provider';
import { CardGrid } from '../../kit/card-grid';
import { FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';
import { PageLayout, type TCrumb } from '../../kit/page-layout';
import { CardGridSkeleton, EmptyState, ErrorState, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc, type TRouterOutputs } from '../../trpc';
import { GiftGuideCard } from '../home/gift-guide-grid';
import { PRODUCT_PAGE_SIZE, ProductGrid, useProductPages } from './product-grid';
import { ShopSection } from './shop-parts';

type TGuide = TRouterOutputs['shop']['guide'];
type TFavorites = TRouterOutputs['shop']['favoriteGuides'];

const SHOP_CACHE_MS = 300_000;

function statusOfError(error: unknown): number | null {
  const status = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  return typeof status === 'number' ? status : null;
}

function FavoriteToggle({ guide, userId }: { guide: TGuide; userId: string }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const favorites = trpc.shop.favoriteGuides.useQuery({ userId }, { staleTime: 60_000 });
  const isFavorite = favorites.data?.some((item) => item.giftGuideId === guide.giftGuideId) ?? false;
  const setFavorite = useOptimisticMutation<TFavorites, boolean>({
    queryKey: getQueryKey(trpc.shop.favoriteGuides, { userId }, 'query'),
    mutationFn: (favorite) => utils.client.shop.setFavoriteGuide.mutate({ giftGuideId: guide.giftGuideId, favorite }),
    optimistic: (current, favorite) => {
      const others = (current ?? []).filter((item) => item.giftGuideId !== guide.giftGuideId);
      return favorite ? [guide, ...others] : others;
    },
    onError: (error, favorite) =>
      toast.error(errorText(error), favorite ? 'Could not add it to your favourites' : 'Could not remove it'),
  });
  return (
    <Button
      variant={isFavorite ? 'filled' : 'default'}
      aria-pressed={isFavorite}
      disabled={favorites.isPending}
      onClick={() => setFavorite.mutate(!isFavorite)}
      data-testid="guide-favorite"
    >
      {isFavorite ? '★ In your favourites' : '☆ Add to favourites'}
    </Button>
  );
}

type TGuideValues = { title: string; description: string; isTrending: string };

function GuideEditor({ guide, onDone }: { guide: TGuide; onDone: () => void }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const update = trpc.shop.updateGuide.useMutation();
  const toInput = (values: TGuideValues) => ({
    giftGuideId: guide.giftGuideId,
    title: values.title,
    description: values.description.trim() ? values.description : null,
    isTrending: values.isTrending === 'true',
  });
  const form = useSchemaForm<TGuideValues>(
    ZGuideUpdate,
    { title: guide.title, description: guide.description ?? '', isTrending: String(guide.isTrending) },
    async (values) => {
      await update.mutateAsync(toInput(values));
      toast.success('The guide is saved');
      await Promise.all([
        utils.shop.guide.invalidate({ giftGuideId: guide.giftGuideId }),
        utils.shop.ancestors.invalidate(),
        utils.shop.childGuides.invalidate(),
        utils.shop.topLevelGuides.invalidate(),
        utils.shop.trendingGuide.invalidate(),
      ]);
      onDone();
    },
    undefined,
    { toInput },
  );
  return (
    <Card withBorder radius="md" padding="lg" data-testid="guide-editor">
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="md">
          <TextInput label="Title" required maxLength={120} {...form.field('title')} data-testid="guide-edit-title" />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={500}
            {...form.field('description')}
            data-testid="guide-edit-description"
          />
          <Switch
            label="Trending in this market"
            description="One guide per market is trending; marking this one unmarks the other."
            checked={form.values.isTrending === 'true'}
            onChange={(event) => form.set('isTrending', String(event.currentTarget.checked))}
            data-testid="guide-edit-trending"
          />
          <FormFailure message={form.failure} testId="guide-edit-failure" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={form.busy} data-testid="guide-edit-save">
              Save the guide
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function GuideProducts({ guide }: { guide: TGuide }) {
  const utils = trpc.useUtils();
  const query = useProductPages(['guide', guide.giftGuideId, guide.market], (offset) =>
    utils.client.shop.search.query({
      giftGuideId: guide.giftGuideId,
      market: guide.market,
      limit: PRODUCT_PAGE_SIZE,
      offset,
    }),
  );
  return (
    <ShopSection title="Gift ideas" testId="guide-products-section">
      <ProductGrid
        query={query}
        testId="guide-products"
        empty={
          <EmptyState
            icon={<GiftIcon size={24} />}
            title="No gift ideas in this guide yet"
            description="Our editors are still filling it. Search the whole shop, or see what just arrived."
            action={
              <Group gap="sm">
                <Button component={Link} to={href('v2.shop.search')} variant="light">
                  Search the shop
                </Button>
                <Button component={Link} to={href('v2.shop.newArrivals')} variant="default">
                  New arrivals
                </Button>
              </Group>
            }
          />
        }
      />
    </ShopSection>
  );
}

export default function GiftGuideScreen() {
  const { giftGuideId = '' } = useParams();
  const { identity, flags } = useIdentity();
  const [editing, setEditing] = useState(false);
  const guide = trpc.shop.guide.useQuery({ giftGuideId }, { staleTime: SHOP_CACHE_MS });
  const ancestors = trpc.shop.ancestors.useQuery({ giftGuideId }, { staleTime: SHOP_CACHE_MS });
  const children = trpc.shop.childGuides.useQuery({ giftGuideId }, { staleTime: SHOP_CACHE_MS });

  // From Home like every other screen's trail.
  const home: TCrumb = { label: 'Home', to: href('v2.home') };
  const crumbs: TCrumb[] = [home, { label: 'Shop', to: href('v2.shop.root') }];
  for (const parent of ancestors.data ?? []) {
    crumbs.push({ label: parent.title, to: href('v2.giftGuide', { giftGuideId: parent.giftGuideId }) });
  }
  crumbs.push({ label: guide.data?.title ?? 'Gift guide' });

  if (guide.isError) {
    const notFound = statusOfError(guide.error) === 404;
    return (
      <PageLayout
        title={notFound ? 'Gift guide not found' : 'Gift guide'}
        breadcrumbs={[home, { label: 'Shop', to: href('v2.shop.root') }, { label: 'Gift guide' }]}
        testId="gift-guide-screen"
      >
        {notFound ? (
          <EmptyState
            icon={<GiftIcon size={24} />}
            title="This gift guide is gone"
            description="It may have been retired. The shop has plenty more."
            action={
              <Button component={Link} to={href('v2.shop.root')}>
                Back to the shop
              </Button>
            }
          />
        ) : (
          <ErrorState error={guide.error} onRetry={() => void guide.refetch()} retrying={guide.isFetching} />
        )}
      </PageLayout>
    );
  }

  const data = guide.data;
  const signedIn = identity !== null && flags.isAuthenticated;
  const actions = data ? (
    <>
      {signedIn && identity ? <FavoriteToggle guide={data} userId={identity.userId} /> : null}
      {flags.isMerchandiser && !editing ? (
        <Button variant="light" onClick={() => setEditing(true)} data-testid="guide-edit">
          Edit guide
        </Button>
      ) : null}
    </>
  ) : undefined;

  return (
    <PageLayout
      title={data ? data.title : <Skeleton h={36} w={280} component="span" display="inline-block" />}
      description={
        data ? (
          <>
            {data.isTrending ? (
              <Badge color="orange" variant="light" mr="xs" data-testid="guide-trending">
                Trending
              </Badge>
            ) : null}
            {data.description}
          </>
        ) : undefined
      }
      breadcrumbs={
        ancestors.data && data ? crumbs : [home, { label: 'Shop', to: href('v2.shop.root') }, { label: '…' }]
      }
      actions={actions}
      testId="gift-guide-screen"
    >
      {ancestors.isError ? (
        <Alert color="yellow" variant="light">
          The guides above this one did not load: {errorText(ancestors.error)}
        </Alert>
      ) : null}
      {editing && data && flags.isMerchandiser ? (
        <GuideEditor key={data.giftGuideId} guide={data} onDone={() => setEditing(false)} />
      ) : null}
      {children.isPending ? (
        <CardGridSkeleton count={3} />
      ) : children.data && children.data.length > 0 ? (
        <ShopSection title="Guides inside" testId="guide-children-section">
          <CardGrid data-testid="guide-children">
            {children.data.map((child) => (
              <GiftGuideCard key={child.giftGuideId} guide={child} />
            ))}
          </CardGrid>
        </ShopSection>
      ) : children.isError ? (
        <ErrorState
          error={children.error}
          title="The guides inside did not load"
          onRetry={() => void children.refetch()}
          retrying={children.isFetching}
        />
      ) : null}
      {data ? <GuideProducts guide={data} /> : <CardGridSkeleton count={4} />}
    </PageLayout>
  );
}
