/**
 * /shop/ (v2.shop.root): the shop's front page, read-only. The top-level gift guides of the chosen
 * market (spec §3; market priority of §4: the address's ?market=, else the server's default), each
 * leading to its guide (v2.giftGuide). Built from the screen kit: PageLayout, QueryView with its
 * skeleton, empty and error states.
 */
import { Button } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { GiftIcon } from '../../app/icons';
import { PageLayout } from '../../kit/page-layout';
import { CardGrid } from '../../kit/card-grid';
import { QueryView } from '../../kit/query-view';
import { SelectField } from '../../kit/select-field';
import { CardGridSkeleton, EmptyState } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { GiftGuideCard } from '../home/gift-guide-grid';

export default function ShopScreen() {
  const [search, setSearch] = useSearchParams();
  const chosen = search.get('market')?.toUpperCase() || null;
  const markets = trpc.shop.markets.useQuery(undefined, { staleTime: 300_000 });
  const marketData = trpc.shop.marketData.useQuery(chosen ? { market: chosen } : undefined, { staleTime: 300_000 });
  const market = marketData.data?.market ?? chosen;
  const guides = trpc.shop.topLevelGuides.useQuery(market ? { market } : undefined, {
    enabled: market !== null || marketData.isError,
    staleTime: 300_000,
  });
  const marketName = markets.data?.find((item) => item.countryCode === market)?.country ?? market ?? '';

  const chooseMarket = (countryCode: string): void => {
    const next = new URLSearchParams(search);
    next.set('market', countryCode);
    setSearch(next, { preventScrollReset: true });
  };

  return (
    <PageLayout
      title="Shop"
      description="Gift guides picked for the shops of your market."
      breadcrumbs={[{ label: 'Home', to: href('v2.landing') }, { label: 'Shop' }]}
      testId="shop-screen"
      actions={
        <SelectField
          label="Shopping from"
          width={220}
          disabled={!markets.data}
          value={market ?? ''}
          onChange={chooseMarket}
          options={
            markets.data
              ? markets.data.map((item) => ({ value: item.countryCode, label: `${item.country} (${item.currency})` }))
              : [{ value: market ?? '', label: 'Loading markets…' }]
          }
          data-testid="shop-market"
        />
      }
    >
      <QueryView
        query={guides}
        skeleton={<CardGridSkeleton />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={<GiftIcon size={24} />}
            title={`No gift guides for ${marketName} yet`}
            description="Our editors have not picked guides for this market. Guides of another market may still ship to you."
            action={
              market !== 'US' ? (
                <Button variant="light" onClick={() => chooseMarket('US')} data-testid="shop-try-us">
                  See the US guides
                </Button>
              ) : undefined
            }
          />
        }
      >
        {(list) => (
          <CardGrid data-testid="shop-guides">
            {list.map((guide) => (
              <GiftGuideCard key={guide.giftGuideId} guide={guide} />
            ))}
          </CardGrid>
        )}
      </QueryView>
    </PageLayout>
  );
}
