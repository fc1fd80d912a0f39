/**
 * What merging one account (m) into another (k) does, kind by kind of data: how many rows of m
 * there are, what both accounts share (the conflicts, shown first) and the move itself. The same
 * steps answer the preview and run the merge inside its one transaction, so what staff confirm is
 * what happens.
 *
 * Nothing is thrown away: rows move to the kept account; a row the kept account already has (the
 * same follow, the same favourite guide) stays with the closed account, where nobody sees it any
 * more; claims on the same wish are added up; seats in the same open exchange keep the better one.
 * Two accounts in the same drawn exchange's draw block the merge (only the organizer can take one
 * out without breaking the draw).
 *
 * Moves that may meet a row the kept account already has use MariaDB's UPDATE IGNORE (rows whose
 * new key already exists stay where they are); Prisma has no such update, hence SQL. Table and
 * column names are constants of this module, never input; ids are bound parameters.
 */
import type { TMergeConflict, TMergeKind, TMergeMove } from '../../contracts/admin';
import { Prisma } from '../../generated/prisma/client';
import { dropSeat } from '../exchanges/participants';
import { peopleByIds, type TTx } from './staff-access';

type TRefKind = 'user' | 'group' | 'guide' | 'product' | 'literal';

interface TStep {
  kind: TMergeKind;
  label: string;
  count(tx: TTx, m: string): Promise<number>;
  conflicts(tx: TTx, k: string, m: string): Promise<TMergeConflict[]>;
  move(tx: TTx, k: string, m: string): Promise<void>;
}

const sql = Prisma.sql;
const id = (name: string): Prisma.Sql => Prisma.raw(name);

async function countRows(tx: TTx, table: string, column: string, m: string): Promise<number> {
  const rows = await tx.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n FROM ${id(table)} WHERE ${id(column)} = ${m}`;
  return Number(rows[0]?.n ?? 0);
}

/** Names for the ids a conflict talks about. */
async function namesOf(tx: TTx, kind: TRefKind, refs: string[]): Promise<Map<string, string>> {
  if (refs.length === 0 || kind === 'literal') return new Map(refs.map((ref) => [ref, ref]));
  if (kind === 'user') {
    const people = await peopleByIds(tx, refs);
    return new Map([...people].map(([key, person]) => [key, person.displayName]));
  }
  const rows =
    kind === 'group'
      ? await tx.group.findMany({ where: { id: { in: refs } }, select: { id: true, name: true } })
      : kind === 'guide'
        ? (await tx.giftGuide.findMany({ where: { id: { in: refs } }, select: { id: true, title: true } })).map(
            (row) => ({ id: row.id, name: row.title }),
          )
        : (await tx.product.findMany({ where: { id: { in: refs } }, select: { id: true, title: true } })).map(
            (row) => ({ id: row.id, name: row.title }),
          );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * A kind of data held in one column: moved with UPDATE IGNORE when the table has a unique key
 * with `key` (a shared value is a conflict), or a plain UPDATE when nothing can collide.
 * `notTo`: a column that must not end up naming the kept account (a follow of oneself).
 */
function columnStep(spec: {
  kind: TMergeKind;
  label: string;
  table: string;
  column: string;
  key?: string;
  refKind?: TRefKind;
  notTo?: string;
  shared?: (name: string) => Omit<TMergeConflict, 'kind' | 'blocking'>;
  between?: Omit<TMergeConflict, 'kind' | 'blocking'>;
}): TStep {
  const { table, column, key } = spec;
  return {
    kind: spec.kind,
    label: spec.label,
    count: (tx, m) => countRows(tx, table, column, m),
    async conflicts(tx, k, m) {
      const out: TMergeConflict[] = [];
      if (key && spec.shared) {
        const rows = await tx.$queryRaw<{ ref: string }[]>`
          SELECT a.${id(key)} AS ref FROM ${id(table)} a
          JOIN ${id(table)} b ON b.${id(key)} = a.${id(key)} AND b.${id(column)} = ${k}
          WHERE a.${id(column)} = ${m}`;
        const refs = rows.map((row) => String(row.ref));
        const names = await namesOf(tx, spec.refKind ?? 'literal', refs);
        for (const ref of refs)
          out.push({ kind: spec.kind, blocking: false, ...spec.shared(names.get(ref) ?? 'someone no longer here') });
      }
      if (spec.notTo && spec.between) {
        const rows = await tx.$queryRaw<{ n: bigint }[]>`
          SELECT COUNT(*) AS n FROM ${id(table)} WHERE ${id(column)} = ${m} AND ${id(spec.notTo)} = ${k}`;
        if (Number(rows[0]?.n ?? 0) > 0) out.push({ kind: spec.kind, blocking: false, ...spec.between });
      }
      return out;
    },
    async move(tx, k, m) {
      const verb = id(key ? 'UPDATE IGNORE' : 'UPDATE');
      const notTo = spec.notTo ? sql`AND ${id(spec.notTo)} <> ${k}` : Prisma.empty;
      await tx.$executeRaw`${verb} ${id(table)} SET ${id(column)} = ${k} WHERE ${id(column)} = ${m} ${notTo}`;
    },
  };
}

/** A table keyed by the user alone (one address, one row per preference set): the kept one wins. */
function onePerUserStep(spec: { kind: TMergeKind; label: string; table: string; subject: string }): TStep {
  return {
    kind: spec.kind,
    label: spec.label,
    count: (tx, m) => countRows(tx, spec.table, 'user_id', m),
    async conflicts(tx, k, m) {
      const both =
        (await countRows(tx, spec.table, 'user_id', m)) > 0 && (await countRows(tx, spec.table, 'user_id', k)) > 0;
      return both
        ? [
            {
              kind: spec.kind,
              blocking: false,
              subject: spec.subject,
              resolution: 'The kept account’s stays; the other stays with the closed account',
            },
          ]
        : [];
    },
    async move(tx, k, m) {
      await tx.$executeRaw`UPDATE IGNORE ${id(spec.table)} SET user_id = ${k} WHERE user_id = ${m}`;
    },
  };
}

// ---- Wish lists: the default list is unique per owner ----

const wishListsStep: TStep = {
  kind: 'wish-lists',
  label: 'Wish lists (with their wishes)',
  count: (tx, m) => tx.wishList.count({ where: { ownerId: m } }),
  async conflicts(tx, k, m) {
    const [mine, kept] = await Promise.all([
      tx.wishList.findUnique({ where: { defaultOwnerId: m }, select: { title: true } }),
      tx.wishList.findUnique({ where: { defaultOwnerId: k }, select: { title: true } }),
    ]);
    return mine && kept
      ? [
          {
            kind: 'wish-lists',
            blocking: false,
            subject: 'Both accounts have a default wish list',
            resolution: `“${kept.title}” stays the default; “${mine.title}” becomes one of the other lists`,
          },
        ]
      : [];
  },
  async move(tx, k, m) {
    const keptDefault = await tx.wishList.count({ where: { defaultOwnerId: k } });
    await tx.wishList.updateMany({ where: { defaultOwnerId: m }, data: { defaultOwnerId: keptDefault ? null : k } });
    await tx.wishList.updateMany({ where: { ownerId: m }, data: { ownerId: k } });
  },
};

// ---- Claims: one per wish and person; two claims on one wish add up ----

const wishClaimsStep: TStep = {
  kind: 'wish-claims',
  label: 'Gifts marked as bought',
  count: (tx, m) => tx.wishClaim.count({ where: { claimerId: m } }),
  async conflicts(tx, k, m) {
    const rows = await tx.$queryRaw<{ title: string }[]>`
      SELECT w.title FROM wish_claims a
      JOIN wish_claims b ON b.wish_id = a.wish_id AND b.claimer_id = ${k}
      JOIN wishes w ON w.id = a.wish_id
      WHERE a.claimer_id = ${m}`;
    return rows.map((row) => ({
      kind: 'wish-claims' as const,
      blocking: false,
      subject: `Both accounts marked “${row.title}” as bought`,
      resolution: 'The quantities are added up in one claim',
    }));
  },
  async move(tx, k, m) {
    await tx.$executeRaw`
      UPDATE wish_claims b JOIN wish_claims a ON a.wish_id = b.wish_id AND a.claimer_id = ${m}
      SET b.quantity = b.quantity + a.quantity WHERE b.claimer_id = ${k}`;
    await tx.$executeRaw`
      DELETE a FROM wish_claims a JOIN wish_claims b ON b.wish_id = a.wish_id AND b.claimer_id = ${k}
      WHERE a.claimer_id = ${m}`;
    await tx.wishClaim.updateMany({ where: { claimerId: m }, data: { claimerId: k } });
  },
};

// ---- Exchange seats: the draw decides what may move ----

const SEAT_RANK: Readonly<Record<string, number>> = { accepted: 4, organizing: 3, invited: 2, declined: 1 };

interface TSharedSeat {
  exchangeId: string;
  title: string;
  exchangeStatus: string;
  keptStatus: string;
  mergedStatus: string;
  keptInDraw: boolean;
  mergedInDraw: boolean;
}

async function sharedSeats(tx: TTx, k: string, m: string): Promise<TSharedSeat[]> {
  const seats = await tx.exchangeParticipant.findMany({
    where: { userId: m },
    select: { exchangeId: true, status: true, exchange: { select: { title: true, status: true } } },
  });
  if (seats.length === 0) return [];
  const ids = seats.map((seat) => seat.exchangeId);
  const [kept, givers] = await Promise.all([
    tx.exchangeParticipant.findMany({
      where: { userId: k, exchangeId: { in: ids } },
      select: { exchangeId: true, status: true },
    }),
    tx.exchangeAssignment.findMany({
      where: { exchangeId: { in: ids }, giverId: { in: [k, m] } },
      select: { exchangeId: true, giverId: true },
    }),
  ]);
  const inDraw = new Set(givers.map((pair) => `${pair.exchangeId}:${pair.giverId}`));
  return kept.map((seat) => {
    const merged = seats.find((row) => row.exchangeId === seat.exchangeId)!;
    return {
      exchangeId: seat.exchangeId,
      title: merged.exchange.title,
      exchangeStatus: merged.exchange.status,
      keptStatus: seat.status,
      mergedStatus: merged.status,
      keptInDraw: inDraw.has(`${seat.exchangeId}:${k}`),
      mergedInDraw: inDraw.has(`${seat.exchangeId}:${m}`),
    };
  });
}

const exchangeSeatsStep: TStep = {
  kind: 'exchange-seats',
  label: 'Places in gift exchanges (answers, restrictions, draw, messages, thank-yous)',
  count: (tx, m) => tx.exchangeParticipant.count({ where: { userId: m } }),
  async conflicts(tx, k, m) {
    return (await sharedSeats(tx, k, m)).map((seat) =>
      seat.keptInDraw && seat.mergedInDraw
        ? {
            kind: 'exchange-seats' as const,
            blocking: true,
            subject: `Both accounts are in the draw of “${seat.title}”`,
            resolution: 'The exchange’s organizer must take one of them out of the exchange first',
          }
        : {
            kind: 'exchange-seats' as const,
            blocking: false,
            subject: `Both accounts are in “${seat.title}”`,
            resolution: `One place is kept (${
              seat.mergedInDraw || (SEAT_RANK[seat.mergedStatus] ?? 0) > (SEAT_RANK[seat.keptStatus] ?? 0)
                ? seat.mergedStatus
                : seat.keptStatus
            }); the other is dropped with its restrictions`,
          },
    );
  },
  async move(tx, k, m) {
    for (const seat of await sharedSeats(tx, k, m)) {
      if (seat.mergedInDraw) {
        // The merged account's place is the one in the draw: it moves below, the other goes.
        await dropSeat(tx, seat.exchangeId, k);
        continue;
      }
      if (!seat.keptInDraw && (SEAT_RANK[seat.mergedStatus] ?? 0) > (SEAT_RANK[seat.keptStatus] ?? 0))
        await tx.exchangeParticipant.update({
          where: { exchangeId_userId: { exchangeId: seat.exchangeId, userId: k } },
          data: { status: seat.mergedStatus, respondedAt: new Date() },
        });
      await dropSeat(tx, seat.exchangeId, m);
    }
    // No shared seat is left: everything else of the merged account's exchanges moves as it is.
    await tx.exchangeParticipant.updateMany({ where: { userId: m }, data: { userId: k } });
    await tx.$executeRaw`UPDATE IGNORE exchange_restrictions SET giver_id = ${k} WHERE giver_id = ${m}`;
    await tx.$executeRaw`UPDATE IGNORE exchange_restrictions SET receiver_id = ${k} WHERE receiver_id = ${m}`;
    await tx.exchangeAssignment.updateMany({ where: { giverId: m }, data: { giverId: k } });
    await tx.exchangeAssignment.updateMany({ where: { receiverId: m }, data: { receiverId: k } });
    await tx.exchangeMessage.updateMany({ where: { giverId: m }, data: { giverId: k } });
    await tx.exchangeMessage.updateMany({ where: { receiverId: m }, data: { receiverId: k } });
    await tx.$executeRaw`UPDATE IGNORE exchange_thank_yous SET from_user_id = ${k} WHERE from_user_id = ${m}`;
    await tx.exchangeThankYou.updateMany({ where: { toUserId: m }, data: { toUserId: k } });
    await tx.$executeRaw`UPDATE IGNORE exchange_answers SET user_id = ${k} WHERE user_id = ${m}`;
  },
};

// ---- Group memberships: the stronger place wins ----

const STATUS_RANK: Readonly<Record<string, number>> = { active: 5, pending: 4, invited: 3, removed: 2, left: 1 };
const ROLE_RANK: Readonly<Record<string, number>> = { owner: 3, assistant: 2, member: 1 };

function placeRank(row: { status: string; role: string }): number {
  return (STATUS_RANK[row.status] ?? 0) * 10 + (ROLE_RANK[row.role] ?? 0);
}

async function sharedGroups(tx: TTx, k: string, m: string) {
  const mine = await tx.groupMember.findMany({
    where: { userId: m },
    select: { groupId: true, status: true, role: true, isAdmin: true, group: { select: { name: true } } },
  });
  if (mine.length === 0) return [];
  const kept = await tx.groupMember.findMany({
    where: { userId: k, groupId: { in: mine.map((row) => row.groupId) } },
    select: { groupId: true, status: true, role: true },
  });
  return kept.map((row) => ({ kept: row, merged: mine.find((other) => other.groupId === row.groupId)! }));
}

const groupMembershipsStep: TStep = {
  kind: 'group-memberships',
  label: 'Group memberships',
  count: (tx, m) => tx.groupMember.count({ where: { userId: m } }),
  async conflicts(tx, k, m) {
    return (await sharedGroups(tx, k, m)).map(({ kept, merged }) => {
      const better = placeRank(merged) > placeRank(kept) ? merged : kept;
      return {
        kind: 'group-memberships' as const,
        blocking: false,
        subject: `Both accounts are in the group “${merged.group.name}”`,
        resolution: `The stronger place is kept (${better.status}, ${better.role}); the closed account’s is marked left`,
      };
    });
  },
  async move(tx, k, m) {
    for (const { kept, merged } of await sharedGroups(tx, k, m))
      if (placeRank(merged) > placeRank(kept))
        await tx.groupMember.update({
          where: { groupId_userId: { groupId: kept.groupId, userId: k } },
          data: { status: merged.status, role: merged.role, isAdmin: merged.isAdmin },
        });
    await tx.$executeRaw`UPDATE IGNORE group_members SET user_id = ${k} WHERE user_id = ${m}`;
    // What stays with the closed account no longer counts as a member.
    await tx.groupMember.updateMany({ where: { userId: m }, data: { status: 'left', role: 'member', isAdmin: false } });
  },
};

// ---- Conversations: one direct conversation per pair of people ----

/** The same key as the messages domain's: the two ids in order. */
function directKeyOf(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

async function directPlans(tx: TTx, k: string, m: string) {
  const rows = await tx.conversationMember.findMany({
    where: { userId: m, conversation: { kind: 'direct' } },
    select: { conversationId: true, conversation: { select: { members: { select: { userId: true } } } } },
  });
  const plans: { conversationId: string; otherId: string | null; joinInto: string | null }[] = [];
  for (const row of rows) {
    const otherId = row.conversation.members.find((member) => member.userId !== m)?.userId ?? null;
    if (!otherId || otherId === k) {
      plans.push({ conversationId: row.conversationId, otherId: null, joinInto: null });
      continue;
    }
    const existing = await tx.conversation.findUnique({
      where: { directKey: directKeyOf(k, otherId) },
      select: { id: true },
    });
    plans.push({ conversationId: row.conversationId, otherId, joinInto: existing?.id ?? null });
  }
  return plans;
}

const conversationsStep: TStep = {
  kind: 'conversations',
  label: 'Conversations',
  count: (tx, m) => tx.conversationMember.count({ where: { userId: m } }),
  async conflicts(tx, k, m) {
    const plans = await directPlans(tx, k, m);
    const names = await namesOf(
      tx,
      'user',
      plans.flatMap((plan) => (plan.joinInto && plan.otherId ? [plan.otherId] : [])),
    );
    const out: TMergeConflict[] = [];
    for (const plan of plans) {
      if (plan.otherId === null)
        out.push({
          kind: 'conversations',
          blocking: false,
          subject: 'The two accounts wrote to each other',
          resolution: 'That conversation stays as it is, with the closed account in it',
        });
      else if (plan.joinInto)
        out.push({
          kind: 'conversations',
          blocking: false,
          subject: `Both accounts have a conversation with ${names.get(plan.otherId) ?? 'someone'}`,
          resolution: 'The messages join the kept account’s conversation, in order',
        });
    }
    return out;
  },
  async move(tx, k, m) {
    for (const plan of await directPlans(tx, k, m)) {
      if (plan.otherId === null) continue;
      if (plan.joinInto) {
        await tx.chatMessage.updateMany({
          where: { conversationId: plan.conversationId },
          data: { conversationId: plan.joinInto },
        });
        const last = await tx.chatMessage.aggregate({
          where: { conversationId: plan.joinInto },
          _max: { createdAt: true },
        });
        await tx.conversation.update({ where: { id: plan.joinInto }, data: { lastMessageAt: last._max.createdAt } });
        // Its messages moved: the empty conversation (and its member rows) goes.
        await tx.conversation.delete({ where: { id: plan.conversationId } });
      } else {
        await tx.conversation.update({
          where: { id: plan.conversationId },
          data: { directKey: directKeyOf(k, plan.otherId) },
        });
        await tx.conversationMember.update({
          where: { conversationId_userId: { conversationId: plan.conversationId, userId: m } },
          data: { userId: k },
        });
      }
    }
    // Group discussions (and the two accounts' own conversation, which keeps both).
    await tx.$executeRaw`UPDATE IGNORE conversation_members SET user_id = ${k} WHERE user_id = ${m}`;
  },
};

/** Every kind of data a member holds, in the order the merge moves them. */
export const MERGE_STEPS: readonly TStep[] = [
  wishListsStep,
  wishClaimsStep,
  columnStep({ kind: 'exchanges-organized', label: 'Exchanges organized', table: 'exchanges', column: 'organizer_id' }),
  exchangeSeatsStep,
  columnStep({ kind: 'groups-owned', label: 'Groups owned', table: 'groups', column: 'owner_id' }),
  groupMembershipsStep,
  columnStep({
    kind: 'group-invitations-sent',
    label: 'Group invitations sent',
    table: 'group_invitations',
    column: 'invited_by_id',
  }),
  columnStep({
    kind: 'follows',
    label: 'People followed',
    table: 'follows',
    column: 'follower_id',
    key: 'followed_id',
    refKind: 'user',
    notTo: 'followed_id',
    shared: (name) => ({
      subject: `Both accounts follow ${name}`,
      resolution: 'One follow is enough: the other stays with the closed account',
    }),
    between: {
      subject: 'The two accounts follow each other',
      resolution: 'Following oneself means nothing: it stays with the closed account',
    },
  }),
  columnStep({
    kind: 'followers',
    label: 'Followers',
    table: 'follows',
    column: 'followed_id',
    key: 'follower_id',
    refKind: 'user',
    notTo: 'follower_id',
    shared: (name) => ({
      subject: `${name} follows both accounts`,
      resolution: 'One follow is enough: the other stays with the closed account',
    }),
  }),
  columnStep({
    kind: 'blocks',
    label: 'Blocks (either way)',
    table: 'blocks',
    column: 'blocker_id',
    key: 'blocked_id',
    refKind: 'user',
    notTo: 'blocked_id',
    shared: (name) => ({
      subject: `Both accounts block ${name}`,
      resolution: 'One block is enough: the other stays with the closed account',
    }),
    between: {
      subject: 'One account blocks the other',
      resolution: 'Blocking oneself means nothing: it stays with the closed account',
    },
  }),
  columnStep({
    kind: 'blocks',
    label: 'Blocked by',
    table: 'blocks',
    column: 'blocked_id',
    key: 'blocker_id',
    refKind: 'user',
    notTo: 'blocker_id',
    shared: (name) => ({
      subject: `${name} blocks both accounts`,
      resolution: 'The kept account stays blocked by them',
    }),
  }),
  columnStep({
    kind: 'family',
    label: 'Family (children managed, family managers)',
    table: 'parent_accounts',
    column: 'parent_id',
    key: 'child_id',
    refKind: 'user',
    notTo: 'child_id',
    shared: (name) => ({ subject: `Both accounts manage ${name}`, resolution: 'The kept account keeps managing them' }),
  }),
  columnStep({
    kind: 'family',
    label: 'Family managers',
    table: 'parent_accounts',
    column: 'child_id',
    key: 'parent_id',
    refKind: 'user',
    notTo: 'parent_id',
    shared: (name) => ({ subject: `${name} manages both accounts`, resolution: 'They keep managing the kept account' }),
  }),
  columnStep({
    kind: 'contacts',
    label: 'Address book',
    table: 'address_book_contacts',
    column: 'owner_id',
    key: 'email',
    shared: (email) => ({
      subject: `Both address books hold ${email}`,
      resolution: 'The kept account’s contact stays',
    }),
  }),
  conversationsStep,
  columnStep({
    kind: 'chat-messages',
    label: 'Messages written',
    table: 'chat_messages',
    column: 'sender_id',
    key: 'client_key',
    shared: () => ({
      subject: 'Two messages share a sending key',
      resolution: 'The older one stays with the closed account',
    }),
  }),
  columnStep({ kind: 'notifications', label: 'Notifications', table: 'notifications', column: 'user_id' }),
  columnStep({ kind: 'activity', label: 'Activity', table: 'activity_events', column: 'actor_id' }),
  columnStep({
    kind: 'favorite-guides',
    label: 'Favourite gift guides',
    table: 'favorite_guides',
    column: 'user_id',
    key: 'gift_guide_id',
    refKind: 'guide',
    shared: (title) => ({ subject: `Both accounts favour “${title}”`, resolution: 'One favourite is enough' }),
  }),
  columnStep({
    kind: 'price-drop-watches',
    label: 'Price-drop alerts',
    table: 'price_drop_subscriptions',
    column: 'user_id',
    key: 'product_id',
    refKind: 'product',
    shared: (title) => ({ subject: `Both accounts watch the price of “${title}”`, resolution: 'One alert is enough' }),
  }),
  onePerUserStep({
    kind: 'mailing-address',
    label: 'Mailing address',
    table: 'mailing_addresses',
    subject: 'Both accounts have a mailing address',
  }),
  columnStep({
    kind: 'preferences',
    label: 'Preferences',
    table: 'user_preferences',
    column: 'user_id',
    key: 'preference_set',
    shared: (set) => ({ subject: `Both accounts chose a “${set}” preference`, resolution: 'The kept account’s stays' }),
  }),
];

/** What the merged account holds, kind by kind (kinds split over two steps add up). */
export async function countMoves(tx: TTx, m: string): Promise<TMergeMove[]> {
  const moves = new Map<TMergeKind, TMergeMove>();
  for (const step of MERGE_STEPS) {
    const count = await step.count(tx, m);
    const seen = moves.get(step.kind);
    if (seen) seen.count += count;
    else moves.set(step.kind, { kind: step.kind, label: step.label, count });
  }
  return [...moves.values()];
}

/** Blocking conflicts first, then the rest in the order of the steps. */
export async function findConflicts(tx: TTx, k: string, m: string): Promise<TMergeConflict[]> {
  const all: TMergeConflict[] = [];
  for (const step of MERGE_STEPS) all.push(...(await step.conflicts(tx, k, m)));
  return [...all.filter((conflict) => conflict.blocking), ...all.filter((conflict) => !conflict.blocking)];
}

export async function moveAccountData(tx: TTx, k: string, m: string): Promise<void> {
  for (const step of MERGE_STEPS) await step.move(tx, k, m);
  // A block that came over from the closed account ends the kept account's follows across it,
  // both ways, as blocking does (people/follows.ts).
  await tx.$executeRaw`
    DELETE f FROM follows f JOIN blocks b
      ON (b.blocker_id = f.follower_id AND b.blocked_id = f.followed_id)
      OR (b.blocker_id = f.followed_id AND b.blocked_id = f.follower_id)
    WHERE f.follower_id = ${k} OR f.followed_id = ${k}`;
}
