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
import { queryRows, type TDb } from '../../db/client';
import {
  canSeePrivate,
  isPrivateColumn,
  personFromColumns,
  relationColumns,
  relationFromColumns,
  summarize,
  type TPersonColumns,
  type TRelationColumns,
  type TPersonRow,
} from '../people/access';

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

/** The viewer's whole birthday audience, by person id. */
export type TBirthdayAudience = Map<string, TBirthdayPerson>;

/**
 * The people whose birthday the viewer may be told about now (on /home/ and in reminders alike),
 * optionally only among `onlyIds`: people they follow, unless they turned off
 * subscribeFollowingBirthdayReminders, and fellow active members of live groups where they keep the
 * membership flag isBirthdayAlertsEnabled on; of those, people with a birthday who keep
 * canRemindAboutBirthday on, not closed, not blocked either way, and whose private parts the viewer
 * may see (people/access.ts). A fixed number of statements for the lot (the home page reads it on
 * every visit): the followed and the group mates side by side, then those people with their
 * settings and relations to the viewer; only a private person followed but neither following back
 * nor sharing such a group asks the other shared circles, once.
 */
export async function birthdayAudience(
  db: TDb,
  viewer: TVerifiedIdentity,
  onlyIds?: readonly string[],
): Promise<TBirthdayAudience> {
  const result: TBirthdayAudience = new Map();
  if (onlyIds && onlyIds.length === 0) return result;
  const onlyList = onlyIds ? Prisma.join([...new Set(onlyIds)]) : null;
  const onlyFollowed = onlyList ? Prisma.sql`AND f.followed_id IN (${onlyList})` : Prisma.empty;
  const only = onlyList ? Prisma.sql`AND m.user_id IN (${onlyList})` : Prisma.empty;
  const [followed, groupMates] = await Promise.all([
    // Birthday reminders about people I follow are mine to turn off (as the reminder scan honours):
    // no settings row yet is the default, on.
    queryRows<{ user_id: string }>(
      db,
      Prisma.sql`
        SELECT f.followed_id AS user_id FROM follows f LEFT JOIN user_settings s ON s.user_id = f.follower_id
        WHERE f.follower_id = ${viewer.userId} AND COALESCE(s.subscribe_following_birthday_reminders, TRUE) ${onlyFollowed}`,
    ),
    queryRows<{ user_id: string }>(
      db,
      Prisma.sql`
        SELECT DISTINCT m.user_id FROM group_members me
        JOIN \`groups\` g ON g.id = me.group_id AND g.deleted_at IS NULL
        JOIN group_members m ON m.group_id = me.group_id AND m.status = 'active' AND m.user_id <> me.user_id
        WHERE me.user_id = ${viewer.userId} AND me.status = 'active' AND me.is_birthday_alerts_enabled ${only}`,
    ),
  ]);
  const mates = new Set(groupMates.map((row) => row.user_id));
  const ids = [...new Set([...followed.map((row) => row.user_id), ...mates])];
  if (ids.length === 0) return result;
  const rows = await queryRows<
    TPersonColumns &
      TRelationColumns & {
        birthday_month: number;
        birthday_day: number;
        is_private: number | null;
        can_remind_about_birthday: number | null;
      }
  >(
    db,
    Prisma.sql`
      SELECT u.id, u.name, u.first_name, u.last_name, u.picture_key, u.deleted_at, u.birthday_month, u.birthday_day,
             s.is_private, s.can_remind_about_birthday, ${relationColumns(viewer, Prisma.sql`u.id`)}
      FROM users u LEFT JOIN user_settings s ON s.user_id = u.id
      WHERE u.id IN (${Prisma.join(ids)}) AND u.deleted_at IS NULL
        AND u.birthday_month IS NOT NULL AND u.birthday_day IS NOT NULL`,
  );
  // Someone who asked for no birthday reminders is not announced anywhere. No settings row yet:
  // the defaults of spec §3 (private, may be reminded about).
  const willing = rows.filter(
    (row) => row.can_remind_about_birthday === null || Boolean(row.can_remind_about_birthday),
  );
  for (const row of willing) {
    const relation = relationFromColumns(row, viewer, row.id);
    if (relation.isBlocking || relation.isBlockedBy) continue;
    // A birthday is a private part. Fellow active members of a live group share a circle that opens
    // it (groups/access.ts registers that circle), so only other private people need the check.
    const isPrivate = isPrivateColumn(row.is_private);
    if (!mates.has(row.id) && !(await canSeePrivate(db, viewer, { id: row.id, isPrivate }, relation))) continue;
    result.set(row.id, { person: personFromColumns(row), month: row.birthday_month, day: row.birthday_day });
  }
  return result;
}

/**
 * Birthdays within `withinDays` (today is 0) of the people in the viewer's birthday audience;
 * `audience` reads it when the caller shares one read with reminders (trpc/shared-reads.ts).
 */
export async function upcomingBirthdays(
  db: TDb,
  viewer: TVerifiedIdentity,
  withinDays: number,
  now = new Date(),
  audience: () => Promise<TBirthdayAudience> = () => birthdayAudience(db, viewer),
): Promise<TUpcomingBirthday[]> {
  const result: TUpcomingBirthday[] = [];
  for (const { person, month, day } of (await audience()).values()) {
    const inDays = daysUntil(month, day, now);
    if (inDays <= withinDays) result.push({ person: summarize(person), month, day, inDays });
  }
  return result.sort((a, b) => a.inDays - b.inDays || a.person.displayName.localeCompare(b.person.displayName));
}
