/**
 * Who may switch to whom — the one rule for /auth/v2/switch/ and /switch-identity. A signed-in
 * member may switch from their root account to a related account (same e-mail, not deleted) and
 * back to the root. Managed child accounts join this rule when family management arrives: add
 * their check to `switchTargetsFor` and nothing else changes.
 */
import type { TDb } from '../db/client';

export interface TSwitchTarget {
  userId: string;
  name: string;
  email: string | null;
  relation: 'root' | 'related';
}

export async function switchTargetsFor(db: TDb, rootUserId: string): Promise<TSwitchTarget[]> {
  const root = await db.user.findUnique({ where: { id: rootUserId } });
  if (!root || root.deletedAt) return [];
  const targets: TSwitchTarget[] = [{ userId: root.id, name: root.name, email: root.email, relation: 'root' }];
  if (root.email) {
    const related = await db.user.findMany({
      where: { email: root.email, id: { not: root.id }, deletedAt: null },
      orderBy: { createdAt: 'asc' },
    });
    targets.push(
      ...related.map((user) => ({ userId: user.id, name: user.name, email: user.email, relation: 'related' as const })),
    );
  }
  return targets;
}

export async function canSwitch(db: TDb, rootUserId: string, targetUserId: string): Promise<boolean> {
  const targets = await switchTargetsFor(db, rootUserId);
  return targets.some((target) => target.userId === targetUserId);
}
