/**
 * Which roles a member's token carries (spec §6), derived in one place from the account:
 * registered members (a password or a social identity) are ElfFullAuth + ElfRegisteredUser; a
 * confirmed e-mail log-in adds ElfEmailRegistered; members with neither are floaters (ElfSemiAuth),
 * e-mail-registered too when a registered account shares their e-mail; managed child accounts are
 * ElfFullAuth only (they act through their manager's sign-in); granted roles come on top.
 */
import { ROLES, isSupportRole } from '../contracts/roles';
import type { TDb } from '../db/client';

export interface TAccountFacts {
  hasPassword: boolean;
  hasExternalIdentity: boolean;
  emailConfirmed: boolean;
  relatedRegisteredAccount: boolean;
  /** A child account run by a family manager (it has no log-in of its own; the manager switches in). */
  isManagedChild?: boolean;
  grantedRoles: string[];
}

export function rolesFor(facts: TAccountFacts): string[] {
  const roles = new Set<string>();
  const registered = facts.hasPassword || facts.hasExternalIdentity;
  if (registered) {
    roles.add(ROLES.fullAuth);
    roles.add(ROLES.registeredUser);
    if (facts.hasPassword && facts.emailConfirmed) roles.add(ROLES.emailRegistered);
  } else if (facts.isManagedChild) {
    // Fully signed in (through the manager's sign-in), never registered: no e-mail, no password.
    roles.add(ROLES.fullAuth);
  } else {
    roles.add(ROLES.semiAuth);
    if (facts.relatedRegisteredAccount) roles.add(ROLES.emailRegistered);
  }
  for (const role of facts.grantedRoles) roles.add(role);
  return [...roles];
}

export interface TAccount {
  id: string;
  email: string | null;
  name: string;
  firstName: string | null;
  lastName: string | null;
  locale: string;
  testGroup: number;
  isNoShow: boolean;
  deletedAt: Date | null;
  roles: string[];
  facebookId: string | null;
  hasPassword: boolean;
  providers: string[];
}

/** Loads a member with everything the token needs; null when missing. */
export async function loadAccount(db: TDb, userId: string): Promise<TAccount | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    include: {
      credential: { select: { userId: true } },
      roles: true,
      externalIdentities: { select: { provider: true, subject: true } },
      _count: { select: { parentAccounts: true } },
    },
  });
  if (!user) return null;
  const hasPassword = Boolean(user.credential);
  const hasExternalIdentity = user.externalIdentities.length > 0;
  let relatedRegisteredAccount = false;
  if (!hasPassword && !hasExternalIdentity && user.emailCanonical) {
    relatedRegisteredAccount =
      (await db.user.count({
        where: {
          emailCanonical: user.emailCanonical,
          id: { not: user.id },
          deletedAt: null,
          credential: { isNot: null },
        },
      })) > 0;
  }
  const roles = rolesFor({
    hasPassword,
    hasExternalIdentity,
    emailConfirmed: Boolean(user.emailConfirmedAt),
    relatedRegisteredAccount,
    isManagedChild: user._count.parentAccounts > 0,
    grantedRoles: user.roles.map((role) => role.role),
  });
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    locale: user.locale,
    testGroup: user.testGroup,
    isNoShow: user.isNoShow,
    deletedAt: user.deletedAt,
    roles,
    facebookId: user.externalIdentities.find((identity) => identity.provider === 'facebook')?.subject ?? null,
    hasPassword,
    providers: user.externalIdentities.map((identity) => identity.provider),
  };
}

export function isStaff(roles: readonly string[]): boolean {
  return roles.some(isSupportRole);
}

/** Support staff who may act (not only look) while impersonating. */
export function canWriteWhileImpersonating(impersonatorRoles: readonly string[]): boolean {
  return impersonatorRoles.includes(ROLES.supportAdmin) || impersonatorRoles.includes(ROLES.supportLead);
}
