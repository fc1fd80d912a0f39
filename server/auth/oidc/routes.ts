/**
 * OpenID Connect social sign-in (spec §7: the browser goes to /auth/v2/login/?idp=...&returnurl=...&lh=...).
 *
 * Start: authorization code flow with PKCE (S256), state and nonce, kept in a short-lived signed
 * HttpOnly cookie. Callback: openid-client checks state, issuer, audience, nonce and the PKCE
 * exchange; any failure ends on /a/log-in/?error=social. The member is then found by provider +
 * subject, or linked to the member already signed in, or offered a password-confirmed link when a
 * password member has the verified e-mail, or else created.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { TOidcProviderConfig } from '../../config';
import { safeReturnUrl } from '../../contracts/return-url';
import { sameEmail } from '../../contracts/email-identity';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { isHttps, oidcCookieName } from '../cookies';
import { signInAnswer, type TAuthRouteExtensions } from '../routes';
import {
  createSocialMember,
  currentSignIn,
  findLinkedMember,
  findRegisteredMemberByEmail,
  linkIdentity,
  profileFromClaims,
  redeemPendingLink,
  type TSocialProfile,
} from './accounts';
import { oidcRegistryFor, type TOidcRegistry } from './providers';
import { OIDC_STATE_TTL_SECONDS, signOidcState, signPendingLink, verifyOidcState } from './signed-tokens';

export const SOCIAL_ERROR_URL = '/a/log-in/?error=social';

type TStartInput = Parameters<NonNullable<TAuthRouteExtensions['startSocialLogin']>>[0];

function stateCookieOptions(deps: Pick<TAppDeps, 'config'>): {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  path: '/';
} {
  return { httpOnly: true, sameSite: 'lax', secure: isHttps(deps.config), path: '/' };
}

function clearStateCookie(deps: Pick<TAppDeps, 'config'>, reply: FastifyReply): void {
  reply.clearCookie(oidcCookieName(deps.config), stateCookieOptions(deps));
}

function knownProvider(registry: TOidcRegistry, idp: string): TOidcProviderConfig {
  const provider = registry.find(idp);
  if (!provider) throw new AppError('NOT_FOUND', { message: 'Unknown sign-in provider' });
  return provider;
}

/** Sends the browser to the provider's authorization endpoint. */
export async function startSocialLogin(deps: TAppDeps, input: TStartInput): Promise<FastifyReply> {
  const { reply, request } = input;
  const registry = oidcRegistryFor(deps.config);
  const provider = knownProvider(registry, input.idp);
  let configuration: client.Configuration;
  try {
    configuration = await registry.clientConfiguration(provider);
  } catch (error) {
    request.log.error({ err: error, idp: provider.id }, 'OpenID Connect discovery failed');
    return reply.redirect(SOCIAL_ERROR_URL, 302);
  }
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const parameters: Record<string, string> = {
    redirect_uri: registry.redirectUri(provider.id),
    scope: provider.scope,
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  };
  const loginHint = input.loginHint?.trim();
  if (loginHint) parameters.login_hint = loginHint;
  const cookie = signOidcState(deps.config, {
    idp: provider.id,
    codeVerifier,
    state,
    nonce,
    returnUrl: safeReturnUrl(input.returnUrl),
  });
  reply.setCookie(oidcCookieName(deps.config), cookie, { ...stateCookieOptions(deps), maxAge: OIDC_STATE_TTL_SECONDS });
  reply.header('cache-control', 'no-store');
  return reply.redirect(client.buildAuthorizationUrl(configuration, parameters).href, 302);
}

/** Exchanges the code and answers the provider's verified profile, or null (logged) on any failure. */
async function completeCodeFlow(
  deps: TAppDeps,
  registry: TOidcRegistry,
  provider: TOidcProviderConfig,
  request: FastifyRequest,
  expected: { codeVerifier: string; state: string; nonce: string },
): Promise<TSocialProfile | null> {
  try {
    const configuration = await registry.clientConfiguration(provider);
    // The registered redirect_uri exactly, with the provider's response parameters.
    const currentUrl = new URL(registry.redirectUri(provider.id));
    const queryAt = request.url.indexOf('?');
    currentUrl.search = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) return null;
    const userInfo =
      typeof idToken.email !== 'string' && configuration.serverMetadata().userinfo_endpoint
        ? await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)
        : null;
    return profileFromClaims(idToken, userInfo);
  } catch (error) {
    request.log.warn({ err: error, idp: provider.id }, 'social sign-in failed');
    return null;
  }
}

type TResolution =
  | { kind: 'sign-in'; userId: string }
  | { kind: 'pending-link'; url: string }
  | { kind: 'refused'; error?: 'social-email-in-use' | 'social-unverified' };

/** Which member this identity signs in (see the module comment for the order). */
async function resolveMember(
  deps: TAppDeps,
  request: FastifyRequest,
  idp: string,
  profile: TSocialProfile,
  returnUrl: string,
): Promise<TResolution> {
  const linked = await findLinkedMember(deps, idp, profile.subject);
  if (linked) return linked.deleted ? { kind: 'refused' } : { kind: 'sign-in', userId: linked.userId };

  const signedIn = await currentSignIn(deps, request);
  if (signedIn.status === 'impersonating') return { kind: 'refused' };
  if (signedIn.status === 'member') {
    // An address the provider has not verified never joins an existing account, even the one
    // signed in here (a lured sign-in could otherwise attach someone else's provider account).
    if (profile.email && !profile.emailVerified) return { kind: 'refused', error: 'social-unverified' };
    const result = await linkIdentity(deps, {
      userId: signedIn.userId,
      provider: idp,
      subject: profile.subject,
      email: profile.email,
      via: 'signed-in',
      ip: request.ip,
    });
    if (result === 'linked-elsewhere') {
      const winner = await findLinkedMember(deps, idp, profile.subject);
      return winner && !winner.deleted ? { kind: 'sign-in', userId: winner.userId } : { kind: 'refused' };
    }
    return { kind: 'sign-in', userId: signedIn.userId };
  }

  // A verified address already registered: only that account's password may join the identity to
  // it. An unverified address never leads to an existing account (createSocialMember drops it).
  const holder = profile.email && profile.emailVerified ? await findRegisteredMemberByEmail(deps, profile.email) : null;
  if (holder?.hasPassword && profile.email) {
    const link = signPendingLink(deps.config, { provider: idp, subject: profile.subject, email: profile.email });
    const query = new URLSearchParams({ link, email: profile.email, returnurl: returnUrl });
    return { kind: 'pending-link', url: `/a/log-in/?${query.toString()}` };
  }
  if (holder) return { kind: 'refused', error: 'social-email-in-use' };

  const created = await createSocialMember(deps, idp, profile);
  if (created === 'email-in-use') return { kind: 'refused', error: 'social-email-in-use' };
  return { kind: 'sign-in', userId: created };
}

async function handleCallback(
  deps: TAppDeps,
  request: FastifyRequest<{ Params: { idp: string } }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const registry = oidcRegistryFor(deps.config);
  const provider = knownProvider(registry, request.params.idp);
  reply.header('cache-control', 'no-store');
  const cookie = request.cookies[oidcCookieName(deps.config)];
  clearStateCookie(deps, reply);
  const saved = cookie ? verifyOidcState(deps.config, cookie) : null;
  if (!saved || saved.idp !== provider.id) {
    request.log.warn({ idp: provider.id }, 'social sign-in without a valid state cookie');
    return reply.redirect(SOCIAL_ERROR_URL, 302);
  }
  const profile = await completeCodeFlow(deps, registry, provider, request, saved);
  if (!profile) return reply.redirect(SOCIAL_ERROR_URL, 302);

  const returnUrl = safeReturnUrl(saved.returnUrl);
  const resolution = await resolveMember(deps, request, provider.id, profile, returnUrl);
  switch (resolution.kind) {
    case 'refused':
      return reply.redirect(resolution.error ? `/a/log-in/?error=${resolution.error}` : SOCIAL_ERROR_URL, 302);
    case 'pending-link':
      return reply.redirect(resolution.url, 302);
    case 'sign-in': {
      // A provider-verified address that is this account's own proves it for this sign-in.
      const member = await deps.db.user.findUnique({ where: { id: resolution.userId }, select: { email: true } });
      const emailProven = Boolean(profile.emailVerified && profile.email && sameEmail(member?.email, profile.email));
      await signInAnswer(deps, request, reply, resolution.userId, { identityProvider: provider.id, emailProven });
      return reply.redirect(returnUrl, 302);
    }
  }
}

/** GET /auth/v2/oidc/callback/:idp/ — the redirect_uri registered with each provider. */
export function oidcRoutes(deps: TAppDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get<{ Params: { idp: string } }>('/auth/v2/oidc/callback/:idp/', (request, reply) =>
      handleCallback(deps, request, reply),
    );
  };
}

/** The /auth/v2 hooks: social sign-in start and pending-link redemption after a password log-in. */
export function oidcAuthExtensions(deps: TAppDeps): TAuthRouteExtensions {
  return {
    startSocialLogin: (input) => startSocialLogin(deps, input),
    onPasswordLogIn: async ({ userId, link, request }) => {
      const result = await redeemPendingLink(deps, { userId, link, ip: request.ip });
      if (result === 'linked-elsewhere')
        request.log.warn({ userId }, 'pending social link ignored: identity belongs to another member');
    },
  };
}
