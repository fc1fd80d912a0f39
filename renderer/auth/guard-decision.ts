/**
 * The route guard rules of spec §2 and §6 as pure functions (the React wrapper is guards.tsx):
 * - 'signedIn' and 'known' send a visitor to the log-in screen with the current path and query as
 *   the return address;
 * - 'admin' sends anyone who is neither admin nor impersonator-admin to the home route, saying so
 *   (ADMIN_DENIED: a toast there), never silently: a member who followed a support link must learn
 *   why they are on their home page;
 * - 'changesIdentity' (/switch-identity/) runs no identity check.
 */
import { canUseAdminArea, type TAuthFlags } from '../../server/contracts/identity';
import { safeReturnUrl } from '../../server/contracts/return-url';
import type { TRouteGuard } from '../routes/route-table';

export const LOG_IN_PATH = '/a/log-in/';
export const HOME_PATH = '/home/';

export interface TGuardLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

/** The notice shown where the admin guard sends someone who may not open the admin area. */
export const ADMIN_DENIED = {
  title: 'You don’t have access to that page',
  message: 'It is for support staff only, so you are on your home page instead.',
} as const;

export type TGuardDecision = { allow: true } | { redirect: string; notice?: typeof ADMIN_DENIED };

/** `/a/log-in/?returnurl=<path+query>` (the hash never leaves the page). */
export function logInAddress(location: TGuardLocation | null | undefined): string {
  if (!location) return LOG_IN_PATH;
  const returnUrl = `${location.pathname}${location.search ?? ''}`;
  const safe = safeReturnUrl(returnUrl, '');
  return safe ? `${LOG_IN_PATH}?${new URLSearchParams({ returnurl: safe }).toString()}` : LOG_IN_PATH;
}

export function guardDecision(
  guard: TRouteGuard | null | undefined,
  flags: TAuthFlags,
  location: TGuardLocation,
): TGuardDecision {
  switch (guard) {
    case 'signedIn':
      return flags.isAuthenticated ? { allow: true } : { redirect: logInAddress(location) };
    case 'known':
      return flags.isKnown ? { allow: true } : { redirect: logInAddress(location) };
    case 'admin':
      return canUseAdminArea(flags) ? { allow: true } : { redirect: HOME_PATH, notice: ADMIN_DENIED };
    case 'changesIdentity':
    case null:
    case undefined:
    default:
      return { allow: true };
  }
}

/** A 401 from any face: tRPC (`data.httpStatus` / `data.code`), the requester (`status`) or an auth call. */
export function isUnauthorizedError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const record = error as { status?: unknown; data?: unknown; shape?: unknown };
  if (record.status === 401) return true;
  const data = record.data as { httpStatus?: unknown; code?: unknown } | null | undefined;
  if (data && typeof data === 'object') {
    if (data.httpStatus === 401 || data.code === 'UNAUTHORIZED') return true;
  }
  return false;
}

/** Where a screen should go after signing in: the safe `returnurl` of its query, or home. */
export function returnUrlFrom(search: string | URLSearchParams, fallback = HOME_PATH): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeReturnUrl(params.get('returnurl') ?? undefined, fallback);
}
