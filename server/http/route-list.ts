/** Enumerates the REST routes and tRPC procedures a built server serves (for `npm run routes` and the permission table). */
import type { FastifyInstance, RouteOptions } from 'fastify';
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

/** Call right after creating the instance: records every route registered afterwards. */
export function collectRoutes(app: FastifyInstance): void {
  const list: TRestRoute[] = [];
  collected.set(app, list);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      list.push({ method, url: route.url });
    }
  });
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
