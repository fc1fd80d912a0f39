/**
 * Moves one account into another: the one place where "these two accounts are one person" is
 * carried out, for merges (related-accounts.ts) and for floaters claimed by a confirmed sign-up
 * (confirm-email.ts). Domain data moves here as later domains add it.
 */
import type { Prisma } from '../../generated/prisma/client';

export async function absorbAccount(
  tx: Prisma.TransactionClient,
  input: { fromUserId: string; intoUserId: string; action: 'account.merge' | 'account.floater-claimed'; ip?: string },
): Promise<void> {
  await tx.externalIdentity.updateMany({ where: { userId: input.fromUserId }, data: { userId: input.intoUserId } });
  await tx.user.update({
    where: { id: input.fromUserId },
    data: { deletedAt: new Date(), username: null, registeredEmail: null },
  });
  await tx.auditLog.create({
    data: {
      actorUserId: input.intoUserId,
      subjectUserId: input.fromUserId,
      action: input.action,
      details: JSON.stringify({ into: input.intoUserId }),
      ip: input.ip ?? null,
    },
  });
}
