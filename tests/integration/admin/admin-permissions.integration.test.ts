/**
 * The admin router's guard, beyond the permission table's base actors: every admin procedure has
 * a row that also says what staff acting as themselves get (analyst, lead), and a member or a
 * visitor is refused before any input is read — garbage input, even a body that is not JSON at all,
 * answers 403 (401 without a sign-in), never a 400.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listProcedures } from '../../../server/http/route-list';
import { appRouter } from '../../../server/trpc/router';
import {
  STAFF_ACTOR_NAMES,
  createActors,
  createStaffActors,
  type TActors,
  type TStaffActorName,
} from '../../factories/identities';
import type { TVerifiedIdentity } from '../../../server/auth/tokens';
import type { TAppDeps } from '../../../server/deps';
import { callerFor } from '../../helpers/caller';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';
import { PROCEDURES } from '../permissions/permission-table';
import { outcomeOf } from './admin-helpers';

const adminPaths = listProcedures(appRouter)
  .filter((procedure) => procedure.path.startsWith('admin.'))
  .map((procedure) => ({ path: procedure.path, type: procedure.type }));

/** What `identity` gets from the procedure (`deps`: one set for each group of calls, made with its actors). */
async function statusOf(
  deps: TAppDeps,
  identity: TVerifiedIdentity | null,
  path: string,
  input: unknown,
): Promise<number> {
  const caller = callerFor(identity, deps) as unknown as Record<
    string,
    Record<string, (input: unknown) => Promise<unknown>>
  >;
  const [namespace = '', name = ''] = path.split('.');
  return (await outcomeOf(caller[namespace]![name]!(input))).status;
}

describe('the admin rows of the permission table', () => {
  it('cover every admin procedure, each with what analysts and leads get', () => {
    expect(adminPaths.length).toBeGreaterThanOrEqual(20);
    const missing = adminPaths.filter(({ path }) => !PROCEDURES[path]?.staff).map(({ path }) => path);
    expect(missing).toEqual([]);
  });
});

describe.each(adminPaths.map(({ path }) => path))('admin procedure %s as staff acting as themselves', (path) => {
  let actors: TActors;
  let staff: Record<TStaffActorName, TVerifiedIdentity>;
  let deps: TAppDeps;
  beforeAll(async () => {
    deps = testDeps();
    actors = await createActors(deps);
    staff = await createStaffActors(deps);
  });
  it.each(STAFF_ACTOR_NAMES)('%s', async (actor) => {
    const row = PROCEDURES[path]!;
    const fixture = (await row.setup?.(actors)) ?? {};
    expect(await statusOf(deps, staff[actor], path, row.input?.(actors, fixture))).toBe(row.staff![actor]);
  });
});

describe('non-staff are refused before the input is read', () => {
  let server: TTestServer;
  let actors: TActors;
  let deps: TAppDeps;
  beforeAll(async () => {
    // This is about who is refused, not load: overload shedding (a 503 when the 2-core runner's
    // event loop lags under parallel test files) is off for this server.
    server = await startTestServer({ EVENT_LOOP_MAX_DELAY_MS: '0' });
    deps = testDeps();
    actors = await createActors(deps);
  });

  it('answers a member 403 for every admin procedure, whatever the input (typed caller)', async () => {
    const garbage = [undefined, null, 'x'.repeat(5000), { query: 42, userId: 'nope', reason: '' }];
    for (const { path } of adminPaths)
      for (const input of garbage) {
        expect(await statusOf(deps, actors.identities.registered, path, input), `${path} ${String(input)}`).toBe(403);
        expect(await statusOf(deps, null, path, input), `${path} as a visitor`).toBe(401);
      }
  });

  it('answers a member 403 over HTTP even when the input is not JSON', async () => {
    const bearer = actors.identities.registered!.token;
    for (const { path, type } of adminPaths) {
      const response =
        type === 'query'
          ? await fetch(`${server.baseUrl}/trpc/${path}?input=${encodeURIComponent('{not json')}`, {
              headers: { authorization: `Bearer ${bearer}` },
            })
          : await fetch(`${server.baseUrl}/trpc/${path}`, {
              method: 'POST',
              headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
              body: '{not json',
            });
      expect(response.status, path).toBe(403);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message).toBe('Forbidden, please contact support');
    }
  });
});
