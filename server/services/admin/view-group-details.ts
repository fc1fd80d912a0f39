/**
 * viewgroupdetails: any group as support sees it, private ones included: the group with its
 * members, the removed (and left) members, and the invitations waiting (members asked by a member,
 * e-mail invitations to people without an account).
 */
import type { TAdminGroup, TAdminGroupInvitations, TAdminGroupMember, TAdminGroupSummary } from '../../contracts/admin';
import { isUuid } from '../../contracts/validation';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { ADMIN_PERSON_SELECT, adminPerson, isoOrNull, peopleByIds } from './staff-access';

const SEARCH_LIMIT = 25;
const MEMBER_LIMIT = 1000;

const GROUP_SUMMARY_SELECT = {
  id: true,
  name: true,
  isPrivate: true,
  deletedAt: true,
  owner: { select: ADMIN_PERSON_SELECT },
  _count: { select: { members: { where: { status: 'active' } } } },
} as const;

function summary(row: {
  id: string;
  name: string;
  isPrivate: boolean;
  deletedAt: Date | null;
  owner: Parameters<typeof adminPerson>[0];
  _count: { members: number };
}): TAdminGroupSummary {
  return {
    groupId: row.id,
    name: row.name,
    isPrivate: row.isPrivate,
    owner: adminPerson(row.owner),
    memberCount: row._count.members,
    deletedAt: isoOrNull(row.deletedAt),
  };
}

/** By id, name, or the owner's e-mail. */
export async function searchGroups(db: TDb, input: { query: string }): Promise<TAdminGroupSummary[]> {
  const query = input.query.trim();
  const rows = await db.group.findMany({
    where: isUuid(query)
      ? { id: query.toLowerCase() }
      : { OR: [{ name: { contains: query } }, { owner: { email: { startsWith: query } } }] },
    select: GROUP_SUMMARY_SELECT,
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: SEARCH_LIMIT,
  });
  return rows.map(summary);
}

async function membersOf(db: TDb, groupId: string, statuses: string[]): Promise<TAdminGroupMember[]> {
  const rows = await db.groupMember.findMany({
    where: { groupId, status: { in: statuses } },
    select: { status: true, role: true, updatedAt: true, decidedById: true, user: { select: ADMIN_PERSON_SELECT } },
    orderBy: [{ role: 'asc' }, { user: { name: 'asc' } }],
    take: MEMBER_LIMIT,
  });
  const deciders = await peopleByIds(
    db,
    rows.flatMap((row) => (row.decidedById ? [row.decidedById] : [])),
  );
  return rows.map((row) => ({
    person: adminPerson(row.user),
    status: row.status,
    role: row.role,
    since: row.updatedAt.toISOString(),
    decidedBy: row.decidedById ? (deciders.get(row.decidedById) ?? null) : null,
  }));
}

async function requireGroup(db: TDb, groupId: string) {
  const row = await db.group.findUnique({
    where: { id: groupId },
    select: { ...GROUP_SUMMARY_SELECT, description: true, createdAt: true },
  });
  if (!row) throw new AppError('NOT_FOUND', { message: 'No group with that id' });
  return row;
}

export async function getGroupDetail(db: TDb, input: { groupId: string }): Promise<TAdminGroup> {
  const row = await requireGroup(db, input.groupId);
  const [byStatus, emailInvitations, members] = await Promise.all([
    db.groupMember.groupBy({ by: ['status'], where: { groupId: row.id }, _count: { _all: true } }),
    db.groupInvitation.count({ where: { groupId: row.id, acceptedAt: null } }),
    membersOf(db, row.id, ['active', 'pending']),
  ]);
  const count = (status: string) => byStatus.find((entry) => entry.status === status)?._count._all ?? 0;
  return {
    ...summary(row),
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    counts: {
      active: count('active'),
      pending: count('pending'),
      invited: count('invited'),
      removed: count('removed'),
      left: count('left'),
      emailInvitations,
    },
    members,
  };
}

export async function listRemovedGroupMembers(db: TDb, input: { groupId: string }): Promise<TAdminGroupMember[]> {
  await requireGroup(db, input.groupId);
  return membersOf(db, input.groupId, ['removed', 'left']);
}

export async function listGroupInvitations(db: TDb, input: { groupId: string }): Promise<TAdminGroupInvitations> {
  await requireGroup(db, input.groupId);
  const [members, emails] = await Promise.all([
    membersOf(db, input.groupId, ['invited']),
    db.groupInvitation.findMany({ where: { groupId: input.groupId }, orderBy: { createdAt: 'desc' } }),
  ]);
  const inviters = await peopleByIds(
    db,
    emails.map((invitation) => invitation.invitedById),
  );
  return {
    members,
    emails: emails.map((invitation) => ({
      invitationId: invitation.id,
      email: invitation.email,
      invitedBy: inviters.get(invitation.invitedById) ?? null,
      createdAt: invitation.createdAt.toISOString(),
      acceptedAt: isoOrNull(invitation.acceptedAt),
    })),
  };
}
