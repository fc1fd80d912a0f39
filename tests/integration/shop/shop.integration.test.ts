/**
 * The shop against the real server and database: the REST shop calls (guide tree, trending guide,
 * featured shops, market data) for each market, bad ids and unknown markets, full-text search with
 * relevance, filters and paging, new arrivals, merchandiser edits clearing the caches, favourite
 * guides, and price drops: the scheduled scan run by two workers at once sends one real e-mail.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../../server/jobs/queue';
import { JOB_HANDLERS, scheduleRecurringJobs } from '../../../server/jobs/registry';
import { PRICE_DROP_SCAN_JOB, scanPriceDrops } from '../../../server/services/shop/price-drops';
import { createMember, identityFor, ROLES } from '../../factories/identities';
import { createGiftGuide, createMarket, createMerchant, createProduct } from '../../factories/shop';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { mailCatcher, waitForMail } from '../../helpers/mail';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

const deps = testDeps();
let server: TTestServer;
let market: { countryCode: string };
let tree: { top: string; middle: string; leaf: string; sibling: string; trending: string };
let merchants: { featured: string; other: string };
let products: Record<string, string>;

beforeAll(async () => {
  // A market of its own, filled before the server caches anything (spec §9: 5-minute caches).
  market = await createMarket(testDb(), { currency: 'CAD' });
  const code = market.countryCode;
  const top = await createGiftGuide(testDb(), { marketCode: code, title: 'For Her', sortOrder: 0 });
  const trending = await createGiftGuide(testDb(), { marketCode: code, title: 'Stocking Stuffers', sortOrder: 1 });
  await testDb().giftGuide.update({ where: { id: trending.id }, data: { isTrending: true } });
  const middle = await createGiftGuide(testDb(), { marketCode: code, title: 'Accessories', parentGiftGuideId: top.id });
  const sibling = await createGiftGuide(testDb(), {
    marketCode: code,
    title: 'Beauty',
    parentGiftGuideId: top.id,
    sortOrder: 1,
  });
  const leaf = await createGiftGuide(testDb(), { marketCode: code, title: 'Under 50', parentGiftGuideId: middle.id });
  tree = { top: top.id, middle: middle.id, leaf: leaf.id, sibling: sibling.id, trending: trending.id };
  const featured = await createMerchant(testDb(), { marketCode: code, name: 'Northern Hearth', isFeatured: true });
  const other = await createMerchant(testDb(), { marketCode: code, name: 'Maple Outfitters' });
  merchants = { featured: featured.id, other: other.id };
  const day = 86_400_000;
  const make = (
    title: string,
    description: string,
    price: number,
    daysAgo: number,
    merchantId: string,
    guides: string[],
  ) =>
    createProduct(testDb(), {
      marketCode: code,
      merchantId,
      title,
      description,
      price,
      currency: 'CAD',
      createdAt: new Date(Date.now() - daysAgo * day),
      guides,
    }).then((product) => product.id);
  products = {
    scarf: await make('Wool Scarf', 'A warm wool scarf in forest green.', 39, 10, featured.id, [leaf.id]),
    cashmere: await make('Cashmere Wool Scarf', 'Soft cashmere and wool scarf, a luxury wrap.', 129, 5, other.id, [
      middle.id,
    ]),
    socks: await make('Wool Socks', 'Hiking socks knitted from merino wool.', 19, 1, other.id, [trending.id]),
    mug: await make('Enamel Camp Mug', 'A mug for the trail.', 15, 30, featured.id, [sibling.id]),
  };
  server = await startTestServer();
});

const visitor = () => new TestBrowser(server.baseUrl);

describe('REST shop calls', () => {
  it('answer the guide tree with parents and children agreeing', async () => {
    const code = market.countryCode;
    const top = await visitor().get(`/v1/gift-guides/top-level-guides?market=${code.toLowerCase()}`);
    expect(top.status).toBe(200);
    expect(
      (top.body as unknown as { title: string; childGiftGuidesCount: number }[]).map((g) => [
        g.title,
        g.childGiftGuidesCount,
      ]),
    ).toEqual([
      ['For Her', 2],
      ['Stocking Stuffers', 0],
    ]);
    const children = await visitor().get(`/v1/gift-guides/${tree.top}/child-guides`);
    const childList = children.body as unknown as { giftGuideId: string; parentGiftGuideId: string; title: string }[];
    expect(childList.map((g) => g.title)).toEqual(['Accessories', 'Beauty']);
    expect(childList.every((g) => g.parentGiftGuideId === tree.top)).toBe(true);
    // Every child's ancestors end with its parent; the leaf's chain is the whole path.
    const ancestors = await visitor().get(`/v1/gift-guides/${tree.leaf}/ancestors`);
    expect((ancestors.body as unknown as { giftGuideId: string }[]).map((g) => g.giftGuideId)).toEqual([
      tree.top,
      tree.middle,
    ]);
    for (const child of childList) {
      const chain = (await visitor().get(`/v1/gift-guides/${child.giftGuideId}/ancestors`)).body as unknown as {
        giftGuideId: string;
      }[];
      expect(chain.at(-1)?.giftGuideId).toBe(tree.top);
    }
    expect(((await visitor().get(`/v1/gift-guides/${tree.top}/ancestors`)).body as unknown as unknown[]).length).toBe(
      0,
    );
    const trending = await visitor().get(`/v1/gift-guides/trending-guide?market=${code}`);
    expect((trending.body as { giftGuideId: string }).giftGuideId).toBe(tree.trending);
  });

  it('answers featured shops per market, upper-cased, and market data', async () => {
    const shops = await visitor().get(`/v1/shop/featured-shops?market=${market.countryCode}`);
    expect((shops.body as unknown as { name: string }[]).map((shop) => shop.name)).toEqual(['Northern Hearth']);
    const data = await visitor().get(`/v1/shop/market-data?market=${market.countryCode}`);
    expect(data.body).toEqual({ market: market.countryCode, currency: 'CAD', locale: `en-${market.countryCode}` });
    for (const code of ['US', 'CA', 'GB']) {
      expect((await visitor().get(`/v1/shop/featured-shops?market=${code}`)).status).toBe(200);
      expect((await visitor().get(`/v1/gift-guides/top-level-guides?market=${code}`)).status).toBe(200);
    }
  });

  it('answers 4xx for bad ids and unknown markets, never 500', async () => {
    const cases: [string, number][] = [
      ['/v1/gift-guides/not-a-uuid/ancestors', 400],
      ['/v1/gift-guides/not-a-uuid/child-guides', 400],
      [`/v1/gift-guides/${crypto.randomUUID()}/ancestors`, 404],
      [`/v1/gift-guides/${crypto.randomUUID()}/child-guides`, 404],
      ['/v1/gift-guides/top-level-guides?market=QQ1', 400],
      ['/v1/gift-guides/top-level-guides?market=XX', 400],
      ['/v1/gift-guides/trending-guide?market=XX', 400],
      ['/v1/shop/featured-shops?market=XX', 400],
    ];
    for (const [path, status] of cases) {
      const response = await visitor().get(path);
      expect(response.status, path).toBe(status);
    }
    const unknown = await visitor().get('/v1/shop/featured-shops?market=XX');
    expect((unknown.body as { error: { fieldErrors: Record<string, string> } }).error.fieldErrors.market).toBe(
      'Value is not a valid market',
    );
  });
});

describe('search and new arrivals', () => {
  const shop = () => callerFor(null, deps).shop;

  it('ranks by relevance, filters by guide (with sub-guides), price and merchant, and pages', async () => {
    const code = market.countryCode;
    const found = await shop().search({ q: 'wool scarf', market: code });
    expect(
      found.items
        .slice(0, 2)
        .map((p) => p.title)
        .sort(),
    ).toEqual(['Cashmere Wool Scarf', 'Wool Scarf']);
    expect(found.items.map((p) => p.title)).toContain('Wool Socks');
    expect(found.items.map((p) => p.title)).not.toContain('Enamel Camp Mug');
    // The top guide covers its sub-guides.
    const inGuide = await shop().search({ market: code, giftGuideId: tree.top, sort: 'price-asc' });
    expect(inGuide.items.map((p) => p.title)).toEqual(['Enamel Camp Mug', 'Wool Scarf', 'Cashmere Wool Scarf']);
    const cheap = await shop().search({ market: code, q: 'wool', maxPrice: 40, sort: 'price-asc' });
    expect(cheap.items.map((p) => p.title)).toEqual(['Wool Socks', 'Wool Scarf']);
    const byMerchant = await shop().search({ market: code, merchantId: merchants.featured, sort: 'newest' });
    expect(byMerchant.items.map((p) => p.title)).toEqual(['Wool Scarf', 'Enamel Camp Mug']);
    // Paging: limit 2 over 4 products.
    const first = await shop().search({ market: code, sort: 'newest', limit: 2 });
    expect(first.paging).toEqual({ limit: 2, offset: 0, total: 4, token: '2' });
    const second = await shop().search({ market: code, sort: 'newest', limit: 2, offset: 2 });
    expect(second.paging.token).toBe('');
    expect([...first.items, ...second.items].map((p) => p.productId)).toEqual([
      products.socks,
      products.cashmere,
      products.scarf,
      products.mug,
    ]);
    await expect(shop().search({ market: code, minPrice: 50, maxPrice: 10 })).rejects.toThrow();
  });

  it('lists new arrivals newest first, with prices in the market currency', async () => {
    const arrivals = await shop().newArrivals({ market: market.countryCode, limit: 3 });
    expect(arrivals.items.map((p) => [p.title, p.price.currency])).toEqual([
      ['Wool Socks', 'CAD'],
      ['Cashmere Wool Scarf', 'CAD'],
      ['Wool Scarf', 'CAD'],
    ]);
  });
});

describe('merchandisers and favourites', () => {
  it('lets only merchandisers edit guides and featured shops, and the caches follow at once', async () => {
    const member = await createMember(testDb());
    const merchandiser = await createMember(testDb(), { roles: [ROLES.merchandiser] });
    const asMember = callerFor(await identityFor(deps, member.id), deps);
    const asMerchandiser = callerFor(await identityFor(deps, merchandiser.id), deps);
    await expect(asMember.shop.updateGuide({ giftGuideId: tree.sibling, title: 'Hacked' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    // Warm the caches, then edit.
    await asMerchandiser.shop.trendingGuide({ market: market.countryCode });
    await asMerchandiser.shop.updateGuide({ giftGuideId: tree.top, isTrending: true });
    expect((await asMerchandiser.shop.trendingGuide({ market: market.countryCode }))?.giftGuideId).toBe(tree.top);
    await asMerchandiser.shop.featuredShops({ market: market.countryCode });
    await asMerchandiser.shop.setFeaturedShop({ merchantId: merchants.other, isFeatured: true, sortOrder: 0 });
    expect((await asMerchandiser.shop.featuredShops({ market: market.countryCode })).map((s) => s.name).sort()).toEqual(
      ['Maple Outfitters', 'Northern Hearth'],
    );
    await asMerchandiser.shop.setFeaturedShop({ merchantId: merchants.other, isFeatured: false });
    await asMerchandiser.shop.updateGuide({ giftGuideId: tree.trending, isTrending: true });
  });

  it('keeps favourite guides per member', async () => {
    const member = await createMember(testDb());
    const me = callerFor(await identityFor(deps, member.id), deps);
    await me.shop.setFavoriteGuide({ giftGuideId: tree.leaf, favorite: true });
    await me.shop.setFavoriteGuide({ giftGuideId: tree.leaf, favorite: true });
    await me.shop.setFavoriteGuide({ giftGuideId: tree.top, favorite: true });
    expect((await me.shop.favoriteGuides({ userId: member.id })).map((g) => g.title).sort()).toEqual([
      'For Her',
      'Under 50',
    ]);
    await me.shop.setFavoriteGuide({ giftGuideId: tree.top, favorite: false });
    expect((await me.shop.favoriteGuides({ userId: member.id })).map((g) => g.title)).toEqual(['Under 50']);
  });
});

describe('price drops', () => {
  it('tells each watcher of a drop once, by one real e-mail, with two workers scanning at once', async () => {
    const watcher = await createMember(testDb());
    const quiet = await createMember(testDb());
    await testDb().userSettings.create({
      data: { userId: quiet.id, emailGuid: crypto.randomUUID(), subscribePriceDropNotifications: false },
    });
    const merchandiser = await createMember(testDb(), { roles: [ROLES.merchandiser] });
    const asWatcher = callerFor(await identityFor(deps, watcher.id), deps);
    const asQuiet = callerFor(await identityFor(deps, quiet.id), deps);
    const status = await asWatcher.shop.subscribePriceDrop({ productId: products.cashmere! });
    expect(status).toMatchObject({ isSubscribed: true, notificationsEnabled: true, baseline: { amount: 129 } });
    expect((await asQuiet.shop.subscribePriceDrop({ productId: products.cashmere! })).notificationsEnabled).toBe(false);
    // A wish from the shop can be watched too (it watches its product).
    const wish = await asWatcher.wishLists.addWish({ title: 'Socks', productId: products.socks! });
    expect((await asWatcher.shop.subscribePriceDrop({ wishId: wish.wishId })).productId).toBe(products.socks);

    const asMerchandiser = callerFor(await identityFor(deps, merchandiser.id), deps);
    const dropped = await asMerchandiser.shop.setProductPrice({ productId: products.cashmere!, amount: 99 });
    expect(dropped.previousPrice).toEqual({ amount: 129, currency: 'CAD' });
    expect(dropped.priceHistory.map((entry) => entry.amount)).toEqual([129, 99]);

    const logger = { info() {}, warn() {}, error() {} };
    const runners = ['a', 'b'].map((id) =>
      createJobRunner({
        deps,
        handlers: JOB_HANDLERS,
        schedule: scheduleRecurringJobs,
        logger,
        workerId: `price-${id}`,
      }),
    );
    // Other tests' scans may already be done for this slot: start from a fresh scan job. Other
    // tests' queued jobs (exchange mails, reminders) would crowd these runners: this worker's tests
    // run one at a time, so the queue can start from this test's work alone.
    await testDb().job.deleteMany({ where: { OR: [{ kind: PRICE_DROP_SCAN_JOB }, { status: 'queued' }] } });
    const before = mailCatcher().messages.length;
    await Promise.all(runners.map((runner) => runner.runDue()));
    // The mail jobs the scan queued.
    await Promise.all(runners.map((runner) => runner.runDue()));
    const mail = await waitForMail(watcher.email, /Price drop: Cashmere Wool Scarf/);
    // Written as the shop writes money (server/contracts/money.ts): a Canadian dollar is CA$.
    expect(mail.text).toContain('dropped from CA$129.00 to CA$99.00');
    expect(mail.text).toContain(`/actions/show-price-drop/?productId=${products.cashmere}`);
    // Once: another pass changes nothing; the member who turned alerts off got nothing.
    await Promise.all(runners.map((runner) => runner.runDue()));
    const toWatcher = mailCatcher()
      .messages.slice(before)
      .filter((m) => m.to.includes(watcher.email.toLowerCase()) && /Price drop/.test(m.subject));
    expect(toWatcher).toHaveLength(1);
    expect(
      mailCatcher()
        .messages.slice(before)
        .some((m) => m.to.includes(quiet.email.toLowerCase())),
    ).toBe(false);
    expect(await testDb().notification.count({ where: { userId: watcher.id, kind: 'price-drop' } })).toBe(1);
    expect(await testDb().notification.count({ where: { userId: quiet.id } })).toBe(0);
    // The bell's notice too, never "99 CAD".
    const bell = await asWatcher.notifications.state();
    expect(bell.notifications.find((item) => item.kind === 'price-drop')?.title).toBe(
      'Cashmere Wool Scarf dropped to CA$99.00',
    );
    const shown = await asWatcher.shop.showPriceDrop({ productId: products.cashmere! });
    expect([shown.oldPrice?.amount, shown.price.amount]).toEqual([129, 99]);

    // A second drop, and two scans racing outside the queue: the conditional baseline update lets
    // exactly one of them tell the watcher.
    await asMerchandiser.shop.setProductPrice({ productId: products.cashmere!, amount: 89 });
    const told = await Promise.all([scanPriceDrops(deps), scanPriceDrops(deps), scanPriceDrops(deps)]);
    expect(await testDb().notification.count({ where: { userId: watcher.id, kind: 'price-drop' } })).toBe(2);
    expect(told.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(
      await testDb().job.count({
        where: {
          kind: 'price-drops:mail',
          uniqueKey: { startsWith: 'price-drop-mail:' },
          payload: { contains: watcher.id },
        },
      }),
    ).toBe(2);
  });
});
