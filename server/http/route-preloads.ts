/**
 * The page's own code, announced in its HTML: `<link rel="modulepreload">` for the screen's chunks
 * (and `<link rel="preload" as="style">` for their styles), from the table the build writes
 * (scripts/lib/route-preloads.ts), so the browser fetches them beside the entry instead of after it.
 * A request with the refresh cookie also gets what a member's pages load (header parts, live link).
 */
import { readFileSync } from 'node:fs';
import FindMyWay from 'find-my-way';

export interface TPreloadParts {
  files: string[];
  styles: string[];
}

/** `route-preloads.json`: per route path (react-router syntax), its parts; and the member's. */
export interface TRoutePreloads {
  routes: Array<TPreloadParts & { path: string; member: TPreloadParts }>;
  member: TPreloadParts;
}

export type TPreloadTags = (pathname: string, member: boolean) => string;

const ASSET = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/** The tags for all these parts, each file once. */
function tags(...list: TPreloadParts[]): string {
  // Only the build's own asset names are written into the page.
  const files = new Set(list.flatMap((parts) => parts.files).filter((file) => ASSET.test(file)));
  const styles = new Set(list.flatMap((parts) => parts.styles).filter((file) => ASSET.test(file)));
  return (
    [...files].map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('') +
    [...styles].map((file) => `<link rel="preload" as="style" crossorigin href="${file}">`).join('')
  );
}

/** The tags for a page, from the build's table; '' for a path no route has. */
export function createPreloadTags(table: TRoutePreloads): TPreloadTags {
  // find-my-way matches the route table's `:param` paths the way the router does.
  const router = FindMyWay({ ignoreTrailingSlash: false, caseSensitive: false });
  const byPath = new Map<string, { visitor: string; member: string }>();
  const memberShell = tags(table.member);
  for (const route of table.routes) {
    if (byPath.has(route.path)) continue;
    byPath.set(route.path, { visitor: tags(route), member: tags(route, route.member, table.member) });
    router.on('GET', route.path, () => undefined, { path: route.path });
  }
  return (pathname, member) => {
    const found = router.find('GET', pathname);
    const path = (found?.store as { path?: string } | undefined)?.path;
    const entry = path ? byPath.get(path) : undefined;
    if (!entry) return member ? memberShell : '';
    return member ? entry.member : entry.visitor;
  };
}

/**
 * Reads the build's table; a build without one (older, or the tests' fixtures) preloads nothing.
 * A table that cannot be read or matched is reported, and its pages preload nothing either.
 */
export function loadPreloadTags(file: string, onError: (error: unknown) => void): TPreloadTags {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return () => '';
  }
  try {
    return createPreloadTags(JSON.parse(source) as TRoutePreloads);
  } catch (error) {
    onError(error);
    return () => '';
  }
}
