/**
 * The /auth/v2 endpoints. Browser navigations (GET) redirect; state changes are same-site JSON
 * POSTs answering `{ accessToken, auditToken }` and setting the rotating refresh cookie.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { safeReturnUrl } from '../contracts/return-url';
import { ZUuid } from '../contracts/validation';
import type { TAppDeps } from '../deps';
import { AppError } from '../errors';
import { parseInput } from '../rest/validate';
import {
  ZChangeEmailInput,
  ZChangePasswordInput,
  changePassword,
  confirmEmailChange,
  requestEmailChange,
} from '../services/accounts/change-credentials';
import { confirmEmailByCode, confirmEmailByLink } from '../services/accounts/confirm-email';
import { LOGIN_FAILED_MESSAGE, ZLogInInput, logIn } from '../services/accounts/log-in';
import {
  ZResetPasswordInput,
  ZResetRequestInput,
  requestPasswordReset,
  resetPassword,
} from '../services/accounts/reset-password';
import { sendConfirmationEmail } from '../services/accounts/send-confirmation-email';
import { ZSetPasswordInput, registerFloater } from '../services/accounts/set-password';
import { ZSignUpInput, signUp } from '../services/accounts/sign-up';
import { assertNotChildAccount } from '../services/people/access';
import { refreshCookieName, refreshCookieOptions } from './cookies';
import { assertSameSite, assertSameSiteJsonPost } from './csrf';
import { verifyFloaterLinkToken } from './floater-links';
import { refuseWhileImpersonating, startImpersonation } from './impersonation';
import {
  endImpersonation,
  familyOfToken,
  issueTokensForFamily,
  revokeFamily,
  rotateRefreshToken,
  startSession,
  type TIssuedTokens,
  type TStartedSession,
} from './sessions';
import { spendMailBudget } from './mail-budget';
import { assertSessionProvesEmail, isManagedChildOf, isSwitchTarget } from './switching';
import type { TVerifiedIdentity } from './tokens';

export interface TTokenAnswer {
  accessToken: string | null;
  auditToken: string | null;
}

/** Hooks other auth modules (social sign-in) plug into. */
export interface TAuthRouteExtensions {
  /** Called after a successful password log-in with the body's `link` value (pending social link). */
  onPasswordLogIn?: (input: { userId: string; link: string | undefined; request: FastifyRequest }) => Promise<void>;
  /** Handles /auth/v2/login/ when `idp` is given (the social sign-in start). */
  startSocialLogin?: (input: {
    idp: string;
    returnUrl: string;
    loginHint: string | undefined;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<FastifyReply>;
}

const NULL_TOKENS: TTokenAnswer = { accessToken: null, auditToken: null };

export function setRefreshCookie(deps: Pick<TAppDeps, 'config'>, reply: FastifyReply, refreshToken: string): void {
  reply.setCookie(refreshCookieName(deps.config), refreshToken, refreshCookieOptions(deps.config));
}

export function clearRefreshCookie(deps: Pick<TAppDeps, 'config'>, reply: FastifyReply): void {
  reply.clearCookie(refreshCookieName(deps.config), { ...refreshCookieOptions(deps.config), maxAge: undefined });
}

function tokenAnswer(tokens: TIssuedTokens): TTokenAnswer & { userId: string; expires: number } {
  return {
    accessToken: tokens.accessToken,
    auditToken: tokens.auditToken,
    userId: tokens.userId,
    expires: tokens.expires,
  };
}

/** Starts a sign-in for a member, sets the cookie and answers the tokens. */
export async function signInAnswer(
  deps: TAppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  options: { identityProvider?: string | null; scope?: string[]; emailProven?: boolean } = {},
): Promise<TStartedSession> {
  const session = await startSession(deps, {
    userId,
    identityProvider: options.identityProvider ?? null,
    scope: options.scope ?? [],
    emailProven: options.emailProven ?? false,
    userAgent: String(request.headers['user-agent'] ?? ''),
    ip: request.ip,
  });
  setRefreshCookie(deps, reply, session.refreshToken);
  return session;
}

function cookieToken(deps: Pick<TAppDeps, 'config'>, request: FastifyRequest): string | undefined {
  return request.cookies[refreshCookieName(deps.config)] || undefined;
}

/** The sign-in (family) behind the refresh cookie, for staff and switching actions. */
async function familyFromCookie(
  deps: TAppDeps,
  request: FastifyRequest,
): Promise<{ id: string; userId: string; impersonationSessionId: string | null }> {
  const raw = cookieToken(deps, request);
  const familyId = raw ? await familyOfToken(deps, raw) : null;
  const family = familyId ? await deps.db.refreshTokenFamily.findUnique({ where: { id: familyId } }) : null;
  if (!family || family.revokedAt) throw new AppError('UNAUTHENTICATED');
  return family;
}

function requireIdentity(request: FastifyRequest): TVerifiedIdentity {
  if (!request.identity) throw new AppError('UNAUTHENTICATED');
  return request.identity;
}

async function reissue(
  deps: TAppDeps,
  familyId: string | null,
): Promise<TTokenAnswer & { userId: string; expires: number }> {
  const tokens = familyId ? await issueTokensForFamily(deps, familyId) : null;
  if (!tokens) throw new AppError('UNAUTHENTICATED');
  return tokenAnswer(tokens);
}

const ZNavigationQuery = z.object({
  returnurl: z.string().optional(),
  idp: z.string().max(40).optional(),
  lh: z.string().max(254).optional(),
});
const ZCodeInput = z.object({ code: z.string().regex(/^\s*\d{6}\s*$/, 'Enter the six-digit code') });
const ZUidQuery = z.object({ uid: ZUuid, returnurl: z.string().optional() });

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export function authRoutes(deps: TAppDeps, extensions: TAuthRouteExtensions = {}) {
  return async (app: FastifyInstance): Promise<void> => {
    // ---- Tokens -------------------------------------------------------------------------------
    app.get('/auth/v2/refresh-token/', async (request, reply) => {
      assertSameSite(deps.config, request);
      reply.header('cache-control', 'no-store');
      const raw = cookieToken(deps, request);
      if (!raw) return NULL_TOKENS;
      const rotation = await rotateRefreshToken(deps, raw);
      if (rotation.status !== 'rotated') {
        clearRefreshCookie(deps, reply);
        return NULL_TOKENS;
      }
      setRefreshCookie(deps, reply, rotation.refreshToken);
      const tokens = await issueTokensForFamily(deps, rotation.familyId);
      if (!tokens) {
        clearRefreshCookie(deps, reply);
        return NULL_TOKENS;
      }
      return tokenAnswer(tokens);
    });

    // ---- Navigations --------------------------------------------------------------------------
    app.get('/auth/v2/login/', async (request, reply) => {
      const query = parseInput(ZNavigationQuery, request.query);
      const returnUrl = safeReturnUrl(query.returnurl);
      if (query.idp) {
        if (!extensions.startSocialLogin)
          throw new AppError('NOT_FOUND', { message: 'Social sign-in is not configured' });
        return extensions.startSocialLogin({ idp: query.idp, returnUrl, loginHint: query.lh, request, reply });
      }
      return reply.redirect(withQuery('/a/log-in/', { returnurl: returnUrl }), 302);
    });

    const logout = async (request: FastifyRequest): Promise<void> => {
      const raw = cookieToken(deps, request);
      const familyId = raw ? await familyOfToken(deps, raw) : null;
      if (familyId) {
        const family = await deps.db.refreshTokenFamily.findUnique({ where: { id: familyId } });
        if (family?.impersonationSessionId)
          await endImpersonation(deps, family.impersonationSessionId, 'logged-out', request.ip);
        await revokeFamily(deps, familyId, 'logout');
      }
    };
    // A navigation never logs out (a cross-site link or image could): it shows the log-out
    // confirmation, whose button sends the same-site POST below.
    app.get('/auth/v2/logout/', async (request, reply) => {
      const query = parseInput(ZNavigationQuery, request.query);
      return reply.redirect(withQuery('/a/log-out/', { returnurl: safeReturnUrl(query.returnurl, '/') }), 302);
    });
    app.post('/auth/v2/logout/', async (request, reply) => {
      assertSameSiteJsonPost(deps.config, request);
      await logout(request);
      clearRefreshCookie(deps, reply);
      return { ok: true };
    });

    app.get('/auth/v2/confirm-email/', async (request, reply) => {
      const { token } = parseInput(z.object({ token: z.string().max(200).default('') }), request.query);
      const confirmed = token ? await confirmEmailByLink(deps, token) : null;
      return reply.redirect(confirmed ? '/a/email-confirmed/' : '/a/email-confirmed/?status=invalid', 302);
    });

    app.get('/auth/v2/link/', async (request, reply) => {
      const { token } = parseInput(z.object({ token: z.string().max(4000).default('') }), request.query);
      const claims = token ? verifyFloaterLinkToken(deps.config, token) : null;
      const user = claims ? await deps.db.user.findUnique({ where: { id: claims.userId } }) : null;
      if (!claims || !user || user.deletedAt) return reply.redirect('/a/log-in/?link=expired', 302);
      // The link was mailed to this account's address: this sign-in has proven it.
      await signInAnswer(deps, request, reply, user.id, { scope: claims.scope, emailProven: true });
      return reply.redirect(safeReturnUrl(claims.returnUrl), 302);
    });

    app.get('/auth/v2/impersonate/', async (request, reply) => {
      const query = parseInput(ZUidQuery, request.query);
      return reply.redirect(
        withQuery('/auth/impersonate/', { uid: query.uid, returnurl: safeReturnUrl(query.returnurl) }),
        302,
      );
    });

    // Like log-out: the navigation only opens the confirmation; the switch is its same-site POST.
    app.get('/auth/v2/switch/', async (request, reply) => {
      const query = parseInput(ZUidQuery, request.query);
      return reply.redirect(
        withQuery('/switch-identity/', { uid: query.uid, returnurl: safeReturnUrl(query.returnurl) }),
        302,
      );
    });

    // ---- Accounts -----------------------------------------------------------------------------
    app.post('/auth/v2/sign-up/', async (request, reply) => {
      assertSameSiteJsonPost(deps.config, request);
      const input = parseInput(ZSignUpInput, request.body);
      await spendMailBudget(deps, { recipient: input.email, ip: request.ip });
      const { userId } = await signUp(deps, input);
      const session = await signInAnswer(deps, request, reply, userId);
      return reply.code(201).send({ ...tokenAnswer(session), next: '/a/code-confirm/' });
    });

    app.post('/auth/v2/log-in/', async (request, reply) => {
      assertSameSiteJsonPost(deps.config, request);
      const input = parseInput(ZLogInInput.extend({ link: z.string().max(4000).optional() }), request.body);
      const { userId } = await logIn(deps, input, request.ip);
      await extensions.onPasswordLogIn?.({ userId, link: input.link, request });
      return tokenAnswer(await signInAnswer(deps, request, reply, userId));
    });

    app.post('/auth/v2/confirm-code/', async (request) => {
      assertSameSiteJsonPost(deps.config, request);
      const identity = requireIdentity(request);
      await refuseWhileImpersonating(deps, { identity, action: 'Confirming an e-mail', ip: request.ip });
      const { code } = parseInput(ZCodeInput, request.body);
      await confirmEmailByCode(deps, { userId: identity.userId, code });
      return reissue(deps, identity.familyId);
    });

    app.post('/auth/v2/confirm-code/resend/', async (request) => {
      assertSameSiteJsonPost(deps.config, request);
      const identity = requireIdentity(request);
      await refuseWhileImpersonating(deps, { identity, action: 'Confirming an e-mail', ip: request.ip });
      await spendMailBudget(deps, { recipient: `user:${identity.userId}`, ip: request.ip });
      await sendConfirmationEmail(deps, identity.userId);
      return { ok: true };
    });

    app.post('/auth/v2/reset-password/request/', async (request, reply) => {
      assertSameSiteJsonPost(deps.config, request);
      const { email } = parseInput(ZResetRequestInput, request.body);
      await spendMailBudget(deps, { recipient: email, ip: request.ip });
      await requestPasswordReset(deps, { email });
      return reply.code(202).send({ ok: true });
    });

    app.post('/auth/v2/reset-password/', async (request, reply) => {
      assertSameSiteJsonPost(deps.config, request);
      if (request.identity)
        await refuseWhileImpersonating(deps, {
          identity: request.identity,
          action: 'Changing a password',
          ip: request.ip,
        });
      const input = parseInput(ZResetPasswordInput, request.body);
      const { userId } = await resetPassword(deps, input);
      return tokenAnswer(await signInAnswer(deps, request, reply, userId));
    });

    app.post('/auth/v2/set-password/', async (request) => {
      assertSameSiteJsonPost(deps.config, request);
      const identity = requireIdentity(request);
      await refuseWhileImpersonating(deps, { identity, action: 'Changing a password', ip: request.ip });
      const input = parseInput(ZSetPasswordInput, request.body);
      await registerFloater(deps, { userId: identity.userId, password: input.password, name: input.name });
      if (identity.familyId)
        await deps.db.refreshTokenFamily.update({ where: { id: identity.familyId }, data: { scope: null } });
      return reissue(deps, identity.familyId);
    });

    app.post('/auth/v2/change-password/', async (request) => {
      assertSameSiteJsonPost(deps.config, request);
      const identity = requireIdentity(request);
      await refuseWhileImpersonating(deps, { identity, action: 'Changing a password', ip: request.ip });
      const input = parseInput(ZChangePasswordInput, request.body);
      await changePassword(deps, { userId: identity.userId, familyId: identity.familyId, ...input, ip: request.ip });
      return { ok: true };
    });

    app.post('/auth/v2/change-email/', async (request, reply) => {
      assertSameSiteJsonPost(deps.config, request);
      const identity = requireIdentity(request);
      await refuseWhileImpersonating(deps, { identity, action: 'Changing an e-mail', ip: request.ip });
      const input = parseInput(ZChangeEmailInput, request.body);
      // Refused before any mail budget is spent (requestEmailChange checks it too).
      await assertNotChildAccount(deps.db, identity.userId);
      await spendMailBudget(deps, { recipient: input.newEmail, ip: request.ip });
      await requestEmailChange(deps, { userId: identity.userId, ...input, ip: request.ip });
      return reply.code(202).send({ ok: true });
    });

    app.post('/auth/v2/change-email/confirm/', async (request) => {
      assertSameSiteJsonPost(deps.config, request);
      const identity = requireIdentity(request);
      await refuseWhileImpersonating(deps, { identity, action: 'Changing an e-mail', ip: request.ip });
      const { code } = parseInput(ZCodeInput, request.body);
      const { email } = await confirmEmailChange(deps, { userId: identity.userId, code, ip: request.ip });
      return { ...(await reissue(deps, identity.familyId)), email };
    });

    // ---- Staff and switching --------------------------------------------------------------------
    app.post('/auth/v2/impersonate/', async (request) => {
      assertSameSiteJsonPost(deps.config, request);
      const input = parseInput(
        z.object({ uid: ZUuid, reason: z.string().max(500), returnurl: z.string().optional() }),
        request.body,
      );
      const family = await familyFromCookie(deps, request);
      await startImpersonation(deps, {
        familyId: family.id,
        staffUserId: family.userId,
        targetUserId: input.uid,
        reason: input.reason,
        ip: request.ip,
      });
      return { ...(await reissue(deps, family.id)), returnUrl: safeReturnUrl(input.returnurl) };
    });

    app.post('/auth/v2/impersonate/stop/', async (request) => {
      assertSameSiteJsonPost(deps.config, request);
      const family = await familyFromCookie(deps, request);
      if (family.impersonationSessionId)
        await endImpersonation(deps, family.impersonationSessionId, 'stopped', request.ip);
      return reissue(deps, family.id);
    });

    app.post('/auth/v2/switch/', async (request) => {
      assertSameSiteJsonPost(deps.config, request);
      const input = parseInput(z.object({ uid: ZUuid, returnurl: z.string().optional() }), request.body);
      const family = await familyFromCookie(deps, request);
      if (family.impersonationSessionId)
        throw new AppError('CONFLICT', { message: 'Stop impersonating before switching accounts' });
      const session = { rootUserId: family.userId, familyId: family.id };
      const intoChild = await isManagedChildOf(deps.db, family.userId, input.uid);
      if (input.uid !== family.userId && !intoChild) {
        await assertSessionProvesEmail(deps.db, {
          ...session,
          action: 'switch',
          targetUserId: input.uid,
          ip: request.ip,
        });
        if (!(await isSwitchTarget(deps.db, session.rootUserId, input.uid)))
          throw new AppError('FORBIDDEN', { message: 'You cannot switch to that account' });
      }
      await deps.db.refreshTokenFamily.update({
        where: { id: family.id },
        data: { activeUserId: input.uid === family.userId ? null : input.uid },
      });
      await deps.db.auditLog.create({
        data: { actorUserId: family.userId, subjectUserId: input.uid, action: 'identity.switch', ip: request.ip },
      });
      return { ...(await reissue(deps, family.id)), returnUrl: safeReturnUrl(input.returnurl) };
    });
  };
}

export { LOGIN_FAILED_MESSAGE };
