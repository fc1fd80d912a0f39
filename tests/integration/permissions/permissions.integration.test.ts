/** The permission table covers every procedure and route, and nothing else (the rows: permissions-<k>). */
import { beforeAll, describe, expect, it } from 'vitest';
import { listProcedures, listRestRoutes } from '../../../server/http/route-list';
import { appRouter } from '../../../server/trpc/router';
import { startTestServer, type TTestServer } from '../../helpers/server';
import { PROCEDURES, ROUTES } from './permission-table';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});

describe('the permission table is complete', () => {
  it('has a row for every tRPC procedure', () => {
    const missing = listProcedures(appRouter)
      .map((procedure) => procedure.path)
      .filter((path) => !(path in PROCEDURES));
    expect(missing, 'procedures without a permission row').toEqual([]);
  });

  it('has a row for every REST and auth route', () => {
    const missing = listRestRoutes(server.app)
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !(key in ROUTES));
    expect(missing, 'routes without a permission row').toEqual([]);
  });

  it('has no stale rows', () => {
    const procedures = new Set(listProcedures(appRouter).map((procedure) => procedure.path));
    const routes = new Set(listRestRoutes(server.app).map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(PROCEDURES).filter((path) => !procedures.has(path))).toEqual([]);
    expect(Object.keys(ROUTES).filter((key) => !routes.has(key))).toEqual([]);
  });
});
