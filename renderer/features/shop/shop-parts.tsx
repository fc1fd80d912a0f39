/**
 * Pieces the shop screens share: the market select, links out through the link redirector
 * (/v1/links/click?url=, which sends allowlisted shops on and shows an interstitial for anything
 * else), featured shop cards, a section with its h2, and the log-in link that comes back here.
 */
import { Anchor, Card, Group, Image, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { ShoppingBagIcon } from '../../app/icons';
import { SelectField } from '../../kit/select-field';
import { href } from '../../routes/route-table';
import type { TRouterOutputs } from '../../trpc';
import { hostOf, outboundHref } from './link-parts';
import type { TUseMarket } from './use-market';

export type TShop = TRouterOutputs['shop']['featuredShops'][number];
export type TProduct = TRouterOutputs['shop']['search']['items'][number];

/** The log-in page, coming back to `returnTo` afterwards. */
export function logInHref(returnTo: string): string {
  return href('v2.authLogin', null, { returnurl: returnTo });
}

export function MarketSelect({ market, testId = 'shop-market' }: { market: TUseMarket; testId?: string }) {
  const options = market.markets
    ? market.markets.map((item) => ({ value: item.countryCode, label: `${item.country} (${item.currency})` }))
    : [
        {
          value: market.market,
          label: market.info.currency ? `${market.info.country} (${market.info.currency})` : market.market,
        },
      ];
  return (
    <SelectField
      label="Shopping from"
      width={220}
      disabled={!market.markets || !market.isReady}
      value={market.market}
      onChange={market.choose}
      options={options}
      data-testid={testId}
    />
  );
}

export function ShopSection({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const id = `${testId}-title`;
  return (
    <Stack component="section" gap="sm" aria-labelledby={id} data-testid={testId}>
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="h3" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

export function ShopCard({ shop }: { shop: TShop }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="featured-shop" data-merchant-id={shop.merchantId}>
      <Group wrap="nowrap" gap="sm">
        {shop.logoUrl ? (
          <Image src={shop.logoUrl} alt="" w={48} h={48} fit="contain" loading="lazy" />
        ) : (
          <Text component="span" c="red.7" lh={0} aria-hidden>
            <ShoppingBagIcon size={32} />
          </Text>
        )}
        <Stack gap={2} miw={0}>
          <Anchor
            href={outboundHref(shop.url)}
            target="_blank"
            rel="noopener noreferrer"
            fw={700}
            truncate
            data-testid="featured-shop-link"
          >
            {shop.name}
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Anchor>
          <Text size="xs" c="dimmed" truncate>
            {hostOf(shop.url)}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
