import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTOR_NAMES, createActors, type TActors } from '../../factories/identities';
import { callerFor } from '../../helpers/caller';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';
import { PROCEDURES, ROUTES } from './permission-table';
import type { TAppDeps } from '../../../server/deps';

/**
 * The permission table's rows, checked for every actor: procedures through the typed caller, routes
 * over HTTP. ~1,900 checks, each row with actors of its own (a row may change them), are split into
 * PARTS files (permissions-<k>.integration.test.ts) so vitest's workers share them instead of one
 * worker running them all at the end of the run. A row's actors share one set of dependencies (their
 * caches and rate limits), made with them.
 */
export const PARTS = 4;

let server: TTestServer;

/** Registers part `part` (1…PARTS) of the rows: every PARTS-th procedure and route. */
export function permissionRows(part: number): void {
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_MAX_FAILURES: '1000', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' });
  });
  const mine = <T>(entries: [string, T][]): [string, T][] =>
    entries.filter((_entry, index) => index % PARTS === part - 1);
  describe.each(mine(Object.entries(PROCEDURES)))('tRPC %s', (path, row) => {
    let actors: TActors;
    let deps: TAppDeps;
    beforeAll(async () => {
      deps = testDeps();
      actors = await createActors(deps);
    });
    it.each(ACTOR_NAMES)('%s', async (actor) => {
      const fixture = (await row.setup?.(actors)) ?? {};
      expect(await callProcedure(deps, path, actors, actor, row.input?.(actors, fixture))).toBe(row.expect[actor]);
    });
  });

  describe.each(mine(Object.entries(ROUTES)))('%s', (key, row) => {
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
}

async function callProcedure(
  deps: TAppDeps,
  path: string,
  actors: TActors,
  actor: (typeof ACTOR_NAMES)[number],
  input: unknown,
): Promise<number> {
  const caller = callerFor(actors.identities[actor], deps) as unknown as Record<
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
