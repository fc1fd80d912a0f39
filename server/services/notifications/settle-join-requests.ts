/**
 * When a request to join a group is decided (approved, declined, or cancelled by the person who
 * asked), the "Jo asked to join …" notice every manager got is answered: it is marked read for all
 * of them, so no bell or home page keeps offering a request that is gone, and their open pages are
 * told to reload the bell (a 'notifications-changed' live event).
 */
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';

/**
 * Marks the unread join-request notices about `requesterId` in `groupId` read (in the caller's
 * transaction too). Answers the people whose notices changed, to tell once it committed. The
 * managers who got them are members of the group (any status but a declined request), so the
 * search stays on the notifications index by person.
 */
export async function settleJoinRequestNotices(
  db: Pick<TDb, '$queryRaw' | 'notification'>,
  groupId: string,
  requesterId: string,
): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string; userId: string }[]>`
    SELECT n.id, n.user_id AS userId FROM notifications n
    WHERE n.user_id IN (SELECT m.user_id FROM group_members m WHERE m.group_id = ${groupId})
      AND n.kind = 'group' AND n.read_at IS NULL
      AND JSON_VALUE(n.payload, '$.event') = 'join-request'
      AND JSON_VALUE(n.payload, '$.groupId') = ${groupId}
      AND JSON_VALUE(n.payload, '$.userId') = ${requesterId}`;
  if (rows.length === 0) return [];
  await db.notification.updateMany({
    where: { id: { in: rows.map((row) => row.id) }, readAt: null },
    data: { readAt: new Date() },
  });
  return [...new Set(rows.map((row) => row.userId))];
}

/** Tells the open pages of these people that their notifications changed (after the commit). */
export async function publishNotificationsChanged(
  deps: Pick<TAppDeps, 'bus' | 'log'>,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await deps.bus
    .publish(userIds, { kind: 'notifications-changed' })
    .catch((error: unknown) => deps.log?.warn({ err: error }, 'live notification change not published'));
}
