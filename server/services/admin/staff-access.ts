/**
 * Who is acting in the admin area and what they may do, decided in one place: the staff member
 * behind the identity (the impersonator while impersonating) and their support roles (spec §6).
 * Every admin write goes through `requireActing` and leaves one audit row (`writeStaffAudit`).
 */
import type { TVerifiedIdentity } from '../../auth/tokens';
import { ANALYST_READ_ONLY_MESSAGE, staffOf, type TAdminPerson, type TStaffCapabilities } from '../../contracts/admin';
import { displayName } from '../../contracts/identity';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';

export type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

export interface TStaffActor {
  staffUserId: string;
  capabilities: TStaffCapabilities;
  ip: string;
}

/** The acting staff member of a request that passed the admin procedure's check. */
export function staffActorOf(ctx: { identity: TVerifiedIdentity; ip: string }): TStaffActor {
  const { staffUserId, capabilities } = staffOf(ctx.identity);
  if (capabilities.roles.length === 0) throw new AppError('FORBIDDEN');
  return { staffUserId, capabilities, ip: ctx.ip };
}

/** Support analysts only look: merge, clone, replace and notes need ElfSupportAdmin or ElfSupportLead. */
export function requireActing(actor: TStaffActor): void {
  if (!actor.capabilities.canAct) throw new AppError('FORBIDDEN', { message: ANALYST_READ_ONLY_MESSAGE });
}

/** One audit row for a staff action, inside the action's own transaction; answers its id. */
export async function writeStaffAudit(
  db: Pick<TDb, 'auditLog'>,
  actor: TStaffActor,
  input: { action: string; subjectUserId: string | null; reason: string | null; details: Record<string, unknown> },
): Promise<string> {
  const row = await db.auditLog.create({
    data: {
      actorUserId: actor.staffUserId,
      subjectUserId: input.subjectUserId,
      action: input.action,
      reason: input.reason,
      details: JSON.stringify({ ...input.details, staffRoles: actor.capabilities.roles }),
      ip: actor.ip,
    },
    select: { id: true },
  });
  return row.id.toString();
}

export const ADMIN_PERSON_SELECT = {
  id: true,
  name: true,
  firstName: true,
  lastName: true,
  email: true,
} as const;

export interface TAdminPersonRow {
  id: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** Staff see the real name and e-mail, closed accounts included. */
export function adminPerson(row: TAdminPersonRow): TAdminPerson {
  return { userId: row.id, displayName: displayName(row) || row.name, email: row.email };
}

/** Many people by id at once (unknown ids are left out). */
export async function peopleByIds(db: Pick<TDb, 'user'>, ids: Iterable<string>): Promise<Map<string, TAdminPerson>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.user.findMany({ where: { id: { in: wanted } }, select: ADMIN_PERSON_SELECT });
  return new Map(rows.map((row) => [row.id, adminPerson(row)]));
}

export function isoOrNull(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** A JSON object column (audit and event details), or null when it holds anything else. */
export function parseDetails(value: string | null): Record<string, unknown> | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
