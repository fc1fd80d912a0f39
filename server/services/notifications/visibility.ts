/**
 * Which stored notifications a member may still read. A notification is written once, when its
 * reason happens; what it shows may be hidden later: the person it is about blocked the reader (or
 * the reader blocked them), or a wish list it announces was made private, was deleted, or its owner
 * turned private. So every read filters (the bell, the list, the live stream), rather than deleting
 * rows on a block: a privacy change needs no clean-up, and an unblock shows them again.
 *
 * The filter is one SQL condition on `notifications n`, so counts and pages stay exact. Making it
 * costs a fixed number of queries whatever the number of rows: the people blocked either way, the
 * wish lists the reader's wish-created notices mention, and the wish-list domain's own visibility
 * decision for those lists (wish-lists/access.ts, batched).
 */
import { Prisma } from '../../generated/prisma/client';
import type { TVerifiedIdentity } from '../../auth/tokens';
import { queryRows, type TDb } from '../../db/client';
import { blockedEitherWay } from '../people/access';
import { visibleListIds } from '../wish-lists/access';

/** Kinds whose payload names the person they are about, and the keys that name them. */
const ACTOR_KINDS = ['follow', 'wish-created', 'wish-list-request', 'group', 'gift-received'] as const;
const ACTOR_KEYS = ['userId', 'requesterId', 'byUserId'] as const;

/** A payload field as text ('' when absent or when the payload is damaged: MySQL refuses bad JSON). */
function payloadField(key: string): Prisma.Sql {
  return Prisma.raw(`COALESCE(IF(JSON_VALID(n.payload), JSON_UNQUOTE(JSON_EXTRACT(n.payload, '$.${key}')), NULL), '')`);
}

/**
 * The condition (on `notifications n`) a notification of `viewer` must meet to be shown: nobody it
 * is about is blocked either way, and a wish-created notice's list is still visible to them.
 */
export async function visibleNotificationsCondition(db: TDb, viewer: TVerifiedIdentity): Promise<Prisma.Sql> {
  const [blocked, mentioned] = await Promise.all([
    blockedEitherWay(db, viewer.userId),
    queryRows<{ id: string }>(
      db,
      Prisma.sql`
      SELECT DISTINCT ${payloadField('wishlistId')} AS id FROM notifications n
      WHERE n.user_id = ${viewer.userId} AND n.kind = 'wish-created'`,
    ),
  ]);
  const listIds = mentioned.map((row) => row.id).filter((id) => id !== '');
  const visible = await visibleListIds(db, viewer, listIds);
  const hiddenLists = listIds.filter((id) => !visible.has(id));
  const conditions: Prisma.Sql[] = [];
  if (blocked.length > 0) {
    const people = Prisma.join([...new Set(blocked)]);
    const named = ACTOR_KEYS.map((key) => Prisma.sql`${payloadField(key)} IN (${people})`);
    conditions.push(Prisma.sql`NOT (n.kind IN (${Prisma.join([...ACTOR_KINDS])}) AND (${Prisma.join(named, ' OR ')}))`);
  }
  if (hiddenLists.length > 0)
    conditions.push(
      Prisma.sql`NOT (n.kind = 'wish-created' AND ${payloadField('wishlistId')} IN (${Prisma.join(hiddenLists)}))`,
    );
  return conditions.length > 0 ? Prisma.sql`(${Prisma.join(conditions, ' AND ')})` : Prisma.sql`TRUE`;
}
