/**
 * Every query of the app, over HTTP, answers the same whether tRPC's resolveResponse answers it or
 * the direct way (server/trpc/query-calls.ts, the default), for every actor of the permission table:
 * the same status, which is the table's, the same tRPC headers and the same body. Then the batches
 * the app sends (the member's home) and refusals that go tRPC's way on either server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listProcedures } from '../../../server/http/route-list';
import { appRouter } from '../../../server/trpc/router';
import { ACTOR_NAMES, createActors, type TActors } from '../../factories/identities';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';
import { PROCEDURES } from '../permissions/permission-table';

let direct: TTestServer;
let resolved: TTestServer;
beforeAll(async () => {
  const env = { LOGIN_MAX_FAILURES: '1000', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' };
  [direct, resolved] = await Promise.all([
    startTestServer(env),
    startTestServer(env, { trpcQueries: 'resolveResponse' }),
  ]);
});

const TRPC_HEADERS = ['content-type', 'vary', 'retry-after', 'cache-control', 'transfer-encoding'];

async function get(server: TTestServer, url: string, token: string | null, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = await response.text();
  return {
    status: response.status,
    headers: Object.fromEntries(TRPC_HEADERS.map((name) => [name, response.headers.get(name)])),
    // The one field that tells when it was read (people.export's exportedAt) is the clock's, not the way's.
    body: body.startsWith('{') || body.startsWith('[') ? (JSON.parse(body, withoutClock) as unknown) : body,
  };
}

const withoutClock = (key: string, value: unknown) => (key === 'exportedAt' ? 'when read' : value);

/** The same GET to both servers; their answers, which must be equal. */
async function both(url: string, token: string | null, headers: Record<string, string> = {}) {
  const [ours, theirs] = await Promise.all([get(direct, url, token, headers), get(resolved, url, token, headers)]);
  expect(ours).toEqual(theirs);
  return ours;
}

const queries = listProcedures(appRouter).filter((procedure) => procedure.type === 'query');
const inputQuery = (input: unknown) =>
  input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;

describe('every query answers alike both ways, for every actor', () => {
  it('covers the queries of the permission table', () => {
    expect(queries.length).toBeGreaterThan(60);
    expect(queries.filter((query) => !PROCEDURES[query.path])).toEqual([]);
  });

  describe.each(queries.map((query) => query.path))('%s', (path) => {
    // Actors of its own, as in the permission suite: a row's expectations are about its own set-up.
    let actors: TActors;
    beforeAll(async () => {
      actors = await createActors(testDeps());
    });
    it.each(ACTOR_NAMES)('%s', async (actor) => {
      const row = PROCEDURES[path]!;
      const fixture = (await row.setup?.(actors)) ?? {};
      const token = actors.identities[actor]?.token ?? null;
      const answer = await both(`/trpc/${path}${inputQuery(row.input?.(actors, fixture))}`, token);
      // Over HTTP as through the typed caller: the permission table's status.
      expect(answer.status).toBe(row.expect[actor]);
    });
  });
});

describe('batches and refusals', () => {
  let actors: TActors;
  beforeAll(async () => {
    actors = await createActors(testDeps());
  });

  it("the member home's batches", async () => {
    const token = actors.identities.registered!.token;
    const shell = await both('/trpc/auth.me,shop.markets,people.marketPreferences,home.landing?batch=1', token);
    expect(shell.status, JSON.stringify(shell.body)).toBe(200);
    // The member's sections, as /home/ sends them (scripts/bench-api.ts measures this one).
    const sections = await both(
      '/trpc/notifications.state,exchanges.mine,messages.reminders,activity.birthdays,activity.feed,' +
        'people.followSuggestions,home.landing?batch=1&input=' +
        encodeURIComponent(
          JSON.stringify({
            3: { withinDays: 30 },
            4: { limit: 5 },
            5: { userId: actors.owner.id, limit: 4, offset: 0 },
            6: { market: 'US' },
          }),
        ),
      token,
    );
    expect(sections.status, JSON.stringify(sections.body)).toBe(200);
    expect(sections.body).toHaveLength(7);
  });

  it.each([
    ['a batch where one call is refused', '/trpc/auth.me,admin.listUsers?batch=1', 'registered'],
    ['a batch of a visitor', '/trpc/messages.unreadCount,messages.conversations?batch=1', 'visitor'],
    ['malformed input', '/trpc/shop.marketData?input=%7Bnot%20json', 'registered'],
    ['input that fails validation', `/trpc/wishLists.get${inputQuery({ wishlistId: 'nope' })}`, 'registered'],
    ['a mutation by GET', `/trpc/wishLists.create${inputQuery({ name: 'x' })}`, 'registered'],
    ['an unknown procedure', '/trpc/wishLists.nothingHere', 'registered'],
    ['a batch mixing a query and a mutation', '/trpc/auth.me,wishLists.create?batch=1', 'registered'],
    [
      'a batch input that is not an object',
      `/trpc/wishLists.get?batch=1&input=${encodeURIComponent('"x"')}`,
      'registered',
    ],
  ] as const)('%s', async (_name, url, actor) => {
    const answer = await both(url, actors.identities[actor]?.token ?? null);
    // Refused (a batch whose calls fail differently answers 207, multi-status), never a 5xx.
    expect(answer.status === 207 || (answer.status >= 400 && answer.status < 500), String(answer.status)).toBe(true);
    expect(JSON.stringify(answer.body)).toContain('"error"');
  });

  it('a streamed batch still streams (JSON lines, chunked)', async () => {
    const token = actors.identities.registered!.token;
    const response = await fetch(`${direct.baseUrl}/trpc/auth.me,messages.unreadCount?batch=1`, {
      headers: { authorization: `Bearer ${token}`, 'trpc-accept': 'application/jsonl' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect((await response.text()).trim().split('\n').length).toBeGreaterThan(1);
  });
});
