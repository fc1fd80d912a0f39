/**
 * In-app notifications: rows a member reads in the app (the header's bell, /home/), delivered live
 * to open pages through the realtime bus. `createNotification` writes a row (inside a caller's
 * transaction too); `publishNotifications` tells open pages once that transaction committed.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { TNotificationKindName } from '../../contracts/social';
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';

/**
 * 'exchange': an exchange event for one person (drawn, redrawn, reminders, messages, thank-yous);
 * 'group': an invitation, a join request, an approval; 'follow': someone followed you;
 * 'wish-created': a followed person's new wish list; 'price-drop', 'wish-list-request';
 * 'gift-received': a gift the member gave was marked received, so its recipient knows the giver.
 */
export type TNotificationKind = TNotificationKindName;

export async function createNotification(
  db: Pick<TDb, 'notification'>,
  input: { userId: string; kind: TNotificationKind; payload: Record<string, unknown> },
): Promise<string> {
  const id = randomUUID();
  await db.notification.create({
    data: { id, userId: input.userId, kind: input.kind, payload: JSON.stringify(input.payload) },
  });
  return id;
}

/**
 * The notification a job writes before it sends its mail, written once however often the job
 * runs: a job whose mail fails is run again, and each run wrote another copy (a member read "Names
 * were drawn" five times after four failed sends). Its id follows from the job's and the person's,
 * and a second insert of it is ignored. Without a job (a direct call) it is an ordinary notification.
 */
export async function createJobNotification(
  db: Pick<TDb, 'notification'>,
  job: { id: bigint } | undefined,
  input: { userId: string; kind: TNotificationKind; payload: Record<string, unknown> },
): Promise<string> {
  if (!job) return createNotification(db, input);
  const id = uuidFromKey(`job:${job.id}:notification:${input.userId}`);
  await db.notification.createMany({
    data: [{ id, userId: input.userId, kind: input.kind, payload: JSON.stringify(input.payload) }],
    skipDuplicates: true,
  });
  return id;
}

/**
 * A UUID-shaped id derived from a key (the first 16 bytes of its SHA-256, marked version 8, RFC
 * 9562's custom version): node:crypto makes only random UUIDs, and a name-based one is all this needs.
 */
function uuidFromKey(key: string): string {
  const bytes = createHash('sha256').update(key).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Tells the open pages of each notified person that something arrived (after the write committed). */
export async function publishNotifications(
  deps: Pick<TAppDeps, 'bus' | 'log'>,
  notices: readonly { userId: string; notificationId: string }[],
): Promise<void> {
  for (const notice of notices) {
    await deps.bus
      .publish([notice.userId], { kind: 'notification', notificationId: notice.notificationId })
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'live notification not published'));
  }
}

/**
 * The wish-created notice (spec §3: userId, wishlistId) for the followers of someone who made a
 * list they may see: only lists open to the public or to followers, and a private person's only to
 * the followers they follow back; each follower's subscribeFollowingNotifications decides. Written
 * inside the caller's transaction; returns the notices to publish once it committed.
 */
export async function noticeNewWishList(
  tx: Pick<TDb, '$queryRaw' | 'notification'>,
  input: { ownerId: string; wishlistId: string; privacy: string },
): Promise<{ userId: string; notificationId: string }[]> {
  if (input.privacy !== 'public' && input.privacy !== 'followers') return [];
  const readers = await tx.$queryRaw<{ id: string }[]>`
    SELECT f.follower_id AS id
    FROM follows f
    LEFT JOIN user_settings fs ON fs.user_id = f.follower_id
    LEFT JOIN user_settings os ON os.user_id = ${input.ownerId}
    WHERE f.followed_id = ${input.ownerId}
      AND COALESCE(fs.subscribe_following_notifications, true)
      AND (NOT COALESCE(os.is_private, true)
           OR EXISTS (SELECT 1 FROM follows back WHERE back.follower_id = ${input.ownerId} AND back.followed_id = f.follower_id))
      AND NOT EXISTS (SELECT 1 FROM blocks k WHERE k.blocker_id = ${input.ownerId} AND k.blocked_id = f.follower_id)`;
  const payload = JSON.stringify({ userId: input.ownerId, wishlistId: input.wishlistId });
  const notices = readers.map((reader) => ({ userId: reader.id, notificationId: randomUUID() }));
  if (notices.length > 0)
    await tx.notification.createMany({
      data: notices.map((notice) => ({
        id: notice.notificationId,
        userId: notice.userId,
        kind: 'wish-created',
        payload,
      })),
    });
  return notices;
}
