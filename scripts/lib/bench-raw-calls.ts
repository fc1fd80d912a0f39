/**
 * The hand-written answers of `npm run bench:api`'s bare baseline (bench-raw-server.ts) beyond its
 * first two calls: each is a few mysql2 queries and a plain mapping to exactly the JSON our server
 * answers (key order, dates as ISO strings, null where ours has null), with the privacy rules of
 * the measured case written into the SQL: a signed-in member (not switched into another account,
 * not impersonated) reading their own home page, chats, an exchange they take part in, and the shop.
 *
 * Our server decides privacy in its services, a query or more per decision; here each rule is an
 * EXISTS in the statement that reads the rows, which is what a bare handler would do. What ours caches in the process (the
 * shop's markets and gift-guide trees, 5 minutes) is cached here the same way.
 *
 * Only pure helpers come from server/contracts (names, money formatting, game types, the shop's defaults).
 */
import type { Pool, QueryValues, RowDataPacket } from 'mysql2/promise';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, DEFAULT_MARKET, SHOP_CACHE_TTL_MS } from '../../server/contracts/constants';
import { DEFAULT_MARKETS } from '../../server/contracts/enums';
import { isPartyGame, PARTY_GAME_MIN_PLAYERS } from '../../server/contracts/exchange-values';
import { displayName, shortDisplayName } from '../../server/contracts/identity';
import { formatMoneyIn } from '../../server/contracts/money';

/** A call the baseline cannot answer as ours would for the measured case (another call, or hidden). */
export class RawCallError extends Error {
  constructor(readonly status: number) {
    super(status === 404 ? 'Not found' : 'Bad request');
  }
}

type TParams = { [key: string]: QueryValues };

async function rows<T>(pool: Pool, sql: string, params: TParams): Promise<T[]> {
  const [result] = await pool.query<(T & RowDataPacket)[]>({ sql, namedPlaceholders: true }, params);
  return result;
}

const truthy = (value: unknown): boolean => Number(value) > 0;
const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
const isoDate = (date: Date | null): string | null => (date ? isoDay(date) : null);

// ---- People ----

/** A person's columns under a prefix (`o.id AS o_id, …`), read back by `personAt`. */
function personColumns(alias: string, prefix: string): string {
  return ['id', 'name', 'first_name', 'last_name', 'picture_key', 'deleted_at']
    .map((column) => `${alias}.${column} AS ${prefix}${column}`)
    .join(', ');
}

const FORMER_MEMBER = 'Former member';

/** Our person summary (people/access.ts `summarize`), closed accounts included. */
export function personAt(row: Record<string, unknown>, prefix = '', isChild = false) {
  const id = row[`${prefix}id`] as string;
  if (row[`${prefix}deleted_at`]) {
    return {
      userId: id,
      name: FORMER_MEMBER,
      displayName: FORMER_MEMBER,
      shortName: FORMER_MEMBER,
      pictureUrl: null,
      isChild: false,
    };
  }
  const names = {
    name: row[`${prefix}name`] as string,
    firstName: row[`${prefix}first_name`] as string | null,
    lastName: row[`${prefix}last_name`] as string | null,
  };
  const picture = row[`${prefix}picture_key`] as string | null;
  return {
    userId: id,
    name: names.name,
    displayName: displayName(names),
    shortName: shortDisplayName(names),
    pictureUrl: picture ? `/v1/users/${id}/picture?v=${encodeURIComponent(picture)}` : null,
    isChild,
  };
}

const IN_EXCHANGE = `('invited', 'accepted', 'organizing')`;

/** `u` blocked the viewer (`:me`). */
const blocksMe = (u: string, k: string) =>
  `EXISTS (SELECT 1 FROM blocks ${k} WHERE ${k}.blocker_id = ${u}.id AND ${k}.blocked_id = :me)`;
/** The viewer blocked `u`. */
const blockedByMe = (u: string, k: string) =>
  `EXISTS (SELECT 1 FROM blocks ${k} WHERE ${k}.blocker_id = :me AND ${k}.blocked_id = ${u}.id)`;
/** The viewer is one of `u`'s family managers. */
const managedByMe = (u: string, k: string) =>
  `EXISTS (SELECT 1 FROM parent_accounts ${k} WHERE ${k}.child_id = ${u}.id AND ${k}.parent_id = :me)`;

/**
 * May the viewer see the private parts of person `u` (settings `s`, LEFT JOINed)? people/access.ts
 * `canSeePrivate`: never when `u` blocked them; themselves and family managers; everyone for a
 * public person; else people `u` follows, and fellow members of a live group or of an exchange.
 */
function seesPrivate(u: string, s: string, k: string): string {
  return `(NOT ${blocksMe(u, `${k}a`)} AND (
    ${u}.id = :me OR ${managedByMe(u, `${k}b`)} OR NOT COALESCE(${s}.is_private, TRUE)
    OR EXISTS (SELECT 1 FROM follows ${k}c WHERE ${k}c.follower_id = ${u}.id AND ${k}c.followed_id = :me)
    OR EXISTS (SELECT 1 FROM group_members ${k}d JOIN group_members ${k}e ON ${k}e.group_id = ${k}d.group_id
               JOIN \`groups\` ${k}f ON ${k}f.id = ${k}d.group_id AND ${k}f.deleted_at IS NULL
               WHERE ${k}d.user_id = :me AND ${k}e.user_id = ${u}.id AND ${k}d.status = 'active' AND ${k}e.status = 'active')
    OR EXISTS (SELECT 1 FROM exchange_participants ${k}g JOIN exchange_participants ${k}h ON ${k}h.exchange_id = ${k}g.exchange_id
               WHERE ${k}g.user_id = :me AND ${k}h.user_id = ${u}.id
                 AND ${k}g.status IN ${IN_EXCHANGE} AND ${k}h.status IN ${IN_EXCHANGE})))`;
}

/** A list's own privacy lets the viewer see it (wish-lists/access.ts `listPrivacyAllows`; `owner` its owner's id). */
function listPrivacyAllows(l: string, owner: string, k: string): string {
  return `(${l}.privacy = 'public'
    OR (${l}.privacy = 'followers' AND EXISTS (SELECT 1 FROM follows ${k}a WHERE ${k}a.follower_id = :me AND ${k}a.followed_id = ${owner}))
    OR (${l}.privacy = 'exchange' AND ${l}.exchange_id IS NOT NULL AND EXISTS (
      SELECT 1 FROM exchange_participants ${k}b WHERE ${k}b.exchange_id = ${l}.exchange_id AND ${k}b.user_id = :me
        AND ${k}b.status IN ${IN_EXCHANGE})))`;
}

// ---- Notifications (notifications.state) ----

const payloadField = (key: string) =>
  `COALESCE(IF(JSON_VALID(n.payload), JSON_UNQUOTE(JSON_EXTRACT(n.payload, '$.${key}')), NULL), '')`;
const BLOCKED_EITHER_WAY = `(SELECT blocked_id FROM blocks WHERE blocker_id = :me
  UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = :me)`;

/**
 * notifications/visibility.ts: nobody a notification is about is blocked either way, and a
 * wish-created notice's list is still one the viewer may see (as `visibleListIds` decides).
 */
const VISIBLE_NOTIFICATION = `
  NOT (n.kind IN ('follow', 'wish-created', 'wish-list-request', 'group', 'gift-received')
       AND (${['userId', 'requesterId', 'byUserId'].map((key) => `${payloadField(key)} IN ${BLOCKED_EITHER_WAY}`).join(' OR ')}))
  AND NOT (n.kind = 'wish-created' AND ${payloadField('wishlistId')} <> '' AND NOT EXISTS (
    SELECT 1 FROM wish_lists vl JOIN users vu ON vu.id = vl.owner_id LEFT JOIN user_settings vs ON vs.user_id = vu.id
    WHERE vl.id = ${payloadField('wishlistId')} AND vu.deleted_at IS NULL AND NOT ${blocksMe('vu', 'vk')}
      AND (vu.id = :me OR ${managedByMe('vu', 'vm')}
           OR (${seesPrivate('vu', 'vs', 'vp')} AND ${listPrivacyAllows('vl', 'vu.id', 'vq')}))))`;

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

function parsePayload(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function priceDropAmount(payload: Record<string, unknown>): string {
  const amount = Number(payload.newAmount);
  const currency = typeof payload.currency === 'string' ? payload.currency : '';
  if (!Number.isFinite(amount) || !/^[A-Za-z]{3}$/.test(currency)) return String(payload.newAmount ?? '');
  return formatMoneyIn({ amount, currency }, typeof payload.market === 'string' ? payload.market : null);
}

interface TNotificationRow {
  id: string;
  kind: string;
  payload: string;
  created_at: Date;
  read_at: Date | null;
}

/** Titles and links as notifications/state.ts `describeNotifications` words them. */
async function describe(pool: Pool, list: TNotificationRow[]) {
  const payloads = list.map((row) => parsePayload(row.payload));
  const ids = (...keys: string[]) => [
    ...new Set(
      payloads.flatMap((payload) =>
        keys.map((key) => payload[key]).filter((value): value is string => typeof value === 'string'),
      ),
    ),
  ];
  const userIds = ids('userId', 'requesterId', 'byUserId');
  const exchangeIds = ids('exchangeId');
  const [people, exchanges] = await Promise.all([
    userIds.length
      ? rows<{ id: string; name: string; first_name: string | null; last_name: string | null }>(
          pool,
          'SELECT id, name, first_name, last_name FROM users WHERE id IN (:ids)',
          { ids: userIds },
        )
      : [],
    exchangeIds.length
      ? rows<{ id: string; title: string }>(pool, 'SELECT id, title FROM exchanges WHERE id IN (:ids)', {
          ids: exchangeIds,
        })
      : [],
  ]);
  const nameOf = new Map(
    people.map((p) => [p.id, displayName({ name: p.name, firstName: p.first_name, lastName: p.last_name })]),
  );
  const titleOf = new Map(exchanges.map((exchange) => [exchange.id, exchange.title]));
  return list.map((row, index) => {
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
        if (payload.event === 'auto-draw-failed')
          title =
            `The names of ${exchangeTitle} could not be drawn automatically. ${String(payload.message ?? '')}`.trim();
        path = `/gift-exchanges/${String(payload.exchangeId)}/`;
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
      createdAt: row.created_at.toISOString(),
      isRead: row.read_at !== null,
    };
  });
}

async function notificationsState(pool: Pool, me: string) {
  const now = Date.now();
  const [list, unread, messages, waiting, wishes] = await Promise.all([
    rows<TNotificationRow>(
      pool,
      `SELECT n.id, n.kind, n.payload, n.created_at, n.read_at FROM notifications n
       WHERE n.user_id = :me AND ${VISIBLE_NOTIFICATION}
       ORDER BY n.created_at DESC, n.id ASC LIMIT 30`,
      { me },
    ),
    rows<{ n: number }>(
      pool,
      `SELECT COUNT(*) AS n FROM notifications n WHERE n.user_id = :me AND n.read_at IS NULL AND ${VISIBLE_NOTIFICATION}`,
      { me },
    ),
    rows<{ n: number }>(
      pool,
      `SELECT COUNT(*) AS n FROM conversation_members me
       JOIN chat_messages m ON m.conversation_id = me.conversation_id AND m.id > me.last_read_id AND m.sender_id <> :me
       WHERE me.user_id = :me AND m.sender_id NOT IN (SELECT blocker_id FROM blocks WHERE blocked_id = :me)`,
      { me },
    ),
    rows<{ id: string; name: string; n: number }>(
      pool,
      `SELECT g.id, g.name, COUNT(p.user_id) AS n FROM group_members me
       JOIN \`groups\` g ON g.id = me.group_id AND g.deleted_at IS NULL
       JOIN group_members p ON p.group_id = g.id AND p.status = 'pending'
       WHERE me.user_id = :me AND me.status = 'active' AND me.role IN ('owner', 'assistant')
       GROUP BY g.id, g.name`,
      { me },
    ),
    rows<{ created_at: Date }>(
      pool,
      `SELECT w.created_at FROM wishes w JOIN wish_lists l ON l.id = w.wishlist_id WHERE l.owner_id = :me LIMIT 2`,
      { me },
    ),
  ]);
  const notifications = await describe(pool, list);
  const since = new Date(now - 7 * 86_400_000);
  const badRequestGroups = waiting.map((row) => ({ groupId: row.id, name: row.name, pendingCount: Number(row.n) }));
  return {
    notifications,
    unreadCount: Number(unread[0]?.n ?? 0),
    alerts: notifications.filter(
      (item) =>
        !item.isRead &&
        (item.kind === 'wish-list-request' ||
          (item.kind === 'group' && (item.payload.event === 'invited' || item.payload.event === 'join-request'))),
    ),
    wishCreated: notifications
      .filter((item) => item.kind === 'wish-created' && new Date(item.createdAt) >= since)
      .map((item) => ({ userId: String(item.payload.userId), wishlistId: String(item.payload.wishlistId) })),
    unreadMessages: Number(messages[0]?.n ?? 0),
    badRequestGroups,
    keepGroups: badRequestGroups.length > 0,
    wishCelebration: wishes.length === 1 && wishes[0]!.created_at >= new Date(now - 86_400_000),
  };
}

// ---- Exchanges (exchanges.mine, exchanges.get) ----

const EXCHANGE_COLUMNS = `e.id, e.organizer_id, e.title, e.description, e.sign_up_date, e.exchange_date,
  e.budget_currency, e.budget_amount, e.location, e.location_google_place_url, e.location_google_place_id,
  e.party_time, e.delivery_type, e.image_url, e.group_id, e.theme_id, e.game_type, e.turn_order_at_party, e.status,
  e.organizer_participates, e.organizer_can_view_draw, e.participants_visible, e.exclude_previous_pairs,
  e.single_loop, e.no_mutual_pairs, e.require_wish_list, e.disqualify_late_responders, e.late_joins_open,
  e.auto_draw, e.repeat_of_exchange_id, e.join_code, e.drawn_at, e.draw_visible_to_organizer,
  ${personColumns('o', 'o_')},
  (SELECT COUNT(*) FROM exchange_participants c WHERE c.exchange_id = e.id
     AND c.status NOT IN ('organizing', 'declined')) AS participant_count,
  (SELECT COUNT(*) FROM exchange_participants c WHERE c.exchange_id = e.id
     AND c.status = 'accepted' AND NOT c.is_disqualified) AS accepted_count`;

type TExchangeRow = Record<string, unknown> & {
  id: string;
  organizer_id: string;
  title: string;
  status: string;
  game_type: string;
  exchange_date: Date;
  sign_up_date: Date | null;
  late_joins_open: number;
};

/** The smallest draw (exchanges/shapes.ts). */
const MIN_DRAW_SIZE = 3;

function exchangeSummary(row: TExchangeRow, role: string, myStatus: string | null) {
  return {
    exchangeId: row.id,
    title: row.title,
    status: row.status,
    signUpDate: isoDate(row.sign_up_date),
    exchangeDate: isoDay(row.exchange_date),
    budget: { currency: row.budget_currency as string, amount: Number(row.budget_amount) },
    deliveryType: row.delivery_type as string,
    themeId: row.theme_id as string,
    gameType: row.game_type,
    imageUrl: row.image_url as string | null,
    organizer: personAt(row, 'o_'),
    myRole: role,
    myStatus,
    participantCount: Number(row.participant_count),
    acceptedCount: Number(row.accepted_count),
  };
}

async function myExchanges(pool: Pool, me: string) {
  const seats = await rows<TExchangeRow & { is_assistant: number; seat_status: string }>(
    pool,
    `SELECT ${EXCHANGE_COLUMNS}, p.is_assistant, p.status AS seat_status
     FROM exchange_participants p JOIN exchanges e ON e.id = p.exchange_id JOIN users o ON o.id = e.organizer_id
     WHERE p.user_id = :me ORDER BY e.exchange_date DESC, e.created_at DESC, p.exchange_id LIMIT 200`,
    { me },
  );
  return seats.map((row) => {
    const role =
      row.organizer_id === me
        ? 'organizer'
        : truthy(row.is_assistant)
          ? 'assistant'
          : row.seat_status === 'invited'
            ? 'invitee'
            : 'participant';
    return exchangeSummary(row, role, row.seat_status);
  });
}

type TSeatColumns = {
  seat_status: string | null;
  seat_is_assistant: number;
  seat_is_disqualified: number;
  seat_disqualified_reason: string | null;
  seat_comment: string | null;
  seat_will_ship_internationally: number;
  seat_notify_of_replies: number;
  seat_responded_at: Date | null;
  seat_wishlist_id: string | null;
};

/** exchanges.get (exchanges/exchanges.ts `getExchange`, shapes.ts `exchangeDetail`). */
async function getExchange(pool: Pool, me: string, input: unknown) {
  const exchangeId = (input as { exchangeId?: unknown } | null)?.exchangeId;
  if (typeof exchangeId !== 'string') throw new RawCallError(400);
  const [row] = await rows<
    TExchangeRow &
      TSeatColumns & { question_count: number; has_santa: number; has_recipient: number; latecomers: number }
  >(
    pool,
    `SELECT ${EXCHANGE_COLUMNS},
       p.status AS seat_status, p.is_assistant AS seat_is_assistant, p.is_disqualified AS seat_is_disqualified,
       p.disqualified_reason AS seat_disqualified_reason, p.comment AS seat_comment,
       p.will_ship_internationally AS seat_will_ship_internationally, p.notify_of_replies AS seat_notify_of_replies,
       p.responded_at AS seat_responded_at, p.wishlist_id AS seat_wishlist_id,
       (SELECT COUNT(*) FROM exchange_questions q WHERE q.exchange_id = e.id) AS question_count,
       EXISTS (SELECT 1 FROM exchange_assignments a WHERE a.exchange_id = e.id AND a.receiver_id = :me) AS has_santa,
       EXISTS (SELECT 1 FROM exchange_assignments a WHERE a.exchange_id = e.id AND a.giver_id = :me) AS has_recipient
     FROM exchanges e JOIN users o ON o.id = e.organizer_id
     LEFT JOIN exchange_participants p ON p.exchange_id = e.id AND p.user_id = :me
     WHERE e.id = :exchangeId`,
    { me, exchangeId },
  );
  // Outsiders get 404 (its existence does not leak); someone who declined still reads their invitation.
  if (!row) throw new RawCallError(404);
  const isOrganizer = row.organizer_id === me;
  const seat = row.seat_status === null ? null : row;
  if (!isOrganizer && !seat) throw new RawCallError(404);
  const isManager = isOrganizer || Boolean(seat && truthy(seat.seat_is_assistant) && seat.seat_status !== 'declined');
  const role = isOrganizer
    ? 'organizer'
    : isManager
      ? 'assistant'
      : seat?.seat_status === 'invited'
        ? 'invitee'
        : 'participant';
  const status = row.status;
  const drawnNow = status === 'drawn';
  const inDraw = Boolean(seat && seat.seat_status === 'accepted' && !truthy(seat.seat_is_disqualified));
  // Latecomers (accepted, not drawn yet) count for managers only, as ours asks only then.
  const latecomerCount =
    drawnNow && isManager
      ? Number(
          (
            await rows<{ n: number }>(
              pool,
              `SELECT COUNT(*) AS n FROM exchange_participants p
               LEFT JOIN exchange_assignments a ON a.exchange_id = p.exchange_id AND a.giver_id = p.user_id
               WHERE p.exchange_id = :exchangeId AND p.status = 'accepted' AND p.is_disqualified = false
                 AND a.giver_id IS NULL`,
              { exchangeId },
            )
          )[0]?.n ?? 0,
        )
      : 0;
  const awaitingDraw = drawnNow && inDraw && !truthy(row.has_recipient);
  const drawn = status === 'drawn' || status === 'exchanged' || status === 'archived';
  const today = isoDay(new Date());
  const exchangeDate = isoDay(row.exchange_date);
  const party = isPartyGame(row.game_type);
  const acceptedCount = Number(row.accepted_count);
  const visibleToOrganizer = row.draw_visible_to_organizer === null ? null : truthy(row.draw_visible_to_organizer);
  return {
    ...exchangeSummary(row, role, seat?.seat_status ?? null),
    description: row.description as string | null,
    location: row.location as string | null,
    locationGooglePlaceUrl: row.location_google_place_url as string | null,
    locationGooglePlaceId: row.location_google_place_id as string | null,
    partyTime: row.party_time as string | null,
    groupId: row.group_id as string | null,
    organizerParticipates: truthy(row.organizer_participates),
    turnOrderAtParty: party && truthy(row.turn_order_at_party),
    drawnAt: row.drawn_at ? (row.drawn_at as Date).toISOString() : null,
    drawVisibleToOrganizer: drawn && !party ? visibleToOrganizer === true : null,
    settings: {
      organizerCanViewDraw: truthy(row.organizer_can_view_draw),
      participantsVisible: truthy(row.participants_visible),
      excludePreviousPairs: truthy(row.exclude_previous_pairs),
      singleLoop: truthy(row.single_loop),
      noMutualPairs: truthy(row.no_mutual_pairs),
      requireWishList: truthy(row.require_wish_list),
      disqualifyLateResponders: truthy(row.disqualify_late_responders),
      lateJoinsOpen: truthy(row.late_joins_open),
      autoDraw: truthy(row.auto_draw),
    },
    repeatOfExchangeId: row.repeat_of_exchange_id as string | null,
    signUpUrl: isManager
      ? `${process.env.PUBLIC_URL}/gift-exchanges/${row.id}/rsvp/?code=${encodeURIComponent(row.join_code as string)}`
      : null,
    me: seat
      ? {
          status: seat.seat_status,
          isAssistant: truthy(seat.seat_is_assistant),
          isDisqualified: truthy(seat.seat_is_disqualified),
          disqualifiedReason: seat.seat_disqualified_reason,
          comment: seat.seat_comment,
          willShipInternationally: truthy(seat.seat_will_ship_internationally),
          notifyOfReplies: truthy(seat.seat_notify_of_replies),
          respondedAt: seat.seat_responded_at?.toISOString() ?? null,
          wishlistId: seat.seat_wishlist_id,
        }
      : null,
    can: {
      manage: isManager && status !== 'archived',
      delete: isOrganizer,
      draw: isManager && status === 'open' && acceptedCount >= (party ? PARTY_GAME_MIN_PLAYERS : MIN_DRAW_SIZE),
      redraw: isManager && status === 'drawn' && today < exchangeDate,
      // Only a manager outside the draw, and only when the draw was made visible (never a participant).
      viewDraw: drawn && !party && isManager && visibleToOrganizer === true && !inDraw,
      rsvp:
        Boolean(seat && seat.seat_status !== 'organizing') &&
        (status === 'open' ||
          (status === 'drawn' && truthy(row.late_joins_open) && seat?.seat_status !== 'accepted') ||
          awaitingDraw),
      sayThanks: inDraw && drawn && !party && today >= exchangeDate && truthy(row.has_santa),
      drawLatecomers: isManager && !party && status === 'drawn' && today < exchangeDate && latecomerCount > 0,
      practiceDraw: isManager && !party && status === 'open',
    },
    questionCount: Number(row.question_count),
    awaitingDraw,
    latecomerCount: isManager && status === 'drawn' ? latecomerCount : null,
  };
}

// ---- Reminders and birthdays (messages.reminders, activity.birthdays) ----

/**
 * The viewer's birthday audience (activity/birthdays.ts `birthdayAudience`) as a condition on
 * person `b` (settings `bs`): a fellow active member of a live group where the viewer keeps birthday
 * alerts on, or someone they follow (unless they turned following birthdays off) whose private
 * parts they may see; with a birthday, willing to be reminded of it, not closed, no block either way.
 */
const MATE = (b: string) => `EXISTS (SELECT 1 FROM group_members am
    JOIN \`groups\` ag ON ag.id = am.group_id AND ag.deleted_at IS NULL
    JOIN group_members an ON an.group_id = am.group_id AND an.status = 'active' AND an.user_id <> am.user_id
    WHERE am.user_id = :me AND am.status = 'active' AND am.is_birthday_alerts_enabled AND an.user_id = ${b}.id)`;
const IN_BIRTHDAY_AUDIENCE = (b: string, bs: string) => `(
  ${b}.deleted_at IS NULL AND ${b}.birthday_month IS NOT NULL AND ${b}.birthday_day IS NOT NULL
  AND COALESCE(${bs}.can_remind_about_birthday, TRUE)
  AND NOT ${blocksMe(b, 'ak')} AND NOT ${blockedByMe(b, 'al')}
  AND (${MATE(b)}
       OR (COALESCE((SELECT ms.subscribe_following_birthday_reminders FROM user_settings ms WHERE ms.user_id = :me), TRUE)
           AND EXISTS (SELECT 1 FROM follows af WHERE af.follower_id = :me AND af.followed_id = ${b}.id)
           AND ${seesPrivate(b, bs, 'ap')})))`;

async function listReminders(pool: Pool, me: string) {
  const since = isoDay(new Date(Date.now() - 86_400_000));
  const list = await rows<{ id: string; kind: string; title: string; path: string; due_on: Date }>(
    pool,
    `SELECT r.id, r.kind, r.title, r.path, r.due_on FROM reminders r
     WHERE r.user_id = :me AND r.dismissed_at IS NULL AND r.due_on >= :since
       AND (r.kind <> 'birthday' OR EXISTS (
         SELECT 1 FROM users b LEFT JOIN user_settings bs ON bs.user_id = b.id
         WHERE b.id = r.subject_id AND ${IN_BIRTHDAY_AUDIENCE('b', 'bs')}))
     ORDER BY r.due_on, r.created_at LIMIT 100`,
    { me, since },
  );
  return list.map((row) => ({
    reminderId: row.id,
    kind: row.kind,
    title: row.title,
    path: row.path,
    dueOn: isoDay(row.due_on),
  }));
}

/** Days from today (UTC) to the next month/day, as activity/birthdays.ts `daysUntil`. */
function daysUntil(month: number, day: number, now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (const year of [now.getUTCFullYear(), now.getUTCFullYear() + 1]) {
    const next = Date.UTC(year, month - 1, day);
    if (next >= today) return Math.round((next - today) / 86_400_000);
  }
  return 366;
}

async function upcomingBirthdays(pool: Pool, me: string, input: unknown) {
  const withinDays = Number((input as { withinDays?: number } | null)?.withinDays ?? 30);
  const people = await rows<Record<string, unknown> & { birthday_month: number; birthday_day: number }>(
    pool,
    `SELECT ${personColumns('b', '')}, b.birthday_month, b.birthday_day
     FROM users b LEFT JOIN user_settings bs ON bs.user_id = b.id
     WHERE b.id IN (SELECT f.followed_id FROM follows f WHERE f.follower_id = :me
                    UNION SELECT m.user_id FROM group_members m WHERE m.group_id IN (
                      SELECT g.group_id FROM group_members g WHERE g.user_id = :me AND g.status = 'active'))
       AND ${IN_BIRTHDAY_AUDIENCE('b', 'bs')}`,
    { me },
  );
  const now = new Date();
  return people
    .map((row) => ({
      person: personAt(row),
      month: row.birthday_month,
      day: row.birthday_day,
      inDays: daysUntil(row.birthday_month, row.birthday_day, now),
    }))
    .filter((birthday) => birthday.inDays <= withinDays)
    .sort((a, b) => a.inDays - b.inDays || a.person.displayName.localeCompare(b.person.displayName));
}

// ---- Activity (activity.feed) ----

function actionOf(kind: string, payload: Record<string, unknown>): string {
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
    default:
      return '';
  }
}

/** What people the viewer follows, their groups and exchanges did (activity/feed.ts: the whole feed, the rules in SQL). */
const FEED_CANDIDATES = `a.actor_id <> :me
  AND (a.actor_id IN (SELECT followed_id FROM follows WHERE follower_id = :me)
    OR a.group_id IN (SELECT group_id FROM group_members WHERE user_id = :me AND status = 'active')
    OR a.exchange_id IN (SELECT exchange_id FROM exchange_participants WHERE user_id = :me AND status IN ${IN_EXCHANGE}))`;

/**
 * A page of the feed, every rule in the statement (no comments inside it: the named-placeholder
 * parser reads quotes in them): nobody blocked either way; a private actor only for those who may
 * see their private parts; an exchange's events for its people, where its participant list is open
 * to the viewer; a group's for those who may see inside it (members; a public group's owner did not
 * block them); a list's while the list is there and its own privacy lets the viewer see it.
 */
async function readFeed(pool: Pool, me: string, input: unknown) {
  const limit = Number((input as { limit?: number } | null)?.limit ?? 20);
  const found = await rows<
    Record<string, unknown> & {
      activity_id: string;
      kind: string;
      group_id: string | null;
      exchange_id: string | null;
      wish_list_id: string | null;
      list_owner_id: string | null;
      payload: string;
      created_at: Date;
    }
  >(
    pool,
    `SELECT CAST(a.id AS CHAR) AS activity_id, a.kind, a.group_id, a.exchange_id, a.wish_list_id, a.payload,
            a.created_at, l.owner_id AS list_owner_id, ${personColumns('u', '')}
     FROM activity_events a
     JOIN users u ON u.id = a.actor_id AND u.deleted_at IS NULL
     LEFT JOIN user_settings s ON s.user_id = u.id
     LEFT JOIN wish_lists l ON l.id = a.wish_list_id
     LEFT JOIN \`groups\` g ON g.id = a.group_id AND g.deleted_at IS NULL
     WHERE ${FEED_CANDIDATES}
       AND NOT ${blockedByMe('u', 'fk')} AND ${seesPrivate('u', 's', 'fp')}
       AND (a.exchange_id IS NULL OR EXISTS (
         SELECT 1 FROM exchange_participants xp JOIN exchanges xe ON xe.id = xp.exchange_id
         WHERE xp.exchange_id = a.exchange_id AND xp.user_id = :me AND xp.status IN ${IN_EXCHANGE}
           AND (xp.is_assistant OR xe.participants_visible OR xe.organizer_id = :me)))
       AND (a.group_id IS NULL OR (g.id IS NOT NULL AND (
         EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = g.id AND gm.user_id = :me AND gm.status = 'active')
         OR (NOT g.is_private AND NOT EXISTS (
           SELECT 1 FROM blocks gk WHERE gk.blocker_id = g.owner_id AND gk.blocked_id = :me)))))
       AND (a.wish_list_id IS NULL OR (l.id IS NOT NULL AND ${listPrivacyAllows('l', 'a.actor_id', 'fl')}))
     ORDER BY a.id DESC LIMIT :limit`,
    { me, limit },
  );
  const items = found.map((row) => {
    const person = personAt(row);
    const action = actionOf(row.kind, parsePayload(row.payload));
    const path = row.wish_list_id
      ? `/profile/${row.list_owner_id}/wish-lists/${row.wish_list_id}/`
      : row.exchange_id
        ? `/gift-exchanges/${row.exchange_id}/`
        : row.group_id
          ? `/groups/${row.group_id}/`
          : null;
    return {
      activityId: row.activity_id,
      kind: row.kind,
      actor: person,
      action,
      text: `${person.displayName} ${action}`,
      path,
      createdAt: row.created_at.toISOString(),
    };
  });
  // Ours pages on while older events remain to be read (shown or not): `next` is then the last one.
  const last = items[items.length - 1];
  const more =
    items.length === limit &&
    last !== undefined &&
    truthy(
      (
        await rows<{ more: number }>(
          pool,
          `SELECT EXISTS (SELECT 1 FROM activity_events a WHERE a.id < :last AND ${FEED_CANDIDATES}) AS more`,
          { me, last: last.activityId },
        )
      )[0]?.more,
    );
  return { items, next: more ? last.activityId : '' };
}

// ---- Suggestions (people.followSuggestions) ----

async function followSuggestions(pool: Pool, me: string, input: unknown) {
  const { userId, limit = 20, offset = 0 } = (input ?? {}) as { userId?: string; limit?: number; offset?: number };
  // The measured case is a member's own suggestions (family managers' are another call).
  if (userId !== me) throw new RawCallError(404);
  // The same three circles as people/follows.ts `listSuggestions` (already one statement there).
  const circles = `
    SELECT c.id, SUM(c.mutual) AS mutual, SUM(c.grp) AS grp, SUM(c.exch) AS exch
    FROM (
      SELECT f2.followed_id AS id, COUNT(*) AS mutual, 0 AS grp, 0 AS exch
      FROM follows f1 JOIN follows f2 ON f2.follower_id = f1.followed_id
      WHERE f1.follower_id = :me
      GROUP BY f2.followed_id
      UNION ALL
      SELECT b.user_id, 0, COUNT(DISTINCT b.group_id), 0
      FROM group_members a
      JOIN \`groups\` g ON g.id = a.group_id AND g.deleted_at IS NULL
      JOIN group_members b ON b.group_id = a.group_id AND b.status = 'active'
      WHERE a.user_id = :me AND a.status = 'active'
      GROUP BY b.user_id
      UNION ALL
      SELECT b.user_id, 0, 0, COUNT(DISTINCT b.exchange_id)
      FROM exchange_participants a
      JOIN exchanges e ON e.id = a.exchange_id
        AND (e.participants_visible OR a.is_assistant OR e.organizer_id = :me)
      JOIN exchange_participants b ON b.exchange_id = a.exchange_id AND b.status IN ${IN_EXCHANGE}
      WHERE a.user_id = :me AND a.status IN ${IN_EXCHANGE}
      GROUP BY b.user_id
    ) c
    JOIN users u ON u.id = c.id AND u.deleted_at IS NULL AND u.registered_email IS NOT NULL
    WHERE c.id <> :me
      AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = :me AND f.followed_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM blocks k WHERE (k.blocker_id = :me AND k.blocked_id = c.id)
                                                 OR (k.blocker_id = c.id AND k.blocked_id = :me))
      AND NOT EXISTS (SELECT 1 FROM parent_accounts p WHERE p.child_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM parent_accounts q WHERE q.child_id = :me AND q.parent_id = c.id)
    GROUP BY c.id`;
  const [counted, slice] = await Promise.all([
    rows<{ n: number }>(pool, `SELECT COUNT(*) AS n FROM (${circles}) s`, { me }),
    limit === 0
      ? []
      : rows<Record<string, unknown> & { mutual: string; grp: string; exch: string }>(
          pool,
          `SELECT s.mutual, s.grp, s.exch, ${personColumns('u', '')},
                  EXISTS (SELECT 1 FROM parent_accounts pc WHERE pc.child_id = u.id) AS is_child,
                  EXISTS (SELECT 1 FROM follows r1 WHERE r1.follower_id = :me AND r1.followed_id = u.id) AS following,
                  EXISTS (SELECT 1 FROM follows r2 WHERE r2.follower_id = u.id AND r2.followed_id = :me) AS followed_by,
                  ${blockedByMe('u', 'r3')} AS blocking, ${managedByMe('u', 'r4')} AS managed
           FROM (${circles}) s JOIN users u ON u.id = s.id
           ORDER BY s.mutual + s.grp + s.exch DESC, s.mutual DESC, s.id
           LIMIT :limit OFFSET :offset`,
          { me, limit, offset },
        ),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  const next = offset + slice.length;
  return {
    items: slice.map((row) => ({
      ...personAt(row, '', truthy(row.is_child)),
      relation: {
        isSelf: false,
        isFollowing: truthy(row.following),
        isFollowedBy: truthy(row.followed_by),
        isBlocking: truthy(row.blocking),
        isManagedByMe: truthy(row.managed),
      },
      mutualCount: Number(row.mutual),
      sharedGroupCount: Number(row.grp),
      sharedExchangeCount: Number(row.exch),
    })),
    paging: {
      limit,
      offset,
      total,
      token: limit > 0 && slice.length === limit && next < total ? String(next) : '',
    },
  };
}

// ---- The shop (home.landing, shop.search) ----

interface TMarket {
  countryCode: string;
  country: string;
  currency: string;
}
interface TGuide {
  giftGuideId: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  parentGiftGuideId: string | null;
  childGiftGuidesCount: number;
  isTrending: boolean;
}

/** Ours keeps these in its process cache for 5 minutes; so does the baseline. */
const cache = new Map<string, { until: number; value: Promise<unknown> }>();
function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { until: Date.now() + SHOP_CACHE_TTL_MS, value });
  value.catch(() => cache.delete(key));
  return value;
}

const listMarkets = (pool: Pool) =>
  cached('markets', async (): Promise<TMarket[]> => {
    const found = await rows<{ country_code: string; country: string; currency: string }>(
      pool,
      'SELECT country_code, country, currency FROM markets ORDER BY sort_order, country_code',
      {},
    );
    if (found.length === 0) return DEFAULT_MARKETS.map((market) => ({ ...market }));
    return found.map((row) => ({ countryCode: row.country_code, country: row.country, currency: row.currency }));
  });

/** A known market code, as shop/guides.ts `requireMarket` (400 for an unknown one). */
async function requireMarket(pool: Pool, market: string | undefined): Promise<string> {
  const code = (market ?? DEFAULT_MARKET).toUpperCase();
  if (DEFAULT_MARKETS.some((candidate) => candidate.countryCode === code)) return code;
  if ((await listMarkets(pool)).some((candidate) => candidate.countryCode === code)) return code;
  throw new RawCallError(400);
}

const topLevelGuides = (pool: Pool, market: string) =>
  cached(`guides:${market}`, async (): Promise<TGuide[]> => {
    const found = await rows<{
      id: string;
      title: string;
      description: string | null;
      image_url: string | null;
      parent_gift_guide_id: string | null;
      is_trending: number;
    }>(
      pool,
      `SELECT id, title, description, image_url, parent_gift_guide_id, is_trending FROM gift_guides
       WHERE market_code = :market ORDER BY sort_order, title`,
      { market },
    );
    const children = new Map<string, number>();
    for (const row of found)
      if (row.parent_gift_guide_id)
        children.set(row.parent_gift_guide_id, (children.get(row.parent_gift_guide_id) ?? 0) + 1);
    return found
      .filter((row) => row.parent_gift_guide_id === null)
      .map((row) => ({
        giftGuideId: row.id,
        title: row.title,
        description: row.description,
        imageUrl: row.image_url,
        parentGiftGuideId: null,
        childGiftGuidesCount: children.get(row.id) ?? 0,
        isTrending: truthy(row.is_trending),
      }));
  });

async function landing(pool: Pool, _me: string, input: unknown) {
  const market = (input as { market?: string } | null)?.market;
  const [counted, markets] = await Promise.all([
    rows<{ n: number }>(pool, 'SELECT COUNT(*) AS n FROM users WHERE deleted_at IS NULL', {}),
    listMarkets(pool),
  ]);
  const code = (market ?? DEFAULT_MARKET).toUpperCase();
  const found = markets.find((candidate) => candidate.countryCode === code);
  const marketData = found
    ? { market: found.countryCode, currency: found.currency || DEFAULT_CURRENCY, locale: `en-${found.countryCode}` }
    : { market: DEFAULT_MARKET, currency: DEFAULT_CURRENCY, locale: DEFAULT_LOCALE };
  const giftGuides = await topLevelGuides(pool, await requireMarket(pool, marketData.market));
  return { memberCount: Number(counted[0]?.n ?? 0), marketData, markets, giftGuides };
}

interface TProductSearch {
  q?: string;
  market?: string;
  sort?: string;
  limit?: number;
  offset?: number;
}

/** shop.search for words, relevance first (shop/products.ts `searchProducts`, its SQL as it is). */
async function searchProducts(pool: Pool, _me: string, input: unknown) {
  const { q, market, sort = 'relevance', limit = 24, offset = 0 } = (input ?? {}) as TProductSearch;
  const words = q?.trim() ?? '';
  // The measured case: words, sorted by relevance, no guide, price or merchant filter.
  if (!words || sort !== 'relevance') throw new RawCallError(400);
  const code = await requireMarket(pool, market);
  const where = `p.market_code = :code AND MATCH(p.title, p.description) AGAINST (:words IN NATURAL LANGUAGE MODE)`;
  const [found, counted] = await Promise.all([
    rows<{
      id: string;
      title: string;
      description: string | null;
      price_amount: string;
      currency: string;
      url: string;
      image_url: string | null;
      created_at: Date;
      market_code: string;
      merchant_id: string;
      merchant_name: string;
      previous_amount: string | null;
    }>(
      pool,
      `SELECT p.id, p.title, p.description, p.price_amount, p.currency, p.url, p.image_url, p.created_at,
              p.market_code, p.merchant_id, m.name AS merchant_name,
              (SELECT pp.amount FROM product_prices pp
                WHERE pp.product_id = p.id AND pp.amount <> p.price_amount
                  AND EXISTS (SELECT 1 FROM product_prices cur
                    WHERE cur.product_id = p.id AND cur.amount = p.price_amount AND cur.recorded_at > pp.recorded_at
                      AND cur.recorded_at >= NOW(3) - INTERVAL 30 DAY)
                ORDER BY pp.recorded_at DESC LIMIT 1) AS previous_amount
       FROM products p JOIN merchants m ON m.id = p.merchant_id
       WHERE ${where}
       ORDER BY MATCH(p.title, p.description) AGAINST (:words IN NATURAL LANGUAGE MODE) DESC, p.created_at DESC, p.id
       LIMIT :limit OFFSET :offset`,
      { code, words, limit, offset },
    ),
    rows<{ total: number }>(pool, `SELECT COUNT(*) AS total FROM products p WHERE ${where}`, { code, words }),
  ]);
  const total = Number(counted[0]?.total ?? 0);
  const next = offset + found.length;
  return {
    items: found.map((row) => {
      const amount = Number(row.price_amount);
      const previous = row.previous_amount === null ? null : Number(row.previous_amount);
      return {
        productId: row.id,
        title: row.title,
        description: row.description,
        price: { amount, currency: row.currency },
        previousPrice: previous !== null && previous > amount ? { amount: previous, currency: row.currency } : null,
        merchant: { merchantId: row.merchant_id, name: row.merchant_name },
        url: row.url,
        imageUrl: row.image_url,
        market: row.market_code,
        createdAt: row.created_at.toISOString(),
      };
    }),
    paging: {
      limit,
      offset,
      total,
      token: limit > 0 && found.length === limit && next < total ? String(next) : '',
    },
  };
}

// ---- Chats (messages.conversations) ----

/** messages/conversations.ts `listConversations`: the viewer's chats, latest first, with unread counts. */
async function listConversations(pool: Pool, me: string) {
  const notFromBlockers = `m.sender_id NOT IN (SELECT blocker_id FROM blocks WHERE blocked_id = :me)`;
  const [mine, lastMessages, unread] = await Promise.all([
    rows<
      Record<string, unknown> & {
        id: string;
        kind: string;
        group_id: string | null;
        group_name: string | null;
        o_id: string | null;
        blocked_by: number;
        blocking: number;
      }
    >(
      pool,
      `SELECT c.id, c.kind, c.group_id, g.name AS group_name, ${personColumns('o', 'o_')},
              ${blocksMe('o', 'k1')} AS blocked_by, ${blockedByMe('o', 'k2')} AS blocking
       FROM conversation_members me JOIN conversations c ON c.id = me.conversation_id
       LEFT JOIN \`groups\` g ON g.id = c.group_id AND g.deleted_at IS NULL
       LEFT JOIN conversation_members om ON c.kind = 'direct' AND om.conversation_id = c.id AND om.user_id <> :me
       LEFT JOIN users o ON o.id = om.user_id
       WHERE me.user_id = :me`,
      { me },
    ),
    // The last message each, not one of people who blocked the viewer.
    rows<Record<string, unknown> & { conversation_id: string; body: string; created_at: Date; sender_id: string }>(
      pool,
      `SELECT m.conversation_id, m.body, m.created_at, m.sender_id, ${personColumns('s', 's_')}
       FROM chat_messages m
       JOIN (SELECT m.conversation_id, MAX(m.id) AS id FROM conversation_members me
             JOIN chat_messages m ON m.conversation_id = me.conversation_id
             WHERE me.user_id = :me AND ${notFromBlockers}
             GROUP BY m.conversation_id) last ON last.id = m.id
       JOIN users s ON s.id = m.sender_id`,
      { me },
    ),
    rows<{ conversation_id: string; n: number }>(
      pool,
      `SELECT m.conversation_id, COUNT(*) AS n FROM chat_messages m
       JOIN conversation_members me ON me.conversation_id = m.conversation_id AND me.user_id = :me
       WHERE m.id > me.last_read_id AND m.sender_id <> :me AND ${notFromBlockers}
       GROUP BY m.conversation_id`,
      { me },
    ),
  ]);
  const lastOf = new Map(lastMessages.map((row) => [row.conversation_id, row]));
  const unreadOf = new Map(unread.map((row) => [row.conversation_id, Number(row.n)]));
  const result = [];
  for (const row of mine) {
    let other: ReturnType<typeof personAt> | null = null;
    let canSend = true;
    let title: string;
    if (row.kind === 'direct') {
      // Blocked people vanish for the blocked.
      if (!row.o_id || truthy(row.blocked_by)) continue;
      other = personAt(row, 'o_');
      title = other.displayName;
      canSend = !truthy(row.blocking) && !row.o_deleted_at;
    } else {
      if (!row.group_name) continue;
      title = row.group_name;
    }
    const last = lastOf.get(row.id);
    result.push({
      conversationId: row.id,
      kind: row.kind,
      title,
      other,
      groupId: row.group_id,
      lastMessage: last
        ? {
            body: last.body.slice(0, 140),
            senderName: last.sender_id === me ? 'You' : personAt(last, 's_').shortName,
            createdAt: last.created_at.toISOString(),
          }
        : null,
      unreadCount: unreadOf.get(row.id) ?? 0,
      canSend,
    });
  }
  return result.sort(
    (a, b) =>
      (b.lastMessage?.createdAt ?? '').localeCompare(a.lastMessage?.createdAt ?? '') || a.title.localeCompare(b.title),
  );
}

/** The tRPC procedures the baseline answers (beyond wishLists.get), by path: (pool, viewer, input) → data. */
export const RAW_PROCEDURES: Record<string, (pool: Pool, me: string, input: unknown) => Promise<unknown>> = {
  'notifications.state': notificationsState,
  'exchanges.mine': myExchanges,
  'exchanges.get': getExchange,
  'messages.reminders': listReminders,
  'messages.conversations': listConversations,
  'activity.birthdays': upcomingBirthdays,
  'activity.feed': readFeed,
  'people.followSuggestions': followSuggestions,
  'home.landing': landing,
  'shop.search': searchProducts,
};
