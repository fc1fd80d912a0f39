/**
 * One product of the catalogue, the same everywhere (guides, search, new arrivals, the shop's
 * strip): image, title, merchant, price in its market's format (with the previous price struck
 * through after a drop), "Add to my list" (/add-wish/?productId=), "Watch price" for signed-in
 * members (the price-drop dialog) and the shop's page (through the link redirector, new tab).
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from '../../routes/link';
import { useIdentity } from '../../auth/identity-provider';
import { CardPhoto } from '../../kit/card-photo';
import { href } from '../../routes/route-table';
import { formatPrice } from './format-price';
import { PriceDropDialog } from './price-drop-dialog';
import { outboundHref } from './link-parts';
import type { TProduct } from './shop-parts';

export function ProductPrice({ product }: { product: Pick<TProduct, 'price' | 'previousPrice' | 'market'> }) {
  const now = formatPrice(product.price, product.market);
  const was = product.previousPrice ? formatPrice(product.previousPrice, product.market) : null;
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      <Text
        fw={700}
        fz="lg"
        data-testid="product-price"
        data-amount={product.price.amount}
        data-currency={product.price.currency}
      >
        {was ? <VisuallyHidden>Now </VisuallyHidden> : null}
        {now}
      </Text>
      {was ? (
        <Text component="s" td="line-through" c="dimmed" size="sm" data-testid="product-previous-price">
          <VisuallyHidden>Was </VisuallyHidden>
          {was}
        </Text>
      ) : null}
      {was ? (
        <Badge color="green" variant="light" size="sm">
          Price drop
        </Badge>
      ) : null}
    </Group>
  );
}

export function ProductCard({ product }: { product: TProduct }) {
  const { identity, flags } = useIdentity();
  const signedIn = identity !== null && flags.isAuthenticated;
  const [watching, setWatching] = useState(false);

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="product-card"
      data-product-id={product.productId}
      data-market={product.market}
    >
      <Card.Section>
        <CardPhoto src={product.imageUrl} alt={product.title} h={160} testId="product-photo" />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={700} lh={1.3} lineClamp={2} data-testid="product-title">
          {product.title}
        </Text>
        <Text size="sm" c="dimmed" data-testid="product-merchant">
          {product.merchant.name}
        </Text>
        <ProductPrice product={product} />
      </Stack>
      <Group gap="xs" mt="sm">
        <Button
          component={Link}
          to={href('v2.addWish', null, { productId: product.productId })}
          size="xs"
          data-testid="product-add"
        >
          Add to my list
          <VisuallyHidden>: {product.title}</VisuallyHidden>
        </Button>
        {signedIn ? (
          <Button size="xs" variant="light" onClick={() => setWatching(true)} data-testid="product-watch">
            Watch price
            <VisuallyHidden>: {product.title}</VisuallyHidden>
          </Button>
        ) : null}
      </Group>
      <Anchor
        href={outboundHref(product.url)}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        mt="xs"
        data-testid="product-link"
      >
        View at {product.merchant.name}
        <VisuallyHidden>: {product.title} (opens in a new tab)</VisuallyHidden>
      </Anchor>
      {signedIn ? (
        <PriceDropDialog productId={product.productId} opened={watching} onClose={() => setWatching(false)} />
      ) : null}
    </Card>
  );
}
