/**
 * /actions/show-price-drop/?productId= (v2.actions.showPriceDrop), the price-drop e-mail's link:
 * the product with the old price struck through, the new price and the saving, a link to the
 * product at its shop (through the link redirector) and "Add to my list". The old price is the one
 * the member's alert told them about when they have one, else the price before the latest drop.
 */
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { isUuid } from '../../../server/contracts/validation-values';
import { GiftIcon } from '../../app/icons';
import { statusOf } from '../../app/runtime/app-runtime';
import { CardPhoto } from '../../kit/card-photo';
import { PageLayout } from '../../kit/page-layout';
import { EmptyState, ErrorState } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc, type TRouterOutputs } from '../../trpc';
import { formatPrice } from '../shop/format-price';
import { outboundHref } from '../shop/link-parts';

type TPriceDrop = TRouterOutputs['shop']['showPriceDrop'];

const CRUMBS = [
  { label: 'Home', to: href('v2.landing') },
  { label: 'Shop', to: href('v2.shop.root') },
  { label: 'Price drop' },
];

/** The saving of a drop (amount and whole percent), or null when the price did not go down. */
export function savingOf(product: Pick<TPriceDrop, 'price' | 'oldPrice'>): { amount: number; percent: number } | null {
  const old = product.oldPrice;
  if (!old || old.currency !== product.price.currency || old.amount <= product.price.amount) return null;
  const amount = Math.round((old.amount - product.price.amount) * 100) / 100;
  return { amount, percent: Math.round((amount / old.amount) * 100) };
}

function PriceDropCard({ product }: { product: TPriceDrop }) {
  const saving = savingOf(product);
  const now = formatPrice(product.price, product.market);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="price-drop-card" data-product-id={product.productId}>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <CardPhoto
          src={product.imageUrl}
          alt={product.title}
          w={220}
          h={220}
          fit="contain"
          radius="md"
          loading="eager"
        />
        <Stack gap="sm" style={{ flex: 1, minWidth: 240 }}>
          <Title order={2} fz="h3" data-testid="price-drop-title">
            {product.title}
          </Title>
          <Text c="dimmed">{product.merchant.name}</Text>
          {saving && product.oldPrice ? (
            <>
              <Group gap="md" align="baseline">
                <Text fz={28} fw={800} c="green.9" data-testid="price-drop-new">
                  <VisuallyHidden>Now </VisuallyHidden>
                  {now}
                </Text>
                <Text component="s" td="line-through" fz="lg" c="dimmed" data-testid="price-drop-old">
                  <VisuallyHidden>Was </VisuallyHidden>
                  {formatPrice(product.oldPrice, product.market)}
                </Text>
              </Group>
              <Badge color="green" variant="light" size="lg" data-testid="price-drop-savings">
                You save {formatPrice({ amount: saving.amount, currency: product.price.currency }, product.market)} (
                {saving.percent}%)
              </Badge>
            </>
          ) : (
            <Text data-testid="price-drop-unchanged">
              The price has not dropped since; it costs <strong data-testid="price-drop-new">{now}</strong> today.
            </Text>
          )}
          {product.description ? <Text size="sm">{product.description}</Text> : null}
          <Group gap="sm" mt="xs">
            <Button
              component={Link}
              to={href('v2.addWish', null, { productId: product.productId })}
              data-testid="price-drop-add"
            >
              Add to my list
            </Button>
            <Button
              component="a"
              href={outboundHref(product.url)}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              data-testid="price-drop-link"
            >
              View at {product.merchant.name}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

export default function ShowPriceDropScreen() {
  const [search] = useSearchParams();
  const productId = (search.get('productId') ?? '').trim();
  const valid = isUuid(productId);
  const drop = trpc.shop.showPriceDrop.useQuery({ productId }, { enabled: valid, retry: false });

  let content;
  if (!valid) {
    content = (
      <EmptyState
        icon={<GiftIcon size={24} />}
        title="This link is missing its product"
        description="The link from the e-mail looks cut short. Open it again from the e-mail, or find the product in the shop."
        action={
          <Button component={Link} to={href('v2.shop.root')}>
            Go to the shop
          </Button>
        }
      />
    );
  } else if (drop.isError && statusOf(drop.error) === 404) {
    content = (
      <EmptyState
        icon={<GiftIcon size={24} />}
        title="This product is no longer in the shop"
        description="The shop may have stopped selling it. Similar gifts are waiting in the gift guides."
        action={
          <Button component={Link} to={href('v2.shop.root')}>
            Browse the gift guides
          </Button>
        }
      />
    );
  } else if (drop.isError) {
    content = <ErrorState error={drop.error} onRetry={() => void drop.refetch()} retrying={drop.isFetching} />;
  } else if (!drop.data) {
    content = (
      <Card withBorder radius="md" padding="lg" aria-busy="true" aria-label="Loading">
        <Group align="flex-start" gap="lg">
          <Skeleton w={220} h={220} radius="md" />
          <Stack gap="sm" style={{ flex: 1 }}>
            <Skeleton h={24} w="60%" />
            <Skeleton h={14} w="30%" />
            <Skeleton h={32} w="40%" />
          </Stack>
        </Group>
      </Card>
    );
  } else {
    content = <PriceDropCard product={drop.data} />;
  }

  const dropped = drop.data ? savingOf(drop.data) !== null : true;
  return (
    <PageLayout
      title={dropped ? 'The price dropped' : 'Price check'}
      description={
        drop.data && dropped
          ? 'Something you are watching got cheaper. Prices change often, so do not wait too long.'
          : undefined
      }
      breadcrumbs={CRUMBS}
      testId="show-price-drop-screen"
    >
      {content}
      <Anchor component={Link} to={href('v2.shop.root')} size="sm">
        More gift ideas in the shop
      </Anchor>
    </PageLayout>
  );
}
