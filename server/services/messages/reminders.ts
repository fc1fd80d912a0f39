/**
 * Reminders (spec §1 messages and reminders): what is due for a person soon — an invitation to
 * answer, names to draw, an exchange date, a thank-you to write, the birthday of someone they
 * follow or share a group with. The scheduled scan (hourly, on the database job queue) writes them
 * set-wise with INSERT IGNORE on a unique key per person, subject and occasion, so running it again,
 * or on two instances, adds nothing twice; it also clears reminders whose reason went away (an
 * answered invitation, a drawn exchange). People dismiss them one by one.
 *
 * Birthday reminders honour the person's canRemindAboutBirthday, the reader's
 * subscribeFollowingBirthdayReminders (for people they follow) and the reader's membership flag
 * isBirthdayAlertsEnabled (for fellow group members); a private person's birthday reaches only
 * those who may see it (people they follow back, fellow group members). What changed after the scan
 * (a block, a privacy or birthday setting) is honoured when reminders are read (listReminders).
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TReminder } from '../../contracts/social';
import { queryRows, type TDb } from '../../db/client';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../errors';
import { birthdayAudience, type TBirthdayAudience } from '../activity/birthdays';

export const SOCIAL_REMINDER_SCAN_JOB = 'messages:reminder-scan';
/** How far ahead reminders look. */
export const REMINDER_HORIZON_DAYS = 14;

const DAY_MS = 86_400_000;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** SQL for a person's display name (spec §5: first + last, else last, else name). */
const NAME_SQL = (alias: string) =>
  `COALESCE(NULLIF(TRIM(CONCAT_WS(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.name)`;

/** Runs the scan for everyone (or one person); returns how many reminders it added. */
export async function scanReminders(db: TDb, now = new Date(), onlyUserId?: string): Promise<number> {
  const today = isoDay(now);
  const horizon = isoDay(new Date(now.getTime() + REMINDER_HORIZON_DAYS * DAY_MS));
  const who = (column: string) => (onlyUserId ? `AND ${column} = ?` : '');
  const only = onlyUserId ? [onlyUserId] : [];
  let added = 0;
  const run = async (sql: string, ...params: unknown[]) => {
    added += await db.$executeRawUnsafe(sql, ...params);
  };

  // Answer an invitation before the sign-up date (or the exchange date when there is none).
  await run(
    `INSERT IGNORE INTO reminders (id, user_id, kind, subject_id, title, path, due_on, unique_key)
     SELECT UUID(), p.user_id, 'rsvp', e.id, CONCAT('Answer the invitation to ', e.title),
            CONCAT('/gift-exchanges/', e.id, '/rsvp/'), COALESCE(e.sign_up_date, e.exchange_date),
            CONCAT('rsvp:', p.user_id, ':', e.id)
     FROM exchange_participants p JOIN exchanges e ON e.id = p.exchange_id
     WHERE p.status = 'invited' AND e.status = 'open'
       AND COALESCE(e.sign_up_date, e.exchange_date) BETWEEN ? AND ? ${who('p.user_id')}`,
    today,
    horizon,
    ...only,
  );
  // Organizers: draw the names once the sign-up date is near or past.
  await run(
    `INSERT IGNORE INTO reminders (id, user_id, kind, subject_id, title, path, due_on, unique_key)
     SELECT UUID(), e.organizer_id, 'draw', e.id, CONCAT('Draw names for ', e.title),
            CONCAT('/gift-exchanges/', e.id, '/'), COALESCE(e.sign_up_date, e.exchange_date),
            CONCAT('draw:', e.organizer_id, ':', e.id)
     FROM exchanges e
     WHERE e.status = 'open' AND COALESCE(e.sign_up_date, e.exchange_date) <= ? AND e.exchange_date >= ?
       ${who('e.organizer_id')}`,
    horizon,
    today,
    ...only,
  );
  // Everyone in a drawn exchange: the date is coming.
  await run(
    `INSERT IGNORE INTO reminders (id, user_id, kind, subject_id, title, path, due_on, unique_key)
     SELECT UUID(), p.user_id, 'exchange-date', e.id, CONCAT(e.title, ' is on ', DATE_FORMAT(e.exchange_date, '%b %e')),
            CONCAT('/gift-exchanges/', e.id, '/'), e.exchange_date, CONCAT('exchange-date:', p.user_id, ':', e.id)
     FROM exchange_participants p JOIN exchanges e ON e.id = p.exchange_id
     WHERE p.status = 'accepted' AND e.status = 'drawn' AND e.exchange_date BETWEEN ? AND ? ${who('p.user_id')}`,
    today,
    horizon,
    ...only,
  );
  // After the date: say thank you (until someone did).
  await run(
    `INSERT IGNORE INTO reminders (id, user_id, kind, subject_id, title, path, due_on, unique_key)
     SELECT UUID(), a.receiver_id, 'thank-you', e.id, CONCAT('Thank your Secret Santa from ', e.title),
            CONCAT('/gift-exchanges/', e.id, '/thank-yous/'), DATE_ADD(e.exchange_date, INTERVAL 7 DAY),
            CONCAT('thank-you:', a.receiver_id, ':', e.id)
     FROM exchange_assignments a JOIN exchanges e ON e.id = a.exchange_id
     LEFT JOIN exchange_thank_yous t ON t.exchange_id = e.id AND t.from_user_id = a.receiver_id
     WHERE t.id IS NULL AND e.exchange_date < ? AND e.exchange_date >= ? ${who('a.receiver_id')}`,
    today,
    isoDay(new Date(now.getTime() - REMINDER_HORIZON_DAYS * DAY_MS)),
    ...only,
  );
  // Birthdays in the next days: of people followed, and of fellow group members.
  for (let offset = 0; offset <= REMINDER_HORIZON_DAYS; offset += 1) {
    const day = new Date(now.getTime() + offset * DAY_MS);
    const month = day.getUTCMonth() + 1;
    const date = day.getUTCDate();
    const due = isoDay(day);
    const birthdayYear = day.getUTCFullYear();
    await run(
      `INSERT IGNORE INTO reminders (id, user_id, kind, subject_id, title, path, due_on, unique_key)
       SELECT UUID(), f.follower_id, 'birthday', b.id, CONCAT(${NAME_SQL('b')}, '’s birthday'),
              CONCAT('/profile/', b.id, '/'), ?, CONCAT('birthday:', f.follower_id, ':', b.id, ':', ?)
       FROM follows f JOIN users b ON b.id = f.followed_id
       LEFT JOIN user_settings bs ON bs.user_id = b.id
       LEFT JOIN user_settings fs ON fs.user_id = f.follower_id
       WHERE b.birthday_month = ? AND b.birthday_day = ? AND b.deleted_at IS NULL
         AND COALESCE(bs.can_remind_about_birthday, true) AND COALESCE(fs.subscribe_following_birthday_reminders, true)
         AND (NOT COALESCE(bs.is_private, true)
              OR EXISTS (SELECT 1 FROM follows back WHERE back.follower_id = b.id AND back.followed_id = f.follower_id))
         AND NOT EXISTS (SELECT 1 FROM blocks k WHERE (k.blocker_id = b.id AND k.blocked_id = f.follower_id)
                                                 OR (k.blocker_id = f.follower_id AND k.blocked_id = b.id))
         ${who('f.follower_id')}`,
      due,
      birthdayYear,
      month,
      date,
      ...only,
    );
    await run(
      `INSERT IGNORE INTO reminders (id, user_id, kind, subject_id, title, path, due_on, unique_key)
       SELECT UUID(), r.user_id, 'birthday', b.id, CONCAT(${NAME_SQL('b')}, '’s birthday'),
              CONCAT('/profile/', b.id, '/'), ?, CONCAT('birthday:', r.user_id, ':', b.id, ':', ?)
       FROM group_members r
       JOIN \`groups\` g ON g.id = r.group_id AND g.deleted_at IS NULL
       JOIN group_members m ON m.group_id = r.group_id AND m.status = 'active' AND m.user_id <> r.user_id
       JOIN users b ON b.id = m.user_id
       LEFT JOIN user_settings bs ON bs.user_id = b.id
       WHERE r.status = 'active' AND r.is_birthday_alerts_enabled
         AND b.birthday_month = ? AND b.birthday_day = ? AND b.deleted_at IS NULL
         AND COALESCE(bs.can_remind_about_birthday, true)
         AND NOT EXISTS (SELECT 1 FROM blocks k WHERE (k.blocker_id = b.id AND k.blocked_id = r.user_id)
                                                 OR (k.blocker_id = r.user_id AND k.blocked_id = b.id))
         ${who('r.user_id')}`,
      due,
      birthdayYear,
      month,
      date,
      ...only,
    );
  }
  // Reasons that went away: an answered invitation, a drawn (or cancelled) exchange.
  await db.$executeRawUnsafe(
    `DELETE r FROM reminders r LEFT JOIN exchange_participants p ON p.exchange_id = r.subject_id AND p.user_id = r.user_id
     LEFT JOIN exchanges e ON e.id = r.subject_id
     WHERE r.kind = 'rsvp' AND (p.status IS NULL OR p.status <> 'invited' OR e.status IS NULL OR e.status <> 'open')`,
  );
  await db.$executeRawUnsafe(
    `DELETE r FROM reminders r LEFT JOIN exchanges e ON e.id = r.subject_id
     WHERE r.kind = 'draw' AND (e.status IS NULL OR e.status <> 'open')`,
  );
  return added;
}

/** The person's reminders from yesterday on, soonest first. */
/**
 * The reader's reminders still due. `wholeAudience` reads the reader's whole birthday audience when
 * the caller shares that read (trpc/shared-reads.ts); otherwise only the people reminded about are
 * looked up.
 */
export async function listReminders(
  db: TDb,
  viewer: TVerifiedIdentity,
  now = new Date(),
  wholeAudience?: () => Promise<TBirthdayAudience>,
): Promise<TReminder[]> {
  // Read on every home page: straight to the driver (db/client.ts queryRows).
  const rows = await queryRows<{
    id: string;
    kind: string;
    subject_id: string;
    title: string;
    path: string;
    due_on: Date;
  }>(
    db,
    Prisma.sql`
    SELECT id, kind, subject_id, title, path, due_on FROM reminders
    WHERE user_id = ${viewer.userId} AND dismissed_at IS NULL AND due_on >= ${isoDay(new Date(now.getTime() - DAY_MS))}
    ORDER BY due_on, created_at
    LIMIT 100`,
  );
  // A birthday reminder shows only while its person is still in the reader's birthday audience
  // (activity/birthdays.ts, as /home/ decides): a block either way, a privacy change, the person's
  // canRemindAboutBirthday or the reader's own birthday settings since the scan hide it. Checked
  // when read, for all of them at once, rather than cleaned up after each of those changes.
  const birthdayPeople = rows.filter((row) => row.kind === 'birthday').map((row) => row.subject_id);
  // The audience among those people is the whole audience's part (birthdayAudience's `onlyIds`).
  const audience =
    birthdayPeople.length === 0
      ? new Map()
      : wholeAudience
        ? await wholeAudience()
        : await birthdayAudience(db, viewer, birthdayPeople);
  return rows
    .filter((row) => row.kind !== 'birthday' || audience.has(row.subject_id))
    .map((row) => ({
      reminderId: row.id,
      kind: row.kind as TReminder['kind'],
      title: row.title,
      path: row.path,
      dueOn: isoDay(row.due_on),
    }));
}

export async function dismissReminder(db: TDb, viewer: TVerifiedIdentity, reminderId: string) {
  const updated = await db.reminder.updateMany({
    where: { id: reminderId, userId: viewer.userId },
    data: { dismissedAt: new Date() },
  });
  if (updated.count === 0) throw new AppError('NOT_FOUND');
  return { ok: true as const };
}
