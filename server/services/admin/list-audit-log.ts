/**
 * The audit log screen: impersonations, merges, message reads and the other staff actions, newest
 * first, filtered by kind, staff member, member and day. Analysts and admins see their own actions;
 * leads (ElfSupportLead) see every staff member's.
 */
import {
  AUDIT_KINDS,
  LEAD_ONLY_AUDIT_MESSAGE,
  auditKindOf,
  type TAuditLogQuery,
  type TAuditPage,
} from '../../contracts/admin';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import type { Prisma } from '../../generated/prisma/client';
import { isoOrNull, parseDetails, peopleByIds, type TStaffActor } from './staff-access';

const DAY_MS = 86_400_000;

export async function listAuditLog(db: TDb, actor: TStaffActor, query: TAuditLogQuery): Promise<TAuditPage> {
  const all = actor.capabilities.canSeeAllAudit;
  if (!all && query.actorUserId && query.actorUserId !== actor.staffUserId)
    throw new AppError('FORBIDDEN', { message: LEAD_ONLY_AUDIT_MESSAGE });
  const actorUserId = all ? query.actorUserId : actor.staffUserId;
  const createdAt: Prisma.DateTimeFilter = {};
  if (query.from) createdAt.gte = new Date(`${query.from}T00:00:00Z`);
  if (query.to) createdAt.lt = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS);
  const where: Prisma.AuditLogWhereInput = {
    ...(actorUserId ? { actorUserId } : {}),
    ...(query.subjectUserId ? { subjectUserId: query.subjectUserId } : {}),
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
