/**
 * THE route table of the renderer (spec §2), as plain data, assembled from one small module per
 * domain (./domains/*.ts: names, paths, guards, flags, redirects), plus `href()` and lookups.
 *
 * It imports no screen and no feature, so any feature may import `href()` from here without an
 * import cycle; screens are bound to route names in ./screens.ts, which only the router (and the
 * `npm run routes` CLI) reads. It stays free of runtime React, CSS and `import.meta.env` too, because a
 * Node CLI imports it.
 *
 * Conventions:
 * - every path ends with '/', parameters are written `:name` (react-router syntax);
 * - every name carries the design-version prefix `legacy.` or `v2.`; spec route names given in
 *   parentheses (authSignUp, authLogin, authUserSetup, mergeAccounts, relatedAccounts) are kept verbatim;
 * - every route the router mounts has a screen in ./screens.ts or a redirect (tests/unit/routes
 *   checks it; the router refuses a route with neither);
 * - `redirectTo` names another route of this table; the router redirects there with the same params.
 *   Legacy addresses whose v2 twin exists redirect to it (old e-mail links keep working), except
 *   view-draw, which goes the other way (v2 → legacy);
 * - `fullPageLoad` marks addresses that live outside this single-page app (server endpoints reached by
 *   browser navigation, the old admin): link to them with a full page load, never mount them.
 */
import { ERROR_MESSAGES } from '../../server/contracts/messages';
import type { TRouteDefinition } from './definitions';
import { authRoutes } from './domains/auth';
import { familyManagerRoutes } from './domains/family-manager';
import { shopRoutes } from './domains/shop';
import { wishListsRoutes } from './domains/wish-lists';
import { exchangeGeneratorRoutes } from './domains/exchange-generator';
import { giftExchangesRoutes } from './domains/gift-exchanges';
import { socialRoutes } from './domains/social';
import { groupsRoutes } from './domains/groups';
import { emailActionsRoutes } from './domains/email-actions';
import { settingsRoutes } from './domains/settings';
import { adminRoutes } from './domains/admin';

export type { TRouteDefinition, TRouteFlags, TRouteGuard } from './definitions';

export const routeTable = [
  ...authRoutes,
  ...familyManagerRoutes,
  ...shopRoutes,
  ...wishListsRoutes,
  ...exchangeGeneratorRoutes,
  ...giftExchangesRoutes,
  ...socialRoutes,
  ...groupsRoutes,
  ...emailActionsRoutes,
  ...settingsRoutes,
  ...adminRoutes,
] as const satisfies readonly TRouteDefinition[];

/** The catch-all: unknown paths (and routes whose screen does not exist yet) show its screen. */
export const notFoundRoute = { name: 'v2.notFound', path: '*' } as const satisfies TRouteDefinition;

type TRouteTableEntry = (typeof routeTable)[number];

/** Names of the routes in the table. */
export type TRouteName = TRouteTableEntry['name'];

/**
 * Other spellings accepted by `findRoute` and `href`: the dotted form of the spec's auth route names.
 * Canonical names are the spec's own (`v2.authSignUp`, `v2.authLogin`).
 */
export const ROUTE_NAME_ALIASES = {
  'v2.auth.signUp': 'v2.authSignUp',
  'v2.auth.login': 'v2.authLogin',
} as const satisfies Record<string, TRouteName>;

export type TRouteNameAlias = keyof typeof ROUTE_NAME_ALIASES;
export type TRouteNameOrAlias = TRouteName | TRouteNameAlias;

type TCanonicalName<N extends TRouteNameOrAlias> = N extends TRouteNameAlias ? (typeof ROUTE_NAME_ALIASES)[N] : N;

export type TRouteOf<N extends TRouteNameOrAlias> = Extract<TRouteTableEntry, { name: TCanonicalName<N> }>;

/** Parameter names of a path pattern, e.g. '/a/:x/b/:y/' → 'x' | 'y'. */
export type TPathParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | TPathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

export type TParamValue = string | number;

export type TRouteParams<N extends TRouteNameOrAlias> = { [K in TPathParamNames<TRouteOf<N>['path']>]: TParamValue };

export type TQueryValue = string | number | boolean | null | undefined;
export type TQuery = Readonly<Record<string, TQueryValue>> | URLSearchParams;

/** `href(name)` for routes without parameters; `href(name, params)` is required for the others. */
export type THrefArgs<N extends TRouteNameOrAlias> = [TPathParamNames<TRouteOf<N>['path']>] extends [never]
  ? [params?: Readonly<Record<string, never>> | null, query?: TQuery]
  : [params: Readonly<TRouteParams<N>>, query?: TQuery];

const routesByName: ReadonlyMap<string, TRouteDefinition> = new Map(
  routeTable.map((route): [string, TRouteDefinition] => [route.name, route]),
);

function canonicalName(name: string): string {
  return (ROUTE_NAME_ALIASES as Readonly<Record<string, string>>)[name] ?? name;
}

/** The definition of a route by name (or alias); `undefined` for an unknown runtime string. */
export function findRoute<N extends TRouteNameOrAlias>(name: N): TRouteOf<N>;
export function findRoute(name: string): TRouteDefinition | undefined;
export function findRoute(name: string): TRouteDefinition | undefined {
  return routesByName.get(canonicalName(name));
}

/** Parameter names of a path pattern, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
}

/** Id parameters that are not UUIDs (the old admin's own resource ids). */
// themeId names a theme (`/gift-exchange-generator/winter/`), not a record.
const NON_UUID_ID_PARAMS: ReadonlySet<string> = new Set(['resourceId', 'themeId']);

/** Whether a path parameter must hold a UUID (spec §5: ids are UUIDs; `:xxxId` params). */
export function isUuidParam(paramName: string): boolean {
  return paramName.endsWith('Id') && !NON_UUID_ID_PARAMS.has(paramName);
}

/**
 * Fills a path pattern's `:params` (URI-encoded). Throws 'Url is missing params' when a parameter is
 * unfilled, null or empty (spec §2 and §8).
 */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> | null | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_whole, param: string) => {
    const value = params?.[param];
    if (value === undefined || value === null) throw new Error(ERROR_MESSAGES.urlMissingParams);
    const text = String(value);
    if (text.trim() === '') throw new Error(ERROR_MESSAGES.urlMissingParams);
    return encodeURIComponent(text);
  });
}

function queryString(query: TQuery | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  if (query instanceof URLSearchParams) {
    query.forEach((value, key) => search.append(key, value));
  } else {
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The address of a named route: params fill the path (URI-encoded), the optional query is appended.
 * Throws 'Url is missing params' when a path parameter is unfilled or empty, and an error for an
 * unknown name.
 */
export function href<N extends TRouteNameOrAlias>(name: N, ...args: THrefArgs<N>): string {
  const [params, query] = args as [Readonly<Record<string, unknown>> | null | undefined, TQuery | undefined];
  const route = findRoute(name as string);
  if (!route) throw new Error(`Unknown route name: ${String(name)}`);
  return `${fillPath(route.path, params)}${queryString(query)}`;
}

/** Whether `name` names a route of the table (or an alias). */
export function isRouteName(name: string): name is TRouteNameOrAlias {
  return routesByName.has(canonicalName(name));
}

function patternToRegExp(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source.replace(/\/$/, '')}/?$`);
}

const matchers: ReadonlyArray<{ route: TRouteDefinition; pattern: RegExp }> = routeTable.map((route) => ({
  route,
  pattern: patternToRegExp(route.path),
}));

/**
 * Routes of the table whose pattern matches a pathname (no ranking: static and dynamic matches alike).
 * Used where the router is not available, e.g. the dev-server proxy deciding what is a page.
 */
export function matchRoutes(pathname: string): TRouteDefinition[] {
  return matchers.filter(({ pattern }) => pattern.test(pathname)).map(({ route }) => route);
}

/** Whether a pathname is a page of this single-page app (not a server endpoint or the old admin). */
export function isRendererPath(pathname: string): boolean {
  return matchRoutes(pathname).some((route) => !route.fullPageLoad);
}
