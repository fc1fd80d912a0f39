/**
 * The link redirector (/v1/links/click?url=): unwraps to the target only for http, https, ftp or
 * app-scheme URLs whose host is on the merchant allowlist; anything else gets an interstitial.
 */
import { APP_SCHEME } from '../../contracts/constants';

export type TClickResolution =
  { kind: 'redirect'; target: string } | { kind: 'interstitial'; target: string; openable: boolean };

const OPENABLE = new Set(['http:', 'https:', 'ftp:']);

export function isAllowedHost(host: string, allowlist: readonly string[]): boolean {
  const normalized = host.toLowerCase().replace(/\.$/, '');
  return allowlist.some((allowed) => normalized === allowed || normalized.endsWith(`.${allowed}`));
}

export function resolveClick(raw: string, allowlist: readonly string[]): TClickResolution {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: 'interstitial', target: raw, openable: false };
  }
  if (url.protocol === APP_SCHEME) return { kind: 'redirect', target: url.toString() };
  const openable = OPENABLE.has(url.protocol) && !url.username && !url.password;
  if (openable && isAllowedHost(url.hostname, allowlist)) return { kind: 'redirect', target: url.toString() };
  return { kind: 'interstitial', target: raw, openable };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function interstitialHtml(resolution: Extract<TClickResolution, { kind: 'interstitial' }>): string {
  const shown = escapeHtml(resolution.target.slice(0, 500));
  const action = resolution.openable
    ? `<p><a rel="noopener noreferrer nofollow" href="${escapeHtml(resolution.target)}">Continue to ${shown}</a></p>`
    : '<p>This link cannot be opened.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Leaving Gifting</title></head><body style="font-family:sans-serif;max-width:560px;margin:4rem auto"><h1>You are leaving Gifting</h1><p>The link goes to <code>${shown}</code>, a site we do not know.</p>${action}<p><a href="/home/">Back to Gifting</a></p></body></html>`;
}
