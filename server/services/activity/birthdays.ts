/**
 * Birthdays coming up (spec §1 birthdays), for /home/: people the viewer follows, and fellow
 * members of groups where the viewer keeps birthday alerts on (membership flag
 * isBirthdayAlertsEnabled). A birthday is private: it is shown only when the viewer may see the
 * person's private parts (people/access.ts), never across a block, never of closed accounts.
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TUpcomingBirthday } from '../../contracts/social';
import type { TDb } from '../../db/client';
import { canSeePrivate, PERSON_SELECT, relationsTo, summarize } from '../people/access';

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

export async function upcomingBirthdays(
  db: TDb,
  viewer: TVerifiedIdentity,
  withinDays: number,
  now = new Date(),
): Promise<TUpcomingBirthday[]> {
  const [followed, groupMates] = await Promise.all([
    db.follow.findMany({ where: { followerId: viewer.userId }, select: { followedId: true } }),
    db.$queryRaw<{ user_id: string }[]>`
      SELECT DISTINCT m.user_id FROM group_members me
      JOIN \`groups\` g ON g.id = me.group_id AND g.deleted_at IS NULL
      JOIN group_members m ON m.group_id = me.group_id AND m.status = 'active' AND m.user_id <> me.user_id
      WHERE me.user_id = ${viewer.userId} AND me.status = 'active' AND me.is_birthday_alerts_enabled`,
  ]);
  const ids = [...new Set([...followed.map((row) => row.followedId), ...groupMates.map((row) => row.user_id)])];
  if (ids.length === 0) return [];
  const people = await db.user.findMany({
    where: { id: { in: ids }, deletedAt: null, birthdayMonth: { not: null }, birthdayDay: { not: null } },
    select: {
      ...PERSON_SELECT,
      birthdayMonth: true,
      birthdayDay: true,
      settings: { select: { isPrivate: true, canRemindAboutBirthday: true } },
    },
  });
  const soon = people
    // Someone who asked for no birthday reminders is not announced here either.
    .filter((person) => person.settings?.canRemindAboutBirthday ?? true)
    .map((person) => ({ person, inDays: daysUntil(person.birthdayMonth!, person.birthdayDay!, now) }))
    .filter((entry) => entry.inDays <= withinDays);
  const relations = await relationsTo(
    db,
    viewer,
    soon.map((entry) => entry.person.id),
  );
  const result: TUpcomingBirthday[] = [];
  for (const { person, inDays } of soon) {
    const relation = relations.get(person.id)!;
    if (relation.isBlocking || relation.isBlockedBy) continue;
    if (!(await canSeePrivate(db, viewer, { id: person.id, isPrivate: person.settings?.isPrivate ?? true }, relation)))
      continue;
    result.push({ person: summarize(person), month: person.birthdayMonth!, day: person.birthdayDay!, inDays });
  }
  return result.sort((a, b) => a.inDays - b.inDays || a.person.displayName.localeCompare(b.person.displayName));
}
