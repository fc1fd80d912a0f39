/**
 * What the router reads of a window, for one address: it never navigates while rendering outside a
 * browser (the build's prerender of the landing page, the server's render of a member's page).
 */
export function windowAt(href: string): Window {
  const url = new URL(href);
  const noop = (): void => undefined;
  const location = {
    href: url.href,
    origin: url.origin,
    protocol: url.protocol,
    host: url.host,
    hostname: url.hostname,
    port: url.port,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    assign: noop,
    replace: noop,
    reload: noop,
  };
  const history = { state: null, length: 1, pushState: noop, replaceState: noop, go: noop, back: noop, forward: noop };
  return { location, history, addEventListener: noop, removeEventListener: noop } as unknown as Window;
}
