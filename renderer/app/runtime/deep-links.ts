/**
 * Where a link goes (spec §2, §5): app-scheme deep links are recognised and never navigated by the
 * router (the browser or OS opens them); other origins and server-owned addresses are full page
 * loads; the rest are in-app navigations. Link-redirector addresses are unwrapped first.
 */
import { isAppSchemeLink, isOpenableUrl, unwrapClickUrl } from '../../client/url';
import { isRendererPath, matchRoutes } from '../../routes/route-table';

export type TLinkTarget =
  | { kind: 'app-scheme'; href: string }
  | { kind: 'external'; href: string }
  | { kind: 'full-page'; href: string }
  | { kind: 'in-app'; to: string }
  | { kind: 'invalid' };

export function classifyLink(rawHref: string, origin: string): TLinkTarget {
  const href = unwrapClickUrl(rawHref.trim());
  if (!href) return { kind: 'invalid' };
  if (isAppSchemeLink(href)) return { kind: 'app-scheme', href };
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return { kind: 'invalid' };
  }
  if (url.origin !== origin)
    return isOpenableUrl(url.href) ? { kind: 'external', href: url.href } : { kind: 'invalid' };
  const local = `${url.pathname}${url.search}${url.hash}`;
  const routes = matchRoutes(url.pathname);
  // Known server-owned addresses (auth endpoints, the old admin) leave the app.
  if (routes.length > 0 && !isRendererPath(url.pathname)) return { kind: 'full-page', href: local };
  return { kind: 'in-app', to: local };
}

/** True for anchors whose click must be left to the browser (app scheme, other origins, server pages). */
export function isLeftToBrowser(target: TLinkTarget): boolean {
  return target.kind !== 'in-app';
}

/**
 * Follows a classified link: app-scheme links and full page loads through `assign` (the OS or the
 * server handles them), in-app targets through the router's `navigate`.
 */
export function followLink(
  target: TLinkTarget,
  deps: { navigate: (to: string) => void; assign: (href: string) => void; openExternal?: (href: string) => void },
): void {
  switch (target.kind) {
    case 'in-app':
      deps.navigate(target.to);
      return;
    case 'external':
      (deps.openExternal ?? deps.assign)(target.href);
      return;
    case 'app-scheme':
    case 'full-page':
      deps.assign(target.href);
      return;
    case 'invalid':
    default:
      return;
  }
}
