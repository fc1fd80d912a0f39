/**
 * Reading the activity feed (spec §1 activity): what people the viewer follows, their groups and
 * their exchanges did, newest first, paged by event id. Every event is checked when read:
 *
 * - nobody blocked either way, no closed accounts;
 * - a private person's events reach only those who may see their private parts (people/access.ts:
 *   people they follow back, fellow group members and exchange participants);
 * - an event about a wish list needs that list to still exist and to be visible to the viewer by
 *   its own privacy (wish-lists/access.ts), so a private or exchange-only list never leaks;
 * - an exchange's events reach only its participants.
 *
 * A group's feed (`groupId`) shows what its active members did (their visible lists and wishes, and
 * joining the group), to those who may see inside the group.
 */
import { Prisma } from '../../generated/prisma/client';
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TActivityItem, TActivityKind, TActivityPage } from '../../contracts/social';
import { queryRows, type TDb } from '../../db/client';
import { requireInside } from '../groups/access';
import {
  canSeePrivate,
  isPrivateColumn,
  personFromColumns,
  relationsTo,
  summarize,
  type TPersonColumns,
  type TViewerRelation,
} from '../people/access';
import { listPrivacyAllows } from '../wish-lists/access';

interface TEventRow {
  id: bigint;
  actor_id: string;
  kind: string;
  group_id: string | null;
  exchange_id: string | null;
  wish_list_id: string | null;
  payload: string;
  created_at: Date;
}

const IN_EXCHANGE = Prisma.sql`('invited', 'accepted', 'organizing')`;

async function candidateEvents(
  db: TDb,
  viewerId: string,
  input: { groupId?: string; before?: bigint; take: number },
): Promise<TEventRow[]> {
  const before = input.before ? Prisma.sql`AND a.id < ${input.before}` : Prisma.empty;
  if (input.groupId) {
    return db.$queryRaw<TEventRow[]>`
      SELECT a.id, a.actor_id, a.kind, a.group_id, a.exchange_id, a.wish_list_id, a.payload, a.created_at
      FROM activity_events a
      JOIN group_members m ON m.user_id = a.actor_id AND m.group_id = ${input.groupId} AND m.status = 'active'
      WHERE (a.group_id = ${input.groupId} OR a.kind IN ('wish-list-created', 'wish-added')) ${before}
      ORDER BY a.id DESC LIMIT ${input.take}`;
  }
  return db.$queryRaw<TEventRow[]>`
    SELECT a.id, a.actor_id, a.kind, a.group_id, a.exchange_id, a.wish_list_id, a.payload, a.created_at
    FROM activity_events a
    WHERE a.actor_id <> ${viewerId} ${before}
      AND (a.actor_id IN (SELECT followed_id FROM follows WHERE follower_id = ${viewerId})
        OR a.group_id IN (SELECT group_id FROM group_members WHERE user_id = ${viewerId} AND status = 'active')
        OR a.exchange_id IN (SELECT exchange_id FROM exchange_participants WHERE user_id = ${viewerId} AND status IN ${IN_EXCHANGE}))
    ORDER BY a.id DESC LIMIT ${input.take}`;
}

/** What the actor did, as the rest of a sentence that starts with their name. */
function actionOf(kind: TActivityKind, payload: Record<string, unknown>): string {
  const title = String(payload.title ?? payload.listTitle ?? '');
  switch (kind) {
    case 'wish-list-created':
      return `made a wish list: ${title}`;
    case 'wish-added':
      return `wished for ${String(payload.wishTitle ?? 'something')} on ${String(payload.listTitle ?? 'a wish list')}`;
    case 'exchange-joined':
      return `joined the gift exchange ${String(payload.exchangeTitle ?? '')}`.trim();
    case 'thank-you':
      return `thanked their Secret Santa in ${String(payload.exchangeTitle ?? 'a gift exchange')}`;
    case 'group-joined':
      return `joined the group ${String(payload.groupName ?? '')}`.trim();
  }
}

/** A stored payload; a damaged one shows the event without its names rather than failing the feed. */
function parsePayload(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Whether the viewer may see inside each group the rows mention (in one statement for the batch): a
 * live group they are an active member of, or a live public group whose owner did not block them.
 */
async function learnGroups(db: TDb, viewerId: string, rows: TEventRow[], known: Map<string, boolean>): Promise<void> {
  const ids = [...new Set(rows.map((row) => row.group_id).filter((id): id is string => Boolean(id)))].filter(
    (id) => !known.has(id),
  );
  if (ids.length === 0) return;
  const groups = await queryRows<{ id: string; is_private: number; member: number; blocked: number }>(
    db,
    Prisma.sql`
      SELECT g.id, g.is_private,
             EXISTS (SELECT 1 FROM group_members m
                     WHERE m.group_id = g.id AND m.user_id = ${viewerId} AND m.status = 'active') AS member,
             EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = g.owner_id AND b.blocked_id = ${viewerId}) AS blocked
      FROM \`groups\` g WHERE g.id IN (${Prisma.join(ids)}) AND g.deleted_at IS NULL`,
  );
  for (const id of ids) known.set(id, false);
  for (const group of groups) known.set(group.id, Boolean(group.member) || (!group.is_private && !group.blocked));
}

interface TFeedList {
  ownerId: string;
  privacy: string;
  exchangeId: string | null;
  title: string;
}

/** The wish lists `ids` name that still exist, by id, in one statement. */
async function readLists(db: TDb, ids: string[]): Promise<Map<string, TFeedList>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{
    id: string;
    owner_id: string;
    privacy: string;
    exchange_id: string | null;
    title: string;
  }>(
    db,
    Prisma.sql`SELECT id, owner_id, privacy, exchange_id, title FROM wish_lists WHERE id IN (${Prisma.join([...new Set(ids)])})`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { ownerId: row.owner_id, privacy: row.privacy, exchangeId: row.exchange_id, title: row.title },
    ]),
  );
}

/** One page of the feed; `next` is the following page's `before` (empty at the end). */
export async function readFeed(
  db: TDb,
  viewer: TVerifiedIdentity,
  input: { groupId?: string; before?: string; limit: number },
): Promise<TActivityPage> {
  if (input.groupId) await requireInside(db, viewer, input.groupId);
  const items: TActivityItem[] = [];
  let before = input.before ? BigInt(input.before) : undefined;
  let exhausted = false;
  const relationCache = new Map<string, TViewerRelation>();
  const privateOk = new Map<string, boolean>();
  const listOk = new Map<string, { ok: boolean; ownerId: string; title: string } | null>();
  // Exchanges whose people the viewer may know: theirs, when its participant list is open to them
  // (the organizer may hide it from everyone but the organizer and assistants).
  const myExchanges = new Set(
    (
      await queryRows<{ exchange_id: string }>(
        db,
        Prisma.sql`
          SELECT p.exchange_id FROM exchange_participants p JOIN exchanges e ON e.id = p.exchange_id
          WHERE p.user_id = ${viewer.userId} AND p.status IN ${IN_EXCHANGE}
            AND (p.is_assistant OR e.participants_visible OR e.organizer_id = ${viewer.userId})`,
      )
    ).map((row) => row.exchange_id),
  );
  const groupOk = new Map<string, boolean>();
  // Read in batches until the page is full: some events are filtered out for this viewer.
  for (let round = 0; items.length < input.limit && !exhausted && round < 10; round += 1) {
    const take = input.limit * 3;
    const rows = await candidateEvents(db, viewer.userId, { groupId: input.groupId, before, take });
    if (rows.length < take) exhausted = true;
    if (rows.length === 0) break;
    before = rows[rows.length - 1]!.id;
    const actorIds = [...new Set(rows.map((row) => row.actor_id))].filter((id) => !relationCache.has(id));
    // The batch's people, relations, groups and wish lists side by side, a statement each (not one
    // list per event as it is read).
    const [relations, actors, lists] = await Promise.all([
      relationsTo(db, viewer, actorIds),
      queryRows<TPersonColumns & { is_private: number | null }>(
        db,
        Prisma.sql`
          SELECT u.id, u.name, u.first_name, u.last_name, u.picture_key, u.deleted_at, s.is_private
          FROM users u LEFT JOIN user_settings s ON s.user_id = u.id
          WHERE u.id IN (${Prisma.join([...new Set(rows.map((row) => row.actor_id))])})`,
      ),
      readLists(
        db,
        rows.map((row) => row.wish_list_id).filter((id): id is string => id !== null && !listOk.has(id)),
      ),
      learnGroups(db, viewer.userId, rows, groupOk),
    ]);
    for (const [id, relation] of relations) relationCache.set(id, relation);
    const actorOf = new Map(
      // Object.assign, not a spread followed by a field (slow on Node 20's V8, one per actor).
      actors.map((actor) => [
        actor.id,
        Object.assign(personFromColumns(actor), { isPrivate: isPrivateColumn(actor.is_private) }),
      ]),
    );
    for (const row of rows) {
      if (items.length >= input.limit) {
        exhausted = false;
        break;
      }
      const actor = actorOf.get(row.actor_id);
      const relation = relationCache.get(row.actor_id);
      if (!actor || actor.deletedAt || !relation || relation.isBlockedBy || relation.isBlocking) continue;
      if (!privateOk.has(actor.id)) {
        privateOk.set(
          actor.id,
          await canSeePrivate(db, viewer, { id: actor.id, isPrivate: actor.isPrivate }, relation),
        );
      }
      if (!privateOk.get(actor.id)) continue;
      if (row.exchange_id && !myExchanges.has(row.exchange_id)) continue;
      // A group's doings reach those who may see inside it (a private group's members only).
      if (row.group_id && !groupOk.get(row.group_id)) continue;
      const payload = parsePayload(row.payload);
      let path: string | null = null;
      if (row.wish_list_id) {
        if (!listOk.has(row.wish_list_id)) {
          const list = lists.get(row.wish_list_id);
          listOk.set(
            row.wish_list_id,
            list
              ? { ok: await listPrivacyAllows(db, viewer, list, relation), ownerId: list.ownerId, title: list.title }
              : null,
          );
        }
        const list = listOk.get(row.wish_list_id);
        if (!list?.ok) continue;
        path = `/profile/${list.ownerId}/wish-lists/${row.wish_list_id}/`;
      } else if (row.exchange_id) path = `/gift-exchanges/${row.exchange_id}/`;
      else if (row.group_id) path = `/groups/${row.group_id}/`;
      const person = summarize(actor);
      const action = actionOf(row.kind as TActivityKind, payload);
      items.push({
        activityId: row.id.toString(),
        kind: row.kind as TActivityKind,
        actor: person,
        action,
        text: `${person.displayName} ${action}`,
        path,
        createdAt: row.created_at.toISOString(),
      });
    }
  }
  const last = items[items.length - 1];
  return { items, next: exhausted || !last ? '' : last.activityId };
}
