/**
 * finduser: members by e-mail, name, username or id (closed accounts included, marked), and one
 * member's support view: what they hold, accounts sharing their e-mail, recent support sessions.
 */
import type { TAdminUser, TAdminUserDetail } from '../../contracts/admin';
import { isUuid } from '../../contracts/validation';
import { isSupportRole } from '../../contracts/roles';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import type { Prisma } from '../../generated/prisma/client';
import { ADMIN_PERSON_SELECT, adminPerson, isoOrNull, peopleByIds, type TStaffActor } from './staff-access';

const SEARCH_LIMIT = 25;

export const ADMIN_USER_SELECT = {
  ...ADMIN_PERSON_SELECT,
  username: true,
  createdAt: true,
  deletedAt: true,
  credential: { select: { userId: true } },
  externalIdentities: { select: { provider: true } },
  roles: { select: { role: true } },
} as const;

type TAdminUserRow = Prisma.UserGetPayload<{ select: typeof ADMIN_USER_SELECT }>;

export function adminUser(row: TAdminUserRow): TAdminUser {
  const roles = row.roles.map((role) => role.role).sort();
  return {
    ...adminPerson(row),
    username: row.username,
    createdAt: row.createdAt.toISOString(),
    deletedAt: isoOrNull(row.deletedAt),
    isRegistered: Boolean(row.credential) || row.externalIdentities.length > 0,
    roles,
    isStaff: roles.some(isSupportRole),
  };
}

/** Escapes LIKE wildcards so a search for "a_b" finds "a_b", not "axb". */
function literal(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** Members matching a search by e-mail, name, username or id (closed accounts included). */
export function userSearchWhere(input: string): Prisma.UserWhereInput {
  const query = input.trim();
  const words = query.split(/\s+/).filter(Boolean).slice(0, 3).map(literal);
  return isUuid(query)
    ? { id: query.toLowerCase() }
    : {
        OR: [
          { email: { startsWith: literal(query) } },
          { username: { startsWith: literal(query) } },
          { name: { contains: literal(query) } },
          // "Sam Riv" finds Sam Rivera: every word starts the first or the last name.
          {
            AND: words.map((word) => ({
              OR: [{ firstName: { startsWith: word } }, { lastName: { startsWith: word } }],
            })),
          },
        ],
      };
}

export async function findUsers(db: TDb, input: { query: string }): Promise<TAdminUser[]> {
  const rows = await db.user.findMany({
    where: userSearchWhere(input.query),
    select: ADMIN_USER_SELECT,
    orderBy: [{ deletedAt: 'asc' }, { name: 'asc' }, { id: 'asc' }],
    take: SEARCH_LIMIT,
  });
  return rows.map(adminUser);
}

export async function loadAdminUser(db: Pick<TDb, 'user'>, userId: string): Promise<TAdminUser> {
  const row = await db.user.findUnique({ where: { id: userId }, select: ADMIN_USER_SELECT });
  if (!row) throw new AppError('NOT_FOUND', { message: 'No member with that id' });
  return adminUser(row);
}

/**
 * One member's support view. Support sessions on the member are listed for everyone on staff (so
 * two people do not work one ticket unknowingly), but the reason another staff member gave is part
 * of the audit log of other staff, which only leads read: others see their own reasons only.
 */
export async function getUserDetail(
  db: TDb,
  staffActor: Pick<TStaffActor, 'staffUserId' | 'capabilities'>,
  input: { userId: string },
): Promise<TAdminUserDetail> {
  const row = await db.user.findUnique({
    where: { id: input.userId },
    select: {
      ...ADMIN_USER_SELECT,
      emailConfirmedAt: true,
      emailCanonical: true,
      managedChildren: { select: { child: { select: ADMIN_PERSON_SELECT } }, orderBy: { createdAt: 'asc' } },
      parentAccounts: { select: { parent: { select: ADMIN_PERSON_SELECT } }, orderBy: { createdAt: 'asc' } },
      _count: {
        select: {
          wishLists: true,
          exchangeSeats: true,
          following: true,
          followers: true,
          conversations: true,
          parentAccounts: true,
        },
      },
    },
  });
  if (!row) throw new AppError('NOT_FOUND', { message: 'No member with that id' });
  const [wishes, groups, related, sessions] = await Promise.all([
    db.wish.count({ where: { wishList: { ownerId: row.id } } }),
    db.groupMember.count({ where: { userId: row.id, status: 'active' } }),
    row.emailCanonical
      ? db.user.findMany({
          where: { emailCanonical: row.emailCanonical, id: { not: row.id }, deletedAt: null },
          select: ADMIN_USER_SELECT,
          orderBy: { createdAt: 'asc' },
          take: 20,
        })
      : Promise.resolve([]),
    db.impersonationSession.findMany({
      where: { targetUserId: row.id },
      orderBy: { startedAt: 'desc' },
      take: 10,
    }),
  ]);
  const staff = await peopleByIds(
    db,
    sessions.map((session) => session.staffUserId),
  );
  const user = adminUser(row);
  return {
    ...user,
    firstName: row.firstName,
    lastName: row.lastName,
    emailConfirmed: row.emailConfirmedAt !== null,
    providers: row.externalIdentities.map((identity) => identity.provider),
    isManagedChild: row._count.parentAccounts > 0,
    family: {
      children: row.managedChildren.map((link) => adminPerson(link.child)),
      managers: row.parentAccounts.map((link) => adminPerson(link.parent)),
    },
    counts: {
      wishLists: row._count.wishLists,
      wishes,
      exchanges: row._count.exchangeSeats,
      groups,
      following: row._count.following,
      followers: row._count.followers,
      conversations: row._count.conversations,
    },
    relatedAccounts: related.map(adminUser),
    impersonations: sessions.map((session) => ({
      sessionId: session.id,
      staff: staff.get(session.staffUserId) ?? {
        userId: session.staffUserId,
        displayName: 'Former staff',
        email: null,
      },
      reason:
        staffActor.capabilities.canSeeAllAudit || session.staffUserId === staffActor.staffUserId
          ? session.reason
          : null,
      startedAt: session.startedAt.toISOString(),
      endedAt: isoOrNull(session.endedAt),
      endReason: session.endReason,
    })),
  };
}
