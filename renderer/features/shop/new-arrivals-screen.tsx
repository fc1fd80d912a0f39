/**
 * /shop/new-arrivals/ (v2.shop.newArrivals): the newest products of the chosen market (spec §4
 * market priority), paged with "Load more".
 */
import { Button, Group } from '@mantine/core';
import { Link } from '../../routes/link';
import { SparklesIcon } from '../../app/icons';
import { PageLayout } from '../../kit/page-layout';
import { EmptyState } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { PRODUCT_PAGE_SIZE, ProductGrid, useProductPages } from './product-grid';
import { MarketSelect } from './shop-parts';
import { useMarket } from './use-market';

export default function NewArrivalsScreen() {
  const market = useMarket();
  const utils = trpc.useUtils();
  const query = useProductPages(
    ['new-arrivals', market.market],
    (offset) => utils.client.shop.newArrivals.query({ market: market.market, limit: PRODUCT_PAGE_SIZE, offset }),
    market.isReady,
  );

  return (
    <PageLayout
      title="New arrivals"
      description={`The newest finds from the shops of ${market.info.country}.`}
      breadcrumbs={[
        { label: 'Home', to: href('v2.landing') },
        { label: 'Shop', to: href('v2.shop.root') },
        { label: 'New arrivals' },
      ]}
      actions={<MarketSelect market={market} />}
      testId="new-arrivals-screen"
    >
      <ProductGrid
        query={query}
        testId="new-arrivals"
        empty={
          <EmptyState
            icon={<SparklesIcon size={24} />}
            title={`Nothing new in ${market.info.country} yet`}
            description="New products show up here as the shops add them. Meanwhile, the gift guides are full of ideas."
            action={
              <Group gap="sm">
                <Button component={Link} to={href('v2.shop.root')} variant="light">
                  Browse the gift guides
                </Button>
                {market.market !== 'US' ? (
                  <Button variant="default" onClick={() => market.choose('US')}>
                    See the US arrivals
                  </Button>
                ) : null}
              </Group>
            }
          />
        }
      />
    </PageLayout>
  );
}
