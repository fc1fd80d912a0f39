/**
 * The app's requesters (from the client runtime's `createRequester`) and small typed helpers for
 * the /auth/v2 JSON POSTs. Failures become `AuthRequestError`, which carries the server's status,
 * code, message, `fieldErrors` and the Retry-After seconds of a 429.
 */
import type { TFieldErrors } from '../../server/contracts/validation';
import { REFRESH_TOKEN_PATH } from '../../server/contracts/early-refresh';
import { ERROR_MESSAGES } from '../../server/contracts/messages';
import type { TRefreshAnswer } from '../client/identity-store';
import type { TRequester } from '../client/request';
import {
  buildTrackingHeader,
  createDocumentCookieJar,
  detectDeviceType,
  parseUtm,
  readStoredUtm,
  type TCookieJar,
} from '../client/tracking';

export const AUTH_PATHS = {
  refreshToken: REFRESH_TOKEN_PATH,
  signUp: '/auth/v2/sign-up/',
  logIn: '/auth/v2/log-in/',
  confirmCode: '/auth/v2/confirm-code/',
  resendCode: '/auth/v2/confirm-code/resend/',
  resetPasswordRequest: '/auth/v2/reset-password/request/',
  resetPassword: '/auth/v2/reset-password/',
  setPassword: '/auth/v2/set-password/',
  logout: '/auth/v2/logout/',
  impersonate: '/auth/v2/impersonate/',
  stopImpersonating: '/auth/v2/impersonate/stop/',
  switchIdentity: '/auth/v2/switch/',
  socialLogin: '/auth/v2/login/',
} as const;

export const APP_VERSION = '2.0.0';

/** Tokens as the /auth/v2 endpoints answer them. */
export interface TAuthTokens {
  accessToken: string;
  auditToken: string | null;
  userId?: string;
  expires?: number;
}

export interface TAuthErrorBody {
  code?: string;
  message?: string;
  status?: number;
  fieldErrors?: TFieldErrors;
}

/** A failed /auth/v2 call, with what the server said. */
export class AuthRequestError extends Error {
  override name = 'AuthRequestError';
  readonly status: number;
  readonly code: string | null;
  readonly fieldErrors: TFieldErrors;
  /** Seconds to wait (429 Retry-After), or null. */
  readonly retryAfter: number | null;

  constructor(input: {
    status: number;
    message: string;
    code?: string | null;
    fieldErrors?: TFieldErrors;
    retryAfter?: number | null;
  }) {
    super(input.message);
    this.status = input.status;
    this.code = input.code ?? null;
    this.fieldErrors = { ...(input.fieldErrors ?? {}) };
    this.retryAfter = input.retryAfter ?? null;
  }
}

export function isAuthRequestError(value: unknown): value is AuthRequestError {
  return value instanceof AuthRequestError;
}

/** Seconds from a Retry-After header (delta seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.max(0, Number(trimmed));
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

export function rateLimitMessage(seconds: number | null): string {
  const n = seconds === null ? 60 : Math.max(1, Math.ceil(seconds));
  return `Too many attempts, try again in ${n} seconds`;
}

/** The message to show for an /auth/v2 failure (a 429 always gets the spec's wording). */
export function authErrorMessage(error: unknown, fallback = 'Something went wrong, please try again'): string {
  if (error instanceof AuthRequestError) {
    if (error.status === 429) return rateLimitMessage(error.retryAfter);
    if (error.status === 403 && !error.message) return ERROR_MESSAGES.forbidden;
    return error.message || fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The server's error body (`{ error: { ... } }`), if that is what `data` holds. */
export function readErrorBody(data: unknown): TAuthErrorBody | null {
  if (typeof data !== 'object' || data === null) return null;
  const error = (data as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const record = error as Record<string, unknown>;
  const fieldErrors: TFieldErrors = {};
  if (typeof record.fieldErrors === 'object' && record.fieldErrors !== null) {
    for (const [field, message] of Object.entries(record.fieldErrors as Record<string, unknown>)) {
      if (typeof message === 'string') fieldErrors[field] = message;
    }
  }
  return {
    ...(typeof record.code === 'string' ? { code: record.code } : {}),
    ...(typeof record.message === 'string' ? { message: record.message } : {}),
    ...(typeof record.status === 'number' ? { status: record.status } : {}),
    fieldErrors,
  };
}

function documentCookies(): TCookieJar {
  return createDocumentCookieJar({
    read: () => document.cookie,
    write: (cookie) => {
      document.cookie = cookie;
    },
  });
}

/** The x-tracking header of this page (spec §7): UTM from the address, device type, app version. */
export function browserTrackingHeader(): string {
  // The address's utm_* parameters, else the ones captured earlier in the vueUtm cookie (7 days).
  const fromAddress = parseUtm(window.location.search);
  const utm = Object.keys(fromAddress).length > 0 ? fromAddress : readStoredUtm(documentCookies());
  return buildTrackingHeader({ utm, deviceType: detectDeviceType(navigator.userAgent), appVersion: APP_VERSION });
}

/** GET /auth/v2/refresh-token/ with the refresh cookie (the identity store's `fetchRefresh`). */
export async function fetchRefreshToken(fetchImpl: typeof fetch, signal: AbortSignal): Promise<TRefreshAnswer> {
  // The page's early refresh sends the same request (server/contracts/early-refresh.ts).
  const response = await fetchImpl(AUTH_PATHS.refreshToken, {
    method: 'GET',
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { accept: 'application/json' },
    signal,
  });
  return readRefreshAnswer(response);
}

/** The refresh endpoint's answer: its tokens, or `AuthRequestError` for a failed status. */
export async function readRefreshAnswer(response: Response): Promise<TRefreshAnswer> {
  if (!response.ok)
    throw new AuthRequestError({ status: response.status, message: `Refresh failed with status ${response.status}` });
  const body = (await response.json()) as { accessToken?: unknown; auditToken?: unknown };
  return {
    accessToken: typeof body.accessToken === 'string' && body.accessToken ? body.accessToken : null,
    auditToken: typeof body.auditToken === 'string' && body.auditToken ? body.auditToken : null,
  };
}

function asTokens(data: unknown): TAuthTokens {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (typeof record.accessToken !== 'string' || !record.accessToken) {
    throw new AuthRequestError({ status: 500, message: 'The server answered without a sign-in' });
  }
  return {
    accessToken: record.accessToken,
    auditToken: typeof record.auditToken === 'string' ? record.auditToken : null,
    ...(typeof record.userId === 'string' ? { userId: record.userId } : {}),
    ...(typeof record.expires === 'number' ? { expires: record.expires } : {}),
  };
}

export interface TAuthApiDeps {
  /** Carries the bearer token, refreshes once on a 401 (confirm-code, resend, set-password). */
  requester: TRequester;
  /** Sends no bearer token (log-in, sign-up, reset, logout, and the cookie-based staff actions). */
  anonymous: TRequester;
}

export interface TAuthApi {
  signUp(input: {
    name: string;
    email: string;
    password: string;
    username?: string;
    /** The form said that creating the account accepts the terms of service. */
    acceptTerms?: boolean;
  }): Promise<TAuthTokens & { next: string }>;
  logIn(input: { email: string; password: string; link?: string }): Promise<TAuthTokens>;
  confirmCode(code: string): Promise<TAuthTokens>;
  resendCode(): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  resetPassword(input: { token: string; password: string }): Promise<TAuthTokens>;
  setPassword(input: { password: string; name?: string }): Promise<TAuthTokens>;
  logout(): Promise<void>;
  impersonate(input: { uid: string; reason: string; returnurl?: string }): Promise<TAuthTokens & { returnUrl: string }>;
  stopImpersonating(): Promise<TAuthTokens>;
  switchIdentity(input: { uid: string; returnurl?: string }): Promise<TAuthTokens & { returnUrl: string }>;
}

export function createAuthApi(deps: TAuthApiDeps): TAuthApi {
  async function post(path: string, body: object, withBearer: boolean): Promise<unknown> {
    const requester = withBearer ? deps.requester : deps.anonymous;
    let response: Response;
    try {
      response = await requester.fetch(path, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw new AuthRequestError({
        status: 0,
        message: error instanceof Error && error.message ? error.message : ERROR_MESSAGES.networkError,
      });
    }
    const text = await response.text();
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text) as unknown;
      } catch {
        data = text;
      }
    }
    if (!response.ok) {
      const error = readErrorBody(data);
      throw new AuthRequestError({
        status: response.status,
        message: error?.message ?? `Request failed with status code ${response.status}`,
        code: error?.code ?? null,
        fieldErrors: error?.fieldErrors ?? {},
        retryAfter: parseRetryAfter(response.headers.get('retry-after')),
      });
    }
    return data;
  }

  const withReturnUrl = (data: unknown): TAuthTokens & { returnUrl: string } => {
    const returnUrl = (data as { returnUrl?: unknown } | null)?.returnUrl;
    return { ...asTokens(data), returnUrl: typeof returnUrl === 'string' ? returnUrl : '/home/' };
  };

  return {
    async signUp(input) {
      const data = await post(AUTH_PATHS.signUp, input, false);
      const next = (data as { next?: unknown } | null)?.next;
      return { ...asTokens(data), next: typeof next === 'string' ? next : '/a/code-confirm/' };
    },
    async logIn(input) {
      return asTokens(await post(AUTH_PATHS.logIn, input, false));
    },
    async confirmCode(code) {
      return asTokens(await post(AUTH_PATHS.confirmCode, { code }, true));
    },
    async resendCode() {
      await post(AUTH_PATHS.resendCode, {}, true);
    },
    async requestPasswordReset(email) {
      await post(AUTH_PATHS.resetPasswordRequest, { email }, false);
    },
    async resetPassword(input) {
      return asTokens(await post(AUTH_PATHS.resetPassword, input, false));
    },
    async setPassword(input) {
      return asTokens(await post(AUTH_PATHS.setPassword, input, true));
    },
    async logout() {
      await post(AUTH_PATHS.logout, {}, false);
    },
    async impersonate(input) {
      return withReturnUrl(await post(AUTH_PATHS.impersonate, input, false));
    },
    async stopImpersonating() {
      return asTokens(await post(AUTH_PATHS.stopImpersonating, {}, false));
    },
    async switchIdentity(input) {
      return withReturnUrl(await post(AUTH_PATHS.switchIdentity, input, false));
    },
  };
}
