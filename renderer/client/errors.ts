/**
 * The client error classes of spec §8. Every error carries a `level`, an optional `cause` (so
 * causes chain) and an `info` record; request failures also carry `status`, `url` and `data`.
 */
import { ERROR_MESSAGES } from '../../server/contracts/messages';
import { HTTP_STATUS } from '../../server/contracts/constants';

export type TErrorLevel = 'error' | 'warn' | 'info';
export type TErrorInfo = Record<string, unknown>;

export interface TAppErrorOptions {
  cause?: unknown;
  info?: TErrorInfo;
  level?: TErrorLevel;
}

export class AppClientError extends Error {
  override name = 'AppClientError';
  readonly level: TErrorLevel;
  override readonly cause: unknown;
  readonly info: TErrorInfo;

  constructor(message: string, options: TAppErrorOptions = {}) {
    super(message);
    this.level = options.level ?? 'error';
    this.cause = options.cause;
    this.info = { ...(options.info ?? {}) };
  }
}

// ---------------------------------------------------------------------------------------------
// Auth errors

/** A call to the auth host failed. */
export class AuthApiError extends AppClientError {
  override name = 'AuthApiError';
  constructor(message = 'The auth request failed', options: TAppErrorOptions = {}) {
    super(message, options);
  }
}

/** A call to the auth host did not answer in time (AUTH_REQUEST_TIMEOUT_MS). */
export class AuthApiTimeoutError extends AuthApiError {
  override name = 'AuthApiTimeoutError';
  constructor(message: string = ERROR_MESSAGES.timeoutExceeded, options: TAppErrorOptions = {}) {
    super(message, options);
  }
}

/** A call to the auth host answered with a failure (or could not be made). */
export class AuthApiFailError extends AuthApiError {
  override name = 'AuthApiFailError';
  constructor(message = 'The auth request was not successful', options: TAppErrorOptions = {}) {
    super(message, options);
  }
}

export class MissingTokenError extends AppClientError {
  override name = 'MissingTokenError';
  constructor(options: TAppErrorOptions = {}) {
    super(ERROR_MESSAGES.missingToken, options);
  }
}

/** The refreshed identity is a different account than the one this tab held (warn). */
export class IdentityChangedExternallyError extends AppClientError {
  override name = 'IdentityChangedExternallyError';
  constructor(message = 'The user identity changed externally', options: TAppErrorOptions = {}) {
    super(message, { level: 'warn', ...options });
  }
}

export class IdentityLoggedOut extends AppClientError {
  override name = 'IdentityLoggedOut';
  constructor(options: TAppErrorOptions = {}) {
    super(ERROR_MESSAGES.identityLoggedOut, { level: 'warn', ...options });
  }
}

export class IdentityFetchError extends AppClientError {
  override name = 'IdentityFetchError';
  constructor(options: TAppErrorOptions = {}) {
    super(ERROR_MESSAGES.identityFetch, options);
  }
}

// ---------------------------------------------------------------------------------------------
// Client-side errors

export class UrlMissingParamsError extends AppClientError {
  override name = 'UrlMissingParamsError';
  constructor(options: TAppErrorOptions = {}) {
    super(ERROR_MESSAGES.urlMissingParams, options);
  }
}

export class ResourceMissingIdError extends AppClientError {
  override name = 'ResourceMissingIdError';
  constructor(options: TAppErrorOptions = {}) {
    super(ERROR_MESSAGES.resourceMissingId, options);
  }
}

// ---------------------------------------------------------------------------------------------
// Request failures

export interface TApiErrorOptions extends TAppErrorOptions {
  /** HTTP status; 500 when the request got no answer (spec §8). */
  status?: number | null;
  url: string;
  /** The response data (parsed JSON or text), when there was a response. */
  data?: unknown;
}

/** Base of the request failures: carries status (500 if none), url and response data. */
export class ApiRequestError extends AppClientError {
  override name = 'ApiRequestError';
  readonly status: number;
  readonly url: string;
  readonly data: unknown;

  constructor(message: string, options: TApiErrorOptions) {
    const status = options.status ?? HTTP_STATUS.internalServerError;
    super(message, { ...options, info: { ...(options.info ?? {}), status, url: options.url } });
    this.status = status;
    this.url = options.url;
    this.data = options.data;
  }
}

export function statusMessage(status: number): string {
  return `Request failed with status code ${status}`;
}

/** 401: the bearer token was missing, expired or refused. The message contains 401. */
export class ApiAuthTokenError extends ApiRequestError {
  override name = 'ApiAuthTokenError';
  constructor(options: Omit<TApiErrorOptions, 'status'>, message: string = statusMessage(HTTP_STATUS.unauthorized)) {
    super(message, { ...options, status: HTTP_STATUS.unauthorized });
  }
}

/** The request never got an answer (DNS, connection refused, CORS, offline...). */
export class ApiNetworkError extends ApiRequestError {
  override name = 'ApiNetworkError';
  constructor(options: TApiErrorOptions, message: string = ERROR_MESSAGES.networkError) {
    super(message, options);
  }
}

/** The request did not answer within API_TIMEOUT_MS. */
export class ApiTimeoutError extends ApiRequestError {
  override name = 'ApiTimeoutError';
  constructor(options: TApiErrorOptions, message: string = ERROR_MESSAGES.timeoutExceeded) {
    super(message, options);
  }
}

/** The caller aborted the request through its own AbortSignal. */
export class ApiAbortedError extends ApiRequestError {
  override name = 'ApiAbortedError';
  constructor(options: TApiErrorOptions, message: string = ERROR_MESSAGES.requestAborted) {
    super(message, { level: 'info', ...options });
  }
}

/** Any other failed request (an HTTP error status, an unreadable body, an unsupported protocol). */
export class ApiError extends ApiRequestError {
  override name = 'ApiError';
  constructor(options: TApiErrorOptions, message?: string) {
    super(message ?? statusMessage(options.status ?? HTTP_STATUS.internalServerError), options);
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers

export function isAppClientError(value: unknown): value is AppClientError {
  return value instanceof AppClientError;
}

/** The HTTP status an error carries (`status`, or `response.status`), if any. */
export function errorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const record = error as { status?: unknown; response?: { status?: unknown } | null };
  if (typeof record.status === 'number') return record.status;
  if (typeof record.response?.status === 'number') return record.response.status;
  return null;
}

export interface TErrorLink {
  name: string;
  message: string;
  level?: TErrorLevel;
  status?: number;
  url?: string;
  info?: TErrorInfo;
}

const MAX_CAUSE_DEPTH = 10;

/** The error followed by its causes, outermost first (cycles and depth are bounded). */
export function errorChain(error: unknown): TErrorLink[] {
  const chain: TErrorLink[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current) && chain.length < MAX_CAUSE_DEPTH) {
    seen.add(current);
    chain.push(toLink(current));
    current =
      current instanceof Error || (typeof current === 'object' && current !== null)
        ? (current as { cause?: unknown }).cause
        : undefined;
  }
  return chain;
}

function toLink(value: unknown): TErrorLink {
  if (value instanceof Error) {
    const link: TErrorLink = { name: value.name, message: value.message };
    if (value instanceof AppClientError) {
      link.level = value.level;
      if (Object.keys(value.info).length > 0) link.info = value.info;
    }
    if (value instanceof ApiRequestError) {
      link.status = value.status;
      link.url = value.url;
    }
    return link;
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as { name?: unknown; message?: unknown };
    return {
      name: typeof record.name === 'string' ? record.name : 'Object',
      message: typeof record.message === 'string' ? record.message : safeJson(value),
    };
  }
  return { name: typeof value, message: String(value) };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * One line for logs: `Name: message [status url] <- Cause: message <- ...`.
 */
export function describeError(error: unknown): string {
  return errorChain(error)
    .map((link) => {
      const where = link.status !== undefined ? ` [${link.status}${link.url ? ` ${link.url}` : ''}]` : '';
      return `${link.name}: ${link.message}${where}`;
    })
    .join(' <- ');
}
