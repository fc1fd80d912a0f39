/** Favourite gift guides per member (/profile/{userId}/favorite-guides). */
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { assertCanSeePrivate, requireMember } from '../people/access';
import { getGuide, type TGiftGuide } from './guides';

type TDeps = Pick<TAppDeps, 'db' | 'cache' | 'log'>;

/** A member's favourite guides: visible to whoever may see their private parts (like their lists). */
export async function listFavoriteGuides(
  deps: TDeps,
  viewer: TVerifiedIdentity | null,
  userId: string,
): Promise<(TGiftGuide & { market: string })[]> {
  await assertCanSeePrivate(deps.db, viewer, userId);
  const rows = await deps.db.favoriteGuide.findMany({
    where: { userId },
    orderBy: { createdAt: 'desc' },
    select: { giftGuideId: true },
  });
  const guides = await Promise.all(rows.map((row) => getGuide(deps, row.giftGuideId).catch(() => null)));
  return guides.filter((guide): guide is TGiftGuide & { market: string } => guide !== null);
}

export async function setFavoriteGuide(
  deps: TDeps,
  identity: TVerifiedIdentity | null,
  input: { giftGuideId: string; favorite: boolean },
): Promise<{ giftGuideId: string; isFavorite: boolean }> {
  const caller = requireMember(identity);
  const guide = await deps.db.giftGuide.findUnique({ where: { id: input.giftGuideId }, select: { id: true } });
  if (!guide) throw new AppError('NOT_FOUND', { message: 'No such gift guide' });
  if (input.favorite) {
    await deps.db.favoriteGuide.upsert({
      where: { userId_giftGuideId: { userId: caller.userId, giftGuideId: guide.id } },
      create: { userId: caller.userId, giftGuideId: guide.id },
      update: {},
    });
  } else {
    await deps.db.favoriteGuide.deleteMany({ where: { userId: caller.userId, giftGuideId: guide.id } });
  }
  return { giftGuideId: guide.id, isFavorite: input.favorite };
}

/** Which of `giftGuideIds` the caller marked favourite (none for visitors). */
export async function favoriteIdsOf(deps: TDeps, identity: TVerifiedIdentity | null): Promise<string[]> {
  if (!identity) return [];
  const rows = await deps.db.favoriteGuide.findMany({
    where: { userId: identity.userId },
    select: { giftGuideId: true },
  });
  return rows.map((row) => row.giftGuideId);
}
