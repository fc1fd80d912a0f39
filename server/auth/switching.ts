/**
 * Who may switch to whom — the one rule for /auth/v2/switch/, /switch-identity, the related-accounts
 * and merge screens. A signed-in member may switch from their root account to a related account
 * (same e-mail, not deleted) and back to the root, and only from a sign-in that has proven control
 * of that address:
 * - a registered account whose e-mail is confirmed (by the mailed code or link, a password reset,
 *   or a provider that verified it at social sign-up), and that holds the address
 *   (users.registered_email);
 * - or a sign-in that proved it itself (refresh_token_families.email_proven): a floater's mailed
 *   link, a social sign-in whose provider verified this address.
 * Anything else is refused with 403 and an audit row. A family manager may also switch into the
 * child accounts they manage (parent_accounts) from any full sign-in: those accounts have no
 * e-mail to prove, they belong to the manager.
 */
import type { TDb } from '../db/client';
import { AppError } from '../errors';

export interface TSwitchTarget {
  userId: string;
  name: string;
  email: string | null;
  relation: 'root' | 'related' | 'child';
  /** The stored picture's key (people/access.ts pictureUrlOf makes its address), or null. */
  pictureKey: string | null;
}

/** The sign-in asking: its root account and its family (null for tokens made without one). */
export interface TSwitchingSession {
  rootUserId: string;
  familyId: string | null;
}

/** Whether this sign-in has proven control of its root account's e-mail address. */
export async function sessionProvesEmail(db: TDb, session: TSwitchingSession): Promise<boolean> {
  const [root, family] = await Promise.all([
    db.user.findUnique({
      where: { id: session.rootUserId },
      select: { emailCanonical: true, registeredEmail: true, emailConfirmedAt: true, deletedAt: true },
    }),
    session.familyId
      ? db.refreshTokenFamily.findUnique({
          where: { id: session.familyId },
          select: { userId: true, emailProven: true, revokedAt: true },
        })
      : null,
  ]);
  if (!root || root.deletedAt || !root.emailCanonical) return false;
  if (root.registeredEmail && root.emailConfirmedAt) return true;
  return Boolean(family && !family.revokedAt && family.userId === session.rootUserId && family.emailProven);
}

/**
 * Refuses (403, the spec's 'Forbidden, please contact support') and audits an action that needs a
 * proven address when this sign-in has not proven it.
 */
export async function assertSessionProvesEmail(
  db: TDb,
  session: TSwitchingSession & { action: string; targetUserId?: string | null; ip?: string | null },
): Promise<void> {
  if (await sessionProvesEmail(db, session)) return;
  await db.auditLog.create({
    data: {
      actorUserId: session.rootUserId,
      subjectUserId: session.targetUserId ?? session.rootUserId,
      action: `identity.refused:${session.action}`.slice(0, 80),
      reason: 'e-mail address not proven by this sign-in',
      details: JSON.stringify({ familyId: session.familyId }),
      ip: session.ip ?? null,
    },
  });
  throw new AppError('FORBIDDEN');
}

export async function switchTargetsFor(db: TDb, rootUserId: string): Promise<TSwitchTarget[]> {
  const root = await db.user.findUnique({ where: { id: rootUserId } });
  if (!root || root.deletedAt) return [];
  const targets: TSwitchTarget[] = [
    { userId: root.id, name: root.name, email: root.email, relation: 'root', pictureKey: root.pictureKey },
  ];
  if (root.emailCanonical) {
    // Related accounts share the address exactly (its canonical form), never a look-alike.
    const related = await db.user.findMany({
      where: { emailCanonical: root.emailCanonical, id: { not: root.id }, deletedAt: null },
      orderBy: { createdAt: 'asc' },
    });
    targets.push(
      ...related.map((user) => ({
        userId: user.id,
        name: user.name,
        email: user.email,
        relation: 'related' as const,
        pictureKey: user.pictureKey,
      })),
    );
  }
  const children = await db.parentAccount.findMany({
    where: { parentId: root.id, child: { deletedAt: null } },
    orderBy: { createdAt: 'asc' },
    select: { child: { select: { id: true, name: true, pictureKey: true } } },
  });
  targets.push(
    ...children.map(({ child }) => ({
      userId: child.id,
      name: child.name,
      email: null,
      relation: 'child' as const,
      pictureKey: child.pictureKey,
    })),
  );
  return targets;
}

/** Whether `targetUserId` is a live child account that `rootUserId` manages. */
export async function isManagedChildOf(db: TDb, rootUserId: string, targetUserId: string): Promise<boolean> {
  const link = await db.parentAccount.findUnique({
    where: { childId_parentId: { childId: targetUserId, parentId: rootUserId } },
    select: { child: { select: { deletedAt: true } } },
  });
  return Boolean(link && !link.child.deletedAt);
}

export async function isSwitchTarget(db: TDb, rootUserId: string, targetUserId: string): Promise<boolean> {
  const targets = await switchTargetsFor(db, rootUserId);
  return targets.some((target) => target.userId === targetUserId);
}

/** A switch away from the root needs a managed child, or a related target and a sign-in that proved the address. */
export async function canSwitch(db: TDb, session: TSwitchingSession, targetUserId: string): Promise<boolean> {
  if (targetUserId === session.rootUserId) return true;
  if (await isManagedChildOf(db, session.rootUserId, targetUserId)) return true;
  return (await isSwitchTarget(db, session.rootUserId, targetUserId)) && (await sessionProvesEmail(db, session));
}
