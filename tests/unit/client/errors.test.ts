import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../server/contracts/messages';
import {
  ApiAuthTokenError,
  ApiError,
  ApiNetworkError,
  ApiTimeoutError,
  AppClientError,
  AuthApiError,
  AuthApiFailError,
  AuthApiTimeoutError,
  IdentityChangedExternallyError,
  IdentityFetchError,
  IdentityLoggedOut,
  MissingTokenError,
  ResourceMissingIdError,
  UrlMissingParamsError,
  describeError,
  errorChain,
  errorStatus,
} from '../../../renderer/client/errors';

describe('client errors', () => {
  it('uses the exact catalogue messages and levels', () => {
    expect(new MissingTokenError().message).toBe('Expected auth token but none found');
    expect(new IdentityLoggedOut().message).toBe('A user logged out');
    expect(new IdentityLoggedOut().level).toBe('warn');
    expect(new IdentityFetchError().message).toBe('An unexpected error occcurred fetching a user identity');
    expect(new UrlMissingParamsError().message).toBe('Url is missing params');
    expect(new ResourceMissingIdError().message).toBe('A resource is missing an id value');
    expect(new IdentityChangedExternallyError().level).toBe('warn');
    expect(new MissingTokenError().level).toBe('error');
  });

  it('keeps names, the class hierarchy, cause and info', () => {
    const root = new TypeError('boom');
    const error = new AuthApiFailError('failed', { cause: root, info: { attempt: 2 } });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toBeInstanceOf(AppClientError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AuthApiFailError');
    expect(error.cause).toBe(root);
    expect(error.info).toEqual({ attempt: 2 });
    expect(new AuthApiTimeoutError()).toBeInstanceOf(AuthApiError);
    expect(new AuthApiTimeoutError().name).toBe('AuthApiTimeoutError');
  });

  it('request failures carry status (500 if none), url and data', () => {
    const generic = new ApiError({ url: '/v1/x', data: { a: 1 } });
    expect(generic.status).toBe(500);
    expect(generic.url).toBe('/v1/x');
    expect(generic.data).toEqual({ a: 1 });
    expect(new ApiError({ url: '/v1/x', status: 404 }).status).toBe(404);
    expect(new ApiError({ url: '/v1/x', status: 404 }).message).toContain('404');
    const auth = new ApiAuthTokenError({ url: '/v1/me' });
    expect(auth.status).toBe(401);
    expect(auth.message).toContain('401');
    expect(new ApiNetworkError({ url: '/v1/x' }).message).toBe(ERROR_MESSAGES.networkError);
    expect(new ApiNetworkError({ url: '/v1/x' }).status).toBe(500);
    expect(new ApiTimeoutError({ url: '/v1/x' }).message).toBe(ERROR_MESSAGES.timeoutExceeded);
  });

  it('flattens the cause chain for logs, without looping on cycles', () => {
    const inner = new TypeError('fetch failed');
    const middle = new ApiNetworkError({ url: '/v1/users', cause: inner });
    const outer = new IdentityFetchError({ cause: middle });
    expect(errorChain(outer).map((l) => l.name)).toEqual(['IdentityFetchError', 'ApiNetworkError', 'TypeError']);
    expect(describeError(outer)).toBe(
      'IdentityFetchError: An unexpected error occcurred fetching a user identity <- ApiNetworkError: Network Error [500 /v1/users] <- TypeError: fetch failed',
    );
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(errorChain(a)).toHaveLength(2);
    expect(describeError('plain')).toBe('string: plain');
  });

  it('reads a status from status or response.status', () => {
    expect(errorStatus(new ApiError({ url: '/', status: 403 }))).toBe(403);
    expect(errorStatus({ response: { status: 302 } })).toBe(302);
    expect(errorStatus(new Error('x'))).toBeNull();
  });
});
