/**
 * /shop/search/ (v2.shop.search): product search of the chosen market. The words (`q`) live in the
 * address and in the session flags' searchTerm (spec §3), so coming back to the search finds the
 * last one. Filters (all in the address): gift guide (a top-level guide, then one of its
 * sub-guides), merchant, price range and sort. Results are paged with "Load more"; an empty result
 * suggests what to try next.
 */
import { Anchor, Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../../routes/link';
import { useAppNavigate } from '../../routes/app-navigate';
import { PRODUCT_SORTS, ZProductSearch } from '../../../server/contracts/shop';
import { SearchIcon } from '../../app/icons';
import { useAppRuntime } from '../../app/runtime-context';
import { validateFields, type TFieldErrors } from '../../kit/forms';
import { PageLayout } from '../../kit/page-layout';
import { SelectField } from '../../kit/select-field';
import { EmptyState } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { PRODUCT_PAGE_SIZE, ProductGrid, useProductPages } from './product-grid';
import { MarketSelect, ShopSection } from './shop-parts';
import { useMarket } from './use-market';

const SHOP_CACHE_MS = 300_000;

type TSort = (typeof PRODUCT_SORTS)[number];

const SORT_LABELS: Record<TSort, string> = {
  relevance: 'Best match',
  newest: 'Newest first',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

/** The search as the address holds it (strings; '' when not set). */
export interface TSearchValues {
  q: string;
  giftGuideId: string;
  merchantId: string;
  minPrice: string;
  maxPrice: string;
  sort: string;
}

const FILTER_KEYS = ['giftGuideId', 'merchantId', 'minPrice', 'maxPrice'] as const;

export function searchValuesOf(search: string): TSearchValues {
  const params = new URLSearchParams(search);
  const get = (name: string): string => params.get(name)?.trim() ?? '';
  const sort = get('sort');
  return {
    q: get('q'),
    giftGuideId: get('giftGuideId'),
    merchantId: get('merchantId'),
    minPrice: get('minPrice'),
    maxPrice: get('maxPrice'),
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort) ? sort : 'relevance',
  };
}

/** What the schema checks: empty fields are left out (an empty price is no bound, not 0). */
function searchInput(values: TSearchValues) {
  const optional = (value: string): string | undefined => (value.trim() ? value.trim() : undefined);
  return {
    q: optional(values.q),
    giftGuideId: optional(values.giftGuideId),
    merchantId: optional(values.merchantId),
    minPrice: optional(values.minPrice),
    maxPrice: optional(values.maxPrice),
    sort: values.sort,
  };
}

/** The address of a search (only the fields that are set; the default sort is left out). */
function searchAddress(values: TSearchValues, keep: URLSearchParams): string {
  const params = new URLSearchParams(keep);
  for (const key of ['q', ...FILTER_KEYS, 'sort'] as const) params.delete(key);
  const input = searchInput(values);
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || (key === 'sort' && value === 'relevance')) continue;
    params.set(key, value);
  }
  const text = params.toString();
  return `${href('v2.shop.search')}${text ? `?${text}` : ''}`;
}

function GuideFilter({
  market,
  value,
  onChange,
}: {
  market: string;
  value: string;
  onChange: (giftGuideId: string) => void;
}) {
  const top = trpc.shop.topLevelGuides.useQuery({ market }, { staleTime: SHOP_CACHE_MS });
  const ancestors = trpc.shop.ancestors.useQuery(
    { giftGuideId: value },
    { enabled: value !== '', staleTime: SHOP_CACHE_MS },
  );
  const topId = value ? (ancestors.data?.[0]?.giftGuideId ?? (ancestors.data ? value : '')) : '';
  const children = trpc.shop.childGuides.useQuery(
    { giftGuideId: topId },
    { enabled: topId !== '', staleTime: SHOP_CACHE_MS },
  );
  const subId = value && topId && value !== topId ? value : '';
  const topOptions = [
    { value: '', label: 'All guides' },
    ...(top.data ?? []).map((g) => ({ value: g.giftGuideId, label: g.title })),
  ];
  if (topId && !topOptions.some((option) => option.value === topId))
    topOptions.push({ value: topId, label: 'This guide' });
  const subOptions = [
    { value: '', label: 'All of it' },
    ...(children.data ?? []).map((g) => ({ value: g.giftGuideId, label: g.title })),
  ];
  if (subId && !subOptions.some((option) => option.value === subId))
    subOptions.push({ value: subId, label: 'This guide' });
  return (
    <>
      <SelectField
        label="Gift guide"
        value={topId}
        options={topOptions}
        onChange={onChange}
        disabled={top.isPending}
        data-testid="search-guide"
      />
      {topId && (children.data?.length ?? 0) > 0 ? (
        <SelectField
          label="Within the guide"
          value={subId}
          options={subOptions}
          onChange={(next) => onChange(next || topId)}
          data-testid="search-sub-guide"
        />
      ) : null}
    </>
  );
}

function SearchForm({ initial, market }: { initial: TSearchValues; market: string }) {
  const navigate = useAppNavigate();
  const location = useLocation();
  const { session } = useAppRuntime();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<TFieldErrors>(() => validateFields(ZProductSearch, searchInput(initial)));
  const merchants = trpc.shop.merchants.useQuery({ market }, { staleTime: SHOP_CACHE_MS });
  // The address this form last went to, and the one it shows. When the address changes because of
  // the form (a filter chosen, a search sent), what the member sees stays, words typed meanwhile
  // included: the router renders the new address a moment later (a transition), and remounting the
  // form then lost them (seen in a full run: a search typed just after choosing a guide went out
  // empty). Any other change (back, "Clear filters" below the results) shows the address's search.
  // Several may be on their way (a guide, then a shop, chosen before the first one rendered).
  const [sentTo, setSentTo] = useState<string[]>([]);
  const [shown, setShown] = useState(location.search);
  if (location.search !== shown) {
    setShown(location.search);
    const sent = sentTo.indexOf(location.search);
    setSentTo(sent < 0 ? [] : sentTo.slice(sent + 1));
    if (sent < 0) {
      setValues(initial);
      setErrors(validateFields(ZProductSearch, searchInput(initial)));
    }
  }

  function apply(next: TSearchValues): void {
    setValues(next);
    const found = validateFields(ZProductSearch, searchInput(next));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    session.setSearchTerm(next.q.trim());
    const address = searchAddress(next, new URLSearchParams(location.search));
    const target = new URL(address, window.location.origin).search;
    if (target !== location.search) setSentTo((sent) => [...sent, target]);
    void navigate(address);
  }
  const change = (name: keyof TSearchValues) => (value: string) => apply({ ...values, [name]: value });
  const text = (name: 'q' | 'minPrice' | 'maxPrice') => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
  });
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    apply(values);
  };
  const hasFilters = FILTER_KEYS.some((key) => initial[key] !== '') || initial.sort !== 'relevance';

  return (
    <Card withBorder radius="md" padding="md">
      <form role="search" aria-label="Search the shop" noValidate onSubmit={submit} data-testid="search-form">
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label="Search products"
              placeholder="A wool scarf, a board game…"
              leftSection={<SearchIcon size={16} aria-hidden />}
              maxLength={100}
              style={{ flex: 1 }}
              {...text('q')}
              data-testid="search-input"
            />
            <Button type="submit" mt={25} data-testid="search-submit">
              Search
            </Button>
          </Group>
          <Group align="flex-end" gap="sm">
            <GuideFilter market={market} value={values.giftGuideId} onChange={change('giftGuideId')} />
            <SelectField
              label="Shop"
              value={values.merchantId}
              options={[
                { value: '', label: 'All shops' },
                ...(merchants.data ?? []).map((shop) => ({ value: shop.merchantId, label: shop.name })),
              ]}
              onChange={change('merchantId')}
              disabled={merchants.isPending}
              data-testid="search-merchant"
            />
            <TextInput
              label="Min price"
              inputMode="decimal"
              w={110}
              {...text('minPrice')}
              data-testid="search-min-price"
            />
            <TextInput
              label="Max price"
              inputMode="decimal"
              w={110}
              {...text('maxPrice')}
              data-testid="search-max-price"
            />
            <SelectField
              label="Sort by"
              value={values.sort}
              options={PRODUCT_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
              onChange={change('sort')}
              data-testid="search-sort"
            />
            {hasFilters ? (
              <Button
                variant="subtle"
                onClick={() =>
                  apply({ ...values, giftGuideId: '', merchantId: '', minPrice: '', maxPrice: '', sort: 'relevance' })
                }
                data-testid="search-clear-filters"
              >
                Clear filters
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function NoResults({ values, market, onClear }: { values: TSearchValues; market: string; onClear: () => void }) {
  const guides = trpc.shop.topLevelGuides.useQuery({ market }, { staleTime: SHOP_CACHE_MS });
  const filtered = FILTER_KEYS.some((key) => values[key] !== '');
  return (
    <EmptyState
      icon={<SearchIcon size={24} />}
      title={values.q ? `Nothing matches “${values.q}”` : 'Nothing matches these filters'}
      description={
        <Stack gap="xs" component="span">
          <span>
            {filtered
              ? 'Try fewer filters or a wider price range, '
              : 'Check the spelling or try fewer, more general words, '}
            or browse a gift guide:
          </span>
          <Group gap="sm" justify="center" component="span" data-testid="search-suggestions">
            {(guides.data ?? []).slice(0, 4).map((guide) => (
              <Anchor
                key={guide.giftGuideId}
                component={Link}
                to={href('v2.giftGuide', { giftGuideId: guide.giftGuideId })}
              >
                {guide.title}
              </Anchor>
            ))}
            <Anchor component={Link} to={href('v2.shop.newArrivals')}>
              New arrivals
            </Anchor>
          </Group>
        </Stack>
      }
      action={
        filtered ? (
          <Button variant="light" onClick={onClear} data-testid="search-empty-clear">
            Clear filters
          </Button>
        ) : undefined
      }
    />
  );
}

export default function SearchScreen() {
  const location = useLocation();
  const navigate = useAppNavigate();
  const { session } = useAppRuntime();
  const market = useMarket();
  const utils = trpc.useUtils();
  const values = searchValuesOf(location.search);
  const hasQ = new URLSearchParams(location.search).has('q');
  const input = searchInput(values);
  const problems = validateFields(ZProductSearch, input);
  const valid = Object.keys(problems).length === 0;

  // The address and the session's searchTerm agree: an address without words takes the session's
  // last search; an address with words becomes the session's.
  useEffect(() => {
    const last = session.getState().searchTerm;
    if (!hasQ && last) {
      const params = new URLSearchParams(location.search);
      params.set('q', last);
      void navigate({ pathname: location.pathname, search: `?${params.toString()}` }, { replace: true });
    } else if (hasQ) {
      session.setSearchTerm(values.q);
    }
  }, [hasQ, values.q, location.search, location.pathname, navigate, session]);

  const query = useProductPages(
    ['search', market.market, input],
    (offset) =>
      utils.client.shop.search.query({
        ...input,
        minPrice: input.minPrice === undefined ? undefined : Number(input.minPrice),
        maxPrice: input.maxPrice === undefined ? undefined : Number(input.maxPrice),
        sort: values.sort as TSort,
        market: market.market,
        limit: PRODUCT_PAGE_SIZE,
        offset,
      }),
    market.isReady && valid,
  );

  const clearFilters = (): void => {
    void navigate(
      searchAddress(
        { ...values, giftGuideId: '', merchantId: '', minPrice: '', maxPrice: '', sort: 'relevance' },
        new URLSearchParams(location.search),
      ),
    );
  };

  return (
    <PageLayout
      title="Search the shop"
      description={`Products from the shops of ${market.info.country}.`}
      breadcrumbs={[
        { label: 'Home', to: href('v2.landing') },
        { label: 'Shop', to: href('v2.shop.root') },
        { label: 'Search' },
      ]}
      actions={<MarketSelect market={market} />}
      testId="search-screen"
    >
      <SearchForm key={market.market} initial={values} market={market.market} />
      <ShopSection title={values.q ? `Results for “${values.q}”` : 'All products'} testId="search-results-section">
        {valid ? (
          <ProductGrid
            query={query}
            testId="search-results"
            empty={<NoResults values={values} market={market.market} onClear={clearFilters} />}
          />
        ) : (
          <EmptyState
            title="This search cannot run"
            description={`${Object.values(problems).join('. ')}. Fix the search above, or clear the filters.`}
            action={
              <Button variant="light" onClick={clearFilters} data-testid="search-invalid-clear">
                Clear filters
              </Button>
            }
          />
        )}
      </ShopSection>
    </PageLayout>
  );
}
