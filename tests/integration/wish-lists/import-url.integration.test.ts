/**
 * /wish-it/'s page reader against real product pages served by a local HTTP server: JSON-LD,
 * OpenGraph only, microdata, broken markup, another charset; redirects re-checked hop by hop;
 * private, loopback and metadata addresses refused after DNS; timeouts, size and type limits.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importProductFromUrl, isRefusedAddress, parsePrice } from '../../../server/services/wish-lists/import-url';

const pages = path.resolve(import.meta.dirname, '../../fixtures/product-pages');
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const hops = Number(url.searchParams.get('hops') ?? 0);
    switch (url.pathname) {
      case '/hang':
        return; // never answers
      case '/huge':
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(`<html><title>${'x'.repeat(300_000)}</title></html>`);
        return;
      case '/endless': {
        // Streams without a content-length and never ends: the size limit must stop it.
        response.writeHead(200, { 'content-type': 'text/html' });
        const timer = setInterval(() => response.write('<p>' + 'x'.repeat(16_000) + '</p>'), 1);
        response.on('close', () => clearInterval(timer));
        return;
      }
      case '/no-charset':
        // UTF-8 bytes, no charset anywhere: read as UTF-8, not the HTML sniffer's windows-1252.
        response.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.from('<title>Crème brûlée torch</title>'));
        return;
      case '/go/lamp':
        response.writeHead(302, { location: '/page/relative-image.html' }).end();
        return;
      case '/to-ftp':
        response.writeHead(302, { location: 'ftp://127.0.0.1/file' }).end();
        return;
      case '/pdf':
        response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF');
        return;
      case '/blank':
        // A page with neither a name nor a price (a landing page, an empty search).
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p>Welcome</p></body></html>');
        return;
      case '/missing':
        response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>gone</h1>');
        return;
      case '/redirect':
        response.writeHead(302, { location: hops > 1 ? `/redirect?hops=${hops - 1}` : '/page/open-graph.html' }).end();
        return;
      case '/to-metadata':
        response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      case '/latin1':
        response.writeHead(200, { 'content-type': 'text/html; charset=windows-1252' });
        response.end(readFileSync(path.join(pages, 'latin1.html')));
        return;
    }
    const name = path.basename(url.pathname);
    try {
      const html = readFileSync(path.join(pages, name));
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const local = { allowPrivateAddresses: true };

async function failure(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; reason?: unknown; fields?: unknown }> {
  try {
    await promise;
  } catch (error) {
    const appError = error as { code: string; message: string; details?: { reason?: unknown }; fieldErrors?: unknown };
    return {
      code: appError.code,
      message: appError.message,
      reason: appError.details?.reason,
      fields: appError.fieldErrors,
    };
  }
  throw new Error('expected a failure');
}

describe('reading product pages', () => {
  it('reads JSON-LD Product inside @graph, with the first usable offer, brand and image object', async () => {
    expect(await importProductFromUrl(`${base}/page/json-ld.html`, local)).toEqual({
      url: `${base}/page/json-ld.html`,
      title: 'Cashmere Wool Scarf',
      description: 'A soft cashmere and wool scarf in forest green.',
      price: { amount: 1299, currency: 'CAD' },
      imageUrl: 'https://cdn.northern-hearth.example/scarf-1.jpg',
      merchant: 'Northern Hearth',
    });
  });

  it('reads OpenGraph product tags when there is nothing else', async () => {
    expect(await importProductFromUrl(`${base}/page/open-graph.html`, local)).toEqual({
      url: `${base}/page/open-graph.html`,
      title: 'Trail Espresso Maker',
      description: 'Hand-pumped espresso for camp mornings.',
      price: { amount: 89.5, currency: 'USD' },
      imageUrl: 'https://img.trailhead.example/espresso.jpg',
      merchant: 'Trailhead Supply',
    });
  });

  it('reads microdata and makes a relative image absolute', async () => {
    expect(await importProductFromUrl(`${base}/page/microdata.html`, local)).toEqual({
      url: `${base}/page/microdata.html`,
      title: 'Board Game Night Bundle',
      description: 'Three party games in one box.',
      price: { amount: 34.99, currency: 'GBP' },
      imageUrl: `${base}/images/bundle.png`,
      merchant: 'Maple Games',
    });
  });

  it('gets what it can from broken markup and invalid JSON-LD, naming the host as merchant', async () => {
    expect(await importProductFromUrl(`${base}/page/broken.html`, local)).toEqual({
      url: `${base}/page/broken.html`,
      title: 'Pottery Class for Two',
      description: null,
      price: null,
      imageUrl: `${base}/img/pottery.jpg`,
      merchant: '127.0.0.1',
    });
  });

  it('resolves a relative image against the final URL after a redirect; AggregateOffer and seller', async () => {
    expect(await importProductFromUrl(`${base}/go/lamp`, local)).toEqual({
      url: `${base}/page/relative-image.html`,
      title: 'Brass Desk Lamp',
      description: 'A brass desk lamp with a linen shade.',
      price: { amount: 49.9, currency: 'EUR' },
      imageUrl: `${base}/page/images/lamp.jpg`,
      merchant: 'Lumen & Co',
    });
  });

  it('decodes the charset the server names, and UTF-8 when none is named', async () => {
    expect(await importProductFromUrl(`${base}/latin1`, local)).toEqual({
      url: `${base}/latin1`,
      title: 'Café crème set',
      description: 'Deux tasses à café',
      price: null,
      imageUrl: null,
      merchant: '127.0.0.1',
    });
    expect((await importProductFromUrl(`${base}/no-charset`, local)).title).toBe('Crème brûlée torch');
  });

  it('parses prices written in several ways', () => {
    expect(['1,299.00', '1.299,00', '$25', '25', 12.345, 'free'].map(parsePrice)).toEqual([
      1299,
      1299,
      25,
      25,
      12.35,
      null,
    ]);
  });
});

describe('refusing what it must not fetch', () => {
  it('follows a few redirects, re-checking each hop, and refuses more', async () => {
    expect((await importProductFromUrl(`${base}/redirect?hops=3`, local)).title).toBe('Trail Espresso Maker');
    expect(await failure(importProductFromUrl(`${base}/redirect?hops=4`, local))).toMatchObject({
      code: 'BAD_REQUEST',
      reason: 'redirects',
    });
    // A page redirecting to the metadata address: refused even where loopback is allowed.
    expect(await failure(importProductFromUrl(`${base}/to-metadata`, local))).toEqual({
      code: 'BAD_REQUEST',
      message: 'That address cannot be imported',
      reason: undefined,
      fields: undefined,
    });
    // A redirect to another scheme is refused too (it is not the member's input to correct).
    expect(await failure(importProductFromUrl(`${base}/to-ftp`, local))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'That address cannot be imported',
    });
  });

  it('refuses loopback by address and by name (after DNS) outside tests', async () => {
    const port = new URL(base).port;
    for (const url of [
      `${base}/page/open-graph.html`,
      `http://localhost:${port}/page/open-graph.html`,
      `http://[::1]:${port}/`,
    ]) {
      expect(await failure(importProductFromUrl(url)), url).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'That address cannot be imported',
      });
    }
    for (const [url, options] of [
      ['http://169.254.169.254/latest/meta-data/', {}],
      ['http://169.254.169.254/latest/meta-data/', local],
      ['http://[fd00:ec2::254]/latest/meta-data/', local],
      ['http://[::ffff:169.254.169.254]/', local],
    ] as const) {
      expect(await failure(importProductFromUrl(url, options)), url).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'That address cannot be imported',
      });
    }
  });

  it('gives up on slow, huge, missing and non-HTML pages with a clear reason', async () => {
    // Each says why in plain words (the screen offers to add the wish by hand).
    const cases: [string, object, string, string][] = [
      ['/hang', { timeoutMs: 300 }, 'timeout', 'That page took too long to answer, so we gave up reading it'],
      ['/huge', { maxBytes: 100_000 }, 'too-large', 'That page is too large for us to read'],
      ['/endless', { maxBytes: 100_000 }, 'too-large', 'That page is too large for us to read'],
      ['/missing', {}, 'status', 'That page could not be reached: the shop’s site answered with an error'],
      ['/pdf', {}, 'content-type', 'That address is not a product page we can read (it is not a web page)'],
      ['/blank', {}, 'not-product', 'That page does not look like a product page: we found no name or price on it'],
    ];
    for (const [pathName, options, reason, message] of cases) {
      expect(
        await failure(importProductFromUrl(`${base}${pathName}`, { ...local, ...options })),
        pathName,
      ).toMatchObject({ code: 'BAD_REQUEST', message, reason });
    }
    expect(await failure(importProductFromUrl('http://no-such-host.invalid/', local))).toMatchObject({
      reason: 'dns',
      message: 'That site could not be found: check the address',
    });
  });

  it('answers the spec message for what is not an http(s) URL', async () => {
    for (const url of ['ftp://example.com/x', 'javascript:alert(1)', 'not a url', 'http://user:pw@example.com/']) {
      expect(await failure(importProductFromUrl(url)), url).toMatchObject({
        code: 'VALIDATION',
        fields: { url: 'The value is not a valid URL address' },
      });
    }
  });

  it('classifies addresses', () => {
    const refused = [
      '::ffff:127.0.0.1',
      'fd00:ec2::254',
      '100.64.0.1',
      '0.0.0.0',
      '10.1.2.3',
      '192.168.1.1',
      '172.16.0.1',
      'fe80::1',
      '169.254.169.254',
      '224.0.0.1',
    ];
    expect(refused.filter((address) => !isRefusedAddress(address))).toEqual([]);
    expect(isRefusedAddress('93.184.216.34')).toBe(false);
    expect(isRefusedAddress('2606:4700::1111')).toBe(false);
    expect(isRefusedAddress('127.0.0.1', { allowPrivate: true })).toBe(false);
    expect(isRefusedAddress('169.254.169.254', { allowPrivate: true })).toBe(true);
  });
});
