/**
 * Browser-like HTTP clients for integration tests: a cookie jar with the browser's rules, redirects
 * not followed unless asked, JSON POSTs with the same-origin headers a browser would send.
 */
interface TStoredCookie {
  name: string;
  value: string;
  path: string;
  expiresAt: number | null;
}

function defaultPath(pathname: string): string {
  const cut = pathname.lastIndexOf('/');
  return cut <= 0 ? '/' : pathname.slice(0, cut);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/';
}

/**
 * Cookies per host name (like a browser, cookies are not separated by port), with Path, Max-Age
 * and Expires; enough for the app's and the IdP's cookies.
 */
export class CookieJar {
  private readonly byHost = new Map<string, Map<string, TStoredCookie>>();

  store(url: URL, setCookieHeaders: string[]): void {
    const cookies = this.byHost.get(url.hostname) ?? new Map<string, TStoredCookie>();
    this.byHost.set(url.hostname, cookies);
    for (const header of setCookieHeaders) {
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const cookie: TStoredCookie = {
        name: pair.slice(0, eq).trim(),
        value: pair.slice(eq + 1).trim(),
        path: defaultPath(url.pathname),
        expiresAt: null,
      };
      let maxAge: number | null = null;
      for (const attribute of attributes) {
        const [rawKey = '', ...rest] = attribute.split('=');
        const key = rawKey.trim().toLowerCase();
        const value = rest.join('=').trim();
        if (key === 'path' && value.startsWith('/')) cookie.path = value;
        else if (key === 'max-age' && /^-?\d+$/.test(value)) maxAge = Number(value);
        else if (key === 'expires' && !Number.isNaN(Date.parse(value))) cookie.expiresAt = Date.parse(value);
      }
      if (maxAge !== null) cookie.expiresAt = Date.now() + maxAge * 1000;
      const key = `${cookie.name};${cookie.path}`;
      if (cookie.expiresAt !== null && cookie.expiresAt <= Date.now()) cookies.delete(key);
      else cookies.set(key, cookie);
    }
  }

  /** The Cookie header for a request to this URL. */
  header(url: URL): string {
    const now = Date.now();
    const matching = [...(this.byHost.get(url.hostname)?.values() ?? [])]
      .filter(
        (cookie) => (cookie.expiresAt === null || cookie.expiresAt > now) && pathMatches(url.pathname, cookie.path),
      )
      .sort((a, b) => b.path.length - a.path.length);
    return matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  }

  /** The value of a cookie as the browser would send it to this URL. */
  get(url: URL | string, name: string): string | undefined {
    const target = typeof url === 'string' ? new URL(url) : url;
    for (const part of this.header(target).split('; ')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq) === name) return part.slice(eq + 1);
    }
    return undefined;
  }

  /** Replaces (or sets) a cookie's value for a host, keeping its path (for tampering tests). */
  set(url: URL | string, name: string, value: string, path = '/'): void {
    const target = typeof url === 'string' ? new URL(url) : url;
    const cookies = this.byHost.get(target.hostname) ?? new Map<string, TStoredCookie>();
    this.byHost.set(target.hostname, cookies);
    cookies.set(`${name};${path}`, { name, value, path, expiresAt: null });
  }
}

export interface TNavigation {
  /** Every URL requested, in order. */
  visited: string[];
  /** The last response received. */
  response: Response;
  /** Where the chain stopped: the redirect target `until` accepted, else the last URL requested. */
  url: URL;
}

/** A browser across hosts (the app and an IdP): one cookie jar, redirects followed by hand, JSON posts with our own Origin. */
export class NavigatingBrowser {
  constructor(readonly jar: CookieJar = new CookieJar()) {}

  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = this.jar.header(target);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.jar.store(target, response.headers.getSetCookie());
    return response;
  }

  /**
   * GETs a URL and follows redirects until one points somewhere `until` accepts (not requested) or
   * a response is not a redirect.
   */
  async navigate(
    url: string | URL,
    options: { until?: (next: URL) => boolean; maxRedirects?: number } = {},
  ): Promise<TNavigation> {
    const visited: string[] = [];
    let current = new URL(url);
    for (let hop = 0; hop <= (options.maxRedirects ?? 20); hop += 1) {
      visited.push(current.href);
      const response = await this.request(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { visited, response, url: current };
      await response.arrayBuffer();
      const next = new URL(location, current);
      if (options.until?.(next)) return { visited, response, url: next };
      current = next;
    }
    throw new Error(`Too many redirects: ${visited.join(' -> ')}`);
  }

  /** A same-site JSON POST (the /auth/v2 endpoints refuse anything else). */
  async postJson(url: string | URL, body: unknown): Promise<Response> {
    const target = new URL(url);
    return this.request(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: target.origin },
      body: JSON.stringify(body),
    });
  }
}

export interface TResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  location: string | null;
}

/** One app's API as a browser tab sees it: its cookies, its access token, JSON and tRPC calls. */
export class TestBrowser {
  private readonly jar = new CookieJar();
  /** The access token of the last answer that carried one. */
  accessToken: string | null = null;

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.jar.get(this.baseUrl, name);
  }

  setCookie(name: string, value: string): void {
    this.jar.set(this.baseUrl, name, value);
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string>; bearer?: string | null } = {},
  ): Promise<TResponse<T>> {
    const url = new URL(`${this.baseUrl}${path}`);
    const headers: Record<string, string> = { ...options.headers };
    const cookie = this.jar.header(url);
    if (cookie) headers.cookie = cookie;
    const bearer = options.bearer === undefined ? this.accessToken : options.bearer;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (method !== 'GET' && method !== 'HEAD') {
      headers['content-type'] ??= 'application/json';
      headers.origin ??= this.baseUrl;
    }
    const response = await fetch(url, {
      method,
      headers,
      body: options.json === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(options.json),
      redirect: 'manual',
    });
    this.jar.store(url, response.headers.getSetCookie());
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    const token = (body as { accessToken?: unknown } | null)?.accessToken;
    if (typeof token === 'string') this.accessToken = token;
    return {
      status: response.status,
      headers: response.headers,
      body: body as T,
      location: response.headers.get('location'),
    };
  }

  get<T = Record<string, unknown>>(
    path: string,
    options?: { headers?: Record<string, string>; bearer?: string | null },
  ): Promise<TResponse<T>> {
    return this.request<T>('GET', path, options);
  }

  post<T = Record<string, unknown>>(
    path: string,
    json?: unknown,
    options?: { headers?: Record<string, string>; bearer?: string | null },
  ): Promise<TResponse<T>> {
    return this.request<T>('POST', path, { ...options, json });
  }

  /** Calls a tRPC query or mutation over HTTP with the current access token. */
  async trpc<T = unknown>(
    kind: 'query' | 'mutation',
    path: string,
    input?: unknown,
  ): Promise<{
    status: number;
    data: T | undefined;
    error: { message: string; data: { appCode: string; httpStatus: number } } | undefined;
  }> {
    const response =
      kind === 'query'
        ? await this.get<{ result?: { data: T }; error?: never }>(
            `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          )
        : await this.post<{ result?: { data: T }; error?: never }>(`/trpc/${path}`, input ?? {});
    const body = response.body as {
      result?: { data: T };
      error?: { message: string; data: { appCode: string; httpStatus: number } };
    };
    return { status: response.status, data: body?.result?.data, error: body?.error };
  }
}

/** Decodes a JWT payload without verifying it (tests only). */
export function decodeJwt(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
