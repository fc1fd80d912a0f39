/**
 * Groups (spec §1, §2 groups): creating, listing, reading and changing a group, and a person's
 * own membership (joining, leaving, their membership flags). Managing other people's membership
 * (approving, removing, inviting) is in members.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TPagingQuery } from '../../contracts/paging';
import { pagingFor } from '../../contracts/paging';
import type {
  TGroupDetail,
  TGroupFields,
  TGroupMemberStatus,
  TGroupRole,
  TGroupSummary,
  TMembershipFlags,
} from '../../contracts/social';
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { recordActivity } from '../activity/record';
import { joinGroupConversation, leaveGroupConversation } from '../messages/membership';
import { retryOnDeadlock } from '../../db/retry';
import { createNotification, publishNotifications } from '../notifications/notify';
import { publishNotificationsChanged, settleJoinRequestNotices } from '../notifications/settle-join-requests';
import { PERSON_SELECT, blockedEitherWay, summarize } from '../people/access';
import {
  flagsOf,
  groupAccess,
  isManagerRole,
  mayInvite,
  MEMBERSHIP_SELECT,
  memberStatusNow,
  moveMember,
  requireActive,
  requireManager,
  type TGroupAccess,
  type TGroupRow,
} from './access';

type TDeps = Pick<TAppDeps, 'db' | 'bus' | 'log'>;
type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

const LISTED_STATUSES = ['active', 'pending', 'invited'];
const FORMER_OWNER = { name: '', firstName: null, lastName: null, pictureKey: null, deletedAt: new Date(0) };

async function summaries(db: TDb, viewerId: string, groups: TGroupRow[]): Promise<TGroupSummary[]> {
  if (groups.length === 0) return [];
  const ids = groups.map((group) => group.id);
  const [counts, mine, owners] = await Promise.all([
    db.groupMember.groupBy({ by: ['groupId'], where: { groupId: { in: ids }, status: 'active' }, _count: true }),
    db.groupMember.findMany({
      where: { groupId: { in: ids }, userId: viewerId },
      select: { groupId: true, ...MEMBERSHIP_SELECT },
    }),
    db.user.findMany({ where: { id: { in: groups.map((group) => group.ownerId) } }, select: PERSON_SELECT }),
  ]);
  const countOf = new Map(counts.map((row) => [row.groupId, row._count]));
  const mineOf = new Map(mine.map((row) => [row.groupId, row]));
  const ownerOf = new Map(owners.map((row) => [row.id, row]));
  return groups.map((group) => {
    const membership = mineOf.get(group.id) ?? null;
    const owner = ownerOf.get(group.ownerId);
    return {
      groupId: group.id,
      name: group.name,
      description: group.description,
      isPrivate: group.isPrivate,
      memberCount: countOf.get(group.id) ?? 0,
      // Owners are never missing (the row cascades with them); a closed account shows as a former member.
      owner: summarize(owner ?? { ...FORMER_OWNER, id: group.ownerId }),
      myStatus: (membership?.status as TGroupMemberStatus | undefined) ?? null,
      myRole: membership ? (membership.role as TGroupRole) : null,
      canManage: membership?.status === 'active' && isManagerRole(membership.role),
      createdAt: group.createdAt.toISOString(),
    };
  });
}

/** My groups (active, asked, invited) or public groups to discover; newest first, paged. */
export async function listGroups(
  db: TDb,
  viewer: TVerifiedIdentity,
  query: TPagingQuery & { scope: 'mine' | 'discover'; search?: string },
) {
  const search = query.search?.trim();
  const blocked = await blockedEitherWay(db, viewer.userId);
  const where =
    query.scope === 'mine'
      ? {
          deletedAt: null,
          members: { some: { userId: viewer.userId, status: { in: LISTED_STATUSES } } },
          ...(search ? { name: { contains: search } } : {}),
        }
      : {
          deletedAt: null,
          isPrivate: false,
          ownerId: { notIn: blocked },
          members: { none: { userId: viewer.userId, status: { in: LISTED_STATUSES } } },
          ...(search ? { name: { contains: search } } : {}),
        };
  const [total, rows] = await Promise.all([
    db.group.count({ where }),
    db.group.findMany({
      where,
      select: {
        id: true,
        ownerId: true,
        name: true,
        description: true,
        isPrivate: true,
        joinCode: true,
        createdAt: true,
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      skip: query.offset,
      take: query.limit,
    }),
  ]);
  const items = await summaries(db, viewer.userId, rows);
  return { items, paging: pagingFor(query, items.length, total) };
}

async function detailOf(db: TDb, viewer: TVerifiedIdentity, access: TGroupAccess): Promise<TGroupDetail> {
  const [summary] = await summaries(db, viewer.userId, [access.group]);
  const [pendingCount, conversation] = await Promise.all([
    access.isManager ? db.groupMember.count({ where: { groupId: access.group.id, status: 'pending' } }) : 0,
    access.isActive ? db.conversation.findUnique({ where: { groupId: access.group.id }, select: { id: true } }) : null,
  ]);
  return {
    ...summary!,
    canSeeInside: access.canSeeInside,
    canInvite: mayInvite(access),
    myFlags: access.membership && access.isActive ? flagsOf(access.membership) : null,
    joinPath: access.isManager ? `/groups/${access.group.id}/?code=${access.group.joinCode}` : null,
    pendingCount,
    conversationId: conversation?.id ?? null,
  };
}

export async function getGroup(db: TDb, viewer: TVerifiedIdentity, groupId: string): Promise<TGroupDetail> {
  return detailOf(db, viewer, await groupAccess(db, viewer, groupId));
}

export async function createGroup(db: TDb, viewer: TVerifiedIdentity, input: TGroupFields & { name: string }) {
  const groupId = randomUUID();
  await db.$transaction(async (tx) => {
    await tx.group.create({
      data: {
        id: groupId,
        ownerId: viewer.userId,
        name: input.name,
        description: input.description ?? null,
        isPrivate: input.isPrivate ?? true,
        joinCode: randomBytes(16).toString('base64url'),
      },
    });
    await tx.groupMember.create({ data: { groupId, userId: viewer.userId, status: 'active', role: 'owner' } });
    await joinGroupConversation(tx, groupId, [viewer.userId]);
    await recordActivity(tx, {
      actorId: viewer.userId,
      kind: 'group-joined',
      groupId,
      payload: { groupName: input.name },
    });
  });
  return { groupId };
}

export async function updateGroup(
  db: TDb,
  viewer: TVerifiedIdentity,
  input: { groupId: string; name?: string; description?: string | null; isPrivate?: boolean },
): Promise<TGroupDetail> {
  await requireManager(db, viewer, input.groupId);
  await db.group.update({
    where: { id: input.groupId },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.isPrivate !== undefined ? { isPrivate: input.isPrivate } : {}),
    },
  });
  return getGroup(db, viewer, input.groupId);
}

/** The owner deletes the group: it disappears for everyone; its discussion goes with it. */
export async function deleteGroup(db: TDb, viewer: TVerifiedIdentity, groupId: string) {
  const access = await requireManager(db, viewer, groupId);
  if (!access.isOwner) throw new AppError('FORBIDDEN', { message: 'Only the group’s owner can delete it' });
  await db.$transaction(async (tx) => {
    await tx.group.update({ where: { id: groupId }, data: { deletedAt: new Date() } });
    await tx.conversation.deleteMany({ where: { groupId } });
  });
  return { ok: true as const };
}

/**
 * Makes people active members (from the statuses in `from`; new rows only with `create`): their
 * place, the discussion, the feed; in the caller's transaction. Answers who was activated by this
 * call: a racing second call activates nobody twice. Approving, restoring and accepting an
 * invitation pass `create: false`, so a request cancelled or declined meanwhile stays gone.
 */
export async function activateMembers(
  tx: TTx,
  input: {
    group: { id: string; name: string };
    userIds: readonly string[];
    decidedById: string | null;
    from: readonly TGroupMemberStatus[];
    create: boolean;
  },
): Promise<string[]> {
  const { group } = input;
  const activated: string[] = [];
  for (const userId of input.userIds) {
    const moved = await moveMember(tx, {
      groupId: group.id,
      userId,
      status: 'active',
      from: input.from,
      create: input.create,
      decidedById: input.decidedById,
    });
    if (!moved) continue;
    activated.push(userId);
    await recordActivity(tx, {
      actorId: userId,
      kind: 'group-joined',
      groupId: group.id,
      payload: { groupName: group.name },
    });
  }
  await joinGroupConversation(tx, group.id, activated);
  return activated;
}

const REMOVED_MESSAGE = 'A manager removed you from this group; only its owner or an assistant can bring you back';
const WITHDRAWN_MESSAGE = 'This invitation is not open any more';

/** The group's managers (owner and assistants), to tell them about a request. */
async function managerIds(db: Pick<TDb, 'groupMember'>, groupId: string): Promise<string[]> {
  const rows = await db.groupMember.findMany({
    where: { groupId, status: 'active', role: { in: ['owner', 'assistant'] } },
    select: { userId: true },
  });
  return rows.map((row) => row.userId);
}

/**
 * Makes `userId`'s request to join (pending: new, or again after leaving), decided by the
 * database, and tells the managers when this call made it (in the caller's transaction; the
 * caller publishes `notices` after the commit). Answers the person's status afterwards: a racing
 * second request finds the first one's 'pending' (or an invitation, or a place) and tells nobody.
 */
export async function askToJoin(
  tx: TTx,
  group: { id: string; name: string },
  userId: string,
  notices: { userId: string; notificationId: string }[],
): Promise<TGroupMemberStatus | null> {
  const asked = await moveMember(tx, { groupId: group.id, userId, status: 'pending', from: ['left'], create: true });
  if (!asked) return memberStatusNow(tx, group.id, userId);
  for (const managerId of await managerIds(tx, group.id)) {
    const notificationId = await createNotification(tx, {
      userId: managerId,
      kind: 'group',
      payload: { groupId: group.id, groupName: group.name, event: 'join-request', userId },
    });
    notices.push({ userId: managerId, notificationId });
  }
  return 'pending';
}

/**
 * Joining: with the invitation link's code or a mailed invitation's token, or accepting an
 * invitation a member sent, at once; otherwise a request the owner or an assistant approves
 * (pending). Racing calls (a double click, two tabs) are decided by the database; a deadlock
 * victim runs again and then finds the winner's work. The loser of a race answers the place the
 * person has now (200), or 409 in words when what it relied on is gone (an invitation withdrawn).
 */
export async function joinGroup(
  deps: TDeps,
  viewer: TVerifiedIdentity,
  input: { groupId: string; code?: string },
): Promise<{ status: TGroupMemberStatus }> {
  const { db } = deps;
  const access = await groupAccess(db, viewer, input.groupId);
  const { group, membership } = access;
  if (membership?.status === 'active') return { status: 'active' };
  // Removal sticks: no request, link or invitation brings a removed person back; a manager restores.
  if (membership?.status === 'removed') throw new AppError('FORBIDDEN', { message: REMOVED_MESSAGE });
  let notices: { userId: string; notificationId: string }[] = [];
  const status = await retryOnDeadlock(() => {
    notices = [];
    return db.$transaction(async (tx): Promise<TGroupMemberStatus> => {
      const settle = async (moved: boolean, fallback: AppError): Promise<TGroupMemberStatus> => {
        if (moved) return 'active';
        const now = await memberStatusNow(tx, group.id, viewer.userId);
        if (now === 'active') return 'active'; // the other tab or click got there first
        if (now === 'removed') throw new AppError('FORBIDDEN', { message: REMOVED_MESSAGE });
        throw fallback;
      };
      if (input.code) {
        if (input.code !== group.joinCode) {
          // A mailed invitation is good once: the first to use it takes it.
          const taken = await tx.groupInvitation.updateMany({
            where: { groupId: group.id, token: input.code, acceptedAt: null },
            data: { acceptedAt: new Date() },
          });
          if (taken.count !== 1) {
            // The same person's second click: the first one spent the link and let them in.
            if ((await memberStatusNow(tx, group.id, viewer.userId)) === 'active') return 'active';
            throw new AppError('BAD_REQUEST', { message: 'This invitation link is not valid any more' });
          }
        }
        // A valid link: from invited, asked or left, or a new place; never from removed.
        const activated = await activateMembers(tx, {
          group,
          userIds: [viewer.userId],
          decidedById: null,
          from: ['invited', 'left', 'pending'],
          create: true,
        });
        return settle(
          activated.length > 0,
          new AppError('CONFLICT', { message: 'Your place in this group just changed; please try again' }),
        );
      }
      if (membership?.status === 'invited') {
        // Accepting an invitation changes that invitation only: declined or withdrawn meanwhile, it is gone.
        const activated = await activateMembers(tx, {
          group,
          userIds: [viewer.userId],
          decidedById: null,
          from: ['invited'],
          create: false,
        });
        return settle(activated.length > 0, new AppError('CONFLICT', { message: WITHDRAWN_MESSAGE }));
      }
      // A request: of two at once, one makes it and tells the managers; the other answers its status.
      const now = await askToJoin(tx, group, viewer.userId, notices);
      if (now === 'removed') throw new AppError('FORBIDDEN', { message: REMOVED_MESSAGE });
      if (!now) throw new AppError('CONFLICT', { message: 'Your place in this group just changed; please try again' });
      return now;
    });
  });
  await publishNotifications(deps, notices);
  return { status };
}

/**
 * Leaving (or cancelling one's own request). The owner cannot leave: they delete the group. The
 * change is conditional on the status the person still has, so a leave racing a removal or a
 * second leave answers 409 instead of failing, and never turns a removal into a departure.
 */
export async function leaveGroup(deps: TDeps, viewer: TVerifiedIdentity, groupId: string) {
  const { db } = deps;
  const access = await groupAccess(db, viewer, groupId);
  if (access.isOwner)
    throw new AppError('BAD_REQUEST', { message: 'The owner can’t leave the group; delete it instead' });
  if (!access.membership || !['active', 'pending'].includes(access.membership.status))
    throw new AppError('BAD_REQUEST', { message: 'You are not a member of this group' });
  // A leave racing a removal may end as a deadlock victim; run again, it then finds nothing to change (409).
  let answered: string[] = [];
  const changed = await retryOnDeadlock(() =>
    db.$transaction(async (tx) => {
      const cancelled = await tx.groupMember.deleteMany({
        where: { groupId, userId: viewer.userId, status: 'pending' },
      });
      const left = await tx.groupMember.updateMany({
        where: { groupId, userId: viewer.userId, status: 'active', role: { not: 'owner' } },
        data: { status: 'left', role: 'member' },
      });
      if (left.count > 0) await leaveGroupConversation(tx, groupId, [viewer.userId]);
      // A cancelled request answers the managers' "asked to join" notices too.
      answered = cancelled.count > 0 ? await settleJoinRequestNotices(tx, groupId, viewer.userId) : [];
      return cancelled.count + left.count;
    }),
  );
  await publishNotificationsChanged(deps, answered);
  if (changed === 0) throw new AppError('CONFLICT', { message: 'You are not a member of this group any more' });
  return { ok: true as const };
}

export async function declineInvitation(db: TDb, viewer: TVerifiedIdentity, groupId: string) {
  const deleted = await db.groupMember.deleteMany({ where: { groupId, userId: viewer.userId, status: 'invited' } });
  if (deleted.count === 0) throw new AppError('NOT_FOUND', { message: 'There is no invitation to decline' });
  return { ok: true as const };
}

export async function updateMyFlags(
  db: TDb,
  viewer: TVerifiedIdentity,
  input: {
    groupId: string;
    isBirthdayAlertsEnabled?: boolean;
    isTopicNotificationEnabled?: boolean;
    isReceiverOnly?: boolean;
  },
): Promise<TMembershipFlags> {
  await requireActive(db, viewer, input.groupId);
  const row = await db.groupMember.update({
    where: { groupId_userId: { groupId: input.groupId, userId: viewer.userId } },
    data: {
      ...(input.isBirthdayAlertsEnabled !== undefined
        ? { isBirthdayAlertsEnabled: input.isBirthdayAlertsEnabled }
        : {}),
      ...(input.isTopicNotificationEnabled !== undefined
        ? { isTopicNotificationEnabled: input.isTopicNotificationEnabled }
        : {}),
      ...(input.isReceiverOnly !== undefined ? { isReceiverOnly: input.isReceiverOnly } : {}),
    },
    select: MEMBERSHIP_SELECT,
  });
  return flagsOf(row);
}

/**
 * A closed account leaves its groups (people/profile.ts calls this inside the deletion's
 * transaction): each group it owned passes to its longest-standing assistant, else its
 * longest-standing member, and is deleted when nobody is left; its other memberships become 'left';
 * it leaves the group discussions (what it wrote stays, shown as a former member's).
 */
export async function releaseGroupsOf(tx: TTx, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = [...userIds];
  const owned = await tx.group.findMany({ where: { ownerId: { in: ids }, deletedAt: null }, select: { id: true } });
  for (const { id: groupId } of owned) {
    const heir = await tx.groupMember.findFirst({
      where: { groupId, status: 'active', userId: { notIn: ids } },
      orderBy: [{ role: 'asc' }, { createdAt: 'asc' }, { userId: 'asc' }], // 'assistant' sorts before 'member'
      select: { userId: true },
    });
    if (heir) {
      await tx.group.update({ where: { id: groupId }, data: { ownerId: heir.userId } });
      await tx.groupMember.update({
        where: { groupId_userId: { groupId, userId: heir.userId } },
        data: { role: 'owner' },
      });
    } else {
      await tx.group.update({ where: { id: groupId }, data: { deletedAt: new Date() } });
      await tx.conversation.deleteMany({ where: { groupId } });
    }
  }
  await tx.groupMember.updateMany({
    where: { userId: { in: ids }, status: { in: ['active', 'pending', 'invited'] } },
    data: { status: 'left', role: 'member' },
  });
  await tx.conversationMember.deleteMany({ where: { userId: { in: ids }, conversation: { kind: 'group' } } });
}
