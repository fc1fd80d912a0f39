/**
 * User settings (spec §3, all true by default), the e-mail settings reached by emailGuid without
 * signing in, and preferences (the 'wishing' market).
 */
import { randomUUID } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import { DEFAULT_MARKET } from '../../contracts/constants';
import { displayName } from '../../contracts/identity';
import {
  EMAIL_SETTING_KEYS,
  SETTING_KEYS,
  type TPreferenceUpdate,
  type TSettings,
  type TSettingsPatch,
} from '../../contracts/people';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { assertCanManage, assertNotActingAsChild, requireKnown } from './access';

function pickSettings(row: TSettings): TSettings {
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, row[key]])) as TSettings;
}

/**
 * The settings row, created with the defaults (and a fresh emailGuid) the first time anyone needs
 * it. Race-safe, decided by the primary key: Prisma's upsert is a read then a write on MariaDB, so
 * concurrent first calls both inserted and all but one failed on the key (a 500); an INSERT IGNORE
 * lets exactly one row in and every caller then reads that row.
 */
export async function ensureSettings(db: Pick<TDb, 'userSettings'>, userId: string) {
  const existing = await db.userSettings.findUnique({ where: { userId } });
  if (existing) return existing;
  await db.userSettings.createMany({ data: [{ userId, emailGuid: randomUUID() }], skipDuplicates: true });
  return db.userSettings.findUniqueOrThrow({ where: { userId } });
}

/** The e-mailed "manage notifications" link: opens the e-mail settings by guid, no sign-in needed. */
export function emailSettingsUrl(publicUrl: string, emailGuid: string): string {
  return `${publicUrl}/email/notifications/?emailGuid=${encodeURIComponent(emailGuid)}`;
}

/**
 * The "manage notifications" link for a notification e-mail to `userId`. Every account gets its
 * settings row when it is created; should one still be missing, it is created now, so no e-mail
 * ever goes out without the link. `emailGuid` is the guid the caller already read, if any.
 */
export async function manageNotificationsUrl(
  deps: { db: Pick<TDb, 'userSettings'>; config: { publicUrl: string } },
  userId: string,
  emailGuid?: string | null,
): Promise<string> {
  const guid = emailGuid ?? (await ensureSettings(deps.db, userId)).emailGuid;
  return emailSettingsUrl(deps.config.publicUrl, guid);
}

export async function getSettings(db: TDb, identity: TVerifiedIdentity | null, userId: string): Promise<TSettings> {
  await assertCanManage(db, identity, userId, { floaters: true });
  return pickSettings(await ensureSettings(db, userId));
}

export async function updateSettings(
  db: TDb,
  identity: TVerifiedIdentity | null,
  userId: string,
  patch: TSettingsPatch,
): Promise<TSettings> {
  const { identity: caller } = await assertCanManage(db, identity, userId, { floaters: true });
  if (patch.isPrivate !== undefined) await assertNotActingAsChild(db, caller);
  await ensureSettings(db, userId);
  return pickSettings(await db.userSettings.update({ where: { userId }, data: patch }));
}

type TEmailSettings = Omit<TSettings, 'isPrivate'>;

function pickEmailSettings(row: TSettings): TEmailSettings {
  return Object.fromEntries(EMAIL_SETTING_KEYS.map((key) => [key, row[key]])) as TEmailSettings;
}

/** E-mail settings by the guid an e-mail carries: whoever holds the link manages the subscriptions. */
export async function getEmailSettings(db: TDb, emailGuid: string) {
  const row = await db.userSettings.findUnique({
    where: { emailGuid },
    include: { user: { select: { firstName: true, lastName: true, name: true, deletedAt: true } } },
  });
  if (!row || row.user.deletedAt) throw new AppError('NOT_FOUND');
  return { displayName: displayName(row.user), settings: pickEmailSettings(row) };
}

export async function updateEmailSettings(db: TDb, emailGuid: string, patch: Partial<TEmailSettings>) {
  await getEmailSettings(db, emailGuid);
  await db.userSettings.update({ where: { emailGuid }, data: patch });
  return getEmailSettings(db, emailGuid);
}

export async function getPreferences(db: TDb, identity: TVerifiedIdentity | null, userId: string) {
  await assertCanManage(db, identity, userId, { floaters: true });
  const rows = await db.userPreference.findMany({ where: { userId }, orderBy: { preferenceSet: 'asc' } });
  return rows.map((row) => ({ preferenceSet: row.preferenceSet, market: row.market }));
}

/** PUT /v1/users/{userId}/preferences: saves the 'wishing' market (it must be one we serve). */
export async function setPreference(
  db: TDb,
  identity: TVerifiedIdentity | null,
  userId: string,
  input: TPreferenceUpdate,
) {
  await assertCanManage(db, identity, userId, { floaters: true });
  const market = await db.market.findUnique({ where: { countryCode: input.market }, select: { countryCode: true } });
  if (!market) {
    throw new AppError('VALIDATION', { fieldErrors: { market: 'Value is not a valid market' } });
  }
  // Insert-or-update decided by the primary key (INSERT IGNORE, then an update when the row was
  // there): concurrent saves never fail on the key as Prisma's read-then-write upsert did.
  const { count } = await db.userPreference.createMany({
    data: [{ userId, preferenceSet: input.preferenceSet, market: input.market }],
    skipDuplicates: true,
  });
  if (count === 0) {
    await db.userPreference.update({
      where: { userId_preferenceSet: { userId, preferenceSet: input.preferenceSet } },
      data: { market: input.market },
    });
  }
  return getPreferences(db, identity, userId);
}

/** GET /v1/users/market-preferences: the signed-in member's saved market and the one to use. */
export async function marketPreferences(db: TDb, identity: TVerifiedIdentity | null) {
  const caller = requireKnown(identity);
  const row = await db.userPreference.findUnique({
    where: { userId_preferenceSet: { userId: caller.userId, preferenceSet: 'wishing' } },
  });
  const saved = row?.market ?? null;
  return { saved, effective: saved ?? DEFAULT_MARKET };
}
