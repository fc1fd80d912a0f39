import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpBatchLink } from '@trpc/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiAbortedError,
  ApiAuthTokenError,
  ApiError,
  ApiNetworkError,
  ApiTimeoutError,
} from '../../../renderer/client/errors';
import { createRequester, type TRequesterDeps } from '../../../renderer/client/request';
import { decodeTrackingHeader } from '../../../renderer/client/tracking';

interface TSeen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl = '';
let seen: TSeen[] = [];
let validToken = 'fresh';

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = req.url ?? '/';
      seen.push({ method: req.method ?? '', url, headers: req.headers, body });
      const path = url.split('?')[0] ?? '/';
      if (path.startsWith('/echo')) return send(res, 200, { method: req.method, body, url });
      if (path === '/paged') {
        return send(res, 200, [1, 2], {
          'x-wishes-paging': JSON.stringify({ limit: 2, offset: 4, total: 9, token: 'tk' }),
        });
      }
      if (path === '/no-content') {
        res.writeHead(204);
        return res.end();
      }
      if (path === '/text') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end('hello');
      }
      if (path === '/status/422') return send(res, 422, { field: 'name' });
      if (path === '/status/503') {
        res.writeHead(503, { 'content-type': 'text/html' });
        return res.end('<h1>down</h1>');
      }
      if (path === '/status/401') return send(res, 401, { error: 'unauthorized' });
      if (path === '/slow') return; // never answers
      // A route that also serves visitors: a token that does not verify is a 401, no token a visitor.
      if (path === '/visitor') {
        if (!req.headers.authorization) return send(res, 200, { visitor: true });
        if (req.headers.authorization === `Bearer ${validToken}`) return send(res, 200, { visitor: false });
        return send(res, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
      }
      if (path === '/auth') {
        if (req.headers.authorization === `Bearer ${validToken}`) return send(res, 200, { ok: true });
        return send(res, 401, { error: 'expired' });
      }
      return send(res, 404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  validToken = 'fresh';
});

function requester(overrides: Partial<TRequesterDeps> = {}): ReturnType<typeof createRequester> {
  return createRequester({
    fetch: (input, init) => fetch(input, init),
    baseUrl,
    getToken: () => 'tok-1',
    pageRequestId: 'page-123',
    getTrackingHeader: () => 'dHJhY2s=',
    ...overrides,
  });
}

describe('request headers and bodies', () => {
  it('GET carries bearer and page request id but no tracking header', async () => {
    await requester().request({ method: 'GET', url: '/echo' });
    const request = seen[0];
    expect(request?.headers.authorization).toBe('Bearer tok-1');
    expect(request?.headers['x-page-request-id']).toBe('page-123');
    expect(request?.headers['x-tracking']).toBeUndefined();
  });

  it('non-GET carries the tracking header; no bearer without a token', async () => {
    await requester({ getToken: () => null }).request({ method: 'DELETE', url: '/echo' });
    expect(seen[0]?.headers['x-tracking']).toBe('dHJhY2s=');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('POST with no body sends an empty body; PUT and PATCH default to {}', async () => {
    const r = requester();
    await r.request({ method: 'POST', url: '/echo' });
    await r.request({ method: 'PUT', url: '/echo' });
    await r.request({ method: 'PATCH', url: '/echo' });
    expect(seen[0]?.body).toBe('');
    expect(seen[0]?.headers['content-length']).toBe('0');
    expect(seen[1]?.body).toBe('{}');
    expect(seen[1]?.headers['content-type']).toBe('application/json');
    expect(seen[2]?.body).toBe('{}');
  });

  it('sends object bodies as JSON', async () => {
    const data = await requester().request<{ body: string }>({ method: 'POST', url: '/echo', body: { name: 'Ann' } });
    expect(JSON.parse(data.body)).toEqual({ name: 'Ann' });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('replaces the en dash in the url', async () => {
    await requester().request({ method: 'GET', url: '/echo/men\u2013gifts/' });
    expect(seen[0]?.url).toBe('/echo/men-gifts/');
  });

  it('does not send the token or app headers to foreign origins', async () => {
    const r = requester({ baseUrl: 'https://api.example' });
    await r.request({ method: 'POST', url: `${baseUrl}/echo` });
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.headers['x-page-request-id']).toBeUndefined();
    expect(seen[0]?.headers['x-tracking']).toBeUndefined();
  });

  it('builds a real tracking header end to end', async () => {
    const { buildTrackingHeader } = await import('../../../renderer/client/tracking');
    const header = buildTrackingHeader({ utm: { utm_source: 'x' }, deviceType: 'desktop', appVersion: '9.9.9' });
    await requester({ getTrackingHeader: () => header }).request({ method: 'POST', url: '/echo', body: {} });
    expect(decodeTrackingHeader(String(seen[0]?.headers['x-tracking']))).toMatchObject({
      app: 'web',
      appVersion: '9.9.9',
    });
  });
});

describe('responses', () => {
  it('parses JSON and reads paging from a header ending with -paging', async () => {
    const result = await requester().requestWithMeta<number[]>({ method: 'GET', url: '/paged' });
    expect(result.data).toEqual([1, 2]);
    expect(result.status).toBe(200);
    expect(result.paging).toEqual({ limit: 2, offset: 4, total: 9, token: 'tk' });
    expect(result.headers.get('content-type')).toBe('application/json');
  });

  it('204 gives undefined; text stays text; no paging header gives null', async () => {
    const r = requester();
    expect(await r.request({ method: 'DELETE', url: '/no-content' })).toBeUndefined();
    expect(await r.request({ method: 'GET', url: '/text' })).toBe('hello');
    expect((await r.requestWithMeta({ method: 'GET', url: '/echo' })).paging).toBeNull();
  });
});

describe('failures', () => {
  it('wraps an HTTP error with status, url and response data', async () => {
    const error = await requester()
      .request({ method: 'POST', url: '/status/422', body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, url: `${baseUrl}/status/422`, data: { field: 'name' } });
    const html = await requester()
      .request({ method: 'GET', url: '/status/503' })
      .catch((e: unknown) => e);
    expect(html).toMatchObject({ status: 503, data: '<h1>down</h1>' });
  });

  it('wraps a 401 as ApiAuthTokenError whose message contains 401', async () => {
    const error = await requester({ getToken: () => null })
      .request({ method: 'GET', url: '/status/401' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiAuthTokenError);
    expect((error as Error).message).toContain('401');
    expect(error).toMatchObject({ status: 401, data: { error: 'unauthorized' } });
  });

  it('wraps a refused connection as ApiNetworkError with status 500', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await requester({ baseUrl: `http://127.0.0.1:${port}` })
      .request({ method: 'GET', url: '/x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect(error).toMatchObject({ status: 500, message: 'Network Error', url: `http://127.0.0.1:${port}/x` });
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it('times out with ApiTimeoutError', async () => {
    const error = await requester({ timeoutMs: 80 })
      .request({ method: 'GET', url: '/slow' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(error).toMatchObject({ status: 500, message: 'timeout exceeded' });
  });

  it('uses a 30 s timeout by default (fake timers)', async () => {
    vi.useFakeTimers();
    try {
      const neverFetch = (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      const pending = requester({ fetch: neverFetch })
        .request({ method: 'GET', url: '/x' })
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(29_999);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toBeInstanceOf(ApiTimeoutError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a caller abort gives ApiAbortedError', async () => {
    const controller = new AbortController();
    const pending = requester()
      .request({ method: 'GET', url: '/slow', signal: controller.signal })
      .catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toBeInstanceOf(ApiAbortedError);
  });

  it('rejects unsupported protocols', async () => {
    const error = await requester()
      .request({ method: 'GET', url: 'ftp://files.example/x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('Unsupported protocol');
  });
});

describe('401 refresh and single retry', () => {
  it('refreshes once and retries once with the new token', async () => {
    let token = 'stale';
    const refreshIdentity = vi.fn(async () => {
      token = 'fresh';
      return token;
    });
    const data = await requester({ getToken: () => token, refreshIdentity }).request({ method: 'GET', url: '/auth' });
    expect(data).toEqual({ ok: true });
    expect(refreshIdentity).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('retries only once: a second 401 fails with ApiAuthTokenError', async () => {
    validToken = 'never';
    const refreshIdentity = vi.fn(async () => 'also-bad');
    const error = await requester({ getToken: () => 'stale', refreshIdentity })
      .request({ method: 'POST', url: '/auth', body: { a: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiAuthTokenError);
    expect(refreshIdentity).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
    expect(seen[1]?.body).toBe('{"a":1}');
  });

  it('does not refresh a 401 on a call without an authorization header', async () => {
    const refreshIdentity = vi.fn(async () => 'fresh');
    const error = await requester({ getToken: () => null, refreshIdentity })
      .request({ method: 'GET', url: '/auth' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiAuthTokenError);
    expect(refreshIdentity).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
  });

  it('gives ApiAuthTokenError with the refresh failure as cause when the refresh fails', async () => {
    const failure = new Error('refresh down');
    const error = await requester({ getToken: () => 'stale', refreshIdentity: async () => Promise.reject(failure) })
      .request({ method: 'GET', url: '/auth' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiAuthTokenError);
    expect((error as Error).cause).toBe(failure);
    expect(seen).toHaveLength(1);
  });

  it('concurrent 401s share one refresh in flight', async () => {
    let token = 'stale';
    let release: () => void = () => undefined;
    const refreshIdentity = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          release = () => {
            token = 'fresh';
            resolve('fresh');
          };
        }),
    );
    const r = requester({ getToken: () => token, refreshIdentity });
    const calls = Promise.all([
      r.request({ method: 'GET', url: '/auth?1' }),
      r.request({ method: 'GET', url: '/auth?2' }),
      r.request({ method: 'POST', url: '/auth?3' }),
    ]);
    await vi.waitFor(() => expect(refreshIdentity).toHaveBeenCalled());
    // Let the other 401s arrive while the refresh is pending.
    await vi.waitFor(() => expect(seen.length).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect(await calls).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshIdentity).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(6);
  });

  it('a 401 after another call already refreshed reuses the new token without refreshing', async () => {
    let token = 'stale';
    const refreshIdentity = vi.fn(async () => 'fresh');
    const fakeFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const auth = new Headers(init?.headers).get('authorization');
      // Another call refreshes while this one is on the wire.
      token = 'fresh';
      return fetch(input, {
        ...init,
        headers: { ...Object.fromEntries(new Headers(init?.headers)), authorization: auth ?? '' },
      });
    });
    const data = await requester({ fetch: fakeFetch, getToken: () => token, refreshIdentity }).request({
      method: 'GET',
      url: '/auth',
    });
    expect(data).toEqual({ ok: true });
    expect(refreshIdentity).not.toHaveBeenCalled();
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
  });
});

describe('401 when the refresh finds no sign-in left', () => {
  it('retries once without the header, as a visitor, when the refresh signs the identity out', async () => {
    let token: string | null = 'stale';
    const loggedOut = new Error('A user logged out');
    const refreshIdentity = vi.fn(async () => {
      token = null;
      throw loggedOut;
    });
    const data = await requester({ getToken: () => token, refreshIdentity }).request({
      method: 'GET',
      url: '/visitor',
    });
    expect(data).toEqual({ visitor: true });
    expect(refreshIdentity).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer stale', undefined]);
  });

  it('retries once without the header when the refresh answers no token and none is stored', async () => {
    let token: string | null = 'stale';
    const refreshIdentity = vi.fn(async () => {
      token = null;
      return null;
    });
    const r = requester({ getToken: () => token, refreshIdentity });
    const answer = await r.fetch(`${baseUrl}/visitor`, { method: 'GET' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ visitor: true });
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer stale', undefined]);
  });

  it('keeps the 401 when the refresh failed but the identity is still held (a network failure)', async () => {
    const error = await requester({
      getToken: () => 'stale',
      refreshIdentity: async () => Promise.reject(new Error('network down')),
    })
      .request({ method: 'GET', url: '/visitor' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiAuthTokenError);
    expect(seen).toHaveLength(1);
  });
});

describe('the token a live stream opens with', () => {
  it('is the current token, without a refresh, while no connection was refused', async () => {
    const refreshIdentity = vi.fn(async () => 'fresh');
    const r = requester({ getToken: () => 'current', refreshIdentity });
    expect(await r.streamToken(null)).toBe('current');
    expect(await requester({ getToken: () => null, refreshIdentity }).streamToken(null)).toBeNull();
    expect(refreshIdentity).not.toHaveBeenCalled();
  });

  it('after a refusal, is the token another call refreshed meanwhile, without a refresh of its own', async () => {
    const refreshIdentity = vi.fn(async () => 'fresh');
    const r = requester({ getToken: () => 'newer', refreshIdentity });
    expect(await r.streamToken('refused')).toBe('newer');
    expect(refreshIdentity).not.toHaveBeenCalled();
  });

  it('after a refusal of the current token, refreshes once, shared by the streams reopening at once', async () => {
    let token = 'refused';
    const refreshIdentity = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      token = 'fresh';
      return token;
    });
    const r = requester({ getToken: () => token, refreshIdentity });
    expect(await Promise.all([r.streamToken('refused'), r.streamToken('refused')])).toEqual(['fresh', 'fresh']);
    expect(refreshIdentity).toHaveBeenCalledTimes(1);
  });

  it('keeps the held token when the refresh fails (a network failure), and is null when no sign-in is left', async () => {
    const failing = requester({ getToken: () => 'held', refreshIdentity: () => Promise.reject(new Error('down')) });
    expect(await failing.streamToken('held')).toBe('held');
    let token: string | null = 'ended';
    const signedOut = requester({
      getToken: () => token,
      refreshIdentity: async () => {
        token = null;
        return null;
      },
    });
    expect(await signedOut.streamToken('ended')).toBeNull();
  });
});

describe('fetch-compatible function (tRPC)', () => {
  it('is accepted by httpBatchLink', () => {
    const r = requester();
    expect(() => httpBatchLink({ url: `${baseUrl}/trpc`, fetch: r.fetch })).not.toThrow();
  });

  it('adds the headers, applies the 401 refresh and returns error statuses as Responses', async () => {
    let token = 'stale';
    const refreshIdentity = vi.fn(async () => {
      token = 'fresh';
      return token;
    });
    const r = requester({ getToken: () => token, refreshIdentity });
    const ok = await r.fetch(`${baseUrl}/auth`, {
      method: 'POST',
      body: '{"0":{}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });
    expect(seen[1]?.headers['x-tracking']).toBe('dHJhY2s=');
    expect(seen[1]?.headers['x-page-request-id']).toBe('page-123');
    expect(seen[1]?.body).toBe('{"0":{}}');

    const missing = await r.fetch(new URL(`${baseUrl}/status/422`));
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ field: 'name' });
    expect(seen.at(-1)?.method).toBe('GET');
  });

  it('throws wrapped network errors', async () => {
    const r = requester({ fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    await expect(r.fetch(`${baseUrl}/echo`)).rejects.toBeInstanceOf(ApiNetworkError);
  });
});
