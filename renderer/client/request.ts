/**
 * The ONE request layer of the renderer (spec §7): used by the REST helpers through
 * `request`/`requestWithMeta` and by tRPC through the `fetch`-compatible function
 * (`httpBatchLink({ url, fetch: requester.fetch })`).
 *
 * - `Authorization: Bearer <token>` when an identity token exists (only to trusted origins);
 * - `x-page-request-id` on every call (one id per page load, injected);
 * - `x-tracking` (base64 JSON, see tracking.ts) on non-GET calls;
 * - POST without a body sends an empty body; PUT and PATCH default to `{}`;
 * - the en dash in URLs becomes a hyphen;
 * - API_TIMEOUT_MS per attempt (AbortController), covering headers and body;
 * - a 401 on a call that carried an authorization header triggers one refresh (shared by
 *   concurrent 401s) and a single retry; when the refresh finds no sign-in left, that retry goes
 *   without the header, as a visitor (the server answers 401 to any token that does not verify);
 * - failures become ApiAuthTokenError / ApiNetworkError / ApiTimeoutError / ApiAbortedError /
 *   ApiError carrying status (500 if none), url and the response data.
 */
import { API_TIMEOUT_MS, HTTP_STATUS } from '../../server/contracts/constants';
import { ERROR_MESSAGES } from '../../server/contracts/messages';
import {
  ApiAbortedError,
  ApiAuthTokenError,
  ApiError,
  ApiNetworkError,
  ApiRequestError,
  ApiTimeoutError,
} from './errors';
import { parsePaging, type TPaging } from './paging';
import { timerSchedule, type TFetch, type TSchedule } from './types';
import { replaceEnDash } from './url';

export const PAGE_REQUEST_ID_HEADER = 'x-page-request-id';
export const TRACKING_HEADER = 'x-tracking';
export const AUTHORIZATION_HEADER = 'authorization';
export const PAGING_HEADER_SUFFIX = '-paging';

export type THttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
export type TResponseType = 'auto' | 'json' | 'text' | 'blob' | 'arrayBuffer';

export interface TRequestOptions {
  method: THttpMethod;
  /** Relative to `baseUrl` (e.g. `/v1/users/...`) or absolute. */
  url: string;
  /** Objects and arrays are sent as JSON; strings, Blob, FormData, URLSearchParams and buffers as is. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'auto' (default): JSON when the content type is JSON, else text; 204 → undefined. */
  responseType?: TResponseType;
  /** Overrides the requester's timeout for this call. */
  timeoutMs?: number;
}

export interface TResponseMeta<T> {
  data: T;
  /** From the response header whose name ends with `-paging`, or null. */
  paging: TPaging | null;
  status: number;
  headers: Headers;
}

export interface TRequesterDeps {
  fetch: TFetch;
  /** API host, e.g. `https://api.example.com` or `` for same origin. */
  baseUrl?: string;
  /** The current identity's access token (identityStore.token), or null. */
  getToken: () => string | null | undefined;
  /** One id per page load (see createPageRequestId). */
  pageRequestId: string;
  /** Value of the x-tracking header (see buildTrackingHeader); called for non-GET calls only. */
  getTrackingHeader?: () => string | null | undefined;
  /** Refreshes the identity and answers the new access token (or null when there is none). */
  refreshIdentity?: () => Promise<string | null>;
  /** Per-attempt timeout; API_TIMEOUT_MS (30 s) by default. */
  timeoutMs?: number;
  /** Timer used for the timeout; the global setTimeout by default. */
  schedule?: TSchedule;
  /** Absolute origins besides the baseUrl's that may receive the token and app headers. */
  trustedOrigins?: readonly string[];
  credentials?: RequestCredentials;
}

export interface TRequester {
  request<T = unknown>(options: TRequestOptions): Promise<T>;
  requestWithMeta<T = unknown>(options: TRequestOptions): Promise<TResponseMeta<T>>;
  /** `fetch`-compatible: same headers, timeout and 401 refresh; answers the Response as is (error statuses included). */
  fetch: TFetch;
  /** The token a live stream opens with: the current one, or a newer one than the `refused` one. */
  streamToken(refused: string | null): Promise<string | null>;
}

/** A new page request id (call once per page load). */
export function createPageRequestId(randomUUID: () => string = () => globalThis.crypto.randomUUID()): string {
  return randomUUID();
}

/** Reads the paging header: any header whose name ends with `-paging`. */
export function readPagingHeader(headers: Headers): TPaging | null {
  for (const [name, value] of headers) {
    if (name.toLowerCase().endsWith(PAGING_HEADER_SUFFIX)) {
      const paging = parsePaging(value);
      if (paging) return paging;
    }
  }
  return null;
}

export function isJsonContentType(contentType: string | null): boolean {
  if (!contentType) return false;
  const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return mime === 'application/json' || mime.endsWith('+json') || mime === 'text/json';
}

// ---------------------------------------------------------------------------------------------

interface TPrepared {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null;
  signal: AbortSignal | undefined;
  timeoutMs: number;
}

interface TAttempt<R> {
  response: Response;
  result: R;
}

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:/i;
const NO_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function isPlainJsonBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return typeof body === 'number' || typeof body === 'boolean';
  return !(
    body instanceof Blob ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof ReadableStream
  );
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function createRequester(deps: TRequesterDeps): TRequester {
  const schedule = deps.schedule ?? timerSchedule;
  const defaultTimeout = deps.timeoutMs ?? API_TIMEOUT_MS;
  const baseUrl = (deps.baseUrl ?? '').replace(/\/+$/, '');
  const baseOrigin = ABSOLUTE_URL.test(baseUrl) ? originOf(baseUrl) : null;
  const trusted = new Set((deps.trustedOrigins ?? []).map((o) => originOf(o) ?? o));
  if (baseOrigin) trusted.add(baseOrigin);

  let refreshInFlight: Promise<string | null> | null = null;

  function resolveUrl(url: string): { url: string; trusted: boolean } {
    const clean = replaceEnDash(url);
    if (ABSOLUTE_URL.test(clean)) {
      const origin = originOf(clean);
      return { url: clean, trusted: origin !== null && trusted.has(origin) };
    }
    if (clean.startsWith('//')) {
      // Protocol-relative: never trusted.
      return { url: clean, trusted: false };
    }
    const joined = clean.startsWith('/') ? `${baseUrl}${clean}` : `${baseUrl}/${clean}`;
    return { url: baseUrl ? joined : clean, trusted: true };
  }

  function assertProtocol(url: string): void {
    const match = /^([a-z][a-z0-9+.-]*):/i.exec(url);
    const protocol = match?.[1]?.toLowerCase();
    if (protocol !== undefined && protocol !== 'http' && protocol !== 'https') {
      throw new ApiError({ url, info: { protocol } }, ERROR_MESSAGES.unsupportedProtocol);
    }
  }

  function prepare(
    rawUrl: string,
    method: string,
    headersInit: HeadersInit | undefined,
    body: BodyInit | null | undefined,
    signal: AbortSignal | undefined,
    timeoutMs: number | undefined,
  ): TPrepared {
    const upper = method.toUpperCase();
    const { url, trusted: isTrusted } = resolveUrl(rawUrl);
    assertProtocol(url);
    const headers = new Headers();
    if (isTrusted) {
      headers.set(PAGE_REQUEST_ID_HEADER, deps.pageRequestId);
      if (upper !== 'GET' && upper !== 'HEAD') {
        const tracking = deps.getTrackingHeader?.();
        if (tracking) headers.set(TRACKING_HEADER, tracking);
      }
      const token = deps.getToken();
      if (token) headers.set(AUTHORIZATION_HEADER, `Bearer ${token}`);
    }
    // Caller headers win over the injected ones.
    new Headers(headersInit).forEach((value, name) => headers.set(name, value));

    let finalBody: BodyInit | null = body ?? null;
    if (upper === 'GET' || upper === 'HEAD') {
      finalBody = null;
    } else if (finalBody === null) {
      if (upper === 'POST') finalBody = '';
      if (upper === 'PUT' || upper === 'PATCH') {
        finalBody = '{}';
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      }
    }
    return { url, method: upper, headers, body: finalBody, signal, timeoutMs: timeoutMs ?? defaultTimeout };
  }

  /** One attempt: fetch plus `read(response)`, both within the timeout. */
  async function attempt<R>(
    prepared: TPrepared,
    token: string | null,
    read: (response: Response) => Promise<R>,
  ): Promise<TAttempt<R>> {
    const { url, signal: callerSignal } = prepared;
    if (callerSignal?.aborted) throw new ApiAbortedError({ url, status: undefined, cause: callerSignal.reason });
    const controller = new AbortController();
    let timedOut = false;
    const cancelTimer = schedule(() => {
      timedOut = true;
      controller.abort(new Error(ERROR_MESSAGES.timeoutExceeded));
    }, prepared.timeoutMs);
    const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

    const headers = new Headers(prepared.headers);
    if (token) headers.set(AUTHORIZATION_HEADER, `Bearer ${token}`);

    const mapError = (error: unknown): ApiRequestError => {
      if (error instanceof ApiRequestError) return error;
      if (timedOut) return new ApiTimeoutError({ url, cause: error, info: { timeoutMs: prepared.timeoutMs } });
      if (callerSignal?.aborted) return new ApiAbortedError({ url, cause: error });
      return new ApiNetworkError({ url, cause: error });
    };

    try {
      let response: Response;
      try {
        const init: RequestInit = { method: prepared.method, headers, body: prepared.body, signal: controller.signal };
        if (deps.credentials) init.credentials = deps.credentials;
        response = await deps.fetch(url, init);
      } catch (error) {
        throw mapError(error);
      }
      try {
        const result = await read(response);
        return { response, result };
      } catch (error) {
        if (timedOut || callerSignal?.aborted) throw mapError(error);
        throw error instanceof ApiRequestError
          ? error
          : new ApiError({ url, status: response.status, cause: error }, 'The response could not be read');
      }
    } finally {
      cancelTimer();
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  function withoutAuthorization(prepared: TPrepared): TPrepared {
    const headers = new Headers(prepared.headers);
    headers.delete(AUTHORIZATION_HEADER);
    return { ...prepared, headers };
  }

  /** A token newer than `usedToken`: someone else's refresh result, or one shared refresh. */
  async function freshToken(usedToken: string | null): Promise<string | null> {
    const current = deps.getToken() ?? null;
    if (current && current !== usedToken) return current;
    if (!deps.refreshIdentity) return null;
    if (!refreshInFlight) {
      const pending = deps.refreshIdentity();
      refreshInFlight = pending;
      const clear = (): void => {
        if (refreshInFlight === pending) refreshInFlight = null;
      };
      pending.then(clear, clear);
    }
    return refreshInFlight;
  }

  /**
   * Runs the request; on a 401 that carried an authorization header, refreshes once and retries
   * once. Answers the last attempt and, when the refresh itself failed, its error.
   */
  async function execute<R>(
    prepared: TPrepared,
    read: (response: Response) => Promise<R>,
  ): Promise<TAttempt<R> & { refreshError?: unknown }> {
    const auth = prepared.headers.get(AUTHORIZATION_HEADER);
    const usedToken = auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : null;
    const first = await attempt(prepared, null, read);
    if (first.response.status !== HTTP_STATUS.unauthorized || !auth || !deps.refreshIdentity) return first;
    let token: string | null;
    try {
      token = await freshToken(usedToken);
    } catch (error) {
      // The refresh found no sign-in left (the store dropped the identity): the single retry goes
      // as a visitor, so a page that also serves visitors still loads; others answer 401 again.
      if (!deps.getToken())
        return { ...(await attempt(withoutAuthorization(prepared), null, read)), refreshError: error };
      return { ...first, refreshError: error };
    }
    if (!token) return deps.getToken() ? first : attempt(withoutAuthorization(prepared), null, read);
    return attempt(prepared, token, read);
  }

  async function readData(response: Response, method: string, responseType: TResponseType): Promise<unknown> {
    if (method === 'HEAD' || response.status === HTTP_STATUS.noContent || NO_BODY_STATUSES.has(response.status)) {
      return undefined;
    }
    if (!response.ok) return readErrorData(response);
    switch (responseType) {
      case 'blob':
        return response.blob();
      case 'arrayBuffer':
        return response.arrayBuffer();
      case 'text':
        return response.text();
      case 'json':
        return parseJsonText(await response.text(), response);
      case 'auto':
      default: {
        const text = await response.text();
        if (isJsonContentType(response.headers.get('content-type'))) return parseJsonText(text, response);
        return text === '' ? undefined : text;
      }
    }
  }

  function parseJsonText(text: string, response: Response): unknown {
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new ApiError(
        { url: response.url, status: response.status, data: text, cause: error },
        'The response is not valid JSON',
      );
    }
  }

  async function readErrorData(response: Response): Promise<unknown> {
    const text = await response.text();
    if (text === '') return undefined;
    if (isJsonContentType(response.headers.get('content-type'))) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    }
    return text;
  }

  async function requestWithMeta<T>(options: TRequestOptions): Promise<TResponseMeta<T>> {
    const body: BodyInit | null | undefined =
      options.body === undefined || options.body === null
        ? undefined
        : isPlainJsonBody(options.body)
          ? JSON.stringify(options.body)
          : (options.body as BodyInit);
    const headers = new Headers(options.headers);
    if (body !== undefined && isPlainJsonBody(options.body) && !headers.has('content-type')) {
      headers.set('content-type', 'application/json');
    }
    const prepared = prepare(options.url, options.method, headers, body, options.signal, options.timeoutMs);
    const responseType = options.responseType ?? 'auto';
    const { response, result, refreshError } = await execute(prepared, (r) =>
      readData(r, prepared.method, responseType),
    );

    if (!response.ok) {
      const common = { url: prepared.url, data: result, info: { method: prepared.method } };
      if (response.status === HTTP_STATUS.unauthorized) {
        throw new ApiAuthTokenError(refreshError === undefined ? common : { ...common, cause: refreshError });
      }
      throw new ApiError({ ...common, status: response.status });
    }
    return {
      data: result as T,
      paging: readPagingHeader(response.headers),
      status: response.status,
      headers: response.headers,
    };
  }

  async function request<T>(options: TRequestOptions): Promise<T> {
    return (await requestWithMeta<T>(options)).data;
  }

  /** fetch-compatible entry point (tRPC links). Error statuses come back as Responses. */
  async function fetchCompatible(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    let url: string;
    let method = init?.method;
    let headers: HeadersInit | undefined = init?.headers;
    let body: BodyInit | null | undefined = init?.body;
    let signal: AbortSignal | undefined = init?.signal ?? undefined;
    if (typeof Request !== 'undefined' && input instanceof Request) {
      url = input.url;
      method ??= input.method;
      const merged = new Headers(input.headers);
      new Headers(init?.headers).forEach((value, name) => merged.set(name, value));
      headers = merged;
      if (body === undefined && input.method !== 'GET' && input.method !== 'HEAD' && input.body) {
        body = await input.arrayBuffer();
      }
      signal ??= input.signal;
    } else {
      url = input instanceof URL ? input.href : String(input);
    }
    if (body instanceof ReadableStream) {
      // A stream can be sent only once; buffer it so the 401 retry can resend it.
      body = await new Response(body).arrayBuffer();
    }
    const prepared = prepare(url, method ?? 'GET', headers, body, signal, undefined);
    const { response, result } = await execute(prepared, (r) =>
      NO_BODY_STATUSES.has(r.status) || prepared.method === 'HEAD' ? Promise.resolve(null) : r.arrayBuffer(),
    );
    // The body was read inside the timeout; hand back an equivalent, unread Response.
    return new Response(result, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }

  /**
   * The access token a live stream opens with (renderer/live-link.ts): the current one, or, when
   * the server refused the stream's last connection with `refused` (expired, ended), a newer one:
   * another caller's refresh result, or one shared refresh. Null for a visitor, and when the
   * refresh found no sign-in left.
   */
  async function streamToken(refused: string | null): Promise<string | null> {
    const current = deps.getToken() ?? null;
    if (!refused || current !== refused) return current;
    return freshToken(refused).catch(() => deps.getToken() ?? null);
  }

  return { request, requestWithMeta, fetch: fetchCompatible, streamToken };
}
