/**
 * Sign-ins (refresh-token families) and the tokens issued for them.
 *
 * Refresh tokens are opaque random values kept only as sha256 hashes and rotated on every use. The
 * successor of a token is derived from it (HMAC with a server key), so a second request presenting
 * the same token within the grace window (REFRESH_GRACE_SECONDS, default 30 s: two tabs refreshing
 * at once) gets the very same successor: one family, never two. Presenting a used token after the
 * grace window is treated as theft: the whole family is revoked. Families also end after an idle
 * lifetime (REFRESH_IDLE_DAYS, per token) and an absolute one (REFRESH_ABSOLUTE_DAYS, per family).
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { TCache } from '../cache';
import type { TConfig } from '../config';
import type { TDb } from '../db/client';
import { AppError } from '../errors';
import { forgetFamilies, revokeFamiliesWhere } from './revocation';
import { isStaff, loadAccount, type TAccount } from './roles';
import { canSwitch } from './switching';
import { signAccessToken, type TIdentityClaims } from './tokens';
import { retryOnDeadlock } from '../db/retry';

type TSessionDeps = { db: TDb; config: TConfig };

export interface TIssuedTokens {
  accessToken: string;
  auditToken: string | null;
  expires: number;
  userId: string;
}

export interface TStartedSession extends TIssuedTokens {
  refreshToken: string;
  familyId: string;
}

export function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

function refreshKey(config: TConfig): Buffer {
  const material = config.jwt.algorithm === 'HS256' ? config.jwt.secret : config.jwt.privateKey;
  return createHash('sha256').update(`refresh-rotation:${material}`).digest();
}

function successorOf(config: TConfig, raw: string): string {
  return createHmac('sha256', refreshKey(config)).update(raw).digest('base64url');
}

export async function startSession(
  deps: TSessionDeps,
  input: {
    userId: string;
    identityProvider?: string | null;
    scope?: string[];
    /** The sign-in itself proved the account's e-mail (a mailed link, a provider-verified address). */
    emailProven?: boolean;
    userAgent?: string;
    ip?: string;
  },
): Promise<TStartedSession> {
  const now = Date.now();
  const familyId = randomUUID();
  const refreshToken = randomBytes(32).toString('base64url');
  await deps.db.refreshTokenFamily.create({
    data: {
      id: familyId,
      userId: input.userId,
      identityProvider: input.identityProvider ?? null,
      scope: input.scope?.length ? input.scope.join(' ') : null,
      emailProven: input.emailProven ?? false,
      absoluteExpiresAt: new Date(now + deps.config.refreshAbsoluteMs),
      userAgent: input.userAgent?.slice(0, 255) ?? null,
      ip: input.ip ?? null,
      tokens: {
        create: {
          id: randomUUID(),
          tokenHash: hashToken(refreshToken),
          expiresAt: new Date(now + deps.config.refreshIdleMs),
        },
      },
    },
  });
  const tokens = await issueTokensForFamily(deps, familyId);
  if (!tokens) throw new AppError('UNAUTHENTICATED');
  return { ...tokens, refreshToken, familyId };
}

export type TRotation =
  | { status: 'rotated'; refreshToken: string; familyId: string }
  | { status: 'invalid' }
  | { status: 'reused'; familyId: string };

/** Rotates a refresh token (see the module comment for the grace window and re-use rules). */
export async function rotateRefreshToken(deps: TSessionDeps & { cache: TCache }, raw: string): Promise<TRotation> {
  const now = new Date();
  const hash = hashToken(raw);
  const successor = successorOf(deps.config, raw);
  // Two rotations of one token at once may deadlock; the retry sees the token used (grace window).
  const result = await retryOnDeadlock(() =>
    deps.db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string; family_id: string; used_at: Date | null; expires_at: Date }[]>`
      SELECT id, family_id, used_at, expires_at FROM refresh_tokens WHERE token_hash = ${hash} FOR UPDATE`;
      const token = rows[0];
      if (!token) return { status: 'invalid' } as const;
      const family = await tx.refreshTokenFamily.findUnique({ where: { id: token.family_id } });
      if (!family || family.revokedAt || family.absoluteExpiresAt <= now) return { status: 'invalid' } as const;
      if (token.used_at) {
        const withinGrace = now.getTime() - token.used_at.getTime() <= deps.config.refreshGraceMs;
        const successorRow = await tx.refreshToken.findUnique({ where: { tokenHash: hashToken(successor) } });
        if (withinGrace && successorRow && !successorRow.usedAt) {
          return { status: 'rotated', refreshToken: successor, familyId: family.id } as const;
        }
        await tx.refreshTokenFamily.update({
          where: { id: family.id },
          data: { revokedAt: now, revokedReason: 'reuse-detected' },
        });
        await tx.auditLog.create({
          data: {
            actorUserId: family.userId,
            action: 'session.reuse-detected',
            details: JSON.stringify({ familyId: family.id }),
          },
        });
        return { status: 'reused', familyId: family.id } as const;
      }
      if (token.expires_at <= now) return { status: 'invalid' } as const;
      await tx.refreshToken.update({ where: { id: token.id }, data: { usedAt: now } });
      await tx.refreshToken.create({
        data: {
          id: randomUUID(),
          familyId: family.id,
          tokenHash: hashToken(successor),
          expiresAt: new Date(now.getTime() + deps.config.refreshIdleMs),
        },
      });
      await tx.refreshTokenFamily.update({ where: { id: family.id }, data: { lastUsedAt: now } });
      return { status: 'rotated', refreshToken: successor, familyId: family.id } as const;
    }),
  );
  if (result.status === 'reused') await forgetFamilies(deps.cache, [result.familyId]);
  return result;
}

type TRevokeDeps = { db: TDb; cache: TCache };

/** Ends one sign-in; its access tokens stop working at the next request (revocation.ts). */
export async function revokeFamily(deps: TRevokeDeps, familyId: string, reason: string): Promise<void> {
  await forgetFamilies(deps.cache, await revokeFamiliesWhere(deps.db, { id: familyId }, reason));
}

/** Ends every sign-in of a member, or every other one when `except` names the current one. */
export async function revokeAllFamilies(
  deps: TRevokeDeps,
  userId: string,
  reason: string,
  options: { except?: string | null } = {},
): Promise<void> {
  const where = { userId, ...(options.except ? { id: { not: options.except } } : {}) };
  await forgetFamilies(deps.cache, await revokeFamiliesWhere(deps.db, where, reason));
}

/** The family behind a raw refresh token, without rotating it (for logout). */
export async function familyOfToken(deps: Pick<TSessionDeps, 'db'>, raw: string): Promise<string | null> {
  const token = await deps.db.refreshToken.findUnique({
    where: { tokenHash: hashToken(raw) },
    select: { familyId: true },
  });
  return token?.familyId ?? null;
}

/**
 * The sign-in behind a page request's refresh cookie, read without rotating it, when it is a plain
 * one: an unused, unexpired token of a live family signed in as the member themselves (neither
 * impersonating, switched into another account, nor a floater's invitation scope). The server
 * renders such a member's page with the member's own token (server/http/member-pages.ts); every
 * other sign-in gets the page that renders in the browser. null otherwise.
 */
export async function plainSessionOf(deps: Pick<TSessionDeps, 'db'>, raw: string): Promise<string | null> {
  const now = new Date();
  const token = await deps.db.refreshToken.findUnique({
    where: { tokenHash: hashToken(raw) },
    select: { usedAt: true, expiresAt: true, family: true },
  });
  if (!token || token.usedAt || token.expiresAt <= now) return null;
  const { family } = token;
  const plain =
    !family.revokedAt &&
    family.absoluteExpiresAt > now &&
    family.impersonationSessionId === null &&
    family.scope === null &&
    (family.activeUserId === null || family.activeUserId === family.userId);
  return plain ? family.id : null;
}

function claimsFor(account: TAccount, extra: Partial<TIdentityClaims> & { fam: string | null }): TIdentityClaims {
  return {
    sub: account.id,
    role: account.roles,
    locale: account.locale,
    testGroup: account.testGroup,
    isNoShow: account.isNoShow,
    facebookId: account.facebookId,
    hasOnlyFacebookLogin:
      !account.hasPassword && account.providers.length > 0 && account.providers.every((p) => p === 'facebook'),
    identityProvider: null,
    impersonatorUserId: null,
    impersonatorRoles: [],
    rootIdentity: account.id,
    ims: null,
    scope: [],
    ...extra,
  };
}

/** Ends an impersonation session (idempotent) and detaches it from its family. */
export async function endImpersonation(
  deps: Pick<TSessionDeps, 'db'>,
  sessionId: string,
  reason: string,
  ip?: string,
): Promise<void> {
  const session = await deps.db.impersonationSession.findUnique({ where: { id: sessionId } });
  if (!session) return;
  await deps.db.$transaction([
    deps.db.impersonationSession.updateMany({
      where: { id: sessionId, endedAt: null },
      data: { endedAt: new Date(), endReason: reason },
    }),
    deps.db.refreshTokenFamily.updateMany({
      where: { impersonationSessionId: sessionId },
      data: { impersonationSessionId: null },
    }),
    ...(session.endedAt
      ? []
      : [
          deps.db.auditLog.create({
            data: {
              actorUserId: session.staffUserId,
              subjectUserId: session.targetUserId,
              action: 'impersonation.stop',
              reason: reason,
              ip: ip ?? null,
            },
          }),
        ]),
  ]);
}

/**
 * Issues the access (and, while impersonating, audit) token for a sign-in, re-checking everything
 * that can change between refreshes: the account still exists, a switch is still allowed, an
 * impersonation has not expired and the staff member still holds a support role.
 */
export async function issueTokensForFamily(deps: TSessionDeps, familyId: string): Promise<TIssuedTokens | null> {
  const family = await deps.db.refreshTokenFamily.findUnique({
    where: { id: familyId },
    include: { impersonationSession: true },
  });
  if (!family || family.revokedAt) return null;
  const root = await loadAccount(deps.db, family.userId);
  if (!root || root.deletedAt) return null;
  const scope = family.scope ? family.scope.split(' ') : [];
  const rootClaims = claimsFor(root, { fam: family.id, identityProvider: family.identityProvider, scope });

  const session = family.impersonationSession;
  if (session) {
    const now = Date.now();
    const target = await loadAccount(deps.db, session.targetUserId);
    const problem = session.endedAt
      ? 'ended'
      : session.expiresAt.getTime() <= now
        ? 'expired'
        : !isStaff(root.roles)
          ? 'role-revoked'
          : !target || target.deletedAt
            ? 'target-gone'
            : null;
    if (problem || !target) {
      await endImpersonation(deps, session.id, problem ?? 'target-gone');
    } else {
      const remaining = Math.floor((session.expiresAt.getTime() - now) / 1000);
      const ttlSeconds = Math.max(1, Math.min(deps.config.accessTokenTtlSeconds, remaining));
      const staffRoles = root.roles;
      const impersonated = signAccessToken(
        deps.config,
        claimsFor(target, {
          fam: family.id,
          ims: session.id,
          role: [...new Set([...target.roles, ...staffRoles])],
          impersonatorUserId: root.id,
          impersonatorRoles: staffRoles,
          rootIdentity: root.id,
          identityProvider: family.identityProvider,
        }),
        { ttlSeconds },
      );
      const audit = signAccessToken(deps.config, rootClaims, { ttlSeconds });
      return {
        accessToken: impersonated.token,
        auditToken: audit.token,
        expires: impersonated.expires,
        userId: target.id,
      };
    }
  }

  if (family.activeUserId && family.activeUserId !== root.id) {
    const active = await loadAccount(deps.db, family.activeUserId);
    const session = { rootUserId: root.id, familyId: family.id };
    if (active && !active.deletedAt && (await canSwitch(deps.db, session, active.id))) {
      const switched = signAccessToken(
        deps.config,
        claimsFor(active, { fam: family.id, rootIdentity: root.id, identityProvider: family.identityProvider }),
      );
      return { accessToken: switched.token, auditToken: null, expires: switched.expires, userId: active.id };
    }
    await deps.db.refreshTokenFamily.update({ where: { id: family.id }, data: { activeUserId: null } });
  }

  const own = signAccessToken(deps.config, rootClaims);
  return { accessToken: own.token, auditToken: null, expires: own.expires, userId: root.id };
}
