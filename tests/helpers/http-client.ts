/**
 * A tiny browser-like HTTP client for integration tests: keeps cookies per origin, follows no
 * redirects by itself, sends JSON POSTs with the same-origin headers a browser would.
 */
export interface TResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  location: string | null;
}

export class TestBrowser {
  private readonly cookies = new Map<string, string>();
  /** The access token of the last answer that carried one. */
  accessToken: string | null = null;

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  private absorb(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /max-age=0\b/i.test(attribute.trim()) || /expires=thu, 01 jan 1970/i.test(attribute.trim()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string>; bearer?: string | null } = {},
  ): Promise<TResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const bearer = options.bearer === undefined ? this.accessToken : options.bearer;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (method !== 'GET' && method !== 'HEAD') {
      headers['content-type'] ??= 'application/json';
      headers.origin ??= this.baseUrl;
    }
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.json === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(options.json),
      redirect: 'manual',
    });
    this.absorb(response.headers);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    const token = (body as { accessToken?: unknown } | null)?.accessToken;
    if (typeof token === 'string') this.accessToken = token;
    return { status: response.status, headers: response.headers, body: body as T, location: response.headers.get('location') };
  }

  get<T = Record<string, unknown>>(path: string, options?: { headers?: Record<string, string>; bearer?: string | null }): Promise<TResponse<T>> {
    return this.request<T>('GET', path, options);
  }

  post<T = Record<string, unknown>>(path: string, json?: unknown, options?: { headers?: Record<string, string>; bearer?: string | null }): Promise<TResponse<T>> {
    return this.request<T>('POST', path, { ...options, json });
  }

  /** Calls a tRPC query or mutation over HTTP with the current access token. */
  async trpc<T = unknown>(kind: 'query' | 'mutation', path: string, input?: unknown): Promise<{ status: number; data: T | undefined; error: { message: string; data: { appCode: string; httpStatus: number } } | undefined }> {
    const response =
      kind === 'query'
        ? await this.get<{ result?: { data: T }; error?: never }>(`/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`)
        : await this.post<{ result?: { data: T }; error?: never }>(`/trpc/${path}`, input ?? {});
    const body = response.body as { result?: { data: T }; error?: { message: string; data: { appCode: string; httpStatus: number } } };
    return { status: response.status, data: body?.result?.data, error: body?.error };
  }
}

/** Decodes a JWT payload without verifying it (tests only). */
export function decodeJwt(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
