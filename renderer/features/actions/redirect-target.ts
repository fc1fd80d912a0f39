/**
 * Where /actions/redirect/?url= and /external-redirect/?url= may lead (pure, so the open-redirect
 * payload tests reach it without a browser). Spec §5: a URL is opened only if it is a valid http,
 * https or ftp URL or an app-scheme link. Those leave through the link redirector
 * (/v1/links/click), whose merchant allowlist decides between going straight on and its "You are
 * leaving Gifting" page; an address of this site (a path) stays in the app after the same checks
 * as a return address; anything else is refused.
 */
import { safeReturnUrl } from '../../../server/contracts/return-url';
import { isAppSchemeLink, isOpenableUrl, unwrapClickUrl } from '../../client/url';
import { hostOf, outboundHref } from '../shop/link-parts';

export type TRedirectTarget =
  | { kind: 'internal'; path: string }
  | { kind: 'external'; url: string; host: string; leaveVia: string }
  | { kind: 'invalid'; reason: 'missing' | 'not-openable' };

/** What a redirect address leads to (pure: unit-testable). */
export function redirectTargetOf(raw: string | null): TRedirectTarget {
  const value = unwrapClickUrl((raw ?? '').trim());
  if (!value) return { kind: 'invalid', reason: 'missing' };
  if (value.startsWith('/')) {
    const path = safeReturnUrl(value, '');
    return path ? { kind: 'internal', path } : { kind: 'invalid', reason: 'not-openable' };
  }
  if (!isOpenableUrl(value)) return { kind: 'invalid', reason: 'not-openable' };
  const host = isAppSchemeLink(value) ? 'the Gifting app' : hostOf(value);
  return { kind: 'external', url: value, host, leaveVia: outboundHref(value) };
}
