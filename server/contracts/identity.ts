/**
 * The identity decoded from an access token (spec §3) and the flags derived from it (spec §3, §6),
 * computed in one place for the server and the renderer alike.
 */
import { ROLES, isSupportRole } from './roles';

export interface TIdentity {
  /** Lower-case UUID. */
  userId: string;
  roles: string[];
  /** Seconds since the epoch. */
  created: number;
  /** Seconds since the epoch. */
  expires: number;
  locale: string;
  testGroup: number;
  isNoShow: boolean;
  facebookId: string | null;
  hasOnlyFacebookLogin: boolean;
  identityProvider: string | null;
  impersonatorUserId: string | null;
  impersonatorRoles: string[];
  /** The user id at the root of a chain of switches (self when not switched). */
  rootIdentity: string | null;
  /** The raw access token. */
  token: string;
  /** While impersonating: the token standing for the root identity (spec §6). */
  auditToken: string | null;
}

export interface TAuthFlags {
  isAuthenticated: boolean;
  isKnown: boolean;
  isRegistered: boolean;
  isEmailRegistered: boolean;
  isFloater: boolean;
  isPossiblyRegistered: boolean;
  isImpersonated: boolean;
  isAdmin: boolean;
  isImpersonatorAdmin: boolean;
  isFacebookConnected: boolean;
  isMerchandiser: boolean;
  isVip: boolean;
  isNoShow: boolean;
}

type TIdentityLike = Pick<TIdentity, 'roles' | 'impersonatorUserId' | 'impersonatorRoles' | 'facebookId' | 'isNoShow'>;

export function deriveAuthFlags(identity: TIdentityLike | null | undefined): TAuthFlags {
  const roles = new Set(identity?.roles ?? []);
  const has = (role: string): boolean => roles.has(role);
  const isRegistered = has(ROLES.registeredUser);
  const isEmailRegistered = has(ROLES.emailRegistered);
  const isFloater = has(ROLES.semiAuth) && !isRegistered;
  return {
    isAuthenticated: has(ROLES.fullAuth),
    isKnown: roles.size > 0,
    isRegistered,
    isEmailRegistered,
    isFloater,
    // A floater who is also e-mail-registered has related accounts, so may be registered elsewhere.
    isPossiblyRegistered: isRegistered || (isFloater && isEmailRegistered),
    isImpersonated: Boolean(identity?.impersonatorUserId),
    isAdmin: [...roles].some(isSupportRole),
    isImpersonatorAdmin: (identity?.impersonatorRoles ?? []).some(isSupportRole),
    isFacebookConnected: Boolean(identity?.facebookId),
    isMerchandiser: has(ROLES.merchandiser),
    isVip: has(ROLES.vip),
    isNoShow: Boolean(identity?.isNoShow),
  };
}

/** Admin routes need admin or impersonator-admin (spec §6). */
export function canUseAdminArea(flags: TAuthFlags): boolean {
  return flags.isAdmin || flags.isImpersonatorAdmin;
}

export const IDENTITY_CHANGE_STATES = [
  'none',
  'changedExternally',
  'removedExternally',
  'updatedExternally',
  'impersonatedExternally',
  'error',
  'new',
  'same',
  'expired',
] as const;
export type TIdentityChangeState = (typeof IDENTITY_CHANGE_STATES)[number];

type TComparable = Pick<TIdentity, 'userId' | 'token' | 'impersonatorUserId' | 'impersonatorRoles' | 'expires'>;

/**
 * Compares the identity this tab holds with one found (in storage, from another tab, or from a
 * refresh) and names the change (spec §4).
 */
export function identityChangeState(
  current: TComparable | null | undefined,
  found: Partial<TComparable> | null | undefined,
  nowSeconds?: number,
): TIdentityChangeState {
  if (!current) {
    if (!found || !found.token) return 'none';
    if (nowSeconds !== undefined && found.expires !== undefined && found.expires <= nowSeconds) return 'expired';
    return 'new';
  }
  if (!found || !found.token) return 'removedExternally';
  if (found.userId !== current.userId) {
    const currentIsImpersonator =
      found.impersonatorUserId === current.userId && (found.impersonatorRoles ?? []).some(isSupportRole);
    return currentIsImpersonator ? 'impersonatedExternally' : 'changedExternally';
  }
  if (found.token !== current.token) return 'updatedExternally';
  if (nowSeconds !== undefined && found.expires !== undefined && found.expires <= nowSeconds) return 'expired';
  return 'same';
}

/** The display name (spec §3): first plus last, else last, else name. */
export function displayName(user: {
  firstName?: string | null;
  lastName?: string | null;
  name?: string | null;
}): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  if (last) return last;
  return user.name?.trim() ?? first ?? '';
}

/** Short display name: first name plus last initial. */
export function shortDisplayName(user: {
  firstName?: string | null;
  lastName?: string | null;
  name?: string | null;
}): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (first) return last ? `${first} ${last[0]}.` : first;
  return displayName(user);
}
