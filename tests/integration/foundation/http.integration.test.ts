import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTL_WARM_UP } from '../../../server/contracts/early-refresh';
import { createMarket } from '../../factories/shop';
import { testDb } from '../../helpers/db';
import { startTestServer, type TTestServer } from '../../helpers/server';

// A tiny renderer build, so static serving is tested without depending on Vite.
const dist = mkdtempSync(path.join(os.tmpdir(), 'gifting-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><head><meta charset="UTF-8" /><title>Gifting test shell</title></head><div id="root"></div>',
);
writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// What the build's prerender writes (scripts/lib/prerender.ts): the landing page's `#root` markup.
const LANDING_MARKUP = '<main><h1>Prerendered landing</h1></main>';
writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify({ '/': LANDING_MARKUP }));

let server: TTestServer;
let market: Awaited<ReturnType<typeof createMarket>>;
beforeAll(async () => {
  // Created before the server answers anything: markets are cached for 5 minutes (spec §9).
  market = await createMarket(testDb(), { currency: 'EUR' });
  server = await startTestServer({ RENDERER_DIST: dist });
});

const get = (url: string, init?: RequestInit): Promise<Response> =>
  fetch(`${server.baseUrl}${url}`, { redirect: 'manual', ...init });

describe('health', () => {
  it('/healthz says the process is alive', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz checks the database', async () => {
    const response = await get('/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });
});

describe('REST /v1', () => {
  it.each([
    [
      'genders',
      [
        { value: 'female', label: 'She/Her' },
        { value: 'male', label: 'He/Him' },
        { value: 'neutral', label: 'They/Them' },
      ],
    ],
    [
      'currencies',
      ['USD', 'CAD', 'GBP', 'AUD', 'EUR', 'MXN', 'BRL', 'HKD', 'INR', 'BTC'].map((c) => ({ value: c, label: c })),
    ],
    ['channels', []],
  ])('GET /v1/enums/%s', async (name, expected) => {
    const response = await get(`/v1/enums/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await response.json()).toEqual(expected);
  });

  it('an unknown enumeration is 404, not 500', async () => {
    const response = await get('/v1/enums/planets');
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('NOT_FOUND');
  });

  it('market data defaults to US, USD, en-US', async () => {
    const response = await get('/v1/shop/market-data');
    expect(await response.json()).toEqual({ market: 'US', currency: 'USD', locale: 'en-US' });
  });

  it('market data follows the market from the database', async () => {
    const response = await get(`/v1/shop/market-data?market=${market.countryCode.toLowerCase()}`);
    expect(await response.json()).toEqual({
      market: market.countryCode,
      currency: 'EUR',
      locale: `en-${market.countryCode}`,
    });
  });

  it('a malformed market answers 400 with a message per field', async () => {
    const response = await get('/v1/shop/market-data?market=USA1');
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.fieldErrors.market).toMatch(/two-letter/);
  });

  it('unknown API paths answer JSON 404 and are never the renderer', async () => {
    const response = await get('/v1/nothing-here');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });
});

describe('tRPC /trpc', () => {
  it('serves the same market data as REST', async () => {
    const input = encodeURIComponent(JSON.stringify({ market: 'GB' }));
    const [trpc, rest] = await Promise.all([
      get(`/trpc/shop.marketData?input=${input}`),
      get('/v1/shop/market-data?market=GB'),
    ]);
    expect((await trpc.json()).result.data).toEqual(await rest.json());
  });

  it('answers zod failures with 400 and field errors through the same AppError table', async () => {
    const input = encodeURIComponent(JSON.stringify({ market: 'not a market' }));
    const response = await get(`/trpc/shop.marketData?input=${input}`);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.data.appCode).toBe('VALIDATION');
    expect(body.error.data.fieldErrors.market).toMatch(/two-letter/);
  });
});

describe('renderer serving', () => {
  it('redirects paths without a trailing slash with 301, keeping the query', async () => {
    const response = await get('/gift-exchanges?tab=mine');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/gift-exchanges/?tab=mine');
  });

  it('serves index.html for any app path (history mode), never cached', async () => {
    const response = await get('/gift-exchanges/some/deep/path/');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('Gifting test shell');
  });

  it('serves hashed assets with long-cache headers', async () => {
    const response = await get('/assets/main-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates unhashed files and 404s missing files', async () => {
    expect((await get('/favicon.svg')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/missing.png')).status).toBe(404);
  });
});

describe('the initial state handed to the renderer', () => {
  it('carries no error type normally', async () => {
    const html = await (await get('/home/')).text();
    expect(html).toContain('"errorType":null');
  });

  it('says whether the page was asked for with the refresh cookie (without one nobody is signed in)', async () => {
    const visitor = await (await get('/home/')).text();
    expect(visitor).toContain(
      '<script id="initial-state" type="application/json">{"errorType":null,"sessionCookie":false}</script>',
    );
    // Any value: the renderer still asks the server who it is; only its absence is decided here.
    const member = await (await get('/home/', { headers: { cookie: 'gifting_rt=anything' } })).text();
    expect(member).toContain(
      '<script id="initial-state" type="application/json">{"errorType":null,"sessionCookie":true}</script>',
    );
    // Another cookie is not a sign-in.
    const other = await (await get('/home/', { headers: { cookie: 'gifting_visitor=abc' } })).text();
    expect(other).toContain('"sessionCookie":false');
  });

  it('carries the maintenance error type (503) while in maintenance mode', async () => {
    const maintenance = await startTestServer({ RENDERER_DIST: dist, MAINTENANCE_MODE: 'true' });
    const response = await fetch(`${maintenance.baseUrl}/home/`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('{"errorType":"maintenance","sessionCookie":false}');
    // The API keeps answering.
    expect((await fetch(`${maintenance.baseUrl}/v1/enums/genders`)).status).toBe(200);
  });
});

describe('the pages the build prerendered for visitors', () => {
  const PRERENDERED_ROOT = `<div id="root" data-prerendered="/">${LANDING_MARKUP}</div>`;

  it('come rendered to a visitor, in the root the renderer hydrates, beside the initial state', async () => {
    const response = await get('/', { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(PRERENDERED_ROOT);
    expect(html).toContain('"sessionCookie":false');
    // Painted whole, not before its root is parsed; a page that renders in the browser holds nothing back.
    expect(html).toContain('<link rel="expect" href="#root" blocking="render">');
    expect(await (await get('/shop/')).text()).not.toContain('rel="expect"');
  });

  it('start loading the locale data from the top of the head, by the one inline script the policy allows them', async () => {
    const response = await get('/');
    const html = await response.text();
    expect(html).toContain(`<meta charset="UTF-8" /><script>${INTL_WARM_UP}</script>`);
    expect(html.match(/<script>/g)).toHaveLength(1);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`'sha256-${createHash('sha256').update(INTL_WARM_UP).digest('base64')}'`);
    // A page the build did not prerender renders in the browser: its formatting comes later.
    expect(await (await get('/shop/')).text()).not.toContain('<script>');
    expect(await (await get('/?market=GB')).text()).not.toContain('<script>');
  });

  it('come empty to a signed-in browser, with a query, at other paths and in maintenance', async () => {
    const member = await (await get('/', { headers: { cookie: 'gifting_rt=anything' } })).text();
    expect(member).toContain('<div id="root"></div>');
    expect(member).not.toContain('Prerendered landing');
    // A query may change what the page shows (a market, a dialog): the browser renders it.
    expect(await (await get('/?market=GB')).text()).toContain('<div id="root"></div>');
    expect(await (await get('/shop/')).text()).toContain('<div id="root"></div>');
    const maintenance = await startTestServer({ RENDERER_DIST: dist, MAINTENANCE_MODE: 'true' });
    const page = await (await fetch(`${maintenance.baseUrl}/`)).text();
    expect(page).not.toContain('Prerendered landing');
  });
});

describe('security headers', () => {
  it('pages carry a Content-Security-Policy that allows only our own scripts, and are never framed', async () => {
    const response = await get('/home/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    // Protected pictures (the gallery's photos) are shown from object URLs.
    expect(csp).toMatch(/img-src [^;]*blob:/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('API answers carry the same headers (every response, from helmet); HSTS only on https', async () => {
    const response = await get('/v1/enums/genders');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect((await get('/healthz')).headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    const secure = await startTestServer({ PUBLIC_URL: 'https://gifts.example', RENDERER_DIST: dist });
    expect((await fetch(`${secure.baseUrl}/healthz`)).headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('the link interstitial keeps its no-referrer policy', async () => {
    const response = await get(`/v1/links/click?url=${encodeURIComponent('https://evil.example/')}`);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
