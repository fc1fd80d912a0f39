/**
 * `/wish-it/`: reads a product page a member pasted, for them to confirm before saving a wish.
 *
 * Fetching is SSRF-safe: only http(s); every hop of at most `maxRedirects` redirects is re-checked;
 * host names are resolved by our own lookup, which refuses private, loopback, link-local,
 * unique-local, shared (CGNAT), multicast and metadata addresses (ipaddr.js classifies them) and
 * hands the checked address to the socket, so there is no DNS-rebinding window; IP literals are
 * checked before connecting (sockets skip lookup for them). The whole request has a deadline and
 * the body a size limit. undici does the HTTP, cheerio the HTML (with its encoding sniffer).
 *
 * Extraction is ours, in a few lines per format, because no maintained library reads all three of
 * JSON-LD Product (with @graph, offer arrays, AggregateOffer), schema.org microdata and OpenGraph
 * product prices: precedence JSON-LD, then microdata, then OpenGraph, then <title>/description.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type * as Cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';
import { VALIDATION_MESSAGES as M } from '../../contracts/messages';
import { AppError } from '../../errors';

export interface TImportedProduct {
  url: string;
  title: string | null;
  description: string | null;
  price: { amount: number; currency: string } | null;
  imageUrl: string | null;
  merchant: string | null;
}

export interface TImportOptions {
  /** Allow loopback and private targets (tests serve pages from 127.0.0.1). Metadata stays refused. */
  allowPrivateAddresses?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
}

export type TImportFailure =
  'timeout' | 'too-large' | 'redirects' | 'status' | 'content-type' | 'dns' | 'network' | 'not-product';

const REFUSED_MESSAGE = 'That address cannot be imported';

/**
 * Why a page could not be read, in the member's words (the screen then offers to add the wish by
 * hand, with the pasted link kept).
 */
export const IMPORT_FAILURE_MESSAGES: Record<TImportFailure, string> = {
  timeout: 'That page took too long to answer, so we gave up reading it',
  'too-large': 'That page is too large for us to read',
  redirects: 'That address sends us on to other addresses too many times',
  status: 'That page could not be reached: the shop’s site answered with an error',
  'content-type': 'That address is not a product page we can read (it is not a web page)',
  dns: 'That site could not be found: check the address',
  network: 'That page could not be reached: the site did not answer',
  'not-product': 'That page does not look like a product page: we found no name or price on it',
};

/** Cloud metadata endpoints: refused even where private addresses are allowed. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '169.254.170.2']);
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal']);

class RefusedAddressError extends Error {
  constructor(address: string) {
    super(`refused address ${address}`);
    this.name = 'RefusedAddressError';
  }
}

/** Whether a resolved or literal address must not be fetched. */
export function isRefusedAddress(address: string, options: { allowPrivate?: boolean } = {}): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(parsed.toString())) return true;
  const range = parsed.range();
  if (range === 'unicast') return false;
  return !(options.allowPrivate && PRIVATE_RANGES.has(range));
}

function fail(reason: TImportFailure, cause?: unknown): AppError {
  return new AppError('BAD_REQUEST', { message: IMPORT_FAILURE_MESSAGES[reason], details: { reason }, cause });
}

function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/\u2013/g, '-'));
  } catch {
    throw new AppError('VALIDATION', { fieldErrors: { url: M.url } });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new AppError('VALIDATION', { fieldErrors: { url: M.url } });
  if (url.username || url.password) throw new AppError('VALIDATION', { fieldErrors: { url: M.url } });
  return url;
}

/** A redirect's target, re-checked like the first URL; a bad scheme there is refused, not the member's input. */
function redirectTarget(location: string, from: URL): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw fail('redirects');
  }
  if ((next.protocol !== 'http:' && next.protocol !== 'https:') || next.username || next.password)
    throw new AppError('BAD_REQUEST', { message: REFUSED_MESSAGE });
  return next;
}

/** A DNS lookup that refuses the whole name if any of its addresses is refused, and pins the checked one. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      if (addresses.length === 0 || addresses.some((entry) => isRefusedAddress(entry.address, { allowPrivate }))) {
        return callback(new RefusedAddressError(hostname), '', 4);
      }
      const first = addresses[0]!;
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [first]);
      return callback(null, first.address, first.family);
    });
  };
}

function hostLiteral(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(host) ? host : null;
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && chain.length < 8) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

async function fetchPage(start: URL, options: Required<Omit<TImportOptions, 'userAgent'>> & { userAgent: string }) {
  const agent = new Agent({
    connect: { lookup: checkedLookup(options.allowPrivateAddresses), timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = start;
  try {
    for (let hop = 0; ; hop += 1) {
      const literal = hostLiteral(url);
      if (literal && isRefusedAddress(literal, { allowPrivate: options.allowPrivateAddresses })) {
        throw new RefusedAddressError(literal);
      }
      const response = await request(url, {
        dispatcher: agent,
        method: 'GET',
        signal,
        headers: {
          'user-agent': options.userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
          'accept-language': 'en',
        },
      });
      if (response.statusCode >= 300 && response.statusCode < 400 && response.headers.location) {
        await response.body.dump();
        if (hop >= options.maxRedirects) throw fail('redirects');
        url = redirectTarget(String(response.headers.location), url);
        continue;
      }
      if (response.statusCode < 200 || response.statusCode >= 300) {
        await response.body.dump();
        throw fail('status');
      }
      const contentType = String(response.headers['content-type'] ?? '');
      if (!/^(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) {
        await response.body.dump();
        throw fail('content-type');
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        response.body.destroy();
        throw fail('too-large');
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > options.maxBytes) {
          response.body.destroy();
          throw fail('too-large');
        }
        chunks.push(chunk as Buffer);
      }
      const charset = /charset=([^;]+)/i.exec(contentType)?.[1]?.trim().replace(/"/g, '');
      return { url, body: Buffer.concat(chunks), charset };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const chain = causeChain(error);
    if (chain.some((item) => item instanceof RefusedAddressError))
      throw new AppError('BAD_REQUEST', { message: REFUSED_MESSAGE });
    if (signal.aborted || chain.some((item) => /Timeout|AbortError/.test((item as Error)?.name ?? '')))
      throw fail('timeout', error);
    if (
      chain.some((item) =>
        ['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'ENODATA', 'ESERVFAIL'].includes(
          (item as { code?: string })?.code ?? '',
        ),
      )
    )
      throw fail('dns', error);
    throw fail('network', error);
  } finally {
    agent.destroy().catch(() => undefined);
  }
}

// ---- Extraction ----

type TJson = Record<string, unknown>;

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || null;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (value && typeof value === 'object') return text((value as TJson).name ?? (value as TJson)['@value']);
  return null;
}

/** "1,299.00", "1.299,00", "$25", 25 → a number, or null. */
export function parsePrice(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) / 100 : null;
  if (typeof value !== 'string') return null;
  let digits = value.replace(/[^\d.,]/g, '');
  if (!digits) return null;
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  if (lastComma > lastDot && digits.length - lastComma === 3) digits = digits.replace(/\./g, '').replace(',', '.');
  else digits = digits.replace(/,/g, '');
  const amount = Number(digits);
  return Number.isFinite(amount) ? Math.round(amount * 100) / 100 : null;
}

function currencyOf(value: unknown): string | null {
  const code = text(value)?.toUpperCase() ?? null;
  return code && /^[A-Z]{3}$/.test(code) ? code : null;
}

function imageOf(value: unknown): string | null {
  if (Array.isArray(value)) return imageOf(value[0]);
  if (value && typeof value === 'object') return text((value as TJson).url ?? (value as TJson).contentUrl);
  return text(value);
}

function isProduct(node: TJson): boolean {
  const type = node['@type'];
  return (Array.isArray(type) ? type : [type]).some((entry) => typeof entry === 'string' && /Product$/i.test(entry));
}

function jsonLdProducts($: CheerioAPI): TJson[] {
  const found: TJson[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (!node || typeof node !== 'object' || depth > 6) return;
    if (Array.isArray(node)) return node.forEach((item) => visit(item, depth + 1));
    const object = node as TJson;
    if (isProduct(object)) found.push(object);
    if (object['@graph']) visit(object['@graph'], depth + 1);
    if (object.mainEntity) visit(object.mainEntity, depth + 1);
  };
  $('script[type="application/ld+json"]').each((_, element) => {
    try {
      visit(JSON.parse($(element).text()), 0);
    } catch {
      // Broken JSON-LD is common; the other formats still count.
    }
  });
  return found;
}

function fromJsonLd(product: TJson): Partial<TImportedProduct> {
  const offers = Array.isArray(product.offers) ? product.offers : product.offers ? [product.offers] : [];
  let price: TImportedProduct['price'] = null;
  for (const offer of offers as TJson[]) {
    const amount = parsePrice(offer.price ?? offer.lowPrice ?? (offer.priceSpecification as TJson | undefined)?.price);
    const currency = currencyOf(offer.priceCurrency ?? (offer.priceSpecification as TJson | undefined)?.priceCurrency);
    if (amount !== null && currency) {
      price = { amount, currency };
      break;
    }
  }
  const seller = (offers as TJson[]).map((offer) => text(offer.seller)).find(Boolean) ?? null;
  return {
    title: text(product.name),
    description: text(product.description),
    price,
    imageUrl: imageOf(product.image),
    merchant: text(product.brand) ?? seller,
  };
}

function fromMicrodata($: CheerioAPI): Partial<TImportedProduct> {
  const scope = $('[itemscope][itemtype*="schema.org/Product"]').first();
  if (scope.length === 0) return {};
  const prop = (name: string): string | null => {
    const element = scope.find(`[itemprop="${name}"]`).first();
    if (element.length === 0) return null;
    return text(element.attr('content') ?? element.attr('src') ?? element.attr('href') ?? element.text());
  };
  const amount = parsePrice(prop('price') ?? prop('lowPrice'));
  const currency = currencyOf(prop('priceCurrency'));
  return {
    title: prop('name'),
    description: prop('description'),
    price: amount !== null && currency ? { amount, currency } : null,
    imageUrl: prop('image'),
    merchant: prop('brand'),
  };
}

function fromOpenGraph($: CheerioAPI): Partial<TImportedProduct> {
  const meta = (...names: string[]): string | null => {
    for (const name of names) {
      const value = $(`meta[property="${name}"], meta[name="${name}"]`).first().attr('content');
      if (value?.trim()) return value.trim();
    }
    return null;
  };
  const amount = parsePrice(meta('product:price:amount', 'og:price:amount'));
  const currency = currencyOf(meta('product:price:currency', 'og:price:currency'));
  return {
    title: meta('og:title', 'twitter:title'),
    description: meta('og:description', 'twitter:description'),
    price: amount !== null && currency ? { amount, currency } : null,
    imageUrl: meta('og:image', 'og:image:url', 'twitter:image'),
    merchant: meta('og:site_name'),
  };
}

function absolute(value: string | null | undefined, base: URL): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function clip(value: string | null | undefined, max: number): string | null {
  if (!value) return null;
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

// cheerio and its HTML parser weigh about 19 MiB of the server's memory (measured by importing them
// alone): loaded by the first import a member asks for, not at start.
// A failed import is not kept: the next import tries again.
let cheerioModule: Promise<typeof Cheerio> | undefined;
const loadCheerio = (): Promise<typeof Cheerio> =>
  (cheerioModule ??= import('cheerio').catch((error: unknown) => {
    cheerioModule = undefined;
    throw error;
  }));

export function extractProduct(
  cheerio: typeof Cheerio,
  html: Buffer | string,
  pageUrl: URL,
  charset?: string,
): TImportedProduct {
  const $ =
    typeof html === 'string'
      ? cheerio.load(html)
      : cheerio.loadBuffer(html, {
          // The header's charset, else a BOM or <meta charset>, else UTF-8 (the sniffer's own default is windows-1252).
          encoding: { defaultEncoding: 'utf-8', ...(charset ? { transportLayerEncodingLabel: charset } : {}) },
        });
  const sources = [...jsonLdProducts($).map(fromJsonLd), fromMicrodata($), fromOpenGraph($)];
  const first = <K extends keyof TImportedProduct>(key: K): TImportedProduct[K] | null =>
    (sources.map((source) => source[key]).find((value) => value !== null && value !== undefined) ?? null) as
      TImportedProduct[K] | null;
  const title = first('title') ?? text($('title').first().text());
  const description = first('description') ?? text($('meta[name="description"]').attr('content'));
  return {
    url: pageUrl.toString(),
    title: clip(title, 200),
    description: clip(description, 2000),
    price: first('price'),
    imageUrl: clip(absolute(first('imageUrl'), pageUrl), 1000),
    merchant: clip(first('merchant') ?? pageUrl.hostname.replace(/^www\./, ''), 100),
  };
}

export async function importProductFromUrl(rawUrl: string, options: TImportOptions = {}): Promise<TImportedProduct> {
  const start = parseTarget(rawUrl);
  const page = await fetchPage(start, {
    allowPrivateAddresses: options.allowPrivateAddresses ?? false,
    timeoutMs: options.timeoutMs ?? 8_000,
    maxBytes: options.maxBytes ?? 2 * 1024 * 1024,
    maxRedirects: options.maxRedirects ?? 3,
    userAgent: options.userAgent ?? 'GiftingBot/1.0 (+wish-list import)',
  });
  // Outside the try: a module that cannot load is the server's failure (500), not the page's.
  const cheerio = await loadCheerio();
  let product: TImportedProduct;
  try {
    product = extractProduct(cheerio, page.body, page.url, page.charset);
  } catch (error) {
    throw fail('not-product', error);
  }
  // Neither a name nor a price: a home page, a search, an error page served as 200.
  if (!product.title && !product.price) throw fail('not-product');
  return product;
}
