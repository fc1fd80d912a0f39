/**
 * mergeaccounts: two accounts of one person become one. The preview lists what both share first
 * (the conflicts and how they resolve), then what moves; the merge runs every move, closes the
 * merged account (the accounts domain's absorbAccount: its social sign-ins move, its e-mail and
 * username are released) and writes the staff audit row, all in one transaction, so a failure
 * anywhere leaves both accounts exactly as they were. Both accounts are locked first, so two merges
 * of the same account race in the database and only one wins. Afterwards the merged account's
 * sign-ins end.
 */
import type { TMergeAccountsInput, TMergePreview, TMergeResult } from '../../contracts/admin';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../errors';
import { revokeAllFamilies } from '../../auth/sessions';
import { absorbAccount } from '../accounts/absorb-account';
import { TX_OPTIONS } from '../exchanges/invitations';
import { loadAdminUser } from './find-users';
import { countMoves, findConflicts, moveAccountData } from './merge-plan';
import { requireActing, writeStaffAudit, type TStaffActor, type TTx } from './staff-access';

async function mergeableAccounts(db: Pick<TTx, 'user'>, input: { keepUserId: string; mergeUserId: string }) {
  const [keep, merge] = await Promise.all([loadAdminUser(db, input.keepUserId), loadAdminUser(db, input.mergeUserId)]);
  if (keep.deletedAt || merge.deletedAt)
    throw new AppError('CONFLICT', { message: 'A closed account cannot be merged: it was merged or deleted already' });
  if (keep.isStaff || merge.isStaff) throw new AppError('FORBIDDEN', { message: 'Staff accounts are not merged here' });
  return { keep, merge };
}

export async function previewMerge(
  deps: Pick<TAppDeps, 'db'>,
  input: { keepUserId: string; mergeUserId: string },
): Promise<TMergePreview> {
  const { keep, merge } = await mergeableAccounts(deps.db, input);
  // One read transaction, so the conflicts and the counts describe the same moment.
  return deps.db.$transaction(async (tx) => {
    const conflicts = await findConflicts(tx, keep.userId, merge.userId);
    return {
      keep,
      merge,
      conflicts,
      moves: await countMoves(tx, merge.userId),
      blocked: conflicts.some((conflict) => conflict.blocking),
    };
  }, TX_OPTIONS);
}

export async function mergeAccounts(
  deps: TAppDeps,
  actor: TStaffActor,
  input: TMergeAccountsInput,
): Promise<TMergeResult> {
  requireActing(actor);
  await mergeableAccounts(deps.db, input);
  const result = await deps.db.$transaction(async (tx) => {
    // Lock both accounts (in id order, so two merges never deadlock), then look again: a merge that
    // won the race closed one of them.
    const locked = await tx.$queryRaw<{ id: string; deleted_at: Date | null }[]>`
      SELECT id, deleted_at FROM users WHERE id IN (${input.keepUserId}, ${input.mergeUserId}) ORDER BY id FOR UPDATE`;
    if (locked.length !== 2 || locked.some((row) => row.deleted_at))
      throw new AppError('CONFLICT', { message: 'One of the accounts was merged or closed meanwhile' });
    const conflicts = await findConflicts(tx, input.keepUserId, input.mergeUserId);
    const blocking = conflicts.filter((conflict) => conflict.blocking);
    if (blocking.length > 0)
      throw new AppError('CONFLICT', {
        message: `The accounts cannot be merged yet: ${blocking.map((conflict) => conflict.subject).join('; ')}`,
        details: { conflicts: blocking },
      });
    const moves = await countMoves(tx, input.mergeUserId);
    await moveAccountData(tx, input.keepUserId, input.mergeUserId);
    await absorbAccount(tx, {
      fromUserId: input.mergeUserId,
      intoUserId: input.keepUserId,
      action: 'account.merge',
      ip: actor.ip,
    });
    await writeStaffAudit(tx, actor, {
      action: 'admin.merge',
      subjectUserId: input.mergeUserId,
      reason: input.reason,
      details: {
        keepUserId: input.keepUserId,
        mergeUserId: input.mergeUserId,
        moved: Object.fromEntries(moves.map((move) => [move.kind, move.count])),
        conflicts: conflicts.map((conflict) => conflict.subject),
      },
    });
    return { keepUserId: input.keepUserId, mergeUserId: input.mergeUserId, moves, conflicts };
  }, TX_OPTIONS);
  // The closed account's sign-ins end (after the commit, as the members' own merge does).
  await revokeAllFamilies(deps, input.mergeUserId, 'merged');
  return result;
}
