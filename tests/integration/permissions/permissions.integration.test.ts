import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { listProcedures, listRestRoutes } from '../../../server/http/route-list';
import { appRouter } from '../../../server/trpc/router';
import { ACTOR_NAMES, createActors, type TActors } from '../../factories/identities';
import { callerFor } from '../../helpers/caller';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';
import { PROCEDURES, ROUTES } from './permission-table';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES: '1000', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' });
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

async function callProcedure(
  path: string,
  actors: TActors,
  actor: (typeof ACTOR_NAMES)[number],
  input: unknown,
): Promise<number> {
  const caller = callerFor(actors.identities[actor], testDeps()) as unknown as Record<
    string,
    Record<string, (input: unknown) => Promise<unknown>>
  >;
  const [namespace = '', name = ''] = path.split('.');
  try {
    await caller[namespace]![name]!(input);
    return 200;
  } catch (error) {
    if (error instanceof TRPCError) return getHTTPStatusCodeFromError(error);
    throw error;
  }
}

describe.each(Object.entries(PROCEDURES))('tRPC %s', (path, row) => {
  let actors: TActors;
  beforeAll(async () => {
    actors = await createActors(testDeps());
  });
  it.each(ACTOR_NAMES)('%s', async (actor) => {
    const fixture = (await row.setup?.(actors)) ?? {};
    expect(await callProcedure(path, actors, actor, row.input?.(actors, fixture))).toBe(row.expect[actor]);
  });
});

describe.each(Object.entries(ROUTES))('%s', (key, row) => {
  let actors: TActors;
  beforeAll(async () => {
    actors = await createActors(testDeps());
  });
  it.each(ACTOR_NAMES)('%s', async (actor) => {
    const [method = 'GET'] = key.split(' ');
    const { path, body } = row.request(actors);
    const client = new TestBrowser(server.baseUrl);
    const response = await client.request(method, path, {
      json: body,
      bearer: actors.identities[actor]?.token ?? null,
    });
    expect(response.status).toBe(row.expect[actor]);
  });
});
