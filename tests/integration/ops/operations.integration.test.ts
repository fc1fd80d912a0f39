/**
 * Operations through the real server: security headers on every answer, the OpenAPI document
 * (every REST route in it, described by its zod schemas), Prometheus metrics behind their token,
 * body size limits, request-rate limits (REST and tRPC) and overload answering 503.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { listRestRoutes } from '../../../server/http/route-list';
import { openApiPath } from '../../../server/http/openapi';
import { createMember, identityFor } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { TestBrowser } from '../../helpers/http-client';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

const METRICS_TOKEN = `metrics-${randomUUID()}`;
let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer({
    METRICS_TOKEN,
    RATE_LIMIT_AUTH_PER_MINUTE: '3',
    RATE_LIMIT_MESSAGES_PER_MINUTE: '2',
    CLIENT_LOG_RATE_PER_MINUTE: '2',
    RENDERER_DIST: '/nonexistent',
  });
});

describe('security headers', () => {
  it.each(['/healthz', '/readyz', '/v1/enums/genders', '/v1/no-such-route', '/trpc/auth.me'])(
    '%s carries CSP with frame-ancestors, nosniff, Referrer-Policy and no framing',
    async (path) => {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      // http here: no HSTS (foundation/http tests the https case).
      expect(response.headers.get('strict-transport-security')).toBeNull();
    },
  );
});

describe('OpenAPI', () => {
  it('has every REST route, with its path parameters and zod-described inputs', async () => {
    const response = await fetch(`${server.baseUrl}/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { parameters: { name: string; in: string; schema: object }[] }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const restRoutes = listRestRoutes(server.app).filter((route) => route.url.startsWith('/v1/'));
    expect(restRoutes.length).toBeGreaterThan(30);
    const missing = restRoutes.filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]);
    expect(missing, 'REST routes missing from /v1/openapi.json').toEqual([]);
    const followed = document.paths['/v1/users/{userId}/followed-users']!.get!;
    // userId is a UUID and limit a bounded integer: the contracts' schemas, not guesses.
    expect(followed.parameters.find((p) => p.name === 'userId')).toMatchObject({
      in: 'path',
      schema: { type: 'string' },
    });
    expect(followed.parameters.find((p) => p.name === 'limit')).toMatchObject({
      in: 'query',
      schema: { maximum: 100 },
    });
  });

  it('a route schema validates: a bad userId answers 400 in the spec words before the handler', async () => {
    const response = await new TestBrowser(server.baseUrl).request<{ error: { fieldErrors: Record<string, string> } }>(
      'GET',
      '/v1/users/not-a-uuid/followed-users',
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fieldErrors)).toEqual(['userId']);
    const limit = await new TestBrowser(server.baseUrl).request<{ error: { fieldErrors: Record<string, string> } }>(
      'GET',
      `/v1/users/${randomUUID()}/followed-users?limit=500`,
    );
    expect(limit.status).toBe(400);
    expect(limit.body.error.fieldErrors.limit).toContain('100');
  });
});

describe('tRPC batches', () => {
  it('a batch naming many procedures is answered, not refused as a long URI (414)', async () => {
    const names = ['auth.me', 'notifications.state', 'auth.switchTargets', 'exchanges.mine', 'messages.reminders'];
    const path = `/trpc/${[...names, ...names].join(',')}?batch=1&input=${encodeURIComponent('{}')}`;
    expect(path.length).toBeGreaterThan(150);
    const token = (await identityFor(testDeps(), (await createMember(testDb())).id)).token;
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect((await response.json()) as unknown[]).toHaveLength(10);
  });
});

describe('metrics', () => {
  it('answers Prometheus text with the right bearer token only', async () => {
    await fetch(`${server.baseUrl}/v1/enums/genders`);
    await fetch(`${server.baseUrl}/trpc/auth.me`);
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong-token-123456' } })).status,
    ).toBe(401);
    const response = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/v1\/enums\/:name",status="200"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/trpc\/auth\.me"/);
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/job_queue_depth\{status="queued_due"\} \d+/);
    expect(text).toMatch(/job_queue_scrape_ok 1/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('labels a batch of procedures as one series, whatever names a caller strings together', async () => {
    for (const copies of [2, 3, 4]) await fetch(`${server.baseUrl}/trpc/${Array(copies).fill('auth.me').join(',')}`);
    await fetch(`${server.baseUrl}/trpc/no.such.procedure`);
    const trpcRoutes = async () => {
      const text = await (
        await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      return new Set([...text.matchAll(/http_requests_total\{[^}]*route="(\/trpc[^"]*)"/g)].map((m) => m[1]));
    };
    // A request is counted once its answer has gone out (onResponse), which can be just after the
    // client has read it (seen in a full run: the last call was not counted yet).
    await expect.poll(async () => (await trpcRoutes()).has('/trpc/*')).toBe(true);
    const routes = await trpcRoutes();
    expect(routes.has('/trpc/(batch)')).toBe(true);
    expect([...routes].filter((route) => route!.includes(','))).toEqual([]);
  });

  it('is 404 when METRICS_TOKEN is unset', async () => {
    const plain = await startTestServer({ RENDERER_DIST: '/nonexistent' });
    expect(
      (await fetch(`${plain.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status,
    ).toBe(404);
  });
});

/** A server with the given per-member limits, a client of it, and two members' tokens. */
async function limitedForTwoMembers(limits: Record<string, string>) {
  const limited = await startTestServer({ ...limits, RENDERER_DIST: '/nonexistent' });
  const deps = testDeps();
  const tokenOf = async () => (await identityFor(deps, (await createMember(testDb())).id)).token;
  const [annToken, bobToken] = [await tokenOf(), await tokenOf()];
  return { client: new TestBrowser(limited.baseUrl), annToken, bobToken };
}

describe('limits', () => {
  it('a body over 1 MiB answers 413', async () => {
    const response = await fetch(`${server.baseUrl}/auth/v2/sign-up/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
  });

  it('log-in requests per address: over the limit, 429 with Retry-After', async () => {
    const member = await createMember(testDb());
    const client = new TestBrowser(server.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await client.request('POST', '/auth/v2/log-in/', { json: { email: member.email, password: member.password } }))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await client.request('POST', '/auth/v2/log-in/', {
      json: { email: member.email, password: member.password },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('behind one balancer (TRUST_PROXY=1) counts the address it saw, not what a client wrote', async () => {
    const behind = await startTestServer({
      TRUST_PROXY: '1',
      RATE_LIMIT_AUTH_PER_MINUTE: '3',
      RENDERER_DIST: '/nonexistent',
    });
    const member = await createMember(testDb());
    const logIn = (forwardedFor: string) =>
      fetch(`${behind.baseUrl}/auth/v2/log-in/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: behind.baseUrl, 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ email: member.email, password: member.password }),
      }).then((response) => response.status);
    // The client makes up a new address each time; the balancer appends the one it saw.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await logIn(`198.51.100.${i}, 203.0.113.5`));
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another client behind the same balancer has its own count.
    expect(await logIn('203.0.113.6')).toBe(200);
  });

  it('token refreshes per address: over the limit, 429 with Retry-After', async () => {
    const limited = await startTestServer({ RATE_LIMIT_AUTH_PER_MINUTE: '2', RENDERER_DIST: '/nonexistent' });
    const refresh = () => fetch(`${limited.baseUrl}/auth/v2/refresh-token/`);
    const answers = [await refresh(), await refresh(), await refresh()];
    expect(answers.map((answer) => answer.status === 429)).toEqual([false, false, true]);
    expect(Number(answers[2]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('invitations per member through tRPC: 429 with Retry-After, other members unaffected', async () => {
    const { client, annToken, bobToken } = await limitedForTwoMembers({ RATE_LIMIT_INVITATIONS_PER_MINUTE: '2' });
    const call = (token: string, path: string, json: unknown) =>
      client.request<{ result?: { data: { groupId: string } } }>('POST', `/trpc/${path}`, { json, bearer: token });
    const groupOf = async (token: string) =>
      (await call(token, 'groups.create', { name: 'Limits' })).body.result!.data.groupId;
    const [annGroup, bobGroup] = [await groupOf(annToken), await groupOf(bobToken)];
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push(
        (await call(annToken, 'groups.inviteEmails', { groupId: annGroup, emails: [`a${i}@example.com`] })).status,
      );
    expect(statuses).toEqual([200, 200, 429]);
    expect((await call(bobToken, 'groups.inviteEmails', { groupId: bobGroup, emails: ['b@example.com'] })).status).toBe(
      200,
    );
  });

  it('product pages read for /wish-it/ per member: 429 with Retry-After, other members unaffected', async () => {
    const { client, annToken, bobToken } = await limitedForTwoMembers({ RATE_LIMIT_URL_IMPORTS_PER_MINUTE: '2' });
    // A page nobody answers: each read still costs the server a fetch, so each one counts.
    const read = (token: string) =>
      client.request('POST', '/trpc/wishLists.importUrl', { json: { url: 'http://127.0.0.1:9/gift' }, bearer: token });
    const answers = [await read(annToken), await read(annToken), await read(annToken)];
    expect(answers.map((answer) => answer.status === 429)).toEqual([false, false, true]);
    expect(Number(answers[2]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await read(bobToken)).status).not.toBe(429);
  });

  it('client log batches per address', async () => {
    const entry = [
      { level: 'info', category: 'test', message: 'hello', clientKind: 'web', timestamp: Date.now(), appVersion: '1' },
    ];
    const client = new TestBrowser(server.baseUrl);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await client.request('POST', '/v1/logs', { json: entry })).status);
    expect(statuses).toEqual([204, 204, 429]);
  });

  it('messages per member through tRPC: 429 with Retry-After, other members unaffected', async () => {
    const deps = testDeps();
    const [ann, bob] = [await createMember(testDb()), await createMember(testDb())];
    for (const person of [ann, bob])
      await testDb().userSettings.create({ data: { userId: person.id, emailGuid: randomUUID(), isPrivate: false } });
    const annToken = (await identityFor(deps, ann.id)).token;
    const bobToken = (await identityFor(deps, bob.id)).token;
    const client = new TestBrowser(server.baseUrl);
    const call = (token: string, path: string, json: unknown) =>
      client.request<{ result?: { data: { conversationId: string } } }>('POST', `/trpc/${path}`, {
        json,
        bearer: token,
      });
    const conversationId = (await call(annToken, 'messages.startDirect', { userId: bob.id })).body.result!.data
      .conversationId;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await call(annToken, 'messages.send', { conversationId, body: `Hi ${i}` })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await call(annToken, 'messages.send', { conversationId, body: 'again' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(bobToken, 'messages.send', { conversationId, body: 'Bob is fine' })).status).toBe(200);
  });
});

describe('overload', () => {
  it('memory pressure (heap over HEAP_MAX_USED_MB) answers 503 with Retry-After; /healthz still answers', async () => {
    const pressed = await startTestServer({ HEAP_MAX_USED_MB: '1', RENDERER_DIST: '/nonexistent' });
    // under-pressure samples once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const response = await fetch(`${pressed.baseUrl}/v1/enums/genders`);
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAVAILABLE');
    // A refusal is still an answer of ours: it carries the security headers.
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${pressed.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${pressed.baseUrl}/healthz/`)).status).toBe(200);
  });

  it('a blocked event loop (over EVENT_LOOP_MAX_DELAY_MS) answers 503, then recovers', async () => {
    const pressed = await startTestServer({ EVENT_LOOP_MAX_DELAY_MS: '40', RENDERER_DIST: '/nonexistent' });
    expect((await fetch(`${pressed.baseUrl}/v1/enums/genders`)).status).toBe(200);
    // Keep this process' event loop (the server's) busy for two seconds, 90 ms at a time, as heavy
    // synchronous work would; under-pressure measures the mean lag once a second.
    const busyUntil = Date.now() + 2_000;
    const busy = (async () => {
      while (Date.now() < busyUntil) {
        const chunk = Date.now() + 90;
        while (Date.now() < chunk) {
          // busy
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const during = await fetch(`${pressed.baseUrl}/v1/enums/genders`);
    await busy;
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await fetch(`${pressed.baseUrl}/v1/enums/genders`)).status).toBe(200);
  });
});
