import { beforeAll, describe, expect, it } from 'vitest';
import { listProcedures, listRestRoutes } from '../../../server/http/route-list';
import { appRouter } from '../../../server/trpc/router';
import { createMember, identityFor } from '../../factories/identities';
import { testDb } from '../../helpers/db';
import { startTestServer, testDeps, type TTestServer } from '../../helpers/server';

// Bad input gets a clear 4xx, never a 500: every route and procedure, fed garbage, as a visitor and a member.
let server: TTestServer;
let memberToken: string;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_MAX_FAILURES: '10000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '10000',
    CLIENT_LOG_RATE_PER_MINUTE: '10000',
  });
  memberToken = (await identityFor(testDeps(), (await createMember(testDb())).id)).token;
});

const GARBAGE_PARAMS = ['not-a-uuid', '%00', '..%2F..%2Fetc', 'x'.repeat(300), '-1'];
const GARBAGE_BODIES: (string | undefined)[] = [
  '{not json',
  '[]',
  '{"email":{"$ne":1}}',
  'null',
  JSON.stringify({ a: 'x'.repeat(10_000) }),
  undefined,
];

function fill(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, value);
}

async function send(method: string, path: string, body: string | undefined, token: string | null): Promise<number> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      origin: server.baseUrl,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: method === 'GET' ? undefined : body,
  });
  await response.arrayBuffer();
  return response.status;
}

describe('every REST and auth route answers garbage with a 4xx (or a redirect), never a 5xx', () => {
  it('for every route', async () => {
    const failures: string[] = [];
    for (const route of listRestRoutes(server.app)) {
      if (route.url === '/readyz' || route.url === '/healthz') continue;
      for (const param of GARBAGE_PARAMS) {
        const path = `${fill(route.url, encodeURIComponent(param))}?limit=abc&offset=-5&market=%ZZ&returnurl=//evil&uid=nope&token=${param}&url=${param}&lastChecked=soon`;
        for (const body of route.method === 'GET' ? [undefined] : GARBAGE_BODIES) {
          for (const token of [null, memberToken]) {
            const status = await send(route.method, path, body, token);
            if (status >= 500) failures.push(`${route.method} ${path} body=${String(body).slice(0, 30)} → ${status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('every tRPC procedure answers garbage input with a 4xx, never a 5xx', () => {
  it('for every procedure', async () => {
    const failures: string[] = [];
    const inputs = [
      '{not json',
      JSON.stringify({ name: 42, market: ['x'], otherUserId: 'nope', limit: -1 }),
      JSON.stringify('x'.repeat(5000)),
    ];
    for (const procedure of listProcedures(appRouter)) {
      for (const input of inputs) {
        for (const token of [null, memberToken]) {
          const status =
            procedure.type === 'query'
              ? await send('GET', `/trpc/${procedure.path}?input=${encodeURIComponent(input)}`, undefined, token)
              : await send('POST', `/trpc/${procedure.path}`, input, token);
          if (status >= 500) failures.push(`${procedure.path} ${input.slice(0, 30)} → ${status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
