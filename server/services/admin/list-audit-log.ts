/**
 * The audit log screen: impersonations, merges, message reads and the other staff actions, newest
 * first, filtered by kind, staff member, member and day. Analysts and admins see their own actions;
 * leads (ElfSupportLead) see every staff member's. The member (and, for leads, the staff member)
 * may be given by id or searched by name, e-mail or username: the rows of every matching account
 * (up to PERSON_MATCHES of them). Each row carries its action in words beside the code.
 */
import {
  AUDIT_KINDS,
  LEAD_ONLY_AUDIT_MESSAGE,
  auditKindOf,
  type TAuditLogQuery,
  type TAuditPage,
} from '../../contracts/admin';
import { describeAuditAction } from '../../contracts/audit-words';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import type { Prisma } from '../../generated/prisma/client';
import { userSearchWhere } from './find-users';
import { isoOrNull, parseDetails, peopleByIds, type TStaffActor } from './staff-access';

const DAY_MS = 86_400_000;
/** A name search matching more accounts than this uses the first ones (by name); be more precise. */
const PERSON_MATCHES = 50;

/** The ids a person filter stands for: the given id, the accounts a search finds, or none given. */
async function personIds(db: TDb, id: string | undefined, search: string | undefined): Promise<string[] | null> {
  const ids = id ? [id] : null;
  if (!search) return ids;
  const found = await db.user.findMany({
    where: userSearchWhere(search),
    select: { id: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: PERSON_MATCHES,
  });
  const matches = found.map((row) => row.id);
  return ids ? matches.filter((match) => ids.includes(match)) : matches;
}

export async function listAuditLog(db: TDb, actor: TStaffActor, query: TAuditLogQuery): Promise<TAuditPage> {
  const all = actor.capabilities.canSeeAllAudit;
  if (!all && query.actorUserId && query.actorUserId !== actor.staffUserId)
    throw new AppError('FORBIDDEN', { message: LEAD_ONLY_AUDIT_MESSAGE });
  if (!all && query.actor) throw new AppError('FORBIDDEN', { message: LEAD_ONLY_AUDIT_MESSAGE });
  const actorIds = all ? await personIds(db, query.actorUserId, query.actor) : [actor.staffUserId];
  const subjectIds = await personIds(db, query.subjectUserId, query.subject);
  const createdAt: Prisma.DateTimeFilter = {};
  if (query.from) createdAt.gte = new Date(`${query.from}T00:00:00Z`);
  if (query.to) createdAt.lt = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS);
  const where: Prisma.AuditLogWhereInput = {
    ...(actorIds ? { actorUserId: { in: actorIds } } : {}),
    ...(subjectIds ? { subjectUserId: { in: subjectIds } } : {}),
    ...(query.kind
      ? { OR: AUDIT_KINDS[query.kind].prefixes.map((prefix) => ({ action: { startsWith: prefix } })) }
      : {}),
    ...(query.from || query.to ? { createdAt } : {}),
    ...(query.cursor ? { id: { lt: BigInt(query.cursor) } } : {}),
  };
  const rows = await db.auditLog.findMany({ where, orderBy: { id: 'desc' }, take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const people = await peopleByIds(
    db,
    page.flatMap((row) => [row.actorUserId, row.subjectUserId].filter((value): value is string => Boolean(value))),
  );
  const person = (userId: string | null) =>
    userId ? (people.get(userId) ?? { userId, displayName: 'Former member', email: null }) : null;
  return {
    scope: all ? 'all' : 'own',
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id.toString() ?? null) : null,
    items: page.map((row) => ({
      auditId: row.id.toString(),
      action: row.action,
      summary: describeAuditAction(row.action),
      kind: auditKindOf(row.action),
      actor: person(row.actorUserId),
      subject: person(row.subjectUserId),
      reason: row.reason,
      details: parseDetails(row.details),
      ip: row.ip,
      createdAt: isoOrNull(row.createdAt)!,
    })),
  };
}
