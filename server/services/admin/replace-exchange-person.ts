/**
 * replaceexchangeperson: support puts another member in someone's place in an exchange. After the
 * draw the draw engine's local repair (exchanges/draw replaceParticipant) keeps most pairings, and
 * since the draw is secret from support, a small random set around the newcomer is re-paired so the
 * newcomer does not inherit the leaver's recipient for certain (participants.replacementDraw). The change is stored the way the organizer's own replace
 * stores it (exchanges/participants), with the same mails; one transaction with the audit row.
 */
import type { TReplaceExchangePersonInput, TReplaceResult } from '../../contracts/admin';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { loadDrawSetup } from '../exchanges/draw-exchange';
import { recordEvent } from '../exchanges/events';
import { lockExchange, queueInviteMails, TX_OPTIONS } from '../exchanges/invitations';
import { dropSeat, queueChangedMails, replacementDraw, rewriteAssignments } from '../exchanges/participants';
import { loadAdminUser } from './find-users';
import { requireActing, writeStaffAudit, type TStaffActor } from './staff-access';

export async function replaceExchangePerson(
  db: TDb,
  actor: TStaffActor,
  input: TReplaceExchangePersonInput,
): Promise<TReplaceResult> {
  requireActing(actor);
  const exchange = await db.exchange.findUnique({
    where: { id: input.exchangeId },
    select: {
      id: true,
      organizerId: true,
      excludePreviousPairs: true,
      repeatOfExchangeId: true,
      singleLoop: true,
      noMutualPairs: true,
    },
  });
  if (!exchange) throw new AppError('NOT_FOUND', { message: 'No exchange with that id' });
  const [leaving, replacement] = await Promise.all([
    loadAdminUser(db, input.userId),
    loadAdminUser(db, input.replacementUserId),
  ]);
  if (replacement.deletedAt)
    throw new AppError('VALIDATION', { fieldErrors: { replacementUserId: 'This account is closed' } });

  return db.$transaction(async (tx) => {
    const status = await lockExchange(tx, exchange.id);
    if (status === 'archived')
      throw new AppError('CONFLICT', { message: 'This exchange is archived; it can no longer change' });
    const [seat, taken] = await Promise.all([
      tx.exchangeParticipant.findUnique({
        where: { exchangeId_userId: { exchangeId: exchange.id, userId: leaving.userId } },
        select: { status: true },
      }),
      tx.exchangeParticipant.count({ where: { exchangeId: exchange.id, userId: replacement.userId } }),
    ]);
    if (!seat) throw new AppError('NOT_FOUND', { message: `${leaving.displayName} is not in this exchange` });
    if (taken > 0)
      throw new AppError('VALIDATION', {
        fieldErrors: { replacementUserId: `${replacement.displayName} is already in this exchange` },
      });
    const drawn = status !== 'open';
    await tx.exchangeParticipant.create({
      data: {
        exchangeId: exchange.id,
        userId: replacement.userId,
        // After the draw the newcomer is in it; before, they answer the invitation themselves.
        status: drawn ? 'accepted' : 'invited',
        respondedAt: drawn ? new Date() : null,
        invitedById: exchange.organizerId,
      },
    });
    const pairs = await tx.exchangeAssignment.findMany({ where: { exchangeId: exchange.id } });
    const before = new Map(pairs.map((pair) => [pair.giverId, pair.receiverId]));
    let changed: string[] = [];
    if (drawn && before.has(leaving.userId)) {
      const setup = await loadDrawSetup(tx, exchange);
      // Support never sees a draw, and the newcomer's account may be anyone's: the newcomer must
      // not inherit the leaver's recipient for certain (participants.replacementDraw).
      const result = replacementDraw(before, { leaving: leaving.userId, newcomer: replacement.userId }, setup, {
        secret: true,
      });
      changed = result.changed;
      await rewriteAssignments(tx, exchange.id, {
        leaving: leaving.userId,
        givers: [...new Set([leaving.userId, ...changed.filter((id) => id !== replacement.userId)])],
        changed,
        assignment: result.assignment,
      });
    }
    await dropSeat(tx, exchange.id, leaving.userId);
    await queueInviteMails(tx, {
      exchangeId: exchange.id,
      userIds: [replacement.userId],
      kind: drawn ? 'added' : 'invite',
    });
    const others = changed.filter((id) => id !== replacement.userId);
    if (others.length > 0) await queueChangedMails(tx, exchange.id, others);
    await recordEvent(tx, {
      exchangeId: exchange.id,
      actorId: actor.staffUserId,
      kind: 'participant-replaced',
      details: { name: leaving.displayName, replacement: replacement.displayName, bySupport: true },
    });
    const after = await tx.exchangeAssignment.findMany({ where: { exchangeId: exchange.id } });
    const keptPairs = after.filter((pair) => before.get(pair.giverId) === pair.receiverId).length;
    await writeStaffAudit(tx, actor, {
      action: 'admin.replace-exchange-person',
      subjectUserId: leaving.userId,
      reason: input.reason,
      details: {
        exchangeId: exchange.id,
        replacementUserId: replacement.userId,
        changedGivers: changed.length,
        keptPairs,
      },
    });
    return { status, changedGivers: changed.length, keptPairs };
  }, TX_OPTIONS);
}
