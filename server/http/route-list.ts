/** Enumerates the REST routes and tRPC procedures a built server serves (for `npm run routes` and the permission table). */
import type { FastifyInstance, RouteOptions } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { AnyRouter } from '@trpc/server';

export interface TRestRoute {
  method: string;
  url: string;
}

export interface TProcedureInfo {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
}

const collected = new WeakMap<FastifyInstance, TRestRoute[]>();

/**
 * A second router holding every route's methods, to tell "no such path" (404) from "no such method
 * on this path" (405 with Allow) when Fastify's own router found nothing. Same matching as the
 * app's router (server/app.ts: trailing slashes ignored, long batch parameters).
 */
const methodRouters = new WeakMap<
  FastifyInstance,
  { router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>; methods: Set<HTTPMethod> }
>();
const noop = (): void => undefined;

/** Call right after creating the instance: records every route registered afterwards. */
export function collectRoutes(app: FastifyInstance): void {
  const list: TRestRoute[] = [];
  collected.set(app, list);
  const methodRouter = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 5_000 });
  const seenMethods = new Set<HTTPMethod>();
  methodRouters.set(app, { router: methodRouter, methods: seenMethods });
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      seenMethods.add(method as HTTPMethod);
      if (!methodRouter.hasRoute(method as HTTPMethod, route.url))
        methodRouter.on(method as HTTPMethod, route.url, noop);
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      list.push({ method, url: route.url });
    }
  });
}

/** The methods some route of the app answers at this path (empty when the path has none). */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  const known = methodRouters.get(app);
  if (!known) return [];
  return [...known.methods].filter((method) => known.router.find(method, path) !== null).sort();
}

/** Hand-written API routes: REST /v1, the /auth endpoints and the health checks (not tRPC's transport or static files). */
export function listRestRoutes(app: FastifyInstance): TRestRoute[] {
  const list = collected.get(app) ?? [];
  const seen = new Set<string>();
  return (
    list
      // Not tRPC's transport, and not the renderer's static files (served per file by @fastify/static).
      .filter((route) => !route.url.startsWith('/trpc') && route.url !== '/*' && route.url !== '*')
      .filter((route) => !/\.[a-z0-9]+$/i.test(route.url))
      .filter((route) => {
        const key = `${route.method} ${route.url}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
  );
}

export function listProcedures(router: AnyRouter): TProcedureInfo[] {
  const procedures = router._def.procedures as Record<string, { _def: { type: TProcedureInfo['type'] } }>;
  return Object.entries(procedures)
    .map(([path, procedure]) => ({ path, type: procedure._def.type }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
