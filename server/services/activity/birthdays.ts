/**
 * Birthdays coming up (spec §1 birthdays), for /home/ and for reading reminders: people the viewer
 * follows (unless they turned off subscribeFollowingBirthdayReminders), and fellow members of groups
 * where the viewer keeps birthday alerts on (membership flag isBirthdayAlertsEnabled), who keep
 * canRemindAboutBirthday on. A birthday is private: it is shown only when the viewer may see the
 * person's private parts (people/access.ts), never across a block, never of closed accounts. The
 * same audience decides /home/ and which stored birthday reminders still show
 * (messages/reminders.ts), so the two never disagree.
 */
import { Prisma } from '../../generated/prisma/client';
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TUpcomingBirthday } from '../../contracts/social';
import type { TDb } from '../../db/client';
import { canSeePrivate, PERSON_SELECT, relationsTo, summarize, type TPersonRow } from '../people/access';

const DAY_MS = 86_400_000;

/** Days from `now` (UTC) to the next month/day; 29 February counts as 1 March in other years. */
export function daysUntil(month: number, day: number, now = new Date()): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (const year of [now.getUTCFullYear(), now.getUTCFullYear() + 1]) {
    const next = Date.UTC(year, month - 1, day);
    if (next >= today) return Math.round((next - today) / DAY_MS);
  }
  return 366;
}

interface TBirthdayPerson {
  person: TPersonRow;
  month: number;
  day: number;
}

/**
 * The people whose birthday the viewer may be told about now (on /home/ and in reminders alike),
 * optionally only among `onlyIds`: people they follow, unless they turned off
 * subscribeFollowingBirthdayReminders, and fellow active members of live groups where they keep the
 * membership flag isBirthdayAlertsEnabled on; of those, people with a birthday who keep
 * canRemindAboutBirthday on, not closed, not blocked either way, and whose private parts the viewer
 * may see (people/access.ts). A fixed number of queries for the lot: only a private person followed
 * but neither following back nor sharing such a group asks the other shared circles, once.
 */
export async function birthdayAudience(
  db: TDb,
  viewer: TVerifiedIdentity,
  onlyIds?: readonly string[],
): Promise<Map<string, TBirthdayPerson>> {
  const result = new Map<string, TBirthdayPerson>();
  if (onlyIds && onlyIds.length === 0) return result;
  const only = onlyIds ? Prisma.sql`AND m.user_id IN (${Prisma.join([...new Set(onlyIds)])})` : Prisma.empty;
  const [settings, followed, groupMates] = await Promise.all([
    db.userSettings.findUnique({
      where: { userId: viewer.userId },
      select: { subscribeFollowingBirthdayReminders: true },
    }),
    db.follow.findMany({
      where: { followerId: viewer.userId, ...(onlyIds ? { followedId: { in: [...onlyIds] } } : {}) },
      select: { followedId: true },
    }),
    db.$queryRaw<{ user_id: string }[]>`
      SELECT DISTINCT m.user_id FROM group_members me
      JOIN \`groups\` g ON g.id = me.group_id AND g.deleted_at IS NULL
      JOIN group_members m ON m.group_id = me.group_id AND m.status = 'active' AND m.user_id <> me.user_id
      WHERE me.user_id = ${viewer.userId} AND me.status = 'active' AND me.is_birthday_alerts_enabled ${only}`,
  ]);
  // Birthday reminders about people I follow are mine to turn off (as the reminder scan honours).
  const followsCount = settings?.subscribeFollowingBirthdayReminders ?? true;
  const mates = new Set(groupMates.map((row) => row.user_id));
  const ids = [...new Set([...(followsCount ? followed.map((row) => row.followedId) : []), ...mates])];
  if (ids.length === 0) return result;
  const people = await db.user.findMany({
    where: { id: { in: ids }, deletedAt: null, birthdayMonth: { not: null }, birthdayDay: { not: null } },
    select: {
      ...PERSON_SELECT,
      birthdayMonth: true,
      birthdayDay: true,
      settings: { select: { isPrivate: true, canRemindAboutBirthday: true } },
    },
  });
  // Someone who asked for no birthday reminders is not announced anywhere.
  const willing = people.filter((person) => person.settings?.canRemindAboutBirthday ?? true);
  const relations = await relationsTo(
    db,
    viewer,
    willing.map((person) => person.id),
  );
  for (const person of willing) {
    const relation = relations.get(person.id)!;
    if (relation.isBlocking || relation.isBlockedBy) continue;
    // A birthday is a private part. Fellow active members of a live group share a circle that opens
    // it (groups/access.ts registers that circle), so only other private people need the check.
    const isPrivate = person.settings?.isPrivate ?? true;
    if (!mates.has(person.id) && !(await canSeePrivate(db, viewer, { id: person.id, isPrivate }, relation))) continue;
    result.set(person.id, { person, month: person.birthdayMonth!, day: person.birthdayDay! });
  }
  return result;
}

/** Birthdays within `withinDays` (today is 0) of the people in the viewer's birthday audience. */
export async function upcomingBirthdays(
  db: TDb,
  viewer: TVerifiedIdentity,
  withinDays: number,
  now = new Date(),
): Promise<TUpcomingBirthday[]> {
  const result: TUpcomingBirthday[] = [];
  for (const { person, month, day } of (await birthdayAudience(db, viewer)).values()) {
    const inDays = daysUntil(month, day, now);
    if (inDays <= withinDays) result.push({ person: summarize(person), month, day, inDays });
  }
  return result.sort((a, b) => a.inDays - b.inDays || a.person.displayName.localeCompare(b.person.displayName));
}
