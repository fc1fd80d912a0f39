/**
 * Which member a provider identity belongs to. Identities are keyed by provider + subject, never by
 * e-mail alone: an e-mail only ever leads to a pending link that the member must confirm with their
 * password.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { IDToken, UserInfoResponse } from 'openid-client';
import { canonicalEmail, sameEmail } from '../../contracts/email-identity';
import { normalizeEmail } from '../../contracts/validation';
import type { TAppDeps } from '../../deps';
import { emailColumns, isUniqueViolationOn } from '../../services/accounts/registered-email';
import { refreshCookieName } from '../cookies';
import { familyOfToken, hashToken } from '../sessions';
import { verifyPendingLink } from './signed-tokens';

const USER_EMAIL_MAX = 50;
const USER_NAME_MAX = 100;
const USER_NAME_PART_MAX = 50;
const IDENTITY_EMAIL_MAX = 255;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the app keeps from the provider's ID token (and user info). */
export interface TSocialProfile {
  subject: string;
  /** Lower-cased, or null when absent or not an e-mail address. */
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
}

type TClaims = Pick<IDToken, 'sub'> & { readonly [claim: string]: unknown };

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length ? trimmed : null;
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

/**
 * The profile from the ID token's claims; when the ID token carries no e-mail (providers that keep
 * it to the user-info endpoint) the e-mail and its verification come from user info instead.
 */
export function profileFromClaims(idToken: TClaims, userInfo: UserInfoResponse | null = null): TSocialProfile {
  const emailSource: { readonly [claim: string]: unknown } = text(idToken.email) || !userInfo ? idToken : userInfo;
  const rawEmail = text(emailSource.email) ? normalizeEmail(text(emailSource.email) as string) : null;
  const email =
    rawEmail && EMAIL_PATTERN.test(rawEmail) && rawEmail.length <= IDENTITY_EMAIL_MAX && canonicalEmail(rawEmail)
      ? rawEmail
      : null;
  const pick = (claim: string): string | null =>
    text(idToken[claim]) ?? (userInfo ? text((userInfo as { readonly [claim: string]: unknown })[claim]) : null);
  return {
    subject: idToken.sub,
    email,
    emailVerified: email !== null && isTrue(emailSource.email_verified),
    name: pick('name'),
    givenName: pick('given_name'),
    familyName: pick('family_name'),
  };
}

/** The member already linked to this provider identity, if any. */
export async function findLinkedMember(
  deps: Pick<TAppDeps, 'db'>,
  provider: string,
  subject: string,
): Promise<{ userId: string; deleted: boolean } | null> {
  const identity = await deps.db.externalIdentity.findUnique({
    where: { provider_subject: { provider, subject } },
    include: { user: { select: { deletedAt: true } } },
  });
  return identity ? { userId: identity.userId, deleted: Boolean(identity.user.deletedAt) } : null;
}

export type TCurrentSignIn = { status: 'none' } | { status: 'member'; userId: string } | { status: 'impersonating' };

/**
 * The member behind the browser's refresh cookie, when it is a live sign-in (family not revoked or
 * past its absolute lifetime, token not expired and not re-used past the grace window).
 */
export async function currentSignIn(
  deps: Pick<TAppDeps, 'db' | 'config'>,
  request: FastifyRequest,
): Promise<TCurrentSignIn> {
  const raw = request.cookies[refreshCookieName(deps.config)];
  if (!raw) return { status: 'none' };
  const familyId = await familyOfToken(deps, raw);
  if (!familyId) return { status: 'none' };
  const now = Date.now();
  const [family, token] = await Promise.all([
    deps.db.refreshTokenFamily.findUnique({
      where: { id: familyId },
      include: { user: { select: { deletedAt: true } } },
    }),
    deps.db.refreshToken.findUnique({ where: { tokenHash: hashToken(raw) } }),
  ]);
  if (!family || family.revokedAt || family.absoluteExpiresAt.getTime() <= now || family.user.deletedAt)
    return { status: 'none' };
  if (!token || token.expiresAt.getTime() <= now) return { status: 'none' };
  if (token.usedAt && now - token.usedAt.getTime() > deps.config.refreshGraceMs) return { status: 'none' };
  if (family.impersonationSessionId) return { status: 'impersonating' };
  return { status: 'member', userId: family.userId };
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === 'P2002'
  );
}

export type TLinkResult = 'linked' | 'already-linked' | 'linked-elsewhere';

/** Links a provider identity to a member and records it in the audit log. */
export async function linkIdentity(
  deps: Pick<TAppDeps, 'db'>,
  input: {
    userId: string;
    provider: string;
    subject: string;
    email: string | null;
    via: 'signed-in' | 'password';
    ip?: string;
  },
): Promise<TLinkResult> {
  const existing = await findLinkedMember(deps, input.provider, input.subject);
  if (existing) return existing.userId === input.userId ? 'already-linked' : 'linked-elsewhere';
  try {
    await deps.db.$transaction([
      deps.db.externalIdentity.create({
        data: {
          id: randomUUID(),
          userId: input.userId,
          provider: input.provider,
          subject: input.subject,
          email: input.email,
        },
      }),
      deps.db.auditLog.create({
        data: {
          actorUserId: input.userId,
          subjectUserId: input.userId,
          action: 'identity.link-social',
          details: JSON.stringify({
            provider: input.provider,
            subject: input.subject,
            email: input.email,
            via: input.via,
          }),
          ip: input.ip ?? null,
        },
      }),
    ]);
    return 'linked';
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findLinkedMember(deps, input.provider, input.subject);
    return winner?.userId === input.userId ? 'already-linked' : 'linked-elsewhere';
  }
}

/**
 * The registered member holding this e-mail, and whether it has a password (then a pending link
 * confirmed by that password may join the identity to it).
 */
export async function findRegisteredMemberByEmail(
  deps: Pick<TAppDeps, 'db'>,
  email: string,
): Promise<{ id: string; hasPassword: boolean } | null> {
  const canonical = canonicalEmail(email);
  if (email.length > USER_EMAIL_MAX || !canonical) return null;
  const member = await deps.db.user.findUnique({
    where: { registeredEmail: canonical },
    select: { id: true, credential: { select: { userId: true } } },
  });
  return member ? { id: member.id, hasPassword: Boolean(member.credential) } : null;
}

function clip(value: string | null, max: number): string | null {
  if (!value) return null;
  const clipped = value.slice(0, max).trim();
  return clipped.length ? clipped : null;
}

/** Display names for a new member from the claims: name, else given + family name, else the e-mail's local part. */
export function namesFromProfile(profile: TSocialProfile): {
  name: string;
  firstName: string | null;
  lastName: string | null;
} {
  const joined = [profile.givenName, profile.familyName].filter((part): part is string => Boolean(part)).join(' ');
  const name =
    clip(profile.name ?? (joined || null) ?? profile.email?.split('@')[0] ?? null, USER_NAME_MAX) ?? 'Member';
  const [first, ...rest] = name.split(/\s+/);
  return {
    name,
    firstName: clip(profile.givenName ?? first ?? null, USER_NAME_PART_MAX),
    lastName: clip(profile.familyName ?? (rest.length ? rest.join(' ') : null), USER_NAME_PART_MAX),
  };
}

/**
 * Creates a registered member from the claims together with the provider identity, in one
 * transaction. The account takes the e-mail only when the provider verified it (then it counts as
 * confirmed and is claimed on the unique index, see registered-email.ts); an unverified address is
 * kept on the provider identity alone, so it never makes the account related to, or able to switch
 * into, anybody else's. When the same identity was created concurrently, answers the member that won;
 * when another registered account won the address, answers 'email-in-use'.
 */
export async function createSocialMember(
  deps: Pick<TAppDeps, 'db'>,
  provider: string,
  profile: TSocialProfile,
): Promise<string | 'email-in-use'> {
  const userId = randomUUID();
  const names = namesFromProfile(profile);
  const userEmail =
    profile.email &&
    profile.emailVerified &&
    profile.email.length <= USER_EMAIL_MAX &&
    canonicalEmail(profile.email) !== null
      ? profile.email
      : null;
  try {
    await deps.db.$transaction([
      deps.db.user.create({
        data: {
          id: userId,
          ...emailColumns(userEmail),
          registeredEmail: userEmail ? canonicalEmail(userEmail) : null,
          name: names.name,
          firstName: names.firstName,
          lastName: names.lastName,
          emailConfirmedAt: userEmail ? new Date() : null,
          // Every account has its settings row (and e-mail settings guid) from the start.
          settings: { create: { emailGuid: randomUUID() } },
        },
      }),
      deps.db.externalIdentity.create({
        data: { id: randomUUID(), userId, provider, subject: profile.subject, email: profile.email },
      }),
    ]);
    return userId;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findLinkedMember(deps, provider, profile.subject);
    if (winner) return winner.userId;
    if (isUniqueViolationOn(error, 'registered_email')) return 'email-in-use';
    throw error;
  }
}

/**
 * Redeems a pending-link token after a password log-in: links the identity to the member who just
 * proved the password, when the token is valid, names a configured provider and was issued for
 * that member's e-mail. Anything else is ignored (the log-in itself stands).
 */
export async function redeemPendingLink(
  deps: Pick<TAppDeps, 'db' | 'config'>,
  input: { userId: string; link: string | undefined; ip?: string },
): Promise<TLinkResult | 'ignored'> {
  if (!input.link) return 'ignored';
  const pending = verifyPendingLink(deps.config, input.link);
  if (!pending || !deps.config.oidcProviders.some((provider) => provider.id === pending.provider)) return 'ignored';
  const user = await deps.db.user.findUnique({ where: { id: input.userId }, select: { email: true, deletedAt: true } });
  if (!user || user.deletedAt || !sameEmail(user.email, pending.email)) return 'ignored';
  return linkIdentity(deps, {
    userId: input.userId,
    provider: pending.provider,
    subject: pending.subject,
    email: pending.email,
    via: 'password',
    ip: input.ip,
  });
}
