/**
 * Who may see and do what in a group — the one place the groups domain decides it.
 *
 * - A group that does not exist or was deleted answers 404.
 * - Its name, description and size are shown to any signed-in member who has its address (the
 *   page where one asks to join); its inside (members, activity, discussion) to its active members,
 *   and for a public group to every signed-in member.
 * - Managers are the owner and the assistants: they approve requests, remove and restore members,
 *   invite, and edit the group. Only the owner appoints assistants and deletes the group. In a
 *   public group every active member may invite too.
 * - Removal sticks: a removed person cannot ask again or use a link; only a manager restores them.
 * - A family manager in the group adds their child account: at once where they may invite (a
 *   manager, or any member of a public group), otherwise as a request the managers approve.
 * - People who blocked the viewer are left out of everything the viewer sees.
 *
 * Groups are a circle for people's privacy: active members of one group see each other's private
 * parts (`sharedCircleCounters`, registered here).
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import type { TGroupMemberStatus, TGroupRole, TMembershipFlags } from '../../contracts/social';
import type { TDb } from '../../db/client';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../errors';
import { sharedCircleCounters } from '../people/access';

export interface TGroupRow {
  id: string;
  ownerId: string;
  name: string;
  description: string | null;
  isPrivate: boolean;
  joinCode: string;
  createdAt: Date;
}

export interface TMembershipRow {
  status: string;
  role: string;
  isAdmin: boolean;
  isBirthdayAlertsEnabled: boolean;
  isReceiverOnly: boolean;
  isTopicNotificationEnabled: boolean;
}

export const MEMBERSHIP_SELECT = {
  status: true,
  role: true,
  isAdmin: true,
  isBirthdayAlertsEnabled: true,
  isReceiverOnly: true,
  isTopicNotificationEnabled: true,
} as const;

export const GROUP_SELECT = {
  id: true,
  ownerId: true,
  name: true,
  description: true,
  isPrivate: true,
  joinCode: true,
  createdAt: true,
} as const;

export interface TGroupAccess {
  group: TGroupRow;
  membership: TMembershipRow | null;
  isActive: boolean;
  isManager: boolean;
  isOwner: boolean;
  canSeeInside: boolean;
}

/**
 * Spec §3 membership flags as the API answers them.
 *
 * - isAdmin: the person manages the group (its owner or an assistant, still active). Derived from
 *   the role, so it can never disagree with who may approve, remove and invite; the stored
 *   `is_admin` column keeps the spec's default (false) and is not read (it was never set, so
 *   owners and assistants showed isAdmin false).
 * - isDeleted: removed or left.
 * - isBirthdayAlertsEnabled, isTopicNotificationEnabled: the member's own choices (stored).
 * - isReceiverOnly: the member's own choice (stored and shown, "receives gifts but is not expected
 *   to give"); nothing acts on it yet: an exchange run with a group does not take its members in
 *   automatically, so there is no giver list for it to leave someone out of.
 */
export function flagsOf(row: TMembershipRow): TMembershipFlags {
  return {
    isAdmin: row.status === 'active' && isManagerRole(row.role),
    isBirthdayAlertsEnabled: row.isBirthdayAlertsEnabled,
    isDeleted: row.status === 'removed' || row.status === 'left',
    isReceiverOnly: row.isReceiverOnly,
    isTopicNotificationEnabled: row.isTopicNotificationEnabled,
  };
}

export function isManagerRole(role: string): boolean {
  return role === 'owner' || role === 'assistant';
}

/** The group as `viewer` may know it, or 404 (unknown, deleted, or its owner blocked the viewer). */
export async function groupAccess(db: TDb, viewer: TVerifiedIdentity, groupId: string): Promise<TGroupAccess> {
  const group = await db.group.findFirst({ where: { id: groupId, deletedAt: null }, select: GROUP_SELECT });
  if (!group) throw new AppError('NOT_FOUND');
  const [membership, blockedByOwner] = await Promise.all([
    db.groupMember.findUnique({
      where: { groupId_userId: { groupId, userId: viewer.userId } },
      select: MEMBERSHIP_SELECT,
    }),
    db.block.findUnique({
      where: { blockerId_blockedId: { blockerId: group.ownerId, blockedId: viewer.userId } },
      select: { blockerId: true },
    }),
  ]);
  if (blockedByOwner) throw new AppError('NOT_FOUND');
  const isActive = membership?.status === 'active';
  const isManager = isActive && isManagerRole(membership.role);
  return {
    group,
    membership,
    isActive,
    isManager,
    isOwner: isActive && membership.role === 'owner',
    canSeeInside: isActive || !group.isPrivate,
  };
}

export async function requireManager(db: TDb, viewer: TVerifiedIdentity, groupId: string): Promise<TGroupAccess> {
  const access = await groupAccess(db, viewer, groupId);
  if (!access.isManager)
    throw new AppError('FORBIDDEN', { message: 'Only the group’s owner or an assistant can do this' });
  return access;
}

export async function requireActive(db: TDb, viewer: TVerifiedIdentity, groupId: string): Promise<TGroupAccess> {
  const access = await groupAccess(db, viewer, groupId);
  if (!access.isActive) throw new AppError('FORBIDDEN', { message: 'Only members of the group can do this' });
  return access;
}

/**
 * Inviting: in a private group only its managers bring people in (an active member is a circle that
 * opens everyone's private profile parts, so no plain member admits anyone); in a public group any
 * active member may. An invitation never makes anyone a member by itself: it is an 'invited' place
 * (or a mailed link) that the person accepts or declines; someone who asked (pending) stays asking,
 * someone removed stays removed.
 */
export function mayInvite(access: TGroupAccess): boolean {
  return access.isManager || (access.isActive && !access.group.isPrivate);
}

export async function requireInviter(db: TDb, viewer: TVerifiedIdentity, groupId: string): Promise<TGroupAccess> {
  const access = await groupAccess(db, viewer, groupId);
  if (!mayInvite(access)) {
    throw new AppError('FORBIDDEN', {
      message: access.isActive
        ? 'In a private group, the owner and assistants invite people'
        : 'Only members of the group can do this',
    });
  }
  return access;
}

export async function requireInside(db: TDb, viewer: TVerifiedIdentity, groupId: string): Promise<TGroupAccess> {
  const access = await groupAccess(db, viewer, groupId);
  if (!access.canSeeInside) throw new AppError('FORBIDDEN', { message: 'This group is private' });
  return access;
}

export type { TGroupMemberStatus, TGroupRole };

/**
 * Moves a person into `status` in a group, decided by the database, and answers whether this call
 * made the change: of two requests racing (a double click, two tabs, two managers) exactly one
 * changes the row, and only that one tells anyone or writes the activity. Runs inside the caller's
 * transaction (which the caller runs in `retryOnDeadlock`).
 *
 * - An existing place moves only from one of `from`: one conditional UPDATE whose affected-row
 *   count decides. Its first touch of the row is the exclusive lock, so racers queue on it and the
 *   second re-reads the winner's row and finds nothing to change. (The helper used to INSERT
 *   IGNORE first: on an existing row that takes a shared lock, and two transactions each holding
 *   it and both asking for the exclusive one deadlocked, error 1213, a 500.)
 * - `create`: only a genuinely new membership (a request, an invitation, a link) inserts a row,
 *   and only when the person has none. Approving, restoring and accepting an invitation never
 *   create: a request cancelled or declined meanwhile stays gone (it used to come back active).
 *   A plain read says which way to go (a locking UPDATE of a missing row would take a gap lock, and
 *   two such racers both inserting would deadlock); whoever loses an insert race has waited for
 *   the winner's commit and then moves the winner's row from `from` like any existing one.
 */
export async function moveMember(
  tx: Pick<TDb, '$executeRaw' | '$queryRaw'>,
  input: {
    groupId: string;
    userId: string;
    status: TGroupMemberStatus;
    from: readonly TGroupMemberStatus[];
    create: boolean;
    invitedById?: string | null;
    decidedById?: string | null;
  },
): Promise<boolean> {
  const invitedById = input.invitedById ?? null;
  const decidedById = input.decidedById ?? null;
  const update = async (): Promise<boolean> => {
    if (input.from.length === 0) return false;
    const updated = await tx.$executeRaw`
      UPDATE group_members
      SET status = ${input.status},
          role = IF(role = 'owner' OR ${input.status} = 'active', role, 'member'),
          invited_by_id = COALESCE(${invitedById}, invited_by_id),
          decided_by_id = ${decidedById},
          updated_at = NOW(3)
      WHERE group_id = ${input.groupId} AND user_id = ${input.userId} AND status IN (${Prisma.join([...input.from])})`;
    return updated > 0;
  };
  if (!input.create) return update();
  const existing = await tx.$queryRaw<{ status: string }[]>`
    SELECT status FROM group_members WHERE group_id = ${input.groupId} AND user_id = ${input.userId}`;
  if (existing.length > 0) return update();
  const inserted = await tx.$executeRaw`
    INSERT IGNORE INTO group_members (group_id, user_id, status, role, invited_by_id, decided_by_id, updated_at)
    VALUES (${input.groupId}, ${input.userId}, ${input.status}, 'member', ${invitedById}, ${decidedById}, NOW(3))`;
  return inserted > 0 || update();
}

/**
 * A person's status in a group now (null: no place), inside a transaction after `moveMember`
 * changed nothing: a locking read, so it sees the racer who won (a plain read would answer from
 * the transaction's snapshot, taken before the winner committed).
 */
export async function memberStatusNow(
  tx: Pick<TDb, '$queryRaw'>,
  groupId: string,
  userId: string,
): Promise<TGroupMemberStatus | null> {
  const rows = await tx.$queryRaw<{ status: TGroupMemberStatus }[]>`
    SELECT status FROM group_members WHERE group_id = ${groupId} AND user_id = ${userId} FOR UPDATE`;
  return rows[0]?.status ?? null;
}

// ---- What the other domains learn from groups ----

sharedCircleCounters.push(async (db, viewerId, ownerId) => {
  const rows = await db.$queryRaw<{ n: bigint }[]>`
    SELECT COUNT(*) AS n FROM group_members a
    JOIN group_members b ON b.group_id = a.group_id
    JOIN \`groups\` g ON g.id = a.group_id AND g.deleted_at IS NULL
    WHERE a.user_id = ${viewerId} AND b.user_id = ${ownerId} AND a.status = 'active' AND b.status = 'active'`;
  return Number(rows[0]?.n ?? 0);
});
