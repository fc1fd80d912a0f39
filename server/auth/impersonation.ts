/**
 * Support staff acting as a member (spec §6). ElfSupportAdmin and ElfSupportLead act fully;
 * ElfSupportAnalyst only looks (every write refused). Never staff, never oneself, never a deleted
 * member; at most IMPERSONATION_MAX_MINUTES (≤ 60) without refresh; every start, stop and write is
 * audited with both user ids and the reason.
 */
import { randomUUID } from 'node:crypto';
import type { TConfig } from '../config';
import type { TIdentity } from '../contracts/identity';
import type { TVerifiedIdentity } from './tokens';
import type { TDb } from '../db/client';
import { AppError } from '../errors';
import { isStaff, loadAccount } from './roles';

export const ZImpersonationReasonMin = 5;
export const READ_ONLY_IMPERSONATION_MESSAGE = 'Support analysts can look but not change anything while impersonating';

export async function startImpersonation(
  deps: { db: TDb; config: TConfig },
  input: { familyId: string; staffUserId: string; targetUserId: string; reason: string; ip?: string },
): Promise<{ sessionId: string }> {
  const reason = input.reason.trim();
  if (reason.length < ZImpersonationReasonMin) {
    throw new AppError('VALIDATION', {
      fieldErrors: { reason: `This field should be at least ${ZImpersonationReasonMin} characters long` },
    });
  }
  const staff = await loadAccount(deps.db, input.staffUserId);
  if (!staff || staff.deletedAt || !isStaff(staff.roles))
    throw new AppError('FORBIDDEN', { message: 'Only support staff may impersonate' });
  if (input.targetUserId === staff.id)
    throw new AppError('FORBIDDEN', { message: 'Staff cannot impersonate themselves' });
  const target = await loadAccount(deps.db, input.targetUserId);
  if (!target || target.deletedAt) throw new AppError('NOT_FOUND', { message: 'No member with that id' });
  if (isStaff(target.roles)) throw new AppError('FORBIDDEN', { message: 'Staff cannot impersonate staff' });

  const sessionId = randomUUID();
  const now = Date.now();
  await deps.db.$transaction(async (tx) => {
    const family = await tx.refreshTokenFamily.findUnique({ where: { id: input.familyId } });
    if (!family || family.revokedAt || family.userId !== staff.id) throw new AppError('UNAUTHENTICATED');
    if (family.impersonationSessionId)
      throw new AppError('CONFLICT', { message: 'Stop the current impersonation first' });
    await tx.impersonationSession.create({
      data: {
        id: sessionId,
        staffUserId: staff.id,
        targetUserId: target.id,
        reason,
        expiresAt: new Date(now + deps.config.impersonationMaxMs),
      },
    });
    await tx.refreshTokenFamily.update({
      where: { id: family.id },
      data: { impersonationSessionId: sessionId, activeUserId: null },
    });
    await tx.auditLog.create({
      data: {
        actorUserId: staff.id,
        subjectUserId: target.id,
        action: 'impersonation.start',
        reason,
        ip: input.ip ?? null,
        details: JSON.stringify({ sessionId, staffRoles: staff.roles }),
      },
    });
  });
  return { sessionId };
}

type TImpersonatedIdentity = Pick<TVerifiedIdentity, 'userId' | 'impersonatorUserId' | 'impersonationSessionId'>;

/** Audits a refused write made while impersonating (`refused:<action>`) and answers 403. */
export async function refuseImpersonatedWrite(
  db: TDb,
  input: { identity: TImpersonatedIdentity; action: string; ip?: string; message: string },
): Promise<never> {
  await auditImpersonatedWrite(db, {
    identity: input.identity,
    sessionId: input.identity.impersonationSessionId,
    action: `refused:${input.action}`,
    ip: input.ip,
  });
  throw new AppError('FORBIDDEN', { message: input.message });
}

/**
 * Refuses account-security actions while impersonating (password, e-mail, merging, revealing
 * draws); the refused attempt is audited like any other impersonated write.
 */
export async function refuseWhileImpersonating(
  deps: { db: TDb },
  input: { identity: TImpersonatedIdentity; action: string; ip?: string },
): Promise<void> {
  if (!input.identity.impersonatorUserId) return;
  await refuseImpersonatedWrite(deps.db, { ...input, message: `${input.action} is not allowed while impersonating` });
}

/** Writes one audit row for a write made while impersonating. */
export async function auditImpersonatedWrite(
  db: TDb,
  input: {
    identity: Pick<TIdentity, 'userId' | 'impersonatorUserId'>;
    sessionId: string | null;
    action: string;
    ip?: string;
  },
): Promise<void> {
  if (!input.identity.impersonatorUserId) return;
  const session = input.sessionId ? await db.impersonationSession.findUnique({ where: { id: input.sessionId } }) : null;
  await db.auditLog.create({
    data: {
      actorUserId: input.identity.impersonatorUserId,
      subjectUserId: input.identity.userId,
      action: `impersonation.write:${input.action}`.slice(0, 80),
      reason: session?.reason ?? null,
      ip: input.ip ?? null,
    },
  });
}

/** A private thread (or the list showing their last lines) a support session reads as the member. */
export type TImpersonatedRead =
  | { thread: 'chat'; conversationId: string }
  | { thread: 'chat-list' }
  | { thread: 'santa'; exchangeId: string; with: string }
  | { thread: 'santa-list' };

const READ_ACTIONS: Record<TImpersonatedRead['thread'], string> = {
  chat: 'impersonation.messages.read',
  'chat-list': 'impersonation.messages.list',
  santa: 'impersonation.santa-thread.read',
  'santa-list': 'impersonation.santa-thread.list',
};

function readKeyOf(sessionId: string, read: TImpersonatedRead): string {
  if (read.thread === 'chat') return `${sessionId}:${read.conversationId}`;
  if (read.thread === 'santa') return `${sessionId}:${read.exchangeId}:${read.with}`;
  return sessionId;
}

/**
 * Audits a private read made while impersonating: a member's chat, their Secret Santa thread, or
 * the lists that show each one's last line. Called before the messages are answered.
 *
 * The decision (issue 26 #15): a support session keeps the member's private threads readable
 * (support must see what the member sees to help them), but never unrecorded. The admin Messages
 * tool promises that every read of a member's messages is audited with a reason; a support session
 * is no way around that promise. So the first read of each thread (and of each list) in a session
 * writes one audit row: the staff member, the member, the session's reason, which thread (a chat's
 * id; for a Secret Santa thread the exchange and "santa" or "recipient", never the other person).
 * Later reads of the same thread in the same session (live refetches, older pages, coming back to
 * it, messages arriving on the live stream) add no row: the log says which threads each session
 * opened, not how often a screen refreshed. Two first reads at the same instant may both write a
 * row; a duplicate is harmless, a missing row would not be. docs/secrecy.md §6 says the same.
 */
export async function auditImpersonatedRead(
  db: TDb,
  identity: Pick<TVerifiedIdentity, 'userId' | 'impersonatorUserId' | 'impersonationSessionId'>,
  read: TImpersonatedRead,
): Promise<void> {
  if (!identity.impersonatorUserId) return;
  const sessionId = identity.impersonationSessionId ?? 'no-session';
  const action = READ_ACTIONS[read.thread];
  const readKey = readKeyOf(sessionId, read);
  const earlier = await db.auditLog.findFirst({
    where: {
      actorUserId: identity.impersonatorUserId,
      subjectUserId: identity.userId,
      action,
      details: { contains: `"readKey":"${readKey}"` },
    },
    select: { id: true },
  });
  if (earlier) return;
  const session = identity.impersonationSessionId
    ? await db.impersonationSession.findUnique({
        where: { id: identity.impersonationSessionId },
        select: { reason: true },
      })
    : null;
  const { thread: _thread, ...which } = read;
  await db.auditLog.create({
    data: {
      actorUserId: identity.impersonatorUserId,
      subjectUserId: identity.userId,
      action,
      reason: session?.reason ?? null,
      details: JSON.stringify({ readKey, sessionId: identity.impersonationSessionId, ...which }),
    },
  });
}
