/**
 * Real signed-in identities for tests: members with passwords and roles, floaters with scoped
 * sign-ins, staff impersonating. Every identity comes from a real session and a verified token.
 */
import type { TConfig } from '../../server/config';
import type { TDb } from '../../server/db/client';
import { startImpersonation } from '../../server/auth/impersonation';
import { hashPassword } from '../../server/auth/passwords';
import { issueTokensForFamily, startSession } from '../../server/auth/sessions';
import { verifyAccessToken, type TVerifiedIdentity } from '../../server/auth/tokens';
import { ROLES } from '../../server/contracts/roles';
import { createUser, type TUserOverrides } from './users';

export const TEST_PASSWORD = 'correct horse battery';
let cachedHash: Promise<string> | null = null;

type TDeps = { db: TDb; config: TConfig };

export interface TMember {
  id: string;
  email: string;
  password: string;
}

/** A registered member with a password and a confirmed e-mail, plus any granted roles. */
export async function createMember(
  db: TDb,
  options: TUserOverrides & { roles?: string[]; confirmed?: boolean } = {},
): Promise<TMember> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const user = await createUser(db, options);
  await db.userCredential.create({ data: { userId: user.id, passwordHash: await cachedHash } });
  // Registered: the account holds its address (one registered account per e-mail).
  await db.user.update({
    where: { id: user.id },
    data: { registeredEmail: user.email, ...(options.confirmed !== false ? { emailConfirmedAt: new Date() } : {}) },
  });
  for (const role of options.roles ?? []) await db.userRole.create({ data: { userId: user.id, role } });
  return { id: user.id, email: user.email!, password: TEST_PASSWORD };
}

/** A member known only by e-mail (invited, never registered). */
export async function createFloaterUser(db: TDb, options: TUserOverrides = {}): Promise<{ id: string; email: string }> {
  const user = await createUser(db, options);
  return { id: user.id, email: user.email! };
}

export async function identityFor(
  deps: TDeps,
  userId: string,
  options: { scope?: string[] } = {},
): Promise<TVerifiedIdentity> {
  const session = await startSession(deps, { userId, scope: options.scope ?? [] });
  return verifyAccessToken(deps.config, session.accessToken, session.auditToken);
}

export async function impersonationIdentity(
  deps: TDeps,
  staffUserId: string,
  targetUserId: string,
  reason = 'Checking a reported problem',
): Promise<{ identity: TVerifiedIdentity; familyId: string; sessionId: string }> {
  const session = await startSession(deps, { userId: staffUserId });
  const { sessionId } = await startImpersonation(deps, {
    familyId: session.familyId,
    staffUserId,
    targetUserId,
    reason,
  });
  const tokens = await issueTokensForFamily(deps, session.familyId);
  if (!tokens) throw new Error('No tokens for the impersonation');
  return {
    identity: verifyAccessToken(deps.config, tokens.accessToken, tokens.auditToken),
    familyId: session.familyId,
    sessionId,
  };
}

export type TActorName =
  'visitor' | 'floater' | 'registered' | 'otherUser' | 'analystImpersonating' | 'supportAdmin' | 'adminImpersonating';
export const ACTOR_NAMES: TActorName[] = [
  'visitor',
  'floater',
  'registered',
  'otherUser',
  'analystImpersonating',
  'supportAdmin',
  'adminImpersonating',
];

export interface TActors {
  identities: Record<TActorName, TVerifiedIdentity | null>;
  /** The member whose data the "registered" actor owns and staff impersonate. */
  owner: TMember;
  other: TMember;
  floater: { id: string; email: string };
}

/** The permission table's actors, all around one member (the owner). */
export async function createActors(deps: TDeps): Promise<TActors> {
  // Side by side: the permission table makes these for each of its ~270 rows, and one after
  // another they waited on ~50 round trips to the database each time.
  const [owner, other, floater, analyst, supportAdmin, impersonatingAdmin] = await Promise.all([
    createMember(deps.db),
    createMember(deps.db),
    createFloaterUser(deps.db),
    createMember(deps.db, { roles: [ROLES.supportAnalyst] }),
    createMember(deps.db, { roles: [ROLES.supportAdmin] }),
    // A second plain ElfSupportAdmin, impersonating (leads acting as themselves are staff actors).
    createMember(deps.db, { roles: [ROLES.supportAdmin] }),
  ]);
  const [floaterIdentity, registered, otherUser, analystImpersonating, supportAdminIdentity, adminImpersonating] =
    await Promise.all([
      identityFor(deps, floater.id, { scope: ['test:floater'] }),
      identityFor(deps, owner.id),
      identityFor(deps, other.id),
      impersonationIdentity(deps, analyst.id, owner.id),
      identityFor(deps, supportAdmin.id),
      impersonationIdentity(deps, impersonatingAdmin.id, owner.id),
    ]);
  return {
    owner,
    other,
    floater,
    identities: {
      visitor: null,
      floater: floaterIdentity,
      registered,
      otherUser,
      analystImpersonating: analystImpersonating.identity,
      supportAdmin: supportAdminIdentity,
      adminImpersonating: adminImpersonating.identity,
    },
  };
}

export { ROLES };

/**
 * Support staff acting as themselves (not impersonating), one per role the base actors lack, for
 * the admin area's rows: an analyst only looks, a lead acts and reads every staff member's audit.
 * (The base actors' supportAdmin is the plain ElfSupportAdmin.)
 */
export type TStaffActorName = 'supportAnalyst' | 'supportLead';
export const STAFF_ACTOR_NAMES: TStaffActorName[] = ['supportAnalyst', 'supportLead'];

export async function createStaffActors(deps: TDeps): Promise<Record<TStaffActorName, TVerifiedIdentity>> {
  const analyst = await createMember(deps.db, { roles: [ROLES.supportAnalyst] });
  const lead = await createMember(deps.db, { roles: [ROLES.supportLead] });
  return {
    supportAnalyst: await identityFor(deps, analyst.id),
    supportLead: await identityFor(deps, lead.id),
  };
}
