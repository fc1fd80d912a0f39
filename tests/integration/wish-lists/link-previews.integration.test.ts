/**
 * Link previews (issue 29), fetched as a chat app or a social network does: a plain GET of the
 * shared address, no cookies, a crawler's user agent. A public list, a public profile, a gift guide,
 * a product and an exchange's invitation link answer Open Graph and Twitter card tags; a private or
 * followers-only list, a list of a private profile, a private profile and an invitation with a
 * wrong code preview as the generic app, never naming the list or its owner; claims and pairings
 * never appear. Text is escaped, and the page stays compressed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { load } from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TVerifiedIdentity } from '../../../server/auth/tokens';
import { createMember, identityFor } from '../../factories/identities';
import { createGiftGuide, createMarket, createMerchant, createProduct } from '../../factories/shop';
import { callerFor } from '../../helpers/caller';
import { testDb } from '../../helpers/db';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

// The real shell's head, as `vite build` writes it.
const dist = mkdtempSync(path.join(os.tmpdir(), 'gifting-previews-'));
writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Wish lists, secret-santa gift exchanges, groups and gift guides." /><title>Gifting</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`,
);

const PUBLIC_URL = 'http://127.0.0.1';
const CHAT_APPS = [
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'WhatsApp/2.23.20.0',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Twitterbot/1.0',
];

let server: TTestServer;
const deps = testDeps();
beforeAll(async () => {
  server = await startTestServer({ RENDERER_DIST: dist, PUBLIC_URL });
});

interface TPerson {
  id: string;
  identity: TVerifiedIdentity;
  caller: ReturnType<typeof callerFor>;
}

async function person(firstName: string, isPrivate: boolean): Promise<TPerson> {
  const member = await createMember(testDb(), { firstName, lastName: 'Preview' });
  await testDb().userSettings.create({ data: { userId: member.id, emailGuid: randomUUID(), isPrivate } });
  const identity = await identityFor(deps, member.id);
  return { id: member.id, identity, caller: callerFor(identity, deps) };
}

/** The page as a chat app fetches it (no cookies), and its tags. */
async function preview(address: string, userAgent = CHAT_APPS[0]!) {
  const response = await fetch(`${server.baseUrl}${address}`, {
    headers: { 'user-agent': userAgent, accept: 'text/html' },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/text\/html/);
  const html = await response.text();
  const $ = load(html);
  const meta = (key: string): string | undefined =>
    $(`meta[property="${key}"]`).attr('content') ?? $(`meta[name="${key}"]`).attr('content');
  return {
    html,
    title: $('title').text(),
    ogTitle: meta('og:title'),
    ogDescription: meta('og:description'),
    ogImage: meta('og:image'),
    ogUrl: meta('og:url'),
    canonical: $('link[rel="canonical"]').attr('href'),
    twitterCard: meta('twitter:card'),
    twitterTitle: meta('twitter:title'),
    titles: $('title').length,
  };
}

function expectGeneric(page: Awaited<ReturnType<typeof preview>>, ...secrets: string[]): void {
  expect(page.ogTitle).toBe('Gifting');
  expect(page.title).toBe('Gifting');
  expect(page.ogUrl).toBe(`${PUBLIC_URL}/`);
  expect(page.ogImage).toBe(`${PUBLIC_URL}/og-image.png`);
  expect(page.twitterCard).toBe('summary');
  expect(page.canonical).toBeUndefined();
  for (const secret of secrets) expect(page.html).not.toContain(secret);
}

describe('wish lists and profiles', () => {
  let owner: TPerson;
  let publicList: { wishlistId: string };
  const listTitle = `Ava's <b>"birthday"</b> & more ${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    owner = await person(`Ava${randomUUID().slice(0, 4)}`, false);
    publicList = await owner.caller.wishLists.create({ title: listTitle, privacy: 'public' });
    await owner.caller.wishLists.addWish({
      wishlistId: publicList.wishlistId,
      title: 'A kite',
      imageUrl: 'https://img.example.test/kite.jpg',
    });
    await owner.caller.wishLists.addWish({ wishlistId: publicList.wishlistId, title: 'A book' });
  });

  it.each(CHAT_APPS)(
    'a public list of a public profile previews with its title, owner and picture (%s)',
    async (agent) => {
      const address = `/profile/${owner.id}/wish-lists/${publicList.wishlistId}/`;
      const page = await preview(address, agent);
      expect(page.ogTitle).toContain(listTitle);
      expect(page.ogTitle).toContain('Ava');
      expect(page.twitterTitle).toBe(page.ogTitle);
      expect(page.title).toBe(page.ogTitle);
      expect(page.titles).toBe(1);
      expect(page.ogDescription).toContain('2 wishes');
      expect(page.ogImage).toBe('https://img.example.test/kite.jpg');
      expect(page.ogUrl).toBe(`${PUBLIC_URL}${address}`);
      expect(page.canonical).toBe(page.ogUrl);
      expect(page.twitterCard).toBe('summary_large_image');
      // Escaped: the title's markup is text, never elements or a broken attribute.
      expect(page.html).not.toContain('<b>"birthday"</b>');
      expect(page.html).toContain('&lt;b&gt;&quot;birthday&quot;&lt;/b&gt; &amp; more');
      // The app still starts: its script and initial state are there.
      expect(page.html).toContain('<script id="initial-state" type="application/json">{"errorType":null,');
      expect(page.html).toContain('/assets/index-abc.js');
    },
  );

  it('claims never appear: a claimed wish previews exactly as before', async () => {
    const claimer = await person(`Claimer${randomUUID().slice(0, 4)}`, false);
    const before = await preview(`/profile/${owner.id}/wish-lists/${publicList.wishlistId}/`);
    const list = await claimer.caller.wishLists.get({ wishlistId: publicList.wishlistId });
    await claimer.caller.wishLists.claim({ wishId: list.wishes[0]!.wishId, quantity: 1 });
    const after = await preview(`/profile/${owner.id}/wish-lists/${publicList.wishlistId}/`);
    expect(after.html).toBe(before.html);
    expect(after.html).not.toMatch(/claim/i);
  });

  it('a private or followers-only list previews as the generic app', async () => {
    for (const privacy of ['private', 'followers'] as const) {
      const title = `Hidden ${privacy} ${randomUUID().slice(0, 8)}`;
      const list = await owner.caller.wishLists.create({ title, privacy });
      expectGeneric(await preview(`/profile/${owner.id}/wish-lists/${list.wishlistId}/`), title, owner.id);
    }
  });

  it('a public list of a private profile previews as the generic app, naming neither list nor owner', async () => {
    const name = `Priv${randomUUID().slice(0, 6)}`;
    const hidden = await person(name, true);
    const title = `Secret birthday ${randomUUID().slice(0, 8)}`;
    const list = await hidden.caller.wishLists.create({ title, privacy: 'public' });
    expectGeneric(await preview(`/profile/${hidden.id}/wish-lists/${list.wishlistId}/`), title, name);
    expectGeneric(await preview(`/profile/${hidden.id}/`), name);
    expectGeneric(await preview(`/profile/${hidden.id}/wish-lists/`), name);
  });

  it('a public profile previews with its name; an unknown list as the generic app', async () => {
    const page = await preview(`/profile/${owner.id}/`);
    expect(page.ogTitle).toMatch(/^Ava.* on Gifting$/);
    expect(page.ogUrl).toBe(`${PUBLIC_URL}/profile/${owner.id}/`);
    expectGeneric(await preview(`/profile/${owner.id}/wish-lists/${randomUUID()}/`));
  });
});

describe('the shop', () => {
  it('a gift guide and a product preview with their title, description and image', async () => {
    const market = await createMarket(testDb());
    const guide = await createGiftGuide(testDb(), { marketCode: market.countryCode, title: 'For <gardeners>' });
    await testDb().giftGuide.update({
      where: { id: guide.id },
      data: { description: 'Tools & seeds', imageUrl: 'https://img.example.test/garden.jpg' },
    });
    const guidePage = await preview(`/shop/gift-guides/${guide.id}/`, CHAT_APPS[2]);
    expect(guidePage.ogTitle).toContain('For <gardeners>');
    expect(guidePage.html).toContain('For &lt;gardeners&gt;');
    expect(guidePage.ogDescription).toBe('Tools & seeds');
    expect(guidePage.ogImage).toBe('https://img.example.test/garden.jpg');
    expect(guidePage.ogUrl).toBe(`${PUBLIC_URL}/shop/gift-guides/${guide.id}/`);
    expectGeneric(await preview(`/shop/gift-guides/${randomUUID()}/`));

    const merchant = await createMerchant(testDb(), { marketCode: market.countryCode, name: 'Seed Shop' });
    const product = await createProduct(testDb(), {
      marketCode: market.countryCode,
      merchantId: merchant.id,
      title: 'Watering can',
      price: 19.5,
      currency: 'EUR',
    });
    const productPage = await preview(`/add-wish/?productId=${product.id}`, CHAT_APPS[3]);
    expect(productPage.ogTitle).toBe('Watering can');
    expect(productPage.ogDescription).toContain('19.50 EUR at Seed Shop');
    expect(productPage.ogImage).toBe(`https://img.example.test/${product.id}.jpg`);
    expect(productPage.ogUrl).toBe(`${PUBLIC_URL}/add-wish/?productId=${product.id}`);
    expect(productPage.twitterCard).toBe('summary_large_image');
    expect((await preview(`/shop/search/?productId=${product.id}`)).ogTitle).toBe('Watering can');
  });
});

describe('an exchange invitation link', () => {
  it('with the exchange’s code previews its title, date and budget; without it, the generic app', async () => {
    const organizerName = `Org${randomUUID().slice(0, 6)}`;
    const organizer = await person(organizerName, true);
    const title = `Office <party> ${randomUUID().slice(0, 6)}`;
    const exchange = await organizer.caller.exchanges.create({
      title,
      exchangeDate: '2099-12-20',
      participants: [
        { name: 'Guest One', email: `one-${randomUUID().slice(0, 8)}@example.test` },
        { name: 'Guest Two', email: `two-${randomUUID().slice(0, 8)}@example.test` },
        { name: 'Guest Three', email: `three-${randomUUID().slice(0, 8)}@example.test` },
      ],
    });
    const code = (await testDb().exchange.findUniqueOrThrow({ where: { id: exchange.exchangeId } })).joinCode;
    const address = `/gift-exchanges/${exchange.exchangeId}/rsvp/?code=${encodeURIComponent(code)}`;
    const page = await preview(address, CHAT_APPS[1]);
    expect(page.ogTitle).toBe(`You’re invited: ${title}`);
    expect(page.html).toContain('Office &lt;party&gt;');
    expect(page.ogDescription).toContain('2099-12-20');
    expect(page.ogUrl).toBe(`${PUBLIC_URL}${address}`);
    // Nothing about the people in it.
    expect(page.html).not.toContain('Guest One');
    expect(page.html).not.toContain(organizerName);

    expectGeneric(await preview(`/gift-exchanges/${exchange.exchangeId}/rsvp/?code=wrong`), title);
    expectGeneric(await preview(`/gift-exchanges/${exchange.exchangeId}/rsvp/`), title);
    expectGeneric(await preview(`/gift-exchanges/${exchange.exchangeId}/`), title);
  });
});

describe('the page stays cheap and compressed', () => {
  function rawGet(
    address: string,
    headers: Record<string, string>,
  ): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = request(`${server.baseUrl}${address}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('a previewed page and any other page are compressed, with the tags inside', async () => {
    const market = await createMarket(testDb());
    const guide = await createGiftGuide(testDb(), { marketCode: market.countryCode, title: 'Compressed guide' });
    for (const address of [`/shop/gift-guides/${guide.id}/`, '/home/']) {
      const answer = await rawGet(address, { 'accept-encoding': 'br', 'user-agent': CHAT_APPS[0]! });
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      const html = brotliDecompressSync(answer.body).toString('utf8');
      expect(html).toContain('property="og:title"');
      expect(html).toContain(address === '/home/' ? 'content="Gifting"' : 'Compressed guide');
    }
  });

  it('other pages read nothing: the generic tags, the same bytes every time', async () => {
    const first = await preview('/home/');
    expectGeneric(first);
    expect((await preview('/gift-exchanges/')).html).toBe(first.html);
  });
});
