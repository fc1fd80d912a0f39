/** Auth flags for the renderer, derived in one place (server/contracts/identity.ts). */
import { canUseAdminArea, deriveAuthFlags, type TAuthFlags, type TIdentity } from '../../server/contracts/identity';

export { canUseAdminArea, deriveAuthFlags };
export type { TAuthFlags };

/** Anything that can answer the current identity (the identity store does). */
export interface TIdentitySource {
  getIdentity(): TIdentity | null;
}

/** The auth flags of the store's current identity. */
export function authFlagsOf(store: TIdentitySource): TAuthFlags {
  return deriveAuthFlags(store.getIdentity());
}

/** Admin routes need admin or impersonator-admin (spec §6). */
export function canUseAdminAreaOf(store: TIdentitySource): boolean {
  return canUseAdminArea(authFlagsOf(store));
}

/** While impersonating, the identity's roles merged with the impersonator's (spec §6). */
export function effectiveRoles(
  identity: Pick<TIdentity, 'roles' | 'impersonatorUserId' | 'impersonatorRoles'> | null,
): string[] {
  if (!identity) return [];
  if (!identity.impersonatorUserId) return [...identity.roles];
  return [...new Set([...identity.roles, ...identity.impersonatorRoles])];
}
