/**
 * The page's own code, announced in its HTML: `<link rel="modulepreload">` for the screen's chunks
 * (and `<link rel="preload" as="style">` for their styles), from the table the build writes
 * (scripts/lib/route-preloads.ts), so the browser fetches them beside the entry instead of after it.
 * A request with the refresh cookie also gets what a member's pages load (header parts, live link).
 * A page that comes rendered by the server (a member's home: member-pages.ts) applies those styles
 * at once instead (`rel="stylesheet"`): its markup is laid out with them from the first paint.
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

/** `rendered`: the page comes rendered by the server (its styles apply, not just load). */
export type TPreloadTags = (pathname: string, member: boolean, rendered?: boolean) => string;

type TPageTags = { visitor: string; member: string; renderedMember: string };

const ASSET = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/** The tags for all these parts, each file once (their styles applied when `applyStyles`). */
function tags(applyStyles: boolean, ...list: TPreloadParts[]): string {
  // Only the build's own asset names are written into the page.
  const files = new Set(list.flatMap((parts) => parts.files).filter((file) => ASSET.test(file)));
  const styles = new Set(list.flatMap((parts) => parts.styles).filter((file) => ASSET.test(file)));
  return (
    [...files].map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('') +
    [...styles]
      .map((file) =>
        applyStyles
          ? `<link rel="stylesheet" crossorigin href="${file}">`
          : `<link rel="preload" as="style" crossorigin href="${file}">`,
      )
      .join('')
  );
}

/** The tags for a page, from the build's table; '' for a path no route has. */
export function createPreloadTags(table: TRoutePreloads): TPreloadTags {
  // find-my-way matches the route table's `:param` paths the way the router does.
  const router = FindMyWay({ ignoreTrailingSlash: false, caseSensitive: false });
  const byPath = new Map<string, TPageTags>();
  const memberShell = tags(false, table.member);
  for (const route of table.routes) {
    if (byPath.has(route.path)) continue;
    byPath.set(route.path, {
      visitor: tags(false, route),
      member: tags(false, route, route.member, table.member),
      renderedMember: tags(true, route, route.member, table.member),
    });
    router.on('GET', route.path, () => undefined, { path: route.path });
  }
  return (pathname, member, rendered = false) => {
    const found = router.find('GET', pathname);
    const path = (found?.store as { path?: string } | undefined)?.path;
    const entry = path ? byPath.get(path) : undefined;
    if (!entry) return member ? memberShell : '';
    if (!member) return entry.visitor;
    return rendered ? entry.renderedMember : entry.member;
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
