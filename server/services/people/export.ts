/**
 * "Download my data": everything the product keeps about the signed-in member, as one JSON
 * document. Each domain adds its part here as it lands (wish lists, exchanges, messages).
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { requireMember } from './access';

export async function exportMyData(db: TDb, identity: TVerifiedIdentity | null) {
  const caller = requireMember(identity);
  const userId = caller.userId;
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      username: true,
      name: true,
      firstName: true,
      lastName: true,
      birthdayMonth: true,
      birthdayDay: true,
      gender: true,
      locale: true,
      createdAt: true,
      deletedAt: true,
      settings: true,
      mailingAddress: true,
      preferences: { select: { preferenceSet: true, market: true } },
      following: { select: { followedId: true, createdAt: true } },
      followers: { select: { followerId: true, createdAt: true } },
      blocking: { select: { blockedId: true, createdAt: true } },
      managedChildren: { select: { childId: true, createdAt: true } },
      parentAccounts: { select: { parentId: true, createdAt: true } },
      contacts: { select: { name: true, email: true, createdAt: true } },
      termsAcceptance: { select: { version: true, acceptedAt: true } },
    },
  });
  if (!user || user.deletedAt) throw new AppError('NOT_FOUND');
  const { settings, deletedAt: _deleted, ...profile } = user;
  const {
    userId: _owner,
    emailGuid: _secret,
    updatedAt: _updated,
    ...settingValues
  } = settings ?? {
    userId,
    emailGuid: '',
    updatedAt: null,
  };
  return {
    exportedAt: new Date().toISOString(),
    format: 'gifting-export/1',
    profile: { ...profile, settings: settings ? settingValues : null },
  };
}
