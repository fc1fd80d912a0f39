/** Family manager: who manages whom (parent accounts) and a manager's children. */
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { assertCanManage, PERSON_SELECT, requireMember, summarize } from './access';

/** GET /v1/users/{userId}/parent-accounts: the child itself (or a manager) sees its managers. */
export async function listParentAccounts(db: TDb, identity: TVerifiedIdentity | null, userId: string) {
  await assertCanManage(db, identity, userId, { floaters: true, allowDeleted: true });
  const rows = await db.parentAccount.findMany({
    where: { childId: userId },
    orderBy: { createdAt: 'asc' },
    select: { parentId: true, parent: { select: PERSON_SELECT } },
  });
  return rows.map((row) => ({ parentId: row.parentId, parent: summarize(row.parent) }));
}

/** The child accounts `userId` manages; only they (or staff acting as them) may list them. */
export async function listChildren(db: TDb, identity: TVerifiedIdentity | null, userId: string) {
  const caller = requireMember(identity);
  if (caller.userId !== userId && caller.rootIdentity !== userId) throw new AppError('FORBIDDEN');
  const rows = await db.parentAccount.findMany({
    where: { parentId: userId, child: { deletedAt: null } },
    orderBy: { createdAt: 'asc' },
    select: {
      child: { select: { ...PERSON_SELECT, birthdayMonth: true, birthdayDay: true, createdAt: true } },
    },
  });
  return rows.map(({ child }) => ({
    ...summarize(child, true),
    birthday: child.birthdayMonth && child.birthdayDay ? { month: child.birthdayMonth, day: child.birthdayDay } : null,
    dateCreated: child.createdAt.toISOString(),
  }));
}
