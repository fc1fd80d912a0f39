/**
 * The app's own route matcher: which table route a pathname shows, with its params, decided the
 * way react-router's matchRoutes would decide it for the same routes (case-insensitive, any number
 * of trailing slashes, a decoded pathname, static segments ranked above dynamic ones, table order
 * between equals), but from patterns compiled and ranked once, at start.
 *
 * The router renders only the route chosen here (plus the app shell), so react-router never
 * flattens and ranks the 200 branches of the table on a first render (about 190 ms at a slowed
 * CPU). Plain data, no React: unit tests and the router share it.
 *
 * A pathname is tried only against the routes whose first segment can match it (the same text,
 * whatever its case, or a parameter): V8 compiles a pattern the first time it runs, and trying
 * them all made the page's first match compile about 150 of them (30–40 ms with the CPU slowed 4×
 * on /home/, before anything could render).
 */
import { routeTable, type TRouteDefinition } from './route-table';

export interface TLocationMatch {
  route: TRouteDefinition;
  /** Decoded path params, as react-router's useParams() gives them. */
  params: Record<string, string>;
}

/** Every route of the table except the server's own addresses (`fullPageLoad`). */
export function isMounted(route: TRouteDefinition): boolean {
  return !route.fullPageLoad;
}

/** `/home/` → `home`; the landing `/` is the index route (''). */
export function relativePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/\/+$/, '');
}

const PARAM_SEGMENT = /^:[\w-]+$/;

/** react-router's ranking score of a route path (static 10, dynamic 3, empty 1, index +2). */
export function routeScore(path: string): number {
  const relative = relativePath(path);
  const joined = `/${relative}`;
  const segments = joined.split('/');
  const index = relative === '';
  return segments.reduce(
    (score, segment) => score + (PARAM_SEGMENT.test(segment) ? 3 : segment === '' ? 1 : 10),
    segments.length + (index ? 2 : 0),
  );
}

interface TCompiled {
  route: TRouteDefinition;
  pattern: RegExp;
  params: string[];
  /** The first segment, lowercased ('' for the landing page); null when it is a parameter. */
  first: string | null;
}

/** A path's first segment, lowercased: what the patterns compare without regard to case. */
function firstSegment(path: string): string {
  return (path.split('/')[1] ?? '').toLowerCase();
}

/** react-router's compilePath for an `end` match, case-insensitive. */
function compile(route: TRouteDefinition): TCompiled {
  const params: string[] = [];
  const path = `/${relativePath(route.path)}`;
  const source = path
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_whole, name: string) => {
      params.push(name);
      return '/([^\\/]+)';
    });
  const first = firstSegment(path);
  return {
    route,
    pattern: new RegExp(`^${source === '/' ? '/' : source}\\/*$`, 'i'),
    params,
    first: PARAM_SEGMENT.test(first) ? null : first,
  };
}

/** Mounted routes, best ranked first (ties keep table order: Array.prototype.sort is stable). */
const ranked: readonly TCompiled[] = routeTable
  .filter(isMounted)
  .map((route, order) => ({ compiled: compile(route), score: routeScore(route.path), order }))
  .sort((a, b) => b.score - a.score || a.order - b.order)
  .map(({ compiled }) => compiled);

/** react-router's decodePath: each segment decoded, a decoded `/` kept as `%2F`. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The mounted table route a pathname shows, or null for the not-found catch-all. */
export function matchLocation(pathname: string): TLocationMatch | null {
  const decoded = decodePath(pathname || '/');
  const head = firstSegment(decoded);
  for (const { route, pattern, params, first } of ranked) {
    if (first !== null && first !== head) continue;
    const found = pattern.exec(decoded);
    if (!found) continue;
    const values: Record<string, string> = {};
    params.forEach((name, index) => {
      values[name] = (found[index + 1] ?? '').replace(/%2F/g, '/');
    });
    return { route, params: values };
  }
  return null;
}
