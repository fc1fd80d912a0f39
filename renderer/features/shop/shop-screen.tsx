/**
 * /shop/ (v2.shop.root): the shop's front page for the market of spec §4 (use-market.ts): a
 * search box (→ /shop/search/?q=), the market's trending guide highlighted, its top-level gift
 * guides (each leading to v2.giftGuide), its featured shops (out through the link redirector) and
 * a strip of new arrivals. Choosing a market clears ?market= and sticks (and is saved when signed in).
 */
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link } from '../../routes/link';
import { useAppNavigate } from '../../routes/app-navigate';
import { GiftIcon, SearchIcon, SparklesIcon } from '../../app/icons';
import { useAppRuntime } from '../../app/runtime-context';
import { CardGrid } from '../../kit/card-grid';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { CardGridSkeleton, EmptyState, ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { GiftGuideCard } from '../home/gift-guide-grid';
import { ProductCard } from './product-card';
import { PRODUCT_GRID_COLS } from './product-grid';
import { MarketSelect, ShopCard, ShopSection } from './shop-parts';
import { useMarket, type TUseMarket } from './use-market';

const SHOP_CACHE_MS = 300_000;
const NEW_ARRIVALS_STRIP = 4;

/** The shop's search box: the last search term of the session, sent to /shop/search/?q=. */
export function ShopSearchBox() {
  const { session } = useAppRuntime();
  const lastTerm = useSyncExternalStore(session.subscribe, () => session.getState().searchTerm);
  const [text, setText] = useState(lastTerm);
  const navigate = useAppNavigate();

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const q = text.trim();
    session.setSearchTerm(q);
    void navigate(href('v2.shop.search', null, q ? { q } : undefined));
  }

  return (
    <form role="search" aria-label="Search the shop" onSubmit={submit} data-testid="shop-search-form">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="Search products"
          placeholder="A wool scarf, a board game…"
          leftSection={<SearchIcon size={16} aria-hidden />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: 1 }}
          maxLength={100}
          data-testid="shop-search-input"
        />
        <Button type="submit" data-testid="shop-search-submit">
          Search
        </Button>
      </Group>
    </form>
  );
}

function TrendingGuide({ market }: { market: TUseMarket }) {
  const trending = trpc.shop.trendingGuide.useQuery(
    { market: market.market },
    { enabled: market.isReady, staleTime: SHOP_CACHE_MS },
  );
  // Spec §8: a trending failure degrades to nothing (the guides below still show).
  if (trending.isError || trending.data === null) return null;
  if (!trending.data) return <ListSkeleton rows={1} height={120} />;
  const guide = trending.data;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      style={{ borderLeft: '6px solid var(--mantine-color-orange-6)' }}
      data-testid="shop-trending"
      data-gift-guide-id={guide.giftGuideId}
    >
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4} maw={640}>
          <Group gap="xs">
            <Text component="span" c="orange.7" lh={0} aria-hidden>
              <SparklesIcon size={20} />
            </Text>
            <Badge color="orange" variant="light">
              Trending now
            </Badge>
          </Group>
          <Title order={2} fz="h3">
            {guide.title}
          </Title>
          {guide.description ? <Text>{guide.description}</Text> : null}
        </Stack>
        <Button
          component={Link}
          to={href('v2.giftGuide', { giftGuideId: guide.giftGuideId })}
          data-testid="shop-trending-link"
        >
          See the guide
          <VisuallyHidden>: {guide.title}</VisuallyHidden>
        </Button>
      </Group>
    </Card>
  );
}

function FeaturedShops({ market }: { market: TUseMarket }) {
  const shops = trpc.shop.featuredShops.useQuery(
    { market: market.market },
    { enabled: market.isReady, staleTime: SHOP_CACHE_MS },
  );
  return (
    <ShopSection title="Featured shops" testId="shop-featured">
      <QueryView
        query={shops}
        skeleton={<ListSkeleton rows={2} height={56} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <Text c="dimmed" data-testid="shop-featured-empty">
            No featured shops for {market.info.country} right now. Search the whole catalogue instead.
          </Text>
        }
      >
        {(list) => (
          <CardGrid cols={{ base: 1, xs: 2, md: 4 }} gap="md" data-testid="shop-featured-list">
            {list.map((shop) => (
              <ShopCard key={shop.merchantId} shop={shop} />
            ))}
          </CardGrid>
        )}
      </QueryView>
    </ShopSection>
  );
}

function NewArrivalsStrip({ market }: { market: TUseMarket }) {
  const arrivals = trpc.shop.newArrivals.useQuery(
    { market: market.market, limit: NEW_ARRIVALS_STRIP, offset: 0 },
    { enabled: market.isReady, staleTime: 60_000 },
  );
  return (
    <ShopSection
      title="New arrivals"
      testId="shop-new-arrivals"
      action={
        <Button component={Link} to={href('v2.shop.newArrivals')} variant="subtle" data-testid="shop-new-arrivals-link">
          See all new arrivals
        </Button>
      }
    >
      <QueryView
        query={arrivals}
        skeleton={<CardGridSkeleton count={NEW_ARRIVALS_STRIP} />}
        isEmpty={(page) => page.items.length === 0}
        empty={<Text c="dimmed">Nothing new right now. Browse the guides above.</Text>}
      >
        {(page) => (
          <CardGrid cols={PRODUCT_GRID_COLS} data-testid="shop-new-arrivals-grid">
            {page.items.map((product) => (
              <ProductCard key={product.productId} product={product} />
            ))}
          </CardGrid>
        )}
      </QueryView>
    </ShopSection>
  );
}

export default function ShopScreen() {
  const market = useMarket();
  const guides = trpc.shop.topLevelGuides.useQuery(
    { market: market.market },
    { enabled: market.isReady, staleTime: SHOP_CACHE_MS },
  );

  return (
    <PageLayout
      title="Shop"
      description={`Gift guides, shops and new finds picked for ${market.info.country}.`}
      breadcrumbs={[{ label: 'Home', to: href('v2.landing') }, { label: 'Shop' }]}
      testId="shop-screen"
      actions={<MarketSelect market={market} />}
    >
      <ShopSearchBox />
      <TrendingGuide market={market} />
      <ShopSection title="Gift guides" testId="shop-guides-section">
        <QueryView
          query={guides}
          skeleton={<CardGridSkeleton />}
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState
              icon={<GiftIcon size={24} />}
              title={`No gift guides for ${market.info.country} yet`}
              description="Our editors have not picked guides for this market. Guides of another market may still ship to you."
              action={
                market.market !== 'US' ? (
                  <Button variant="light" onClick={() => market.choose('US')} data-testid="shop-try-us">
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
      </ShopSection>
      <FeaturedShops market={market} />
      <NewArrivalsStrip market={market} />
    </PageLayout>
  );
}
