import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';

/** The version of the terms members accept now; a new version asks everyone again. */
export const TERMS_VERSION = '2026-11';

function assertSelf(identity: TVerifiedIdentity | null, userId: string): void {
  if (!identity) throw new AppError('UNAUTHENTICATED');
  if (identity.userId !== userId) throw new AppError('FORBIDDEN');
}

export async function hasAcceptedTerms(db: TDb, identity: TVerifiedIdentity | null, userId: string): Promise<boolean> {
  assertSelf(identity, userId);
  const row = await db.termsAcceptance.findUnique({ where: { userId } });
  if (row?.version === TERMS_VERSION) return true;
  // A child account has no say of its own: the family manager who accepted the terms did so for it.
  const acceptedByManager = await db.parentAccount.findFirst({
    where: { childId: userId, parent: { termsAcceptance: { version: TERMS_VERSION } } },
    select: { parentId: true },
  });
  return Boolean(acceptedByManager);
}

export async function acceptTerms(db: TDb, identity: TVerifiedIdentity | null, userId: string): Promise<void> {
  assertSelf(identity, userId);
  await db.termsAcceptance.upsert({
    where: { userId },
    create: { userId, version: TERMS_VERSION },
    update: { version: TERMS_VERSION, acceptedAt: new Date() },
  });
}
