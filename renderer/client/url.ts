/**
 * URL helpers. No DOM use.
 */
import { APP_SCHEME } from '../../server/contracts/constants';
import { isOpenableUrl as isOpenableUrlWithScheme } from '../../server/contracts/urls';
import { UrlMissingParamsError } from './errors';

const EN_DASH = /\u2013/g;

/** Request URLs have the en dash character replaced by a hyphen (spec §5). */
export function replaceEnDash(url: string): string {
  return url.replace(EN_DASH, '-');
}

/** A deep link with the custom app scheme (recognised, never navigated by the router). */
export function isAppSchemeLink(url: string | null | undefined): boolean {
  if (typeof url !== 'string') return false;
  return url.trim().toLowerCase().startsWith(APP_SCHEME);
}

/**
 * An address as the router takes it: `https://same.origin/a/b/?q` → `/a/b/?q`; another origin, an
 * app-scheme link or an unreadable address stays as it is, marked external.
 */
export function localAddress(location: string, origin: string): { to: string; external: boolean } {
  if (isAppSchemeLink(location)) return { to: location, external: true };
  try {
    const url = new URL(location, origin);
    if (url.origin !== origin) return { to: url.href, external: true };
    return { to: `${url.pathname}${url.search}${url.hash}`, external: false };
  } catch {
    return { to: location, external: true };
  }
}

/** A URL is opened only if it is a valid http, https or ftp URL or an app-scheme link (spec §5). */
export function isOpenableUrl(url: string): boolean {
  return isOpenableUrlWithScheme(url, APP_SCHEME);
}

export type TUrlSection = 'gift-guide' | 'search' | 'wish';

/** Analytics section of an address: gift-guide for /shop/, search for /search/, else wish. */
export function urlSection(url: string): TUrlSection {
  if (url.includes('/shop/')) return 'gift-guide';
  if (url.includes('/search/')) return 'search';
  return 'wish';
}

/** Paths end with a slash (spec §2). The query and hash are kept after the slash. */
export function ensureTrailingSlash(path: string): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? '' : path.slice(cut);
  return (pathname.endsWith('/') ? pathname : `${pathname}/`) + rest;
}

/**
 * Fills `:name` parameters of a route pattern. Every parameter must be filled, otherwise
 * UrlMissingParamsError is thrown (spec §2). Values are URI-encoded.
 */
export function fillPath(pattern: string, params: Record<string, string | number | null | undefined> = {}): string {
  const missing: string[] = [];
  const filled = pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match: string, name: string): string => {
    const value = params[name];
    if (value === undefined || value === null || String(value) === '') {
      missing.push(name);
      return '';
    }
    return encodeURIComponent(String(value));
  });
  if (missing.length > 0) throw new UrlMissingParamsError({ info: { pattern, missing } });
  return filled;
}

/** The link redirector (/v1/links/click?url=...) is unwrapped to its target. */
export function unwrapClickUrl(url: string): string {
  try {
    const parsed = new URL(url, 'https://unwrap.invalid');
    if (!parsed.pathname.replace(/\/$/, '').endsWith('/v1/links/click')) return url;
    const target = parsed.searchParams.get('url');
    return target ? target : url;
  } catch {
    return url;
  }
}

// Open-redirect safe return addresses live in server/contracts so the auth endpoints share them.
export { safeReturnUrl } from '../../server/contracts/return-url';

// ---------------------------------------------------------------------------------------------
// Images

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/png': 'png',
  'image/svg+xml': 'svg',
  'image/svg': 'svg',
  'image/tiff': 'tiff',
  'image/tif': 'tiff',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'image/ico': 'ico',
  'image/icon': 'ico',
  'image/vnd.wap.wbmp': 'wbmp',
  'image/webp': 'webp',
};

export type TImageExtension = 'gif' | 'jpg' | 'png' | 'svg' | 'tiff' | 'ico' | 'wbmp' | 'webp';

/** File extension for an image content type; jpg when unknown (spec §7). */
export function imageExtension(contentType: string | null | undefined): TImageExtension {
  const mime = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (IMAGE_EXTENSIONS[mime] as TImageExtension | undefined) ?? 'jpg';
}

/** The part of the requester `downloadImage` needs (see request.ts). */
export interface TBlobRequester {
  requestWithMeta<T>(options: {
    method: 'GET';
    url: string;
    headers?: Record<string, string>;
    responseType?: 'blob';
  }): Promise<{ data: T; headers: Headers }>;
}

export const NO_CACHE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-cache',
  Pragma: 'no-cache',
};

/** Image download: a GET as a blob with no-cache headers; the extension comes from the type. */
export async function downloadImage(
  requester: TBlobRequester,
  url: string,
): Promise<{ blob: Blob; extension: TImageExtension }> {
  const { data, headers } = await requester.requestWithMeta<Blob>({
    method: 'GET',
    url,
    headers: { ...NO_CACHE_HEADERS },
    responseType: 'blob',
  });
  const contentType = headers.get('content-type') || data.type;
  return { blob: data, extension: imageExtension(contentType) };
}
