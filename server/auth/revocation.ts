/**
 * Ending a sign-in ends its access tokens at once, not when they expire (up to
 * ACCESS_TOKEN_TTL_SECONDS later). Every access token names its sign-in (the `fam` claim); each
 * authenticated request asks whether that family is still live. The answer is cached (in process,
 * or in Redis with REDIS_URL, so every instance agrees) for a minute, so the hot path costs no
 * database query; every revocation goes through `forgetFamilies`, which drops the cached answer.
 */
import type { TCache } from '../cache';
import type { TDb } from '../db/client';
import type { Prisma } from '../generated/prisma/client';

const FAMILY_STATUS_TTL_MS = 60_000;

const statusKey = (familyId: string): string => `family-live:${familyId}`;

/** Whether a sign-in may still act: not revoked and within its absolute lifetime. */
export async function isFamilyLive(deps: { db: TDb; cache: TCache }, familyId: string): Promise<boolean> {
  const status = await deps.cache.getOrLoad(statusKey(familyId), FAMILY_STATUS_TTL_MS, async () => {
    const family = await deps.db.refreshTokenFamily.findUnique({
      where: { id: familyId },
      select: { revokedAt: true, absoluteExpiresAt: true },
    });
    return { live: Boolean(family && !family.revokedAt), until: family?.absoluteExpiresAt.getTime() ?? 0 };
  });
  return status.live && status.until > Date.now();
}

/** Drops the cached status of revoked families (call after the revoking write has committed). */
export async function forgetFamilies(cache: TCache, familyIds: readonly string[]): Promise<void> {
  await Promise.all(familyIds.map((familyId) => cache.delete(statusKey(familyId))));
}

/**
 * Revokes the live families matching `where` and answers their ids, inside the caller's
 * transaction when given one. Callers pass the ids to `forgetFamilies` once committed.
 */
export async function revokeFamiliesWhere(
  db: TDb | Prisma.TransactionClient,
  where: Prisma.RefreshTokenFamilyWhereInput,
  reason: string,
): Promise<string[]> {
  const families = await db.refreshTokenFamily.findMany({ where: { ...where, revokedAt: null }, select: { id: true } });
  if (families.length === 0) return [];
  const ids = families.map((family) => family.id);
  await db.refreshTokenFamily.updateMany({
    where: { id: { in: ids }, revokedAt: null },
    data: { revokedAt: new Date(), revokedReason: reason },
  });
  return ids;
}
