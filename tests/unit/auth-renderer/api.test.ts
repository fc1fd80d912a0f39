import { describe, expect, it, vi } from 'vitest';
import { createRequester } from '../../../renderer/client/request';
import {
  AuthRequestError,
  authErrorMessage,
  createAuthApi,
  fetchRefreshToken,
  parseRetryAfter,
  rateLimitMessage,
  readErrorBody,
} from '../../../renderer/auth/api';

type TCall = { url: string; method: string; headers: Headers; body: string };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function harness(answer: (call: TCall) => Response, token: string | null = 'bearer-token') {
  const calls: TCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.body;
    const text = typeof body === 'string' ? body : body ? new TextDecoder().decode(body as ArrayBuffer) : '';
    const call = { url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: text };
    calls.push(call);
    return answer(call);
  });
  const refreshIdentity = vi.fn(async () => 'fresh-token');
  const requester = createRequester({ fetch, pageRequestId: 'page-1', getToken: () => token, refreshIdentity });
  const anonymous = createRequester({ fetch, pageRequestId: 'page-1', getToken: () => null });
  return { api: createAuthApi({ requester, anonymous }), calls, refreshIdentity };
}

const TOKENS = { accessToken: 'a.b.c', auditToken: null, userId: 'u1', expires: 100 };

describe('createAuthApi', () => {
  it('posts JSON without a bearer token for log-in and answers the tokens', async () => {
    const { api, calls } = harness(() => json(200, TOKENS));
    await expect(api.logIn({ email: 'a@b.co', password: 'pw' })).resolves.toEqual(TOKENS);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/auth/v2/log-in/');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.headers.get('authorization')).toBeNull();
    expect(calls[0]?.headers.get('x-page-request-id')).toBe('page-1');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ email: 'a@b.co', password: 'pw' });
  });

  it('a wrong password (401 without bearer) does not trigger a refresh', async () => {
    const { api, calls, refreshIdentity } = harness(() =>
      json(401, { error: { code: 'UNAUTHENTICATED', message: 'The e-mail or password is not right', status: 401 } }),
    );
    const failure = await api.logIn({ email: 'a@b.co', password: 'x' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthRequestError);
    expect((failure as AuthRequestError).status).toBe(401);
    expect((failure as AuthRequestError).message).toBe('The e-mail or password is not right');
    expect(refreshIdentity).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('surfaces the server field errors', async () => {
    const { api } = harness(() =>
      json(409, {
        error: {
          code: 'CONFLICT',
          message: 'exists',
          status: 409,
          fieldErrors: { email: 'An account with this e-mail already exists' },
        },
      }),
    );
    const failure = (await api
      .signUp({ name: 'Dana', email: 'a@b.co', password: 'pass' })
      .catch((e: unknown) => e)) as AuthRequestError;
    expect(failure.status).toBe(409);
    expect(failure.fieldErrors).toEqual({ email: 'An account with this e-mail already exists' });
  });

  it('reads Retry-After of a 429 into the spec message', async () => {
    const { api } = harness(() =>
      json(429, { error: { code: 'RATE_LIMITED', message: 'slow down', status: 429 } }, { 'retry-after': '42' }),
    );
    const failure = await api.logIn({ email: 'a@b.co', password: 'x' }).catch((e: unknown) => e);
    expect((failure as AuthRequestError).retryAfter).toBe(42);
    expect(authErrorMessage(failure)).toBe('Too many attempts, try again in 42 seconds');
  });

  it('sends the bearer token to confirm-code and retries once after a refresh on 401', async () => {
    let first = true;
    const { api, calls, refreshIdentity } = harness(() => {
      if (first) {
        first = false;
        return json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in', status: 401 } });
      }
      return json(200, TOKENS);
    });
    await expect(api.confirmCode('123456')).resolves.toMatchObject({ accessToken: 'a.b.c' });
    expect(refreshIdentity).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual([
      'Bearer bearer-token',
      'Bearer fresh-token',
    ]);
    expect(calls.map((call) => call.body)).toEqual(['{"code":"123456"}', '{"code":"123456"}']);
  });

  it('answers the returnUrl of impersonate and switch (home when missing)', async () => {
    const { api } = harness((call) =>
      json(200, call.url.includes('impersonate') ? { ...TOKENS, returnUrl: '/shop/' } : TOKENS),
    );
    await expect(api.impersonate({ uid: 'x', reason: 'ticket 1' })).resolves.toMatchObject({ returnUrl: '/shop/' });
    await expect(api.switchIdentity({ uid: 'x' })).resolves.toMatchObject({ returnUrl: '/home/' });
  });

  it('refuses an answer without an access token', async () => {
    const { api } = harness(() => json(200, { accessToken: null }));
    await expect(api.resetPassword({ token: 't'.repeat(12), password: 'pass' })).rejects.toBeInstanceOf(
      AuthRequestError,
    );
  });
});

describe('fetchRefreshToken', () => {
  it('maps empty tokens to null and sends the cookie', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      json(200, { accessToken: null, auditToken: null }),
    );
    await expect(fetchRefreshToken(fetch, new AbortController().signal)).resolves.toEqual({
      accessToken: null,
      auditToken: null,
    });
    expect(fetch.mock.calls[0]?.[0]).toBe('/auth/v2/refresh-token/');
    expect(fetch.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });
  it('throws on an error status', async () => {
    const fetch = vi.fn(async () => json(403, { error: { message: 'no' } }));
    await expect(fetchRefreshToken(fetch, new AbortController().signal)).rejects.toBeInstanceOf(AuthRequestError);
  });
});

describe('helpers', () => {
  it('parseRetryAfter reads seconds and dates', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(new Date(10_000 + 5_000).toUTCString(), 10_000)).toBe(5);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
  it('rateLimitMessage', () => {
    expect(rateLimitMessage(7)).toBe('Too many attempts, try again in 7 seconds');
    expect(rateLimitMessage(0.2)).toBe('Too many attempts, try again in 1 seconds');
  });
  it('readErrorBody keeps only string field errors', () => {
    expect(
      readErrorBody({ error: { code: 'VALIDATION', message: 'm', status: 400, fieldErrors: { a: 'x', b: 3 } } }),
    ).toEqual({
      code: 'VALIDATION',
      message: 'm',
      status: 400,
      fieldErrors: { a: 'x' },
    });
    expect(readErrorBody('nope')).toBeNull();
  });
});
