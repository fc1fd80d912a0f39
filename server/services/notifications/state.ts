/**
 * The notifications state of spec §3 as the header's bell and /home/ read it: the latest
 * notifications with a title and a link each, the unread count, alerts (the ones that ask for
 * something), wish-created notices, unread chat messages, groups whose join requests wait for the
 * viewer ("bad-request groups") and the wish-celebration flag. Titles are made when read, from the
 * names of today, so a renamed exchange or person reads right; and what a block or a privacy change
 * hid since a notification was written is left out when read (visibility.ts), counts included.
 */
import { Prisma } from '../../generated/prisma/client';
import type { TVerifiedIdentity } from '../../auth/tokens';
import { displayName } from '../../contracts/identity';
import { formatMoneyIn } from '../../contracts/money';
import { pagingFor, type TPagingQuery } from '../../contracts/paging';
import type { TNotificationItem, TNotificationsState } from '../../contracts/social';
import { queryRows, type TDb } from '../../db/client';
import { unreadCount as unreadMessages } from '../messages/conversations';
import { visibleNotificationsCondition } from './visibility';

interface TRow {
  id: string;
  kind: string;
  payload: string;
  createdAt: Date;
  readAt: Date | null;
}

const EXCHANGE_EVENTS: Record<string, (title: string) => string> = {
  drawn: (title) => `Names were drawn in ${title}: see who you give to`,
  redrawn: (title) => `Names were drawn again in ${title}`,
  'new-recipient': (title) => `You have a new person to give to in ${title}`,
  'turn-order': (title) => `The turn order of ${title} is drawn: see when it is your turn`,
  'turn-order-failed': (title) => `The turn order of ${title} could not be drawn: too few people take part`,
  message: (title) => `New anonymous message in ${title}`,
  'thank-you': (title) => `Your recipient in ${title} said thank you`,
  'rsvp-due': (title) => `Please answer the invitation to ${title}`,
  'date-near': (title) => `${title} is coming up`,
  'say-thanks': (title) => `Say thank you to your Secret Santa from ${title}`,
  'person-link-request': (title) => `Someone asked for a new private link in ${title}`,
};

const ALERT_EVENTS = new Set(['invited', 'join-request']);

/** A price-drop notice's new price, written as the shop writes money ("$200.00", "CA$60.99"). */
function priceDropAmount(payload: Record<string, unknown>): string {
  const amount = Number(payload.newAmount);
  const currency = typeof payload.currency === 'string' ? payload.currency : '';
  if (!Number.isFinite(amount) || !/^[A-Za-z]{3}$/.test(currency)) return String(payload.newAmount ?? '');
  return formatMoneyIn({ amount, currency }, typeof payload.market === 'string' ? payload.market : null);
}

/** A stored payload; a damaged one reads as empty rather than failing the whole bell. */
function parsePayload(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Turns rows into items, looking up the names they mention in a fixed number of queries. */
export async function describeNotifications(db: TDb, rows: TRow[]): Promise<TNotificationItem[]> {
  const payloads = rows.map((row) => parsePayload(row.payload));
  const ids = (key: string) => [
    ...new Set(payloads.map((payload) => payload[key]).filter((value): value is string => typeof value === 'string')),
  ];
  const userIds = [...new Set([...ids('userId'), ...ids('requesterId'), ...ids('byUserId')])];
  const exchangeIds = ids('exchangeId');
  // Straight to the driver, and not at all when nothing is named: the bell is read on every page.
  const [people, exchanges] = await Promise.all([
    userIds.length > 0
      ? queryRows<{ id: string; name: string; first_name: string | null; last_name: string | null }>(
          db,
          Prisma.sql`SELECT id, name, first_name, last_name FROM users WHERE id IN (${Prisma.join(userIds)})`,
        )
      : [],
    exchangeIds.length > 0
      ? queryRows<{ id: string; title: string }>(
          db,
          Prisma.sql`SELECT id, title FROM exchanges WHERE id IN (${Prisma.join(exchangeIds)})`,
        )
      : [],
  ]);
  const nameOf = new Map(
    people.map((person) => [
      person.id,
      displayName({ name: person.name, firstName: person.first_name, lastName: person.last_name }),
    ]),
  );
  const titleOf = new Map(exchanges.map((exchange) => [exchange.id, exchange.title]));
  return rows.map((row, index) => {
    const payload = payloads[index]!;
    const person = (key: string) => nameOf.get(String(payload[key])) ?? 'Someone';
    let title = 'Something new';
    let path: string | null = null;
    switch (row.kind) {
      case 'price-drop':
        title = `${String(payload.title ?? 'A product')} dropped to ${priceDropAmount(payload)}`.trim();
        path = `/actions/show-price-drop/?productId=${String(payload.productId ?? '')}`;
        break;
      case 'wish-list-request':
        title = `${person('requesterId')} asked for your wish list`;
        path = '/wish-lists/';
        break;
      case 'exchange': {
        const exchangeTitle = titleOf.get(String(payload.exchangeId)) ?? 'a gift exchange';
        title = (EXCHANGE_EVENTS[String(payload.event)] ?? ((name: string) => `News from ${name}`))(exchangeTitle);
        // The automatic draw found no draw: the engine's explanation, for the organizer only.
        if (payload.event === 'auto-draw-failed')
          title =
            `The names of ${exchangeTitle} could not be drawn automatically. ${String(payload.message ?? '')}`.trim();
        path = `/gift-exchanges/${String(payload.exchangeId)}/`;
        // A person without e-mail asked for a new link: their row is on the participants page.
        if (payload.event === 'person-link-request') path += 'participants/';
        break;
      }
      case 'group': {
        const group = String(payload.groupName ?? 'a group');
        const groupPath = `/groups/${String(payload.groupId)}/`;
        if (payload.event === 'join-request') {
          title = `${person('userId')} asked to join ${group}`;
          path = `${groupPath}members/pending/`;
        } else if (payload.event === 'invited') {
          title = `${person('byUserId')} invited you to ${group}`;
          path = groupPath;
        } else {
          title = `You are now a member of ${group}`;
          path = groupPath;
        }
        break;
      }
      case 'follow':
        title = `${person('userId')} started following you`;
        path = `/profile/${String(payload.userId)}/`;
        break;
      case 'gift-received': {
        // To a giver: the recipient's side now sees who gave it (wish-lists/received.ts).
        const wishTitle = String(payload.title ?? 'a wish');
        title = payload.byUserId
          ? `${person('byUserId')} marked ${person('userId')}’s “${wishTitle}” received: they can see it came from you`
          : `${person('userId')} marked “${wishTitle}” received and can see it came from you`;
        path = `/profile/${String(payload.userId)}/wish-lists/${String(payload.wishlistId)}/`;
        break;
      }
      case 'wish-created':
        title = `${person('userId')} made a new wish list`;
        path = `/profile/${String(payload.userId)}/wish-lists/${String(payload.wishlistId)}/`;
        break;
      default:
        break;
    }
    return {
      notificationId: row.id,
      kind: row.kind,
      title,
      path,
      payload,
      createdAt: row.createdAt.toISOString(),
      isRead: row.readAt !== null,
    };
  });
}

const ROW_COLUMNS = Prisma.sql`n.id, n.kind, n.payload, n.created_at AS createdAt, n.read_at AS readAt`;

/**
 * A page of the viewer's notifications, newest first. Only what they may still see (visibility.ts):
 * the filter is part of the query, so the page is full and the total exact.
 */
export async function listNotificationItems(db: TDb, viewer: TVerifiedIdentity, page: TPagingQuery) {
  const visible = await visibleNotificationsCondition(db, viewer);
  const [counted, rows] = await Promise.all([
    db.$queryRaw<{ n: bigint }[]>`
      SELECT COUNT(*) AS n FROM notifications n WHERE n.user_id = ${viewer.userId} AND ${visible}`,
    db.$queryRaw<TRow[]>`
      SELECT ${ROW_COLUMNS} FROM notifications n WHERE n.user_id = ${viewer.userId} AND ${visible}
      ORDER BY n.created_at DESC, n.id ASC LIMIT ${page.limit} OFFSET ${page.offset}`,
  ]);
  const items = await describeNotifications(db, rows);
  return { items, paging: pagingFor(page, items.length, Number(counted[0]?.n ?? 0)) };
}

export async function notificationsState(db: TDb, viewer: TVerifiedIdentity): Promise<TNotificationsState> {
  const since = new Date(Date.now() - 7 * 86_400_000);
  // What a block or a privacy change hid since it was written is left out of all of it.
  const visible = await visibleNotificationsCondition(db, viewer);
  // Every statement straight to the driver (db/client.ts queryRows): the bell is read on every page.
  const [rows, unread, messages, waiting, wishes] = await Promise.all([
    queryRows<TRow>(
      db,
      Prisma.sql`
      SELECT ${ROW_COLUMNS} FROM notifications n WHERE n.user_id = ${viewer.userId} AND ${visible}
      ORDER BY n.created_at DESC, n.id ASC LIMIT 30`,
    ),
    queryRows<{ n: bigint | number }>(
      db,
      Prisma.sql`
      SELECT COUNT(*) AS n FROM notifications n
      WHERE n.user_id = ${viewer.userId} AND n.read_at IS NULL AND ${visible}`,
    ),
    unreadMessages(db, viewer.userId),
    queryRows<{ id: string; name: string; n: bigint | number }>(
      db,
      Prisma.sql`
      SELECT g.id, g.name, COUNT(p.user_id) AS n FROM group_members me
      JOIN \`groups\` g ON g.id = me.group_id AND g.deleted_at IS NULL
      JOIN group_members p ON p.group_id = g.id AND p.status = 'pending'
      WHERE me.user_id = ${viewer.userId} AND me.status = 'active' AND me.role IN ('owner', 'assistant')
      GROUP BY g.id, g.name`,
    ),
    queryRows<{ createdAt: Date }>(
      db,
      Prisma.sql`
      SELECT w.created_at AS createdAt FROM wishes w JOIN wish_lists l ON l.id = w.wishlist_id
      WHERE l.owner_id = ${viewer.userId} LIMIT 2`,
    ),
  ]);
  const notifications = await describeNotifications(db, rows);
  const badRequestGroups = waiting.map((row) => ({ groupId: row.id, name: row.name, pendingCount: Number(row.n) }));
  return {
    notifications,
    unreadCount: Number(unread[0]?.n ?? 0),
    alerts: notifications.filter(
      (item) =>
        !item.isRead &&
        (item.kind === 'wish-list-request' || (item.kind === 'group' && ALERT_EVENTS.has(String(item.payload.event)))),
    ),
    wishCreated: notifications
      .filter((item) => item.kind === 'wish-created' && new Date(item.createdAt) >= since)
      .map((item) => ({ userId: String(item.payload.userId), wishlistId: String(item.payload.wishlistId) })),
    unreadMessages: messages,
    badRequestGroups,
    keepGroups: badRequestGroups.length > 0,
    // The first wish ever, made in the last day: the home page celebrates it once.
    wishCelebration: wishes.length === 1 && wishes[0]!.createdAt >= new Date(Date.now() - 86_400_000),
  };
}

export async function markNotificationsRead(db: TDb, viewer: TVerifiedIdentity, notificationIds?: string[]) {
  await db.notification.updateMany({
    where: { userId: viewer.userId, readAt: null, ...(notificationIds ? { id: { in: notificationIds } } : {}) },
    data: { readAt: new Date() },
  });
  return { ok: true as const };
}

/** One notification for a live stream, if it is the viewer's and still theirs to see. */
export async function notificationFor(
  db: TDb,
  viewer: TVerifiedIdentity,
  notificationId: string,
): Promise<TNotificationItem | null> {
  const visible = await visibleNotificationsCondition(db, viewer);
  const rows = await db.$queryRaw<TRow[]>`
    SELECT ${ROW_COLUMNS} FROM notifications n
    WHERE n.id = ${notificationId} AND n.user_id = ${viewer.userId} AND ${visible}`;
  return rows.length > 0 ? ((await describeNotifications(db, rows))[0] ?? null) : null;
}

/**
 * The viewer's notifications after a point in (createdAt, id) order — after `after.createdAt`, or
 * after that moment's `after.id` — up to `upTo` (inclusive) when given, oldest first, only what
 * they may still see: a resumed live stream catching up, or making sure of a range before it moves
 * its resume position past it (server/realtime/streams.ts).
 */
export async function notificationsBetween(
  db: TDb,
  viewer: TVerifiedIdentity,
  after: { createdAt: Date; id: string | null },
  upTo: Date | null,
  limit = 200,
): Promise<TNotificationItem[]> {
  const visible = await visibleNotificationsCondition(db, viewer);
  const from =
    after.id === null
      ? Prisma.sql`n.created_at > ${after.createdAt}`
      : Prisma.sql`(n.created_at > ${after.createdAt} OR (n.created_at = ${after.createdAt} AND n.id > ${after.id}))`;
  const until = upTo ? Prisma.sql`AND n.created_at <= ${upTo}` : Prisma.empty;
  const rows = await db.$queryRaw<TRow[]>`
    SELECT ${ROW_COLUMNS} FROM notifications n
    WHERE n.user_id = ${viewer.userId} AND ${from} ${until} AND ${visible}
    ORDER BY n.created_at ASC, n.id ASC LIMIT ${limit}`;
  return describeNotifications(db, rows);
}

/** When one of the person's notifications was written (a resume position from an older page). */
export async function notificationCreatedAt(db: TDb, userId: string, notificationId: string): Promise<Date | null> {
  const row = await db.notification.findFirst({ where: { id: notificationId, userId }, select: { createdAt: true } });
  return row?.createdAt ?? null;
}
