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

export { NavigatingBrowser as TestBrowser, type TNavigation } from './http-client';

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
