/**
 * A real OpenID Connect identity provider for tests (oidc-provider on 127.0.0.1, random port) with
 * one confidential client, PKCE required, accounts from an in-memory map the test controls, and
 * log-in and consent that complete on their own (no browser, no forms). Plus a tiny browser: a
 * cookie jar over fetch that follows redirects by hand, so a test can drive the whole flow.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider ships no type declarations and @types/oidc-provider is not installed; typed below.
import OidcProviderModule from 'oidc-provider';
import { buildServer, type TServer } from '../../server/app';
import { testDb } from './db';
import { testConfig } from './server';

// ---- The identity provider ------------------------------------------------------------------------

/** The claims an account at the test IdP releases. */
export interface TIdpAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
}

/** The slice of oidc-provider's API this helper uses. */
interface TInteractionDetails {
  uid: string;
  prompt: {
    name: string;
    details: {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
  };
  params: { client_id?: unknown; login_hint?: unknown };
  session?: { accountId?: string };
  grantId?: string;
}

interface TGrant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(indicator: string, scope: string): void;
  save(): Promise<string>;
}

interface TGrantModel {
  new (input: { accountId: string; clientId: string }): TGrant;
  find(id: string): Promise<TGrant | undefined>;
}

interface TProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<TInteractionDetails>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: TGrantModel;
}

type TProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => TProvider;
const OidcProvider = OidcProviderModule as TProviderConstructor;

export interface TTestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by subject; add or change them at any time. */
  accounts: Map<string, TIdpAccount>;
  /**
   * Who the next log-in interaction signs in as: a subject, `'deny'` (the user refuses: the IdP
   * answers error=access_denied), or null to pick the account whose e-mail is the login_hint.
   */
  nextLogin: string | 'deny' | null;
  /** The OIDC_PROVIDERS entry for the app. */
  providerEntry(
    id: string,
    label?: string,
  ): { id: string; label: string; issuer: string; clientId: string; clientSecret: string };
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (for servers whose configuration must know their own address). */
export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function signingJwk(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ...privateKey.export({ format: 'jwk' }),
    kid: `test-${randomBytes(4).toString('hex')}`,
    use: 'sig',
    alg: 'RS256',
  };
}

export async function startTestIdp(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<TTestIdp> {
  const clientId = options.clientId ?? 'gifting-test';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const accounts = new Map<string, TIdpAccount>();
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server: Server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: (): boolean => true },
    jwks: { keys: [signingJwk()] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    interactions: {
      url: async (_ctx: unknown, interaction: { uid: string }): Promise<string> => `/interaction/${interaction.uid}`,
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async (): Promise<TIdpAccount> => ({ ...account, sub }) };
    },
  });

  const idp: TTestIdp = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    nextLogin: null,
    providerEntry: (id, label = 'Test IdP') => ({ id, label, issuer, clientId, clientSecret }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  const interact = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const hinted =
        typeof details.params.login_hint === 'string'
          ? [...accounts.values()].find((a) => a.email === details.params.login_hint)?.sub
          : undefined;
      const accountId = idp.nextLogin ?? hinted;
      if (!accountId || accountId === 'deny' || !accounts.has(accountId)) {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The user did not sign in' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    if (details.prompt.name === 'consent') {
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({
            accountId: String(details.session?.accountId),
            clientId: String(details.params.client_id),
          });
      if (!grant) throw new Error('grant not found');
      const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
      if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
      if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, scopes.join(' '));
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    res.writeHead(501, { 'content-type': 'text/plain' }).end(`prompt ${details.prompt.name} is not handled`);
  };

  const oidcCallback = provider.callback();
  handler = (req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (req.method === 'GET' && /^\/interaction\/[^/]+\/?$/.test(path)) {
      interact(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(error instanceof Error ? error.message : 'interaction failed');
      });
      return;
    }
    oidcCallback(req, res);
  };
  return idp;
}

// ---- A tiny browser ---------------------------------------------------------------------------------

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

/** A browser: one cookie jar, manual redirects, JSON posts with our own Origin. */
export class TestBrowser {
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

// ---- The app wired to the IdP -----------------------------------------------------------------------

export interface TSocialTestEnvironment {
  idp: TTestIdp;
  app: TServer;
  baseUrl: string;
  idpId: string;
  close(): Promise<void>;
}

/**
 * Starts a test IdP and the monolith configured with it (PUBLIC_URL is the app's real address, so
 * the redirect_uri registered at the IdP is the one the app sends). No authExtensions are passed:
 * the app's own default (social sign-in when OIDC_PROVIDERS is set) is what gets tested.
 */
export async function startSocialTestEnvironment(
  options: { idpId?: string; env?: Record<string, string> } = {},
): Promise<TSocialTestEnvironment> {
  const idpId = options.idpId ?? 'test';
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const idp = await startTestIdp({ redirectUris: [`${baseUrl}/auth/v2/oidc/callback/${idpId}/`] });
  const config = testConfig({
    PUBLIC_URL: baseUrl,
    OIDC_PROVIDERS: JSON.stringify([idp.providerEntry(idpId)]),
    ...options.env,
  });
  const app = await buildServer(config, { db: testDb() });
  try {
    await app.listen({ host: '127.0.0.1', port });
  } catch (error) {
    await app.close();
    await idp.close();
    throw error;
  }
  return {
    idp,
    app,
    baseUrl,
    idpId,
    close: async () => {
      await app.close();
      await idp.close();
    },
  };
}
